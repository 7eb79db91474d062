/** Summary statistics of a run: outcomes, per-pod shares, the disruption window, LB marks. */
import type { RuleSet } from './kubeProxy.ts';
import type { ConnectionRecord, OutcomeReason, Scenario, SimEvent, Summary } from './types.ts';

/**
 * The formula share per pod at t=0: Cluster → 1/P over the P usable endpoints; Local → 1/(N·k_i)
 * over the N nodes in LB rotation that have k_i ≥ 1 usable local endpoints (fact sheet §8).
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
  for (const rs of serving) {
    for (const e of rs.localEndpoints)
      out[e.podId] = 1 / (serving.length * rs.localEndpoints.length);
  }
  return out;
}

/** True when a failure belongs to connection setup (the ones the disruption window measures). */
export function isSetupFailure(c: ConnectionRecord): boolean {
  return c.outcome !== 'ok' && c.reason !== 'nodeWentDown' && c.direct !== true;
}

/**
 * Build the summary. Disruption definition: over connections that came through the LB and
 * failed during setup (everything except 'ok' and 'nodeWentDown'),
 * seconds = lastFailureAt − firstFailureAt + 1/rate (0 when none failed); the times are SYN times.
 */
export function summarize(
  scenario: Scenario,
  connections: ConnectionRecord[],
  events: SimEvent[],
  rulesets: RuleSet[],
  rotation: Record<string, boolean>,
): Summary {
  let succeeded = 0;
  let clientIpPreserved = 0;
  let first: number | null = null;
  let last: number | null = null;
  let failedNew = 0;
  let broken = 0;
  const byReason: Partial<Record<OutcomeReason, number>> = {};
  const perPod = new Map<string, number>();
  for (const c of connections) {
    if (c.outcome === 'ok') {
      succeeded++;
      if (c.sourceSeenByPod === c.clientAddr.ip) clientIpPreserved++;
      if (c.pod) perPod.set(c.pod, (perPod.get(c.pod) ?? 0) + 1);
      continue;
    }
    byReason[c.reason] = (byReason[c.reason] ?? 0) + 1;
    if (c.reason === 'nodeWentDown') broken++;
    if (isSetupFailure(c)) {
      failedNew++;
      if (first === null || c.at < first) first = c.at;
      if (last === null || c.at > last) last = c.at;
    }
  }
  const podShare: Record<string, number> = {};
  for (const p of scenario.pods)
    if (p.node !== undefined) podShare[p.id] = succeeded ? (perPod.get(p.id) ?? 0) / succeeded : 0;
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
    connections: connections.length,
    succeeded,
    failed: connections.length - succeeded,
    clientIpPreserved,
    podShare,
    expectedShare: expectedShares(scenario, initialRules, rotation),
    disruption: {
      seconds: first === null || last === null ? 0 : last - first + 1 / scenario.traffic.rate,
      firstFailureAt: first,
      lastFailureAt: last,
    },
    nodes,
    failedByReason: byReason,
    failedNew,
    brokenEstablished: broken,
  };
}
