/** Summary statistics of a run: outcomes, per-pod shares, the disruption window, LB marks. */
import { OUTCOME_REASONS } from './codes.ts';
import type { RuleSet } from './kubeProxy.ts';
import { LB_BEHAVIOUR } from './presets.ts';
import type { Columns } from './simulate.ts';
import type { ConnectionRecord, OutcomeReason, Scenario, SimEvent, Summary } from './types.ts';

/**
 * The formula share per pod at t=0: Cluster → 1/P over the P usable endpoints; Local → 1/(N·k_i)
 * over the N nodes in LB rotation that have k_i ≥ 1 usable local endpoints (fact sheet §8). A
 * zonal load balancer (cross-zone off, AWS NLB's default) first picks one of the Z zones that have
 * such a node, then a node in it: 1/(Z·N_z·k_i), as route.ts pickIngress does.
 */
export function expectedShares(
  scenario: Scenario,
  initialRules: RuleSet[],
  rotation: Record<string, boolean>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of scenario.pods) out[p.id] = 0;
  if (scenario.service.externalTrafficPolicy === 'Cluster') {
    const anyUp = Object.values(rotation).some(Boolean);
    const eps = initialRules[0]?.clusterEndpoints ?? [];
    if (anyUp) for (const e of eps) out[e.podId] = 1 / eps.length;
    return out;
  }
  const serving = initialRules.filter((rs) => rotation[rs.node] && rs.localEndpoints.length > 0);
  const crossZone =
    scenario.loadBalancer.crossZone ?? LB_BEHAVIOUR[scenario.loadBalancer.preset].crossZone;
  const zoneOf = new Map(scenario.nodes.map((n) => [n.id, crossZone ? '' : (n.zone ?? '')]));
  const perZone = new Map<string, number>();
  for (const rs of serving) {
    const z = zoneOf.get(rs.node) ?? '';
    perZone.set(z, (perZone.get(z) ?? 0) + 1);
  }
  for (const rs of serving) {
    const nz = perZone.get(zoneOf.get(rs.node) ?? '') ?? 1;
    for (const e of rs.localEndpoints)
      out[e.podId] = 1 / (perZone.size * nz * rs.localEndpoints.length);
  }
  return out;
}

/** Reasons of established connections cut later; they are not in the disruption window. */
export const ESTABLISHED_CUT_REASONS: readonly OutcomeReason[] = ['nodeWentDown', 'lbReset'];

/** True when a failure belongs to connection setup (the ones the disruption window measures). */
export function isSetupFailure(c: ConnectionRecord): boolean {
  return c.outcome !== 'ok' && !ESTABLISHED_CUT_REASONS.includes(c.reason) && c.direct !== true;
}

/**
 * Build the summary from a run's columns. Disruption definition: over connections that came
 * through the LB and failed during setup (everything except 'ok' and cut established flows),
 * seconds = lastFailureAt − firstFailureAt + 1/rate (0 when none failed); the times are SYN times.
 */
export function summarizeColumns(
  scenario: Scenario,
  c: Columns,
  events: SimEvent[],
  rulesets: RuleSet[],
  rotation: Record<string, boolean>,
  /** The record of a connection when the LB path needs it (proxy LB, PROXY protocol, …), else null. */
  recordAt: (i: number) => ConnectionRecord | null = () => null,
): Summary {
  let succeeded = 0;
  let clientIpPreserved = 0;
  let clientIpKnownToApp = 0;
  let first: number | null = null;
  let last: number | null = null;
  let failedNew = 0;
  let broken = 0;
  const cutCodes = new Set(ESTABLISHED_CUT_REASONS.map((r) => OUTCOME_REASONS.indexOf(r)));
  const byReason = new Map<number, number>();
  const perPod = new Float64Array(scenario.pods.length);
  for (let i = 0; i < c.count; i++) {
    if (c.outcome[i] === 0) {
      succeeded++;
      const rec = recordAt(i);
      if (rec) {
        if (rec.sourceSeenByPod === rec.clientAddr.ip) clientIpPreserved++;
        if (rec.clientSeenByApp === rec.clientAddr.ip) clientIpKnownToApp++;
      } else if (c.source[i] === 1) {
        clientIpPreserved++;
        clientIpKnownToApp++;
      }
      const p = c.pod[i] ?? -1;
      if (p >= 0) perPod[p] = (perPod[p] ?? 0) + 1;
      continue;
    }
    const r = c.reason[i] ?? 0;
    byReason.set(r, (byReason.get(r) ?? 0) + 1);
    if (cutCodes.has(r)) {
      broken++;
      continue;
    }
    if (c.direct[i]) continue;
    failedNew++;
    const at = c.at[i] ?? 0;
    if (first === null || at < first) first = at;
    if (last === null || at > last) last = at;
  }
  const failedByReason: Partial<Record<OutcomeReason, number>> = {};
  for (const [r, n] of [...byReason].sort((a, b) => a[0] - b[0])) {
    const reason = OUTCOME_REASONS[r];
    if (reason) failedByReason[reason] = n;
  }
  const podShare: Record<string, number> = {};
  scenario.pods.forEach((p, i) => {
    if (p.node !== undefined) podShare[p.id] = succeeded ? (perPod[i] ?? 0) / succeeded : 0;
  });
  const nodes: Summary['nodes'] = {};
  for (const n of scenario.nodes) nodes[n.id] = { markedDownAt: null, markedUpAt: null };
  for (const e of events) {
    if (e.type === 'lb.backendDown') {
      const s = nodes[e.node];
      if (s && s.markedDownAt === null) s.markedDownAt = e.at;
    } else if (e.type === 'lb.backendUp') {
      const s = nodes[e.node];
      if (s && s.markedUpAt === null) s.markedUpAt = e.at;
    }
  }
  const initialRules = scenario.nodes
    .map((n) => rulesets.find((rs) => rs.node === n.id))
    .filter((r): r is RuleSet => !!r);
  return {
    connections: c.count,
    succeeded,
    failed: c.count - succeeded,
    clientIpPreserved,
    clientIpKnownToApp,
    podShare,
    expectedShare: expectedShares(scenario, initialRules, rotation),
    disruption: {
      seconds: first === null || last === null ? 0 : last - first + 1 / scenario.traffic.rate,
      firstFailureAt: first,
      lastFailureAt: last,
    },
    nodes,
    failedByReason,
    failedNew,
    brokenEstablished: broken,
  };
}
