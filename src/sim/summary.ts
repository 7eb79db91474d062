/** Summary statistics of a run: outcomes, per-pod shares, the disruption window, LB marks. */
import { OUTCOME_REASONS } from './codes.ts';
import { LB_BEHAVIOUR } from './presets.ts';
import type { NodeDataPath } from './dataPath.ts';
import { OUTCOME_CODE, SOURCE_KIND, type Columns } from './columns.ts';
import type { ConnectionRecord, OutcomeReason, Scenario, SimEvent, Summary } from './types.ts';

/**
 * The share of new connections each of these nodes (the LB's healthy targets) gets: 1/N over a
 * flat pool, or with a zonal LB (cross-zone off, AWS NLB's default; source:
 * aws-nlb-cross-zone-default) 1/Z over the Z zones that have one of them, then 1/N_z within the
 * zone (source: aws-nlb-zonal-dns). Nodes without a zone form one zone. The lab's stand-in LB
 * uses the same weights.
 */
export function lbNodeShares(
  scenario: Pick<Scenario, 'nodes' | 'loadBalancer'>,
  nodes: readonly string[],
): Map<string, number> {
  const crossZone =
    scenario.loadBalancer.crossZone ?? LB_BEHAVIOUR[scenario.loadBalancer.preset].crossZone;
  const zoneOf = (node: string): string =>
    crossZone ? '' : (scenario.nodes.find((n) => n.id === node)?.zone ?? '');
  const perZone = new Map<string, number>();
  for (const n of nodes) perZone.set(zoneOf(n), (perZone.get(zoneOf(n)) ?? 0) + 1);
  return new Map(nodes.map((n) => [n, 1 / (perZone.size * (perZone.get(zoneOf(n)) ?? 1))]));
}

/**
 * The formula share per pod at t=0. Cluster → 1/P over the P usable endpoints (source:
 * k8s-cluster-share). Local → the LB's share of the node (lbNodeShares over the nodes in rotation
 * with k_i ≥ 1 usable local endpoints) times 1/k_i (source: k8s-local-share): 1/(N·k) over a flat
 * pool, 1/Z · 1/N_z · 1/k behind a zonal LB.
 */
export function expectedShares(
  scenario: Scenario,
  initialRules: NodeDataPath[],
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
  const nodeShare = lbNodeShares(
    scenario,
    serving.map((rs) => rs.node),
  );
  for (const rs of serving) {
    const share = nodeShare.get(rs.node) ?? 0;
    for (const e of rs.localEndpoints) out[e.podId] = share / rs.localEndpoints.length;
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
  rulesets: NodeDataPath[],
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
    if (c.outcome[i] === OUTCOME_CODE.OK) {
      succeeded++;
      const rec = recordAt(i);
      if (rec) {
        if (rec.sourceSeenByPod === rec.clientAddr.ip) clientIpPreserved++;
        if (rec.clientSeenByApp === rec.clientAddr.ip) clientIpKnownToApp++;
      } else if (c.source[i] === SOURCE_KIND.CLIENT) {
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
    .filter((r): r is NodeDataPath => !!r);
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
