/**
 * Verdicts and remedies as sentences, for the page and the CLI alike (framework-free): numbers
 * in the reader's language, code-valued params translated first, time stretches listed.
 */
import { fixed } from '../i18n/number.ts';
import { VERDICT_CODE_PARAMS, type Remedy, type Verdict } from './codes.ts';

/** A translate function over the cluster area's keys. */
export type Words = (key: string, vars?: Record<string, string | number>) => string;

/** Numbers as the reader writes them: whole numbers plain, fractions with one decimal. */
export function num(lang: string, v: number): string {
  return Number.isInteger(v) ? String(v) : fixed(lang, v, 1);
}

/** A verdict's or remedy's params with numbers formatted and codes translated. */
function vars(
  params: Record<string, string | number>,
  tr: Words,
  lang: string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, val] of Object.entries(params)) {
    const prefix = (VERDICT_CODE_PARAMS as Record<string, string>)[k];
    // `count` stays a number: it picks the plural form.
    out[k] =
      typeof val === 'number'
        ? k === 'count'
          ? val
          : num(lang, val)
        : prefix
          ? tr(`${prefix}${val}`)
          : val;
  }
  return out;
}

/** The sentence of a verdict in the reader's language. */
export function verdictText(v: Verdict, tr: Words, lang: string): string {
  const x = vars(v.params, tr, lang);
  if (v.spans)
    x['spans'] = v.spans
      .map(([a, b]) => tr('cluster.spans.item', { from: num(lang, a), to: num(lang, b) }))
      .join(', ');
  return tr(`cluster.verdict.${v.code}`, x);
}

/** The sentence of a remedy in the reader's language. */
export function remedyText(r: Remedy, tr: Words, lang: string): string {
  return tr(`cluster.remedy.${r.code}`, vars(r.params, tr, lang));
}
