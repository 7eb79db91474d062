/**
 * What a practice round shows the learner and how close an answer must be: the fading (worked
 * example, then faded guidance) and the grading tolerances. Its own module, without the
 * engine: the practice page's main bundle needs only this, the engine runs in a worker.
 */
import type { Question } from './practice.ts';

/** How much of the answer a round shows: worked example, partly worked, or the learner alone. */
export type Fading = 'worked' | 'partial' | 'solo';

/** Tolerance of the share prediction, in share (0.04 = 4 percentage points). */
export const SHARE_TOLERANCE = 0.04;
/** Extra tolerance of the window prediction around the engine's band, in seconds. */
export const WINDOW_TOLERANCE = 1;

/** The fading of round n (0-based): one worked example, one partly worked, then solo. */
export function fadingOf(round: number): Fading {
  return round === 0 ? 'worked' : round === 1 ? 'partial' : 'solo';
}

/** Which questions a round shows answered: all (worked), the first two (partial), none. */
export function givenIn(fading: Fading, questions: readonly Question[]): Question[] {
  if (fading === 'worked') return [...questions];
  if (fading === 'partial') return questions.slice(0, 2);
  return [];
}
