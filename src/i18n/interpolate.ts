/**
 * The one `{{name}}` interpolator of every surface that does not need i18next itself (islands,
 * the CLI, the lab): the locale files use nothing else (no plurals, nesting or formats;
 * tests/i18n/interpolate.test.ts keeps it so), so a few lines fill them the way i18next would.
 */

/** Values for a message's placeholders. */
export type Vars = Readonly<Record<string, string | number>>;

/** Flat messages of one language (dot keys). */
export type Table = Readonly<Record<string, string>>;

/**
 * Fill `{{name}}` placeholders with plain-text values; a missing value leaves the placeholder
 * with `keep` (a template shown to a human), else the empty string.
 */
export function interpolate(text: string, vars: Vars = {}, keep = false): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : keep ? whole : '',
  );
}

/** A translate function over per-language tables: the language, then English, then the key. */
export function translator<L extends string>(
  tables: Readonly<Record<L, Table>> & { readonly en: Table },
): (lang: L, key: string, vars?: Vars) => string {
  return (lang, key, vars = {}) => interpolate(tables[lang][key] ?? tables.en[key] ?? key, vars);
}
