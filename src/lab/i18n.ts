/** The lab's messages: the `lab` locale area, plus the `sim` area for input issues. */
import labDe from '../i18n/locales/lab/de.json' with { type: 'json' };
import labEn from '../i18n/locales/lab/en.json' with { type: 'json' };
import simDe from '../i18n/locales/sim/de.json' with { type: 'json' };
import simEn from '../i18n/locales/sim/en.json' with { type: 'json' };
import { makeTs, type KeyOf, type Lang, type Vars } from '../i18n/translate.ts';

export type { Lang };

const en = { ...simEn, ...labEn };
const de = { ...simDe, ...labDe };
/** A key of the lab's messages. */
export type LabKey = KeyOf<typeof en>;
const byLang = makeTs(en, de);

/** Translate a key (i18next: interpolation, plurals, number formats); English, then the key. */
export function t(lang: Lang, key: LabKey, vars?: Vars): string {
  return byLang[lang](key, vars);
}

/** Translate a key made at run time: the key itself when missing. */
export function tDyn(lang: Lang, key: string, vars?: Vars): string {
  return byLang[lang].dyn(key, vars);
}

/** The language from --lang, else from LANG / LC_ALL. */
export function envLang(env: Readonly<Record<string, string | undefined>>): Lang {
  return (env.LANG ?? env.LC_ALL ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** A status line logged as "key|n" by the run, translated. */
export function statusText(lang: Lang, line: string): string {
  const [key = '', n = ''] = line.split('|');
  return tDyn(lang, key, { n });
}
