/**
 * The drain window over every probe timing the puzzle allows: the drained node's first check
 * anywhere in [0, interval). Only that node's checks matter (the other nodes stay healthy), and
 * the node's lifecycle does not depend on when the load balancer probes it, so the window is a
 * function w(φ) of one phase. Between two phases where a check crosses a change of the node's
 * state (an event of the run, modulo the interval) the sequence of check answers is fixed, the
 * mark-down moves with φ and w cannot decrease: its extremes lie at the ends of those
 * intervals. So the band is exact up to ε plus one connection's spacing when we run the phases
 * just before, at and just after every event time (mod interval), plus both ends of [0, I).
 * tests/sim/practiceBand.test.ts compares it with a sweep of 1,000 phases.
 */
import { simulateCore } from '../simulate.ts';
import type { Scenario } from '../types.ts';
import { round2 } from './build.ts';
import type { WindowBand } from './types.ts';

/** How close to an event time the sweep looks (seconds). */
export const BAND_EPSILON = 1e-3;

/** The scenario with the drained node's first check at `phase` (the others keep theirs). */
export function withPhase(s: Scenario, node: string, phase: number): Scenario {
  const fixed = s.loadBalancer.probePhase ?? {};
  const probePhase: Record<string, number> = {};
  for (const n of s.nodes) probePhase[n.id] = n.id === node ? phase : (fixed[n.id] ?? 0);
  return { ...s, loadBalancer: { ...s.loadBalancer, probePhase } };
}

/** The window (s) the engine measures with the drained node's first check at `phase`. */
export function windowAt(s: Scenario, node: string, phase: number, seed: number): number {
  return simulateCore(withPhase(s, node, phase), { seed }).summary.disruption.seconds;
}

/** Phases where the window can jump: just before, at and after each event time, mod interval. */
export function criticalPhases(s: Scenario, node: string, seed: number): number[] {
  const interval = s.loadBalancer.probe.interval;
  const base = simulateCore(withPhase(s, node, 0), { seed });
  const times = new Set<number>();
  for (const e of base.events) {
    if (e.type === 'probe.result' || e.type === 'connection.failed') continue;
    if (e.type === 'lb.backendDown' || e.type === 'lb.backendUp') continue;
    times.add(e.at);
  }
  for (const a of s.timeline) times.add(a.at);
  const phases = new Set<number>([0, interval - BAND_EPSILON]);
  const mod = (x: number): number => ((x % interval) + interval) % interval;
  for (const t of times)
    for (const d of [-BAND_EPSILON, 0, BAND_EPSILON]) {
      const p = mod(t + d);
      // Round away float noise so equal phases collapse.
      phases.add(Math.round(p * 1e6) / 1e6);
    }
  return [...phases].filter((p) => p >= 0 && p < interval).sort((a, b) => a - b);
}

/** The band of the window over the drained node's probe phase. */
export function windowBand(s: Scenario, node: string, seed: number): WindowBand {
  const samples: Array<[number, number]> = criticalPhases(s, node, seed).map((p) => [
    p,
    windowAt(s, node, p, seed),
  ]);
  let lo = samples[0] ?? [0, 0];
  let hi = lo;
  for (const x of samples) {
    if (x[1] < lo[1]) lo = x;
    if (x[1] > hi[1]) hi = x;
  }
  return {
    lo: round2(lo[1]),
    hi: round2(hi[1]),
    loPhase: Math.round(lo[0] * 1000) / 1000,
    hiPhase: Math.round(hi[0] * 1000) / 1000,
    samples: samples.map(([p, w]) => [Math.round(p * 1000) / 1000, round2(w)]),
  };
}

/** The sampled phase whose window is closest to `value` (for "which timing gives your answer"). */
export function phaseFor(band: WindowBand, value: number): [number, number] | null {
  let best: [number, number] | null = null;
  for (const x of band.samples)
    if (!best || Math.abs(x[1] - value) < Math.abs(best[1] - value)) best = x;
  return best;
}
