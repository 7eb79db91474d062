/**
 * i18next setup shared by pages, islands and tests. UI strings are flat JSON files per area
 * (site, diagram, sim, importer, …) and language; English is the fallback and the source of the key type.
 */
import type { i18n } from 'i18next';
import { i18nFor, makeT, type KeyOf, type Lang, type T } from './translate';
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

export const languages = ['en', 'de'] as const satisfies readonly Lang[];
export type { Lang };

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
export type MessageKey = KeyOf<typeof en>;

/** All resources, keyed by language. */
export const resources: Record<Lang, Record<string, string>> = { en, de };

/** Narrows an arbitrary string (URL segment, attribute) to a supported language. */
export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'de';
}

/** Returns the synchronously initialised i18next instance of the site's messages for one language. */
export function getI18n(lang: Lang): i18n {
  return i18nFor(lang, en, de);
}

/** The typed translate function of the site's messages for one language (see translate.ts). */
export function useT(lang: Lang): T<MessageKey> {
  return makeT(lang, en, de);
}

/** The language a site path belongs to ("/de/lessons/x/" → "de"); English when unknown. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : 'en';
}
