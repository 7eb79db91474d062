/**
 * The one `{{name}}` interpolator of every surface that does not need i18next itself (islands,
 * the CLI, the lab): the locale files use `{{name}}` placeholders and i18next's plural keys
 * (`key_one`, `key_other`, picked by `count` with the language's Intl.PluralRules), nothing else
 * (tests/i18n/interpolate.test.ts keeps it so), so a few lines fill them the way i18next would.
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

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The message for `key` as i18next picks it: with a numeric `count`, `key_<plural form>` of the
 * language (then `key_other`) when the table has it, else `key` itself.
 */
export function pick(table: Table, lang: string, key: string, vars: Vars): string | undefined {
  const count = vars['count'];
  if (typeof count === 'number') {
    let rules = pluralRules.get(lang);
    if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
    const text = table[`${key}_${rules.select(count)}`] ?? table[`${key}_other`];
    if (text !== undefined) return text;
  }
  return table[key];
}

/** A translate function over per-language tables: the language, then English, then the key. */
export function translator<L extends string>(
  tables: Readonly<Record<L, Table>> & { readonly en: Table },
): (lang: L, key: string, vars?: Vars) => string {
  return (lang, key, vars = {}) =>
    interpolate(
      pick(tables[lang], lang, key, vars) ?? pick(tables.en, 'en', key, vars) ?? key,
      vars,
    );
}
