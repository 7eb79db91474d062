/**
 * UI strings for the embed, share and deck islands, without i18next. Pages pick the keys an
 * island needs (`pickStrings`, at build time) and pass them as a prop, so the strings travel in
 * the HTML instead of a JS chunk; islands format them with `trOfTable` (flow/trClient.ts).
 */
import en from '../../i18n/locales/present/en.json';
import de from '../../i18n/locales/present/de.json';

export type PresentKey = keyof typeof en;
/** A flat key → text table for one language. */
export type Strings = Readonly<Record<string, string>>;

const tables: Record<'en' | 'de', Strings> = { en, de };

/** The strings whose keys start with one of `prefixes`, in one language (English fallback). */
export function pickStrings(
  lang: 'en' | 'de',
  prefixes: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(en)) {
    if (prefixes.some((p) => key.startsWith(p)))
      out[key] = tables[lang][key] ?? tables.en[key] ?? key;
  }
  return out;
}

/** Strings the share dialog needs; pass them as ShareDialog's `strings` prop. */
export function shareStrings(lang: 'en' | 'de'): Record<string, string> {
  return pickStrings(lang, ['share.', 'embed.frameTitle']);
}
