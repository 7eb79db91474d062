/**
 * Numbers a lesson quotes, computed by the engine at build time (`<EngineNumber>`), so a lesson
 * can never drift from the engine: change the model and the prose changes with it.
 */
import {
  applyOverrides,
  getScenario,
  readSetList,
  simulate,
  type InputIssue,
  type SimEvent,
  type SimResult,
} from '../sim/index';

/** What to read off a run. */
export type Metric =
  | 'connections'
  | 'succeeded'
  | 'failed'
  | 'failedNew'
  | 'brokenEstablished'
  | 'clientIpPreserved'
  | 'clientIpKnownToApp'
  | 'disruption'
  | 'firstFailure'
  | 'lastFailure'
  | 'markedDown'
  | 'markedUp'
  | 'share'
  | 'expectedShare'
  | 'event'
  /** eBPF: share of flows the next node would send to the same backend. */
  | 'flowsSame'
  /** eBPF: share of kept flows a fresh lookup sends elsewhere after the backends changed. */
  | 'flowsMoved'
  /** eBPF: the counts behind those shares. */
  | 'flowsChecked'
  | 'flowsKept';

export const METRICS: readonly Metric[] = [
  'connections',
  'succeeded',
  'failed',
  'failedNew',
  'brokenEstablished',
  'clientIpPreserved',
  'clientIpKnownToApp',
  'disruption',
  'firstFailure',
  'lastFailure',
  'markedDown',
  'markedUp',
  'share',
  'expectedShare',
  'event',
  'flowsSame',
  'flowsMoved',
  'flowsChecked',
  'flowsKept',
];

export interface NumberQuery {
  scenario: string;
  /** Overrides in the one set grammar: "key=value;key=value". */
  set?: string | undefined;
  seed?: number | undefined;
  metric: Metric;
  /** For markedDown / markedUp / event. */
  node?: string | undefined;
  /** For share / expectedShare. */
  pod?: string | undefined;
  /** For event: the first event of this type (and node), e.g. "node.offline". */
  event?: SimEvent['type'] | undefined;
  /** Over the probe phase: the lowest and highest value when every node's first probe moves through one interval. */
  overPhase?: boolean | undefined;
}

export type NumberResult =
  { ok: true; value: number; band?: [number, number] } | { ok: false; issues: InputIssue[] };

const runs = new Map<string, SimResult | InputIssue[]>();

function run(scenario: string, set: string, seed: number): SimResult | InputIssue[] {
  const key = JSON.stringify([scenario, set, seed]);
  const hit = runs.get(key);
  if (hit) return hit;
  const base = getScenario(scenario);
  let out: SimResult | InputIssue[];
  if (!base) out = [{ path: 'scenario', code: 'unknownScenario', params: { received: scenario } }];
  else {
    const parsed = readSetList(set.split(';'));
    const applied = parsed.issues.length > 0 ? null : applyOverrides(base, parsed.overrides);
    out = !applied
      ? parsed.issues
      : applied.ok
        ? simulate(applied.scenario, { seed })
        : applied.issues;
  }
  runs.set(key, out);
  return out;
}

function read(r: SimResult, q: NumberQuery): number | null {
  const s = r.summary;
  switch (q.metric) {
    case 'connections':
    case 'succeeded':
    case 'failed':
    case 'clientIpPreserved':
      return s[q.metric];
    case 'clientIpKnownToApp':
      return s.clientIpKnownToApp ?? s.clientIpPreserved;
    case 'failedNew':
      return s.failedNew ?? 0;
    case 'brokenEstablished':
      return s.brokenEstablished ?? 0;
    case 'disruption':
      return s.disruption.seconds;
    case 'firstFailure':
      return s.disruption.firstFailureAt;
    case 'lastFailure':
      return s.disruption.lastFailureAt;
    case 'markedDown':
      return s.nodes[q.node ?? '']?.markedDownAt ?? null;
    case 'markedUp':
      return s.nodes[q.node ?? '']?.markedUpAt ?? null;
    case 'share':
      return s.podShare[q.pod ?? ''] ?? null;
    case 'expectedShare':
      return s.expectedShare[q.pod ?? ''] ?? null;
    case 'flowsSame':
      return s.flows && s.flows.flows > 0 ? s.flows.sameOnOtherNode / s.flows.flows : null;
    case 'flowsMoved':
      return s.flows && s.flows.kept > 0 ? s.flows.moved / s.flows.kept : null;
    case 'flowsChecked':
      return s.flows?.flows ?? null;
    case 'flowsKept':
      return s.flows?.kept ?? null;
    case 'event': {
      const e = r.events.find(
        (x) => x.type === q.event && (q.node === undefined || ('node' in x && x.node === q.node)),
      );
      return e ? e.at : null;
    }
  }
}

/** The number the engine gives for a query (and its band over the probe phase, when asked). */
export function engineNumber(q: NumberQuery): NumberResult {
  const set = q.set ?? '';
  const seed = q.seed ?? 1;
  const r = run(q.scenario, set, seed);
  if (Array.isArray(r)) return { ok: false, issues: r };
  const value = read(r, q);
  if (value === null)
    return {
      ok: false,
      issues: [
        {
          path: q.metric,
          code: 'unknownReference',
          params: { received: q.node ?? q.pod ?? q.event ?? q.metric },
        },
      ],
    };
  if (!q.overPhase) return { ok: true, value };
  const interval = r.resolved.loadBalancer.probe.interval;
  let lo = value;
  let hi = value;
  for (let k = 0; k < 20; k++) {
    const phase = Math.round(((interval * k) / 20) * 1000) / 1000;
    const p = run(q.scenario, `${set}${set ? ';' : ''}loadBalancer.probePhase=${phase}`, seed);
    if (Array.isArray(p)) return { ok: false, issues: p };
    const v = read(p, q);
    if (v === null) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return { ok: true, value, band: [lo, hi] };
}
