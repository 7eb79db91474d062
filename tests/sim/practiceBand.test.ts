/**
 * The drain window's key band covers every probe timing the puzzle allows: against a sweep of
 * 1,000 phases of the drained node's first check (far finer than band.ts's critical phases),
 * no timing falls outside the key's band by more than ε plus one arrival, and the band is no
 * wider than what some timing gives. The other nodes' check timing does not change the window.
 */
import { describe, expect, it } from 'vitest';
import { generatePuzzle, windowAt, windowBand, type Puzzle } from '../../src/sim/practice.ts';
import { BAND_EPSILON } from '../../src/sim/practice/band.ts';
import { createRng } from '../../src/sim/rng.ts';

/** Drain puzzles covering each preset and policy (the first seed of each). */
function coverage(): Puzzle[] {
  const out = new Map<string, Puzzle>();
  for (let seed = 0; seed < 400 && out.size < 12; seed++) {
    const p = generatePuzzle(seed, 'drain');
    const k = `${String(p.facts['preset'])}/${String(p.facts['policy'])}/${String(p.facts['autoscaler'])}`;
    if (!out.has(k)) out.set(k, p);
  }
  return [...out.values()];
}

describe('the drain window band', () => {
  const puzzles = coverage();

  it.each(puzzles.slice(0, 5).map((p) => [p.seed, p] as const))(
    'seed %i: a 1,000-phase sweep stays inside the key band',
    (_seed, p) => {
      const node = String(p.facts['drained']);
      const band = windowBand(p.scenario, node, 1);
      const interval = p.scenario.loadBalancer.probe.interval;
      const slack = BAND_EPSILON + 1 / p.scenario.traffic.rate + 0.01;
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < 1000; i++) {
        const w = windowAt(p.scenario, node, (interval * i) / 1000, 1);
        lo = Math.min(lo, w);
        hi = Math.max(hi, w);
      }
      expect(lo).toBeGreaterThanOrEqual(band.lo - slack);
      expect(hi).toBeLessThanOrEqual(band.hi + slack);
      // Not wider than what the sweep finds either (the band's ends are runs, not guesses): at
      // most what the sweep's grid can miss (the window grows with the phase, one to one).
      const grid = interval / 1000 + 3 / p.scenario.traffic.rate + BAND_EPSILON;
      expect(band.lo).toBeGreaterThanOrEqual(lo - grid);
      expect(band.hi).toBeLessThanOrEqual(hi + grid);
      // The phases the band names give its ends.
      expect(windowAt(p.scenario, node, band.loPhase, 1)).toBeCloseTo(band.lo, 1);
      expect(windowAt(p.scenario, node, band.hiPhase, 1)).toBeCloseTo(band.hi, 1);
    },
    600_000,
  );

  it("only the drained node's check timing matters", { timeout: 300_000 }, () => {
    for (const p of puzzles.slice(0, 6)) {
      const node = String(p.facts['drained']);
      const phase = p.scenario.loadBalancer.probePhase?.[node] ?? 0;
      const base = windowAt(p.scenario, node, phase, 1);
      const rng = createRng(p.seed, 5);
      for (let k = 0; k < 4; k++) {
        const probePhase = Object.fromEntries(
          p.scenario.nodes.map((n) => [
            n.id,
            n.id === node ? phase : rng.next() * p.scenario.loadBalancer.probe.interval,
          ]),
        );
        const s = { ...p.scenario, loadBalancer: { ...p.scenario.loadBalancer, probePhase } };
        expect(windowAt(s, node, phase, 1)).toBeCloseTo(base, 1);
      }
    }
  });
});
