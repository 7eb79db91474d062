/**
 * One engine run folded into the small, clone-safe record the verdicts read (and a share link
 * can rebuild by running again): per node its state and role inputs at the start, per Pod its
 * measured and expected share, the failures and the drain what-if's window.
 */
import { nodeRuleSets } from '../sim/index.ts';
import { OUTCOME_REASONS } from '../sim/codes.ts';
import { announcesL2, LB_BEHAVIOUR } from '../sim/presets.ts';
import { connectionColumns } from '../sim/result.ts';
import { OUTCOME_CODE } from '../sim/columns.ts';
import { ESTABLISHED_CUT_REASONS, isSetupFailure } from '../sim/summary.ts';
import type {
  CloudPreset,
  ExternalTrafficPolicy,
  OutcomeReason,
  PodSpec,
  ProbeKind,
  SimResult,
} from '../sim/types.ts';

/** What one node is and did in a run. */
export interface NodeFacts {
  id: string;
  zone: string | null;
  /** Connections the load balancer sent to this node. */
  ingress: number;
  /** Pods of the Service placed here, and those ready at the start. */
  pods: number;
  readyPods: number;
  /** Endpoints kube-proxy uses here at the start (ready, else serving-terminating). */
  usable: number;
  /** Local endpoints that are terminating but still serving. */
  terminatingServing: number;
  /** In the load balancer's rotation at the start (MetalLB L2: the announcing node). */
  inRotation: boolean;
  /** The load balancer took it out during the run, at this time (s), or null. */
  markedDownAt: number | null;
  cordoned: boolean;
  toBeDeleted: boolean;
  excluded: boolean;
}

/** A Pod's share of succeeded connections: measured and the formula's (settled states, zones). */
export interface ShareFacts {
  pod: string;
  node: string | null;
  state: NonNullable<PodSpec['state']> | 'ready';
  share: number;
  expected: number;
}

/** A node action of the run's timeline after t = 0 (a drain or shutdown what-if). */
export interface DrainFacts {
  node: string;
  at: number;
}

/** Everything the verdicts read from a run; small and structured-clone safe. */
export interface RunFacts {
  policy: ExternalTrafficPolicy;
  preset: CloudPreset;
  probeKind: ProbeKind;
  probeInterval: number;
  probeThreshold: number;
  masquerade: boolean;
  /** The load balancer routes across zones (false: within each zone first). */
  crossZone: boolean;
  /** MetalLB layer 2: one node answers ARP for the IP. */
  l2: boolean;
  connections: number;
  succeeded: number;
  failed: number;
  clientIpPreserved: number;
  failedByReason: Partial<Record<OutcomeReason, number>>;
  brokenEstablished: number;
  /** Shares measured before the drain what-if (the whole run without one). */
  shares: ShareFacts[];
  nodes: NodeFacts[];
  disruption: { seconds: number; from: number | null; to: number | null };
  /** Stretches of failed new connections (SYN times, s), gaps over GAP_S split them. */
  spans: Array<[number, number]>;
  rate: number;
  drain: DrainFacts | null;
}

/** Failed new connections closer than this (s) belong to one stretch. */
export const GAP_S = 1;

/** Merge sorted failure times into stretches [first, last]. */
export function spansOf(times: readonly number[], gap = GAP_S): Array<[number, number]> {
  const sorted = [...times].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (const t of sorted) {
    const last = out[out.length - 1];
    if (last && t - last[1] <= gap) last[1] = t;
    else out.push([t, t]);
  }
  return out;
}

/** Per connection: ingress node, Pod, time and whether it failed at setup. */
function perConnection(
  result: SimResult,
  visit: (ingress: number, pod: number, at: number, failed: boolean, ok: boolean) => void,
): void {
  const s = result.resolved;
  const cols = connectionColumns(result);
  const cut = new Set(ESTABLISHED_CUT_REASONS.map((r) => OUTCOME_REASONS.indexOf(r)));
  if (cols) {
    for (let i = 0; i < cols.count; i++) {
      if (cols.direct[i]) continue;
      const failed = cols.outcome[i] !== OUTCOME_CODE.OK && !cut.has(cols.reason[i] ?? 0);
      visit(
        cols.ingress[i] ?? -1,
        cols.pod[i] ?? -1,
        cols.at[i] ?? 0,
        failed,
        cols.outcome[i] === OUTCOME_CODE.OK,
      );
    }
    return;
  }
  const nodeIdx = new Map(s.nodes.map((n, i) => [n.id, i]));
  const podIdx = new Map(s.pods.map((p, i) => [p.id, i]));
  for (const c of result.connections) {
    if (c.direct) continue;
    visit(
      c.ingressNode === null ? -1 : (nodeIdx.get(c.ingressNode) ?? -1),
      c.pod === null ? -1 : (podIdx.get(c.pod) ?? -1),
      c.at,
      isSetupFailure(c),
      c.outcome === 'ok',
    );
  }
}

/** Fold a run into the facts the verdicts need (in the process that ran it). */
export function factsOf(result: SimResult): RunFacts {
  const s = result.resolved;
  const drainAction = s.timeline.find(
    (a) => a.at > 0 && (a.type === 'drainNode' || a.type === 'shutdownNode'),
  );
  const drain =
    drainAction && drainAction.type !== 'deletePod'
      ? { node: drainAction.node, at: drainAction.at }
      : null;
  const ingress = new Array<number>(s.nodes.length).fill(0);
  const okBefore = new Array<number>(s.pods.length).fill(0);
  let okBeforeTotal = 0;
  const failures: number[] = [];
  perConnection(result, (node, pod, at, failed, ok) => {
    if (node >= 0) ingress[node] = (ingress[node] ?? 0) + 1;
    if (failed) failures.push(at);
    if (ok && pod >= 0 && (!drain || at < drain.at)) {
      okBefore[pod] = (okBefore[pod] ?? 0) + 1;
      okBeforeTotal++;
    }
  });
  const rules = nodeRuleSets(result);
  const rotation = result.initialLbRotation ?? {};
  const sum = result.summary;
  return {
    policy: s.service.externalTrafficPolicy,
    preset: s.loadBalancer.preset,
    probeKind: s.loadBalancer.probe.kind,
    probeInterval: s.loadBalancer.probe.interval,
    probeThreshold: s.loadBalancer.probe.unhealthyThreshold,
    masquerade: s.masquerade,
    crossZone: s.loadBalancer.crossZone ?? LB_BEHAVIOUR[s.loadBalancer.preset].crossZone,
    l2: announcesL2(s),
    connections: sum.connections,
    succeeded: sum.succeeded,
    failed: sum.failed,
    clientIpPreserved: sum.clientIpPreserved,
    failedByReason: { ...(sum.failedByReason ?? {}) },
    brokenEstablished: sum.brokenEstablished ?? 0,
    shares: s.pods.map((p, i) => ({
      pod: p.id,
      node: p.node ?? null,
      state: p.state ?? 'ready',
      share: okBeforeTotal > 0 ? (okBefore[i] ?? 0) / okBeforeTotal : 0,
      expected: sum.expectedShare[p.id] ?? 0,
    })),
    nodes: s.nodes.map((n, i) => {
      const mine = s.pods.filter((p) => p.node === n.id);
      const rs = rules[n.id]?.[0];
      return {
        id: n.id,
        zone: n.zone ?? null,
        ingress: ingress[i] ?? 0,
        pods: mine.length,
        readyPods: mine.filter((p) => p.state === undefined).length,
        usable: rs?.localEndpoints.length ?? 0,
        terminatingServing: mine.filter((p) => p.state === 'terminatingServing').length,
        inRotation: rotation[n.id] === true,
        markedDownAt: sum.nodes[n.id]?.markedDownAt ?? null,
        cordoned: n.cordoned === true,
        toBeDeleted: n.toBeDeleted === true,
        excluded: n.excludedFromLb === true,
      };
    }),
    disruption: {
      seconds: sum.disruption.seconds,
      from: sum.disruption.firstFailureAt,
      to: sum.disruption.lastFailureAt,
    },
    spans: spansOf(failures),
    rate: s.traffic.rate,
    drain,
  };
}
