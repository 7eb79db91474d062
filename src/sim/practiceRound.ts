/**
 * What a practice round shows and how close an answer must be, without the engine (the page's
 * main bundle needs only this; the engine runs in a worker): the fading of a family's rounds,
 * the tolerances, reading a typed number, and grading an answer against a key entry.
 */

/** How much of the answer a round shows: worked example, partly worked, or the learner alone. */
export type Fading = 'worked' | 'partial' | 'solo';

/**
 * Tolerance of a share, in percentage points: 0.2 points, or 1.5 % of the value when that is
 * more. Tight enough that dividing by Pods instead of nodes (1/14 against 1/15: 0.48 points
 * apart) is wrong; loose enough for a share typed with one decimal.
 */
export const SHARE_TOLERANCE = { points: 0.2, relative: 0.015 } as const;
/**
 * Tolerance of a window, in seconds, around the engine's measurement. The engine counts from the
 * first failed new connection to the last one; connections arrive at discrete times, so that
 * can fall short of the span between the moments the course's rules name (failures start, the
 * load balancer takes the node out) by a few arrival gaps, and never exceed it by more than one
 * (1/rate). Hence more room above the measurement than below. Every time a puzzle states is a
 * whole or half second, so the smallest mistake to catch (a step of the rules done wrong) moves
 * the answer by at least 0.5 s.
 */
export const WINDOW_TOLERANCE = { below: 0.1, above: 0.4 } as const;
/** Tolerance of a ratio ("how many times"): 0.02, or 1 % of the value when that is more. */
export const RATIO_TOLERANCE = { absolute: 0.02, relative: 0.01 } as const;

/** A number question's unit. */
export type NumberUnit = 'percent' | 'seconds' | 'times';

/** The accepted range around an exact key value. */
export function acceptedAround(unit: NumberUnit, key: number): [number, number] {
  const tol =
    unit === 'percent'
      ? Math.max(SHARE_TOLERANCE.points, SHARE_TOLERANCE.relative * key)
      : unit === 'times'
        ? Math.max(RATIO_TOLERANCE.absolute, RATIO_TOLERANCE.relative * key)
        : 0;
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  if (unit === 'seconds')
    return [r(Math.max(0, key - WINDOW_TOLERANCE.below)), r(key + WINDOW_TOLERANCE.above)];
  return [r(Math.max(0, key - tol)), r(key + tol)];
}

/**
 * A typed number in either language ("33,3" or "33.3"); a share may also be typed as a fraction
 * ("1/15" is 6.67 %). Null when it is no number; at most 12 characters are read.
 */
export function readNumber(text: string, unit: NumberUnit = 'seconds'): number | null {
  const t = text.trim().replace(/\s+/g, '').replace(',', '.').slice(0, 12);
  const frac = /^(\d{1,4})\/(\d{1,4})$/.exec(t);
  if (frac && unit !== 'seconds') {
    const d = Number(frac[2]);
    if (d === 0) return null;
    const v = Number(frac[1]) / d;
    return unit === 'percent' ? v * 100 : v;
  }
  if (!/^\d{1,4}(\.\d{0,3})?$/.test(t)) return null;
  return Number(t);
}

/** The part of a key entry grading needs. */
export interface Gradable {
  kind: 'choice' | 'multi' | 'number';
  accepted: [number, number] | string[];
}

/** Is an answer right? Numbers within the accepted range; a choice among the accepted values; a set equal. */
export function isRight(entry: Gradable, value: unknown): boolean {
  const acc = entry.accepted;
  switch (entry.kind) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      const [lo, hi] = acc as [number, number];
      return value >= lo - 1e-9 && value <= hi + 1e-9;
    }
    case 'choice':
      return typeof value === 'string' && (acc as string[]).includes(value);
    case 'multi': {
      if (!Array.isArray(value)) return false;
      const a = [...new Set(value.map(String))].sort();
      const b = [...(acc as string[])].sort();
      return a.length === b.length && a.every((x, i) => x === b[i]);
    }
  }
}

/** The fading of a family's round n (0-based): one worked example, one partly worked, then solo. */
export function fadingOf(round: number): Fading {
  return round === 0 ? 'worked' : round === 1 ? 'partial' : 'solo';
}

/** Which questions a round shows answered: all (worked), the first half (partial), none (solo). */
export function givenIn<T>(fading: Fading, questions: readonly T[]): T[] {
  if (fading === 'worked') return [...questions];
  if (fading === 'partial') return questions.slice(0, Math.floor(questions.length / 2));
  return [];
}
