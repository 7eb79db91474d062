/**
 * Practice on topologies the learner has never seen. A seed and a family (one per topic, each
 * tagged with its lesson; or a mixed round, where the seed picks the family) give a puzzle: a
 * scenario the engine runs, its setup, and questions that each name their moment. The engine's
 * run is the answer key, with the mechanism behind every answer. Codes and numbers only: the
 * practice page and the CLI write the sentences.
 */
import { isRight } from './practiceRound.ts';
import { FAMILY_LESSONS, isFamily, mixedFamily } from './practiceFamilies.ts';
import { familyModule } from './practice/registry.ts';
import { createRng } from './rng.ts';
import { simulateCore } from './simulate.ts';
import type { Answers, FamilyId, Grade, KeyEntry, Puzzle } from './practice/types.ts';
import { FAMILY_IDS } from './practice/types.ts';

export type * from './practice/types.ts';
export { FAMILY_IDS, MISCONCEPTIONS } from './practice/types.ts';
export { FAMILY_LESSONS, isFamily, mixedFamily } from './practiceFamilies.ts';
export { FAMILIES } from './practice/registry.ts';
export { windowBand, windowAt, withPhase, phaseFor } from './practice/band.ts';
export {
  acceptedAround,
  fadingOf,
  givenIn,
  isRight,
  readNumber,
  SHARE_TOLERANCE,
  WINDOW_TOLERANCE,
  type Fading,
} from './practiceRound.ts';

/**
 * The engine's own seed for every practice run: the puzzle's seed shapes the scenario, and the
 * run is the one `npm run simulate -- <scenario file>` (seed 1 by default) and the diagram
 * (seed 1) make of it, so the key, the CLI and the page show the same connections.
 */
export const ENGINE_SEED = 1;

/** The puzzle of a seed in a family (a mixed round when no family is given). */
export function generatePuzzle(seed: number, family?: FamilyId | null): Puzzle {
  const id = family && isFamily(family) ? family : mixedFamily(seed);
  const stream = 100 + FAMILY_IDS.indexOf(id);
  const p = familyModule(id).generate(seed, createRng(seed, stream));
  return { ...p, lesson: FAMILY_LESSONS[id] };
}

/** The engine's answer key of a puzzle: one entry per question, in the questions' order. */
export function solvePuzzle(p: Puzzle): KeyEntry[] {
  const run = simulateCore(p.scenario, { seed: ENGINE_SEED });
  const key = familyModule(p.family).solve(p, run);
  const order = new Map(p.questions.map((q, i) => [q.id, i]));
  return [...key].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Grade a learner's answers against the key (an unanswered question is wrong). */
export function gradePuzzle(key: readonly KeyEntry[], answers: Answers): Grade[] {
  return key.map((k) => ({ id: k.id, correct: isRight(k, answers[k.id]) }));
}

/** The engine's own answers, as a learner would give them (worked examples, tests). */
export function keyAnswers(key: readonly KeyEntry[]): Answers {
  return Object.fromEntries(key.map((k) => [k.id, k.answer]));
}
