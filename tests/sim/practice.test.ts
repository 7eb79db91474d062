/**
 * Practice puzzles: over thousands of seeds every puzzle is a valid scenario, solvable, and
 * graded by the engine's own result; the same seed gives the same puzzle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/sim/index.ts';
import {
  fadingOf,
  generatePuzzle,
  givenIn,
  gradePuzzle,
  solvePuzzle,
  type Answer,
} from '../../src/sim/practice.ts';
import { simulateCore } from '../../src/sim/simulate.ts';

describe('practice puzzles', () => {
  it('the same seed gives the same puzzle and the same solution', { timeout: 30_000 }, () => {
    for (const seed of [1, 2, 99, 123456]) {
      expect(generatePuzzle(seed)).toEqual(generatePuzzle(seed));
      expect(solvePuzzle(generatePuzzle(seed))).toEqual(solvePuzzle(generatePuzzle(seed)));
    }
    expect(generatePuzzle(1)).not.toEqual(generatePuzzle(2));
  });

  it('every puzzle is valid and solvable, and its own solution grades as all correct', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const p = generatePuzzle(seed);
        const v = validateScenario(p.scenario);
        expect(v.ok, JSON.stringify(v.ok ? [] : v.issues)).toBe(true);
        const s = solvePuzzle(p);
        // The named connection exists and tells a story: it reached Pods, or it never succeeds.
        expect(s.evidence.length).toBeGreaterThan(0);
        expect(s.answer.pods.length > 0 || s.answer.success === 'never').toBe(true);
        expect(s.answer.sources.length > 0).toBe(s.answer.pods.length > 0);
        expect(s.answer.share).toBeGreaterThanOrEqual(0);
        expect(s.answer.share).toBeLessThanOrEqual(1);
        expect(p.questions.includes('window')).toBe(p.drainNode !== null);
        // A drain without SNAT would only measure the run's length (cross-node replies fail).
        if (p.drainNode) expect(p.scenario.masquerade).toBe(true);
        if (p.drainNode) expect(s.windowBand?.[0]).toBeLessThanOrEqual(s.windowBand?.[1] ?? -1);
        expect(gradePuzzle(p, s, s.answer).every((g) => g.correct)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  }, 300_000);

  it('a wrong prediction is graded wrong, with the reason code of its mechanism', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const p = generatePuzzle(seed);
        const s = solvePuzzle(p);
        const wrong: Answer = {
          pods: s.answer.pods.length > 0 ? [] : p.scenario.pods.map((x) => x.id),
          sources: s.answer.sources.includes('client') ? ['ingressNode'] : ['client'],
          success: s.answer.success === 'always' ? 'never' : 'always',
          share: s.answer.share > 0.5 ? 0 : 1,
          window: s.windowBand ? s.windowBand[1] + 30 : null,
        };
        const grades = gradePuzzle(p, s, wrong);
        expect(grades.every((g) => !g.correct)).toBe(true);
        expect(grades.every((g) => /^[a-z][A-Za-z]+$/.test(g.reason))).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it(
    'the share it grades against is what the traffic really shows (no drain)',
    { timeout: 60_000 },
    () => {
      let checked = 0;
      for (let seed = 0; checked < 40; seed++) {
        const p = generatePuzzle(seed);
        if (p.drainNode) continue;
        checked++;
        const measured =
          simulateCore(
            { ...p.scenario, traffic: { ...p.scenario.traffic, rate: 400, duration: 20 } },
            { seed },
          ).summary.podShare[p.sharePod] ?? 0;
        expect(Math.abs(measured - solvePuzzle(p).answer.share)).toBeLessThan(0.04);
      }
    },
  );

  it('fades from a worked example to partly worked to solo', () => {
    expect([0, 1, 2, 7].map(fadingOf)).toEqual(['worked', 'partial', 'solo', 'solo']);
    const q = generatePuzzle(3).questions;
    expect(givenIn('worked', q)).toEqual(q);
    expect(givenIn('partial', q)).toEqual(q.slice(0, 2));
    expect(givenIn('solo', q)).toEqual([]);
  });
});
