/** The lab's messages: the `lab` locale area, plus the `sim` area for input issues. */
import labDe from '../i18n/locales/lab/de.json' with { type: 'json' };
import labEn from '../i18n/locales/lab/en.json' with { type: 'json' };
import simDe from '../i18n/locales/sim/de.json' with { type: 'json' };
import simEn from '../i18n/locales/sim/en.json' with { type: 'json' };
import { translator } from '../i18n/interpolate.ts';

export type Lang = 'en' | 'de';
/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export const t = translator<Lang>({
  en: { ...simEn, ...labEn },
  de: { ...simDe, ...labDe },
});

/** The language from --lang, else from LANG / LC_ALL. */
export function envLang(env: Readonly<Record<string, string | undefined>>): Lang {
  return (env.LANG ?? env.LC_ALL ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** A status line logged as "key|n" by the run, translated. */
export function statusText(lang: Lang, line: string): string {
  const [key = '', n = ''] = line.split('|');
  return t(lang, key, { n });
}
