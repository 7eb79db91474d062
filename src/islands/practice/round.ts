/**
 * One practice round as the page needs it, computed with the engine (in the practice worker, or
 * on the main thread when there is no worker): the puzzle, the engine's answer key, the scenario
 * the diagram plays and the moments of that diagram that show each answer.
 */
import { traceConnection } from '../../sim/index';
import {
  generatePuzzle,
  gradePuzzle,
  reasonFor,
  solvePuzzle,
  type Answer,
  type Grade,
  type Puzzle,
  type Question,
  type Solution,
} from '../../sim/practice';
import { simulateCore } from '../../sim/simulate';
import type { HopMark, Scenario } from '../../sim/types';

/** The diagram's engine seed (runForDiagram runs every diagram with seed 1). */
const DIAGRAM_SEED = 1;
/** Marks that show a named connection failing, in the order a reveal prefers them. */
const FAILURE_MARKS: readonly HopMark[] = [
  'directReturn',
  'clientDiscard',
  'drop',
  'reject',
  'timeout',
];

export interface Round {
  puzzle: Puzzle;
  solution: Solution;
  /** The puzzle's scenario with the named connection's samples featured (one per behaviour). */
  diagram: Scenario;
  /** A `hop:reveal` target per question: the moment of the diagram that shows its answer. */
  moments: Partial<Record<Question, string>>;
  /** Seconds new connections failed in the diagram's own run (its probe phase is seed 1's). */
  diagramWindow: number | null;
  /** The engine's reason code per question (worked answers are explained before any grade). */
  reasons: Partial<Record<Question, string>>;
}

/** The puzzle of a seed, its answer key and what the diagram plays. */
export function prepareRound(seed: number): Round {
  const puzzle = generatePuzzle(seed);
  const solution = solvePuzzle(puzzle);
  // With a drain, every node's first check at t = 0: the diagram then shows one end of the
  // window's band (solvePuzzle measures that phase too) instead of seed 1's phase, which can
  // fall outside the band the answer is graded against.
  const base: Scenario = {
    ...puzzle.scenario,
    featured: [],
    ...(puzzle.drainNode
      ? {
          loadBalancer: {
            ...puzzle.scenario.loadBalancer,
            probePhase: Object.fromEntries(puzzle.scenario.nodes.map((n) => [n.id, 0])),
          },
        }
      : {}),
  };
  const run = simulateCore(base, { seed: DIAGRAM_SEED });
  // One sample of the named connection per distinct behaviour (served here, served elsewhere,
  // failed), the way solvePuzzle picks its evidence, but in the run the diagram will make.
  const ids: number[] = [];
  const seen = new Set<string>();
  for (const c of run.connections) {
    if (c.direct !== true) continue;
    const key = `${c.outcome}:${c.reason}:${c.podNode === c.ingressNode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ids.push(c.id);
    if (ids.length === 3) break;
  }
  const marks = ids.map((id) => new Set(traceConnection(run, id)?.hops.flatMap((h) => h.marks)));
  const firstWith = (mark: HopMark): string | undefined => {
    const f = marks.findIndex((m) => m.has(mark));
    return f < 0 ? undefined : `${f}:${mark}`;
  };
  const failure = FAILURE_MARKS.map(firstWith).find((m) => m !== undefined);
  const delivered = firstWith('delivered');
  const moments: Partial<Record<Question, string>> = {
    pods: delivered ?? failure ?? 'end',
    source: delivered ?? failure ?? 'end',
    success: failure ?? firstWith('established') ?? delivered ?? 'end',
    share: 'end',
  };
  let diagramWindow: number | null = null;
  if (puzzle.drainNode) {
    diagramWindow = run.summary.disruption.seconds;
    // The first new connection that failed after the drain began (5 s) is where the window opens.
    const first = run.connections.find((c) => c.direct !== true && c.outcome !== 'ok' && c.at >= 5);
    moments.window = `t=${first ? Math.floor(first.at) : 15}`;
  }
  const reasons = Object.fromEntries(
    puzzle.questions.map((q) => [q, reasonFor(puzzle, q, solution)]),
  );
  return { puzzle, solution, diagram: { ...base, featured: ids }, moments, diagramWindow, reasons };
}

/** The engine's grades of a learner's answer for the puzzle of a seed. */
export function gradeRound(round: Pick<Round, 'puzzle' | 'solution'>, answer: Answer): Grade[] {
  return gradePuzzle(round.puzzle, round.solution, answer);
}
