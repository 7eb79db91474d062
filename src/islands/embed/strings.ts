/**
 * The embed, share and presenter strings for islands, without i18next: the islands import only
 * the small `present` locale files, so an embed ships no more than the diagram already needs.
 */
import en from '../../i18n/locales/present/en.json';
import de from '../../i18n/locales/present/de.json';

export type PresentKey = keyof typeof en;

const tables: Record<'en' | 'de', Record<string, string>> = { en, de };

/** Translates one `present` key, filling `{{var}}` placeholders (values are plain text). */
export function pt(
  lang: 'en' | 'de',
  key: PresentKey | string,
  vars: Record<string, string | number> = {},
): string {
  const text = tables[lang][key] ?? tables.en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );
}
