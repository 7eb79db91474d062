/**
 * The share keys are the engine's own answer: the exact odds practice/odds.ts derives from the
 * engine's state (rotation, zones, rule sets) agree with the shares a long run of the same
 * scenario measures, before a drain, after it and with zones; and at t = 0 without zones they
 * equal the engine's summary formula (expectedShare).
 */
import { describe, expect, it } from 'vitest';
import { generatePuzzle, type FamilyId } from '../../src/sim/practice.ts';
import { oddsAt, settledTime } from '../../src/sim/practice/odds.ts';
import { simulateCore } from '../../src/sim/simulate.ts';
import type { Scenario } from '../../src/sim/types.ts';

/** Measured share of new LB connections per Pod in [from, to). */
function measured(s: Scenario, seed: number, from: number, to: number): Record<string, number> {
  const run = simulateCore(s, { seed });
  const conns = run.connections.filter((c) => c.direct !== true && c.at >= from && c.at < to);
  const out: Record<string, number> = {};
  for (const c of conns) if (c.pod) out[c.pod] = (out[c.pod] ?? 0) + 1 / conns.length;
  return out;
}

describe('practice odds from the engine state', () => {
  it.each(['balance', 'zones', 'cluster', 'local'] as FamilyId[])(
    '%s: odds match a long run within sampling error',
    (family) => {
      for (let seed = 1; seed <= 6; seed++) {
        const p = generatePuzzle(seed, family);
        const long = {
          ...p.scenario,
          traffic: { ...p.scenario.traffic, rate: 2000, duration: 10 },
        };
        const run = simulateCore(long, { seed });
        const odds = oddsAt(run, 0);
        const got = measured(long, seed, 0, 10);
        for (const pod of p.scenario.pods) {
          const want = odds.pod[pod.id] ?? 0;
          // 20,000 connections: 4 standard errors is under 1.5 points.
          expect(got[pod.id] ?? 0, `${family} ${seed} ${pod.id}`).toBeCloseTo(want, 1);
          expect(Math.abs((got[pod.id] ?? 0) - want)).toBeLessThan(0.015);
        }
        if (family !== 'zones')
          for (const pod of p.scenario.pods)
            expect(odds.pod[pod.id] ?? 0).toBeCloseTo(run.summary.expectedShare[pod.id] ?? 0, 9);
      }
    },
    120_000,
  );

  it('drain: after the drain the odds match what the run measures once it has settled', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const p = generatePuzzle(seed, 'drain');
      const run = simulateCore(p.scenario, { seed });
      const t = settledTime(run);
      const after = oddsAt(run, t);
      const down = run.summary.nodes[String(p.facts['drained'])]?.markedDownAt ?? 0;
      // From the mark-down (and the Pods' exit) to the end of the run.
      const from = Math.max(down, 20) + 1;
      const got = measured(p.scenario, seed, from, p.scenario.traffic.duration);
      for (const pod of p.scenario.pods)
        expect(
          Math.abs((got[pod.id] ?? 0) - (after.pod[pod.id] ?? 0)),
          `${seed} ${pod.id}`,
        ).toBeLessThan(0.04);
      expect(after.pod[p.scenario.pods.find((x) => x.node === p.facts['drained'])?.id ?? '']).toBe(
        0,
      );
    }
  }, 120_000);
});
