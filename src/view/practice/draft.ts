/**
 * Pure pieces of a practice round on the page: the learner's draft (what the inputs hold), the
 * answers it stands for, the given answers of worked rounds, answers in words, and where a
 * window falls in its band. The components only render what these return.
 */
import { num } from '../../lib/practiceText';
export { answerText, keyText, withUnit } from '../../lib/practiceText';
import { readNumber, type NumberUnit } from '../../sim/practiceRound';
import type { Answers, KeyEntry, QuestionSpec, WindowBand } from '../../sim/practice/types';

/** What the inputs hold: option values, sets of them, or typed numbers. */
export type Draft = Record<string, string | string[]>;

/** Nothing entered yet. */
export function emptyDraft(questions: readonly QuestionSpec[]): Draft {
  return Object.fromEntries(questions.map((q) => [q.id, q.kind === 'multi' ? [] : '']));
}

/** A number as an input shows it in the language ("33,3"). */
export function numberInput(lang: 'en' | 'de', x: number): string {
  return num(lang, x);
}

/** The draft with the engine's answers to the given questions filled in (worked examples). */
export function draftWith(
  draft: Draft,
  key: readonly KeyEntry[],
  given: readonly string[],
  lang: 'en' | 'de',
): Draft {
  const d = { ...draft };
  for (const k of key) {
    if (!given.includes(k.id)) continue;
    const a = k.answer;
    d[k.id] = typeof a === 'number' ? numberInput(lang, a) : Array.isArray(a) ? [...a] : a;
  }
  return d;
}

/** The unit of a number question. */
export const unitOf = (q: QuestionSpec): NumberUnit => q.unit ?? 'seconds';

/** Questions still open (the page asks for them before grading; an empty set is an answer). */
export function missing(draft: Draft, questions: readonly QuestionSpec[]): QuestionSpec[] {
  return questions.filter((q) => {
    const v = draft[q.id];
    if (q.kind === 'multi') return false;
    if (typeof v !== 'string' || v === '') return true;
    if (q.kind === 'choice') return false;
    const n = readNumber(v, unitOf(q));
    return n === null || (q.unit === 'percent' && n > 100);
  });
}

/** The answers a complete draft stands for. */
export function answersOf(draft: Draft, questions: readonly QuestionSpec[]): Answers {
  const out: Answers = {};
  for (const q of questions) {
    const v = draft[q.id];
    if (q.kind === 'multi') out[q.id] = Array.isArray(v) ? [...v].sort() : [];
    else if (q.kind === 'choice') out[q.id] = typeof v === 'string' ? v : '';
    else out[q.id] = readNumber(typeof v === 'string' ? v : '', unitOf(q)) ?? Number.NaN;
  }
  return out;
}

/**
 * The drained node's first check (s) that gives a window of `value`, read off the band's samples
 * (between two samples the window grows with the phase); null when no timing gives it.
 */
export function timingFor(band: WindowBand, value: number): number | null {
  const s = band.samples;
  if (value < band.lo - 0.1 || value > band.hi + 0.1) return null;
  let best: { phase: number; gap: number } | null = null;
  for (let i = 0; i < s.length; i++) {
    const [p, w] = s[i] ?? [0, 0];
    const next = s[i + 1];
    let phase = p;
    let gap = Math.abs(w - value);
    if (next && next[1] > w && value >= w && value <= next[1]) {
      phase = p + ((value - w) * (next[0] - p)) / (next[1] - w);
      gap = 0;
    }
    if (!best || gap < best.gap) best = { phase, gap };
  }
  return best && best.gap <= 0.5 ? Math.round(best.phase * 1000) / 1000 : null;
}
