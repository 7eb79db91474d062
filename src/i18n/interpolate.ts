/**
 * The islands' side of the one translator (translate.ts): client bundles cannot afford i18next
 * (about 16 kB gzip; a lesson page has 1.7 kB left in its budget), so this fills the same messages
 * by the same rules as i18next, for the subset the locale files use: `{{name}}`, the `number`
 * format (`{{val, number}}`, `{{val, number(minimumFractionDigits: 1)}}`, Intl.NumberFormat in
 * the reader's language) and plural keys (`key_one`, `key_other`, picked by `count` with the
 * language's Intl.PluralRules). tests/i18n/interpolate.test.ts keeps the locale files to that
 * subset and checks every key of both languages against i18next.
 */

/** Values for a message's placeholders. */
export type Vars = Readonly<Record<string, string | number>>;

/** Flat messages of one language (dot keys). */
export type Table = Readonly<Record<string, string>>;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Options of a `number(a: 1; b: false)` format, parsed as i18next does. */
function formatOptions(spec: string): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = {};
  for (const part of spec.split(';')) {
    const [name = '', ...rest] = part.split(':');
    const raw = rest.join(':').trim();
    if (!name.trim()) continue;
    options[name.trim()] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : isNaN(Number(raw))
            ? raw
            : parseInt(raw, 10);
  }
  return options;
}

/** `value` in `lang` by a `number` / `number(...)` format, cached like i18next's formatter. */
function formatNumber(lang: string, value: string | number, format: string): string {
  const open = format.indexOf('(');
  const name = (open < 0 ? format : format.slice(0, open)).trim().toLowerCase();
  if (name !== 'number') return String(value);
  const id = `${lang}|${format}`;
  let f = numberFormats.get(id);
  if (!f) {
    const spec = open < 0 ? '' : format.slice(open + 1, format.lastIndexOf(')'));
    numberFormats.set(id, (f = new Intl.NumberFormat(lang, formatOptions(spec))));
  }
  return f.format(Number(value));
}

/**
 * Fill `{{name}}` and `{{name, number…}}` placeholders with plain-text values in `lang`; a
 * missing value keeps its placeholder, as i18next does.
 */
export function interpolate(text: string, vars: Vars = {}, lang = 'en'): string {
  return text.replace(/\{\{([^}]+)\}\}/g, (whole, inner: string) => {
    const [rawName = '', ...format] = inner.split(',');
    const name = rawName.trim();
    if (!Object.prototype.hasOwnProperty.call(vars, name)) return whole;
    const value = vars[name] ?? '';
    return format.length ? formatNumber(lang, value, format.join(',')) : String(value);
  });
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
