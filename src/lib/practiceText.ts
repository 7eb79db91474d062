/**
 * A practice phrase (a message key and its values, src/sim/practice/types.ts) as text in the
 * reader's language: numbers with the language's decimal mark, `@key` values translated, lists
 * joined the way the language joins them. Shared by the practice page and the CLI.
 */
import { fixed } from '../i18n/number.ts';
import type { Phrase, PhraseValue } from '../sim/practice/types.ts';

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
