/**
 * The practice property test: over 2,200 seeds (every family 200 times) a course learner
 * written from the lessons' rules (practiceLearners.ts) scores 100 %, and each misconception
 * learner fails the question aimed at its mistake in every puzzle where the mistake changes
 * the answer. The rate per misconception is printed (for the report).
 */
import { describe, expect, it } from 'vitest';
import {
  FAMILY_IDS,
  generatePuzzle,
  isRight,
  MISCONCEPTIONS,
  solvePuzzle,
  type AnswerValue,
  type Misconception,
} from '../../src/sim/practice.ts';
import { learnerAnswers } from './practiceLearners.ts';

const PER_FAMILY = 200;

/** Does a misconception's answer differ from the course learner's at all? */
function differs(a: AnswerValue | undefined, b: AnswerValue | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) > 1e-6;
  const norm = (x: AnswerValue | undefined): string =>
    JSON.stringify(Array.isArray(x) ? [...x].sort() : x);
  return norm(a) !== norm(b);
}

describe('practice: understanding passes, misconceptions fail', () => {
  it(
    `${PER_FAMILY * FAMILY_IDS.length} seeds: course learner 100 %, every misconception caught`,
    { timeout: 900_000 },
    () => {
      const courseMisses: string[] = [];
      const escaped: string[] = [];
      const rate = new Map<Misconception, { caught: number; changed: number }>(
        MISCONCEPTIONS.map((m) => [m, { caught: 0, changed: 0 }]),
      );
      let puzzles = 0;
      for (const family of FAMILY_IDS) {
        for (let i = 0; i < PER_FAMILY; i++) {
          const seed = 7919 * i + 13;
          const p = generatePuzzle(seed, family);
          const key = solvePuzzle(p);
          puzzles++;
          const course = learnerAnswers(p, null);
          for (const k of key)
            if (!isRight(k, course[k.id]))
              courseMisses.push(
                `${family} ${seed} ${k.id}: ${JSON.stringify(course[k.id])} vs ${JSON.stringify(k.accepted)}`,
              );
          for (const m of MISCONCEPTIONS) {
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
        .map(([m, r]) => `  ${m.padEnd(28)} ${r.caught}/${r.changed}`)
        .join('\n');
      console.log(`practice: ${puzzles} puzzles; misconception caught/changed:\n${table}`);
      expect(courseMisses.slice(0, 20)).toEqual([]);
      expect(escaped.slice(0, 20)).toEqual([]);
      // Every misconception meets puzzles where it matters.
      for (const [m, r] of rate) expect(r.changed, m).toBeGreaterThan(0);
    },
  );
});
