/**
 * The practice property test: over 2,200 seeds (every family 200 times) a course learner
 * written from the lessons' rules (practiceLearners.ts) scores 100 %, and each misconception
 * learner fails the question aimed at its mistake in every puzzle where the mistake changes
 * the answer. The rate per misconception is printed (for the report). This file runs every
 * family but the drain, practicePropertyDrain.test.ts the drain (as long as all the others), so
 * that the two run side by side.
 */
import { describe, expect, it } from 'vitest';
import { FAMILY_IDS, generatePuzzle, MISCONCEPTIONS } from '../../src/sim/practice.ts';
import { checkFamilies, PER_FAMILY, seeds } from './practiceProperty.ts';

const families = FAMILY_IDS.filter((f) => f !== 'drain');

describe('practice: understanding passes, misconceptions fail', () => {
  it(
    `${PER_FAMILY * families.length} seeds of every family but the drain: course learner 100 %, every misconception caught`,
    { timeout: 900_000 },
    () => checkFamilies(families),
  );

  it('every misconception is aimed at by a question of some family', () => {
    // Questions only (no key): the aim is part of a puzzle, not of its solution.
    const aimed = new Set(
      FAMILY_IDS.flatMap((f) =>
        seeds().flatMap((seed) => generatePuzzle(seed, f).questions.flatMap((q) => q.aimedAt)),
      ),
    );
    expect(MISCONCEPTIONS.filter((m) => !aimed.has(m))).toEqual([]);
  });
});
