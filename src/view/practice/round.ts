/**
 * One practice round as the page needs it, computed with the engine (in the practice worker, or
 * on the main thread when there is no worker): the puzzle, the engine's answer key, the scenario
 * the diagram plays (the connections that show each answer featured) and, per question, the
 * moment of the diagram that shows its answer.
 */
import { simulateCore } from '../../sim/simulate';
import { traceConnection } from '../../sim/index';
import {
  ENGINE_SEED,
  generatePuzzle,
  solvePuzzle,
  type FamilyId,
  type KeyEntry,
  type Puzzle,
} from '../../sim/practice';
import type { HopMark, Scenario } from '../../sim/types';

/** Marks that show a connection's fate, in the order a reveal prefers them. */
const MARKS: readonly HopMark[] = [
  'directReturn',
  'clientDiscard',
  'noArp',
  'drop',
  'reject',
  'timeout',
  'delivered',
  'established',
];

export interface Round {
  puzzle: Puzzle;
  key: KeyEntry[];
  /** The puzzle's scenario with the connections that show the answers featured. */
  diagram: Scenario;
  /** A `hop:reveal` target per question id: the moment of the diagram that shows its answer. */
  moments: Record<string, string>;
}

/** The puzzle of a seed (in a family, or mixed), its key and what the diagram plays. */
export function prepareRound(seed: number, family: FamilyId | null): Round {
  const puzzle = generatePuzzle(seed, family);
  const key = solvePuzzle(puzzle);
  const ids = [
    ...new Set(key.flatMap((k) => (k.show?.connection === undefined ? [] : [k.show.connection]))),
  ].slice(0, 6);
  const diagram: Scenario = { ...puzzle.scenario, featured: ids };
  // The diagram runs this scenario with the same engine seed: the same connection ids.
  const run = simulateCore(diagram, { seed: ENGINE_SEED });
  const marks = new Map(
    ids.map((id) => [id, new Set(traceConnection(run, id)?.hops.flatMap((h) => h.marks))]),
  );
  const moments: Record<string, string> = {};
  for (const k of key) {
    const c = k.show?.connection;
    if (c !== undefined && ids.includes(c)) {
      const seen = marks.get(c);
      const mark = MARKS.find((m) => seen?.has(m));
      moments[k.id] = mark ? `${ids.indexOf(c)}:${mark}` : 'end';
    } else if (k.show?.at !== undefined) moments[k.id] = `t=${Math.floor(k.show.at)}`;
    // Nothing to play (no connection shows it): the question gets no play button.
  }
  return { puzzle, key, diagram, moments };
}
