/**
 * The practice property run, shared by the two test files that split it (the drain family alone
 * takes as long as all the others, and two files run on two cores): over 200 seeds of each given
 * family a course learner written from the lessons' rules (practiceLearners.ts) scores 100 %, and
 * each misconception learner fails the question aimed at its mistake in every puzzle where the
 * mistake changes the answer.
 */
import { expect } from 'vitest';
import {
  generatePuzzle,
  isRight,
  MISCONCEPTIONS,
  solvePuzzle,
  type AnswerValue,
  type FamilyId,
  type Misconception,
} from '../../src/sim/practice.ts';
import { learnerAnswers } from './practiceLearners.ts';

export const PER_FAMILY = 200;

/** The seeds of a family's puzzles in the property run. */
export const seeds = (): number[] => Array.from({ length: PER_FAMILY }, (_, i) => 7919 * i + 13);

/** Does a misconception's answer differ from the course learner's at all? */
function differs(a: AnswerValue | undefined, b: AnswerValue | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) > 1e-6;
  const norm = (x: AnswerValue | undefined): string =>
    JSON.stringify(Array.isArray(x) ? [...x].sort() : x);
  return norm(a) !== norm(b);
}

/** Runs the property over these families and asserts it; prints the rate per misconception. */
export function checkFamilies(families: readonly FamilyId[]): void {
  const courseMisses: string[] = [];
  const escaped: string[] = [];
  const aimed = new Set<Misconception>();
  const rate = new Map<Misconception, { caught: number; changed: number }>(
    MISCONCEPTIONS.map((m) => [m, { caught: 0, changed: 0 }]),
  );
  let puzzles = 0;
  for (const family of families) {
    for (const seed of seeds()) {
      const p = generatePuzzle(seed, family);
      const key = solvePuzzle(p);
      puzzles++;
      const course = learnerAnswers(p, null);
      for (const k of key)
        if (!isRight(k, course[k.id]))
          courseMisses.push(
            `${family} ${seed} ${k.id}: ${JSON.stringify(course[k.id])} vs ${JSON.stringify(k.accepted)}`,
          );
      for (const q of p.questions) for (const m of q.aimedAt) aimed.add(m);
      for (const m of MISCONCEPTIONS) {
        // Only a misconception a question aims at is graded; the others' answers go unread.
        if (!p.questions.some((q) => q.aimedAt.includes(m))) continue;
        const ans = learnerAnswers(p, m);
        for (const q of p.questions) {
          if (!q.aimedAt.includes(m) || !differs(ans[q.id], course[q.id])) continue;
          const r = rate.get(m);
          if (!r) continue;
          r.changed++;
          const k = key.find((x) => x.id === q.id);
          if (k && !isRight(k, ans[q.id])) r.caught++;
          else escaped.push(`${m} ${family} ${seed} ${q.id}: ${JSON.stringify(ans[q.id])}`);
        }
      }
    }
  }
  const table = [...rate]
    .filter(([m]) => aimed.has(m))
    .map(([m, r]) => `  ${m.padEnd(28)} ${r.caught}/${r.changed}`)
    .join('\n');
  console.log(
    `practice (${families.join(', ')}): ${puzzles} puzzles; misconception caught/changed:\n${table}`,
  );
  expect(courseMisses.slice(0, 20)).toEqual([]);
  expect(escaped.slice(0, 20)).toEqual([]);
  // Every misconception these families aim at meets puzzles where it matters.
  for (const [m, r] of rate) if (aimed.has(m)) expect(r.changed, m).toBeGreaterThan(0);
}
