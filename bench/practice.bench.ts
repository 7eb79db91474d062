/**
 * Practice: building and solving one puzzle (the practice worker does this per round, off the
 * main thread). A drain puzzle runs the engine once per critical probe phase (band.ts).
 */
import { FAMILY_IDS, generatePuzzle, solvePuzzle, type FamilyId } from '../src/sim/practice.ts';
import type { BenchCase } from './run.ts';

let seed = 1;
const round = (s: number, family: FamilyId): void => {
  solvePuzzle(generatePuzzle(s, family));
};

const cases: BenchCase[] = [
  ...FAMILY_IDS.filter((f) => f !== 'drain').map((f) => ({
    name: `practice round, ${f} (generate + solve)`,
    run: () => round(seed++, f),
    runs: 20,
    target: '≤ 50 ms',
  })),
  {
    name: 'practice round, drain (generate + solve + window band)',
    run: () => round(seed++, 'drain'),
    runs: 20,
    target: '≤ 500 ms (in the worker)',
  },
];
export default cases;
