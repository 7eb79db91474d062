/**
 * The practice property test for the drain family (practiceProperty.test.ts runs the others):
 * over 200 seeds a course learner scores 100 %, and each misconception learner fails the
 * question aimed at its mistake in every puzzle where the mistake changes the answer.
 */
import { describe, it } from 'vitest';
import { checkFamilies, PER_FAMILY } from './practiceProperty.ts';

describe('practice: understanding passes, misconceptions fail (drain)', () => {
  it(
    `${PER_FAMILY} drain seeds: course learner 100 %, every misconception caught`,
    { timeout: 900_000 },
    () => checkFamilies(['drain']),
  );
});
