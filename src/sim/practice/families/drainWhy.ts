/**
 * Why the drain window is what it is, told from the run's own events: a deregistration by the
 * controller, or the drained node's failed checks (each with what it got back) and the moment
 * the load balancer took the node out, against the first and last failed new connection.
 */
import type { SimEvent, SimResult } from '../../types.ts';
import { sec } from '../observe.ts';
import type { Phrase, WindowBand } from '../types.ts';

type ProbeResult = Extract<SimEvent, { type: 'probe.result' }>;

/** The failed checks that took the node out (the run of failures ending at the mark-down). */
function failedChecks(run: SimResult, node: string, down: number): ProbeResult[] {
  const results = run.events.filter(
    (e): e is ProbeResult => e.type === 'probe.result' && e.node === node && e.at <= down + 1e-9,
  );
  const out: ProbeResult[] = [];
  for (let i = results.length - 1; i >= 0; i--) {
    const r = results[i];
    if (!r || r.ok) break;
    out.unshift(r);
  }
  return out;
}

/**
 * One failed check as a sentence: when it was sent and what it got back. A check that got no
 * answer is counted at its timeout; when the timeout is a whole number of intervals its result
 * falls on another check's send time, so the node's leaving the network decides which it was.
 */
function checkPhrase(run: SimResult, node: string, r: ProbeResult): Phrase {
  const probe = run.resolved.loadBalancer.probe;
  const phase = run.resolved.loadBalancer.probePhase?.[node] ?? 0;
  const onSchedule = (t: number): boolean => {
    const k = (t - phase) / probe.interval;
    return t >= phase - 1e-6 && Math.abs(k - Math.round(k)) < 1e-6;
  };
  const offline = run.events.find((e) => e.type === 'node.offline' && e.node === node)?.at ?? null;
  const silentSent = r.at - probe.timeout;
  const silent =
    r.status === null &&
    onSchedule(silentSent) &&
    (offline === null ? !onSchedule(r.at - 0.001) : silentSent >= offline - 1e-6);
  if (silent)
    return { key: 'practice.check.timeout', vars: { sent: sec(silentSent), counted: sec(r.at) } };
  const k = Math.floor((r.at - phase + 1e-6) / probe.interval);
  const sent = phase + k * probe.interval;
  if (r.status !== null)
    return { key: 'practice.check.status', vars: { sent: sec(sent), status: r.status } };
  return { key: 'practice.check.refused', vars: { sent: sec(sent) } };
}

/** The mechanism of the drain window in this run, with the band over every timing. */
export function windowWhy(run: SimResult, node: string, band: WindowBand): Phrase {
  const down = run.events.find((e) => e.type === 'lb.backendDown' && e.node === node);
  const d = run.summary.disruption;
  const first = run.connections.find((c) => c.direct !== true && c.outcome !== 'ok');
  const exit = run.events.find((e) => e.type === 'pod.exited' && e.node === node)?.at ?? null;
  const offline = run.events.find((e) => e.type === 'node.offline' && e.node === node)?.at ?? null;
  const bandVars = {
    lo: sec(band.lo),
    hi: sec(band.hi),
    loPhase: sec(band.loPhase),
    hiPhase: sec(band.hiPhase),
  };
  if (down && 'cause' in down && down.cause === 'deregistered')
    return {
      key: 'practice.why.windowDeregistered',
      vars: { node, at: sec(down.at), window: sec(d.seconds), ...bandVars },
    };
  const checks = down ? failedChecks(run, node, down.at).map((r) => checkPhrase(run, node, r)) : [];
  const common = {
    node,
    down: down ? sec(down.at) : '',
    checks,
    threshold: run.resolved.loadBalancer.probe.unhealthyThreshold,
    exit: exit === null ? '' : sec(exit),
    offline: offline === null ? '' : sec(offline),
    window: sec(d.seconds),
    ...bandVars,
  };
  if (d.seconds === 0 || !first) return { key: 'practice.why.windowNone', vars: common };
  return {
    key: 'practice.why.windowChecks',
    vars: {
      ...common,
      first: sec(d.firstFailureAt ?? 0),
      last: sec(d.lastFailureAt ?? 0),
      reason: `@practice.reason.${first.reason}`,
    },
  };
}

/** A probe phase as words: "at 2.5 s", or "just before 7 s" where the window jumps. */
export function atPhrase(phase: number): Phrase[] {
  const up = Math.round(phase);
  return phase < up && up - phase < 0.01
    ? [{ key: 'practice.band.justBefore', vars: { t: up } }]
    : [{ key: 'practice.band.at', vars: { t: sec(phase) } }];
}

/** The band questions' mechanism: the band over every timing, then this run's story. */
export function bandWhy(run: SimResult, node: string, band: WindowBand): Phrase {
  // A band with no width (a deregistration, say) needs no timings.
  const flat = band.hi - band.lo < 0.05;
  return {
    key: flat ? 'practice.why.windowBandFlat' : 'practice.why.windowBand',
    vars: {
      node,
      lo: sec(band.lo),
      hi: sec(band.hi),
      loAt: atPhrase(band.loPhase),
      hiAt: atPhrase(band.hiPhase),
      runAt: atPhrase(run.resolved.loadBalancer.probePhase?.[node] ?? 0),
      story: [windowWhy(run, node, band)],
    },
  };
}
