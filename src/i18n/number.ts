// Numbers in the reader's language for values whose message is picked at run time from data:
// engine moment codes (a deck's present.moment.<code>), verdict codes (cluster.verdict.<code>) and
// practice phrases, where one variable is a count in one message and a share in the next. Every
// other number is formatted by its message: `{{t, number(minimumFractionDigits: 1;
// maximumFractionDigits: 1; useGrouping: false)}} s` (translate.ts, interpolate.ts). No imports,
// so islands can use it without the locales. Callers: lib/practiceText.ts (num),
// clusterCheck/words.ts (num), pages/[lang]/present/_lessons.ts (the deck's num).

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
