// Numbers in the reader's language: German writes "7,2 s" where English writes "7.2 s", and the
// diagrams must agree with the lessons. No imports, so islands can use it without the locales.

const formats = new Map<string, Intl.NumberFormat>();

/** Formats `value` with exactly `digits` decimals in `lang` ("en": 7.2, "de": 7,2), no grouping. */
export function fixed(lang: string, value: number, digits: number): string {
  const key = `${lang}:${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    formats.set(key, f);
  }
  return f.format(value);
}
