/** Practice: generating and grading one puzzle (the page does this per round). Goal ≤ 50 ms. */
import { generatePuzzle, gradePuzzle, solvePuzzle } from '../src/sim/practice.ts';
import type { BenchCase } from './run.ts';

let seed = 1;
/** The first seeds with and without a drain (a drain costs two more engine runs). */
const drainSeed = Array.from({ length: 200 }, (_, i) => i).find((s) => generatePuzzle(s).drainNode);
const plainSeed = Array.from({ length: 200 }, (_, i) => i).find(
  (s) => !generatePuzzle(s).drainNode,
);

const round = (s: number): void => {
  const p = generatePuzzle(s);
  const solution = solvePuzzle(p);
  gradePuzzle(p, solution, solution.answer);
};

const cases: BenchCase[] = [
  {
    name: 'practice round, no drain (generate + solve + grade)',
    run: () => round(plainSeed ?? 0),
    runs: 30,
    target: '≤ 50 ms',
  },
  {
    name: 'practice round with a drain (3 engine runs)',
    run: () => round(drainSeed ?? 0),
    runs: 30,
    target: '≤ 50 ms',
  },
  {
    name: 'practice round, a new seed each time',
    run: () => round(seed++),
    runs: 60,
    target: '≤ 50 ms',
  },
];
export default cases;
