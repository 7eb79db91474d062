/**
 * The playable steps of a run: every hop of the featured connections in time order. Also the
 * resolution of lesson reveal targets ("0:delivered", "t=12", "end") to a step or a time.
 */
import type { ConnectionTrace, Hop, HopMark, SimResult } from '../../sim/types';

export interface Step {
  hop: Hop;
  /** Index into SimResult.featured. */
  featured: number;
  /** Index of the hop within its connection's trace. */
  index: number;
}

/** Flattens featured traces into steps ordered by time (ties keep trace order). */
export function toSteps(featured: readonly ConnectionTrace[]): Step[] {
  const steps: Step[] = [];
  featured.forEach((trace, f) => {
    trace.hops.forEach((hop, index) => steps.push({ hop, featured: f, index }));
  });
  return steps
    .map((s, order) => ({ s, order }))
    .sort((a, b) => a.s.hop.at - b.s.hop.at || a.s.featured - b.s.featured || a.order - b.order)
    .map(({ s }) => s);
}

/** Whether a run is best played over simulated time (drains, balance) rather than hop by hop. */
export function isTimeMode(result: SimResult): boolean {
  return result.resolved.timeline.length > 0 || result.connections.length > 40;
}

/** Seconds the time axis covers: until the last connection ended or the last event, plus slack. */
export function durationOf(result: SimResult): number {
  let end = result.resolved.traffic.duration;
  for (const c of result.connections) end = Math.max(end, c.endedAt ?? c.at);
  for (const e of result.events) end = Math.max(end, e.at);
  return Math.ceil(end + 1);
}

export type RevealTarget = { step: number } | { time: number } | { end: true };

/** Parses a reveal string; null when it is malformed or names a mark that never happens. */
export function resolveReveal(reveal: string, steps: readonly Step[]): RevealTarget | null {
  const text = reveal.trim();
  if (text === 'end') return { end: true };
  const t = /^t=(\d+(?:\.\d+)?)$/.exec(text);
  if (t) return { time: Number(t[1]) };
  const m = /^(\d+):([A-Za-z]+)$/.exec(text);
  if (!m) return null;
  const featured = Number(m[1]);
  const mark = m[2] as HopMark;
  const at = steps.findIndex((s) => s.featured === featured && s.hop.marks.includes(mark));
  return at < 0 ? null : { step: at + 1 };
}
