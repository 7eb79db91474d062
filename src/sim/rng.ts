/** A seeded pseudo-random generator (mulberry32); its state lives in the object, never global. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/** Mix a seed and a stream label into a 32-bit state so independent streams do not correlate. */
function mixSeed(seed: number, stream: number): number {
  let h = (Math.trunc(seed) ^ 0x9e3779b9 ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Create a deterministic generator for `seed`; `stream` selects an independent sequence. */
export function createRng(seed: number, stream = 0): Rng {
  let state = mixSeed(seed, stream);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
