/**
 * A practice phrase (a message key and its values, src/sim/practice/types.ts) as text in the
 * reader's language: numbers with the language's decimal mark, `@key` values translated, lists
 * joined the way the language joins them. Shared by the practice page and the CLI.
 */
import { fixed } from '../i18n/number.ts';
import type { KeyEntry, Phrase, PhraseValue, QuestionSpec } from '../sim/practice/types.ts';

/** A translate function over the practice messages (with {{name}} placeholders). */
export type PhraseTr = (key: string, vars?: Record<string, string | number>) => string;

/** A number as sentences write it: whole numbers as they are, others with one decimal. */
export function num(lang: 'en' | 'de', x: number): string {
  if (Number.isInteger(x)) return String(x);
  const one = Math.round(x * 10) / 10;
  // A share such as 6.67 keeps two decimals when one would hide the difference to 6.7.
  return Math.abs(one - x) > 0.011 ? fixed(lang, x, 2) : fixed(lang, x, 1);
}

/** Join items as a list ("a, b and c" / "a, b und c"). */
export function listOf(lang: 'en' | 'de', items: readonly string[]): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
}

/** One value of a phrase as text. */
export function valueText(tr: PhraseTr, lang: 'en' | 'de', v: PhraseValue): string {
  if (typeof v === 'number') return num(lang, v);
  if (typeof v === 'string') return v.startsWith('@') ? tr(v.slice(1)) : v;
  return listOf(
    lang,
    v.map((x) => (typeof x === 'object' ? phraseText(tr, lang, x) : valueText(tr, lang, x))),
  );
}

/** A phrase as text. */
export function phraseText(tr: PhraseTr, lang: 'en' | 'de', p: Phrase): string {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.vars ?? {})) vars[k] = valueText(tr, lang, v);
  return tr(p.key, vars);
}

/** A number with its unit ("33.3 %", "15 s", "3 ×"). */
export function withUnit(tr: PhraseTr, lang: 'en' | 'de', q: QuestionSpec, x: number): string {
  return tr(`practice.unit.${q.unit ?? 'seconds'}`, { value: num(lang, x) });
}

/** An answer in words: option labels, a list of them, or a number with its unit. */
export function answerText(
  tr: PhraseTr,
  lang: 'en' | 'de',
  q: QuestionSpec,
  value: string | string[] | number | undefined,
): string {
  if (typeof value === 'number') return Number.isFinite(value) ? withUnit(tr, lang, q, value) : '–';
  const label = (v: string): string => {
    const o = q.options?.find((x) => x.value === v);
    return o ? phraseText(tr, lang, o.label) : v;
  };
  if (Array.isArray(value))
    return value.length ? listOf(lang, value.map(label)) : tr('practice.none');
  return value ? label(value) : '–';
}

/** The engine's answer in words; numbers with the range that is accepted. */
export function keyText(tr: PhraseTr, lang: 'en' | 'de', q: QuestionSpec, k: KeyEntry): string {
  if (typeof k.answer !== 'number') return answerText(tr, lang, q, k.answer);
  const [lo, hi] = k.accepted as [number, number];
  return tr('practice.keyNumber', {
    value: withUnit(tr, lang, q, k.answer),
    lo: num(lang, Math.round(lo * 100) / 100),
    hi: withUnit(tr, lang, q, Math.round(hi * 100) / 100),
  });
}
