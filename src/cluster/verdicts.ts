/**
 * Plain verdicts about an imported Service, derived from one engine run: does the Pod see the
 * client's address, how even is the load, which nodes get no traffic and why, how long a drain
 * breaks new connections. Two steps, both pure: `factsOf` folds a SimResult into a small,
 * clone-safe record (what the page keeps and a share link can rebuild), `verdictsOf` turns the
 * record into codes with parameters; the page's sentences are `cluster.verdict.<code>`.
 */
import { connectionColumns } from '../sim/simulate.ts';
import { nodeRuleSets } from '../sim/index.ts';
import { OUTCOME_REASONS } from '../sim/codes.ts';
import { ESTABLISHED_CUT_REASONS, isSetupFailure } from '../sim/summary.ts';
import type { ExternalTrafficPolicy, OutcomeReason, ProbeKind, SimResult } from '../sim/types.ts';
import type { Tone, Verdict, VerdictCode } from './codes.ts';

export {
  VERDICT_CODES,
  VERDICT_CODE_PARAMS,
  type Tone,
  type Verdict,
  type VerdictCode,
} from './codes.ts';

/** What one node did in a run. */
export interface NodeFacts {
  id: string;
  /** Connections the load balancer sent to this node. */
  ingress: number;
  /** Usable endpoints of the Service on this node at t = 0 (kube-proxy's KUBE-SVL set). */
  localEndpoints: number;
  /** Pods of the Service placed on this node. */
  pods: number;
  /** The load balancer took the node out of rotation at this time (s), or null. */
  markedDownAt: number | null;
  /** Cordoned or tainted for deletion at t = 0 (read from the dump). */
  cordonedAtStart: boolean;
  taintedAtStart: boolean;
}

/** A Pod's share of succeeded connections: measured and the formula's (1/P or 1/(N·k)). */
export interface ShareFacts {
  pod: string;
  node: string | null;
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
  probeKind: ProbeKind;
  probeInterval: number;
  probeThreshold: number;
  masquerade: boolean;
  connections: number;
  succeeded: number;
  failed: number;
  clientIpPreserved: number;
  failedByReason: Partial<Record<OutcomeReason, number>>;
  brokenEstablished: number;
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

/** Fold a run into the facts the verdicts need (in the process that ran it). */
export function factsOf(result: SimResult): RunFacts {
  const s = result.resolved;
  const ingress = new Map<string, number>(s.nodes.map((n) => [n.id, 0]));
  const failures: number[] = [];
  const cols = connectionColumns(result);
  const cut = new Set(ESTABLISHED_CUT_REASONS.map((r) => OUTCOME_REASONS.indexOf(r)));
  if (cols) {
    for (let i = 0; i < cols.count; i++) {
      if (cols.direct[i]) continue;
      const node = s.nodes[cols.ingress[i] ?? -1];
      if (node) ingress.set(node.id, (ingress.get(node.id) ?? 0) + 1);
      if (cols.outcome[i] !== 0 && !cut.has(cols.reason[i] ?? 0)) failures.push(cols.at[i] ?? 0);
    }
  } else {
    for (const c of result.connections) {
      if (c.direct) continue;
      if (c.ingressNode !== null) ingress.set(c.ingressNode, (ingress.get(c.ingressNode) ?? 0) + 1);
      if (isSetupFailure(c)) failures.push(c.at);
    }
  }
  const rules = nodeRuleSets(result);
  const atStart = (type: string, node: string): boolean =>
    s.timeline.some(
      (a) => a.at <= 0 && a.type === type && a.type !== 'deletePod' && a.node === node,
    );
  const podsOn = new Map<string, number>();
  for (const p of s.pods) if (p.node) podsOn.set(p.node, (podsOn.get(p.node) ?? 0) + 1);
  const drainAction = s.timeline.find(
    (a) => a.at > 0 && (a.type === 'drainNode' || a.type === 'shutdownNode'),
  );
  const sum = result.summary;
  return {
    policy: s.service.externalTrafficPolicy,
    probeKind: s.loadBalancer.probe.kind,
    probeInterval: s.loadBalancer.probe.interval,
    probeThreshold: s.loadBalancer.probe.unhealthyThreshold,
    masquerade: s.masquerade,
    connections: sum.connections,
    succeeded: sum.succeeded,
    failed: sum.failed,
    clientIpPreserved: sum.clientIpPreserved,
    failedByReason: { ...(sum.failedByReason ?? {}) },
    brokenEstablished: sum.brokenEstablished ?? 0,
    shares: s.pods.map((p) => ({
      pod: p.id,
      node: p.node ?? null,
      share: sum.podShare[p.id] ?? 0,
      expected: sum.expectedShare[p.id] ?? 0,
    })),
    nodes: s.nodes.map((n) => ({
      id: n.id,
      ingress: ingress.get(n.id) ?? 0,
      localEndpoints: rules[n.id]?.[0]?.localEndpoints.length ?? 0,
      pods: podsOn.get(n.id) ?? 0,
      markedDownAt: sum.nodes[n.id]?.markedDownAt ?? null,
      cordonedAtStart: atStart('cordonNode', n.id),
      taintedAtStart: atStart('taintToBeDeleted', n.id),
    })),
    disruption: {
      seconds: sum.disruption.seconds,
      from: sum.disruption.firstFailureAt,
      to: sum.disruption.lastFailureAt,
    },
    spans: spansOf(failures),
    rate: s.traffic.rate,
    drain:
      drainAction && drainAction.type !== 'deletePod'
        ? { node: drainAction.node, at: drainAction.at }
        : null,
  };
}

const pct = (x: number): number => Math.round(x * 1000) / 10;
const sec = (x: number): number => Math.round(x * 10) / 10;

/** The outcome reason most failures had (first on ties, in engine order). */
function topReason(byReason: RunFacts['failedByReason']): OutcomeReason {
  let best: OutcomeReason = 'served';
  let n = 0;
  for (const r of OUTCOME_REASONS) {
    const c = byReason[r] ?? 0;
    if (c > n) {
      best = r;
      n = c;
    }
  }
  return best;
}

/** Nodes named one by one; the rest are counted in `nodesServing`. */
const MAX_NODE_VERDICTS = 12;

/** The verdicts of one run, in reading order: client IP, load, nodes, failures, drain. */
export function verdictsOf(f: RunFacts): Verdict[] {
  const out: Verdict[] = [];
  const add = (
    id: string,
    code: VerdictCode,
    tone: Tone,
    params: Verdict['params'] = {},
    spans?: Verdict['spans'],
  ) => out.push({ id, code, tone, params, ...(spans ? { spans } : {}) });

  // 1. The source address the Pod sees.
  if (f.succeeded === 0) add('clientIp', 'noTraffic', 'bad', { total: f.connections });
  else if (f.clientIpPreserved === f.succeeded)
    add('clientIp', f.policy === 'Local' ? 'clientIpKeptLocal' : 'clientIpKept', 'good');
  else if (f.clientIpPreserved === 0)
    add(
      'clientIp',
      f.policy === 'Cluster' && f.masquerade ? 'clientIpLostCluster' : 'clientIpLost',
      'warn',
    );
  else
    add('clientIp', 'clientIpPartly', 'warn', {
      percent: pct(f.clientIpPreserved / f.succeeded),
    });

  // 2. How even the load is. Whether: by the formula (1/P or 1/(N·k); measured shares of many
  // Pods scatter too much to judge by), or a placed Pod that got nothing (a state the formula
  // does not see, such as a node the load balancer left out from the start). The numbers shown
  // are the measured ones.
  const serving = f.shares.filter((s) => s.share > 0);
  if (serving.length > 0) {
    const max = serving.reduce((a, b) => (b.share > a.share ? b : a));
    const min = serving.reduce((a, b) => (b.share < a.share ? b : a));
    const idle = f.shares.filter((s) => s.node !== null && s.share === 0).length;
    const formula = f.shares.map((s) => s.expected).filter((e) => e > 0);
    const skewed = formula.length > 0 && Math.max(...formula) >= Math.min(...formula) * 1.5;
    if (!skewed && idle === 0)
      add('share', 'shareEven', 'good', { pods: serving.length, percent: pct(1 / serving.length) });
    else
      add('share', f.policy === 'Local' ? 'shareUnevenLocal' : 'shareUneven', 'warn', {
        pod: max.pod,
        percent: pct(max.share),
        minPod: min.pod,
        minPercent: pct(min.share),
        idle,
      });
    if (idle > 0) add('idle', 'podsIdle', 'warn', { count: idle });
  }

  // 3. Nodes: the ones that get nothing, forward only, or leave the rotation; others counted.
  let named = 0;
  let fine = 0;
  const total = f.connections;
  for (const n of f.nodes) {
    const id = `node:${n.id}`;
    const p = { node: n.id };
    if (named >= MAX_NODE_VERDICTS) {
      if (n.ingress > 0 && n.localEndpoints > 0) fine++;
      continue;
    }
    if (n.ingress === 0) {
      named++;
      if (n.taintedAtStart) add(id, 'nodeNoTrafficTainted', 'warn', p);
      else if (f.policy === 'Local' && n.localEndpoints === 0)
        add(id, 'nodeNoTrafficLocal', 'warn', {
          ...p,
          probe: f.probeKind === 'httpHealthCheckNodePort' ? '503' : 'probe',
        });
      else if (n.markedDownAt !== null)
        add(id, 'nodeNoTrafficDown', 'warn', { ...p, at: sec(n.markedDownAt) });
      else add(id, 'nodeNoTraffic', 'warn', p);
    } else if (n.markedDownAt !== null && n.markedDownAt > 0) {
      named++;
      add(id, 'nodeTakenOut', 'warn', { ...p, at: sec(n.markedDownAt) });
    } else if (n.localEndpoints === 0 && f.policy === 'Cluster') {
      named++;
      add(id, 'nodeForwardsOnly', 'warn', {
        ...p,
        percent: total > 0 ? pct(n.ingress / total) : 0,
      });
    } else fine++;
  }
  if (fine > 0) add('nodes', 'nodesServing', 'good', { count: fine, total: f.nodes.length });

  // 4. Failed connections, with the engine's most common reason.
  const failedNew = f.failed - f.brokenEstablished;
  if (failedNew <= 0) add('failures', 'failuresNone', 'good', { total: f.connections });
  else
    add('failures', 'failuresSome', 'bad', {
      failed: failedNew,
      total: f.connections,
      reason: topReason(f.failedByReason),
    });
  if (f.brokenEstablished > 0) add('cut', 'establishedCut', 'bad', { count: f.brokenEstablished });

  // 5. The drain (a what-if, or a state read from the dump): the disruption window.
  if (f.drain) {
    if (f.spans.length > 0) {
      const seconds = f.spans.reduce((sum, [a, b]) => sum + (b - a) + 1 / f.rate, 0);
      add(
        'drain',
        'drainWindow',
        'bad',
        {
          node: f.drain.node,
          seconds: sec(seconds),
          from: sec(f.disruption.from ?? 0),
          to: sec(f.disruption.to ?? 0),
          threshold: f.probeThreshold,
          interval: f.probeInterval,
        },
        f.spans.map(([a, b]) => [sec(a), sec(b + 1 / f.rate)]),
      );
    } else add('drain', 'drainNoLoss', 'good', { node: f.drain.node });
  }
  return out;
}
