/**
 * i18next setup shared by pages, islands and tests. UI strings are flat JSON files per area
 * (site, diagram, sim, importer, …) and language; English is the fallback and the source of the key type.
 */
import { createInstance, type i18n, type TFunction } from 'i18next';
import siteEn from './locales/site/en.json';
import siteDe from './locales/site/de.json';
import diagramEn from './locales/diagram/en.json';
import diagramDe from './locales/diagram/de.json';
import simEn from './locales/sim/en.json';
import simDe from './locales/sim/de.json';
import lessonEn from './locales/lesson/en.json';
import lessonDe from './locales/lesson/de.json';
import presentEn from './locales/present/en.json';
import presentDe from './locales/present/de.json';
import importerEn from './locales/importer/en.json';
import importerDe from './locales/importer/de.json';
import practiceEn from './locales/practice/en.json';
import practiceDe from './locales/practice/de.json';
import clusterEn from './locales/cluster/en.json';
import clusterDe from './locales/cluster/de.json';
import ebpfEn from './locales/ebpf/en.json';
import ebpfDe from './locales/ebpf/de.json';

export const languages = ['en', 'de'] as const;
export type Lang = (typeof languages)[number];

const en = {
  ...siteEn,
  ...lessonEn,
  ...diagramEn,
  ...simEn,
  ...presentEn,
  ...importerEn,
  ...practiceEn,
  ...clusterEn,
  ...ebpfEn,
};
const de = {
  ...siteDe,
  ...lessonDe,
  ...diagramDe,
  ...simDe,
  ...presentDe,
  ...importerDe,
  ...practiceDe,
  ...clusterDe,
  ...ebpfDe,
};

/** Every UI key; English defines the set. */
export type MessageKey = keyof typeof en;

/** All resources, keyed by language. */
export const resources: Record<Lang, Record<string, string>> = { en, de };

/** Narrows an arbitrary string (URL segment, attribute) to a supported language. */
export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'de';
}

const instances = new Map<Lang, i18n>();

/** Returns a synchronously initialised i18next instance for one language. */
export function getI18n(lang: Lang): i18n {
  const cached = instances.get(lang);
  if (cached) return cached;
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(lang, instance);
  return instance;
}

/** A typed translate function for one language. */
export function useT(
  lang: Lang,
): (key: MessageKey, vars?: Record<string, string | number>) => string {
  const t: TFunction = getI18n(lang).t;
  return (key, vars) => t(key, vars ?? {});
}

/** The language a site path belongs to ("/de/lessons/x/" → "de"); English when unknown. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : 'en';
}
