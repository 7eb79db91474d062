/**
 * Plain verdicts about an imported Service, derived from one engine run (facts.ts) and the
 * import's facts about the load balancer: does the Pod see the client's address, how even is the
 * load against the policy's own expectation, every node's role, what fails, how long a drain
 * breaks new connections. Each verdict names its mechanism; they are computed from one state, so
 * they cannot contradict each other. The page's sentences are `cluster.verdict.<code>`; the CLI
 * prints the same list as JSON (`verdicts`).
 */
import { OUTCOME_REASONS } from '../sim/codes.ts';
import type { OutcomeReason } from '../sim/types.ts';
import type { LbFacts } from '../importer/report.ts';
import { UNEVEN_RATIO, type Tone, type Verdict, type VerdictCode } from './codes.ts';
import type { RunFacts, ShareFacts } from './facts.ts';
import { nodeVerdicts } from './nodeRoles.ts';

export {
  VERDICT_CODES,
  VERDICT_CODE_PARAMS,
  type Tone,
  type Verdict,
  type VerdictCode,
} from './codes.ts';
export { factsOf, spansOf, GAP_S, type RunFacts } from './facts.ts';

/** The load balancer as the import saw it; a scenario without an import is a cloud's, instance targets. */
export const DEFAULT_LB: LbFacts = {
  kind: 'cloud',
  targetType: 'instance',
  preserveClientIp: true,
  proxyProtocol: false,
};

const pct = (x: number): number => Math.round(x * 1000) / 10;
const sec = (x: number): number => Math.round(x * 10) / 10;
const ratio = (x: number): number => Math.round(x * 10) / 10;

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

/** Verdicts collect here in reading order. */
class Out {
  readonly list: Verdict[] = [];
  add(
    id: string,
    code: VerdictCode,
    tone: Tone,
    params: Verdict['params'] = {},
    spans?: Verdict['spans'],
  ): void {
    this.list.push({ id, code, tone, params, ...(spans ? { spans } : {}) });
  }
}

/** The verdicts of one run, in reading order: path, client IP, load, nodes, failures, drain. */
export function verdictsOf(f: RunFacts, lb: LbFacts = DEFAULT_LB): Verdict[] {
  const out = new Out();
  if (lb.targetType === 'ip') {
    ipTargetVerdicts(f, lb, out);
    return out.list;
  }
  clientIpVerdict(f, lb, out);
  shareVerdicts(f, out);
  out.list.push(...nodeVerdicts(f, lb));
  failureVerdicts(f, out);
  return out.list;
}

/** The source address the Pod sees (the app may learn more from a PROXY header). */
function clientIpVerdict(f: RunFacts, lb: LbFacts, out: Out): void {
  if (f.succeeded === 0) out.add('clientIp', 'noTraffic', 'bad', { total: f.connections });
  else if (f.clientIpPreserved === f.succeeded)
    out.add('clientIp', f.policy === 'Local' ? 'clientIpKeptLocal' : 'clientIpKept', 'good');
  else if (lb.proxyProtocol) out.add('clientIp', 'clientIpProxyProtocol', 'good');
  else if (f.clientIpPreserved === 0)
    out.add(
      'clientIp',
      f.policy === 'Cluster' && f.masquerade ? 'clientIpLostCluster' : 'clientIpLost',
      'warn',
    );
  else
    out.add('clientIp', 'clientIpPartly', 'warn', {
      percent: pct(f.clientIpPreserved / f.succeeded),
    });
}

/** Spread of the expected shares over the Pods that serve (expected > 0). */
function spread(serving: readonly ShareFacts[]): {
  max: ShareFacts;
  min: ShareFacts;
  ratio: number;
} | null {
  if (serving.length === 0) return null;
  const max = serving.reduce((a, b) => (b.expected > a.expected ? b : a));
  const min = serving.reduce((a, b) => (b.expected < a.expected ? b : a));
  return { max, min, ratio: max.expected / min.expected };
}

/**
 * How even the load is, judged by the policy's own expectation (1/P under Cluster; under Local
 * 1/(N·k), per zone first when the load balancer routes within zones). The numbers the page shows
 * are the expectation and, beside it, what the run measured.
 */
function shareVerdicts(f: RunFacts, out: Out): void {
  const serving = f.shares.filter((s) => s.expected > 0);
  const sp = spread(serving);
  if (!sp) return;
  const zones = new Set(f.nodes.filter((n) => n.usable > 0).map((n) => n.zone ?? ''));
  if (sp.ratio <= UNEVEN_RATIO)
    out.add('share', 'shareEven', 'good', {
      count: serving.length,
      percent: pct(sp.max.expected),
      threshold: UNEVEN_RATIO,
    });
  else {
    // Zones cause it when the same Pods would be even with one flat pool: 1/(N·k).
    const flat = f.nodes.filter((n) => n.inRotation && n.usable > 0);
    const flatRatio =
      Math.max(...flat.map((n) => n.usable)) / Math.min(...flat.map((n) => n.usable));
    const zonal = !f.crossZone && zones.size > 1 && flatRatio <= UNEVEN_RATIO;
    out.add(
      'share',
      zonal ? 'shareUnevenZones' : f.policy === 'Local' ? 'shareUnevenLocal' : 'shareUneven',
      'warn',
      {
        pod: sp.max.pod,
        percent: pct(sp.max.expected),
        measured: pct(sp.max.share),
        minPod: sp.min.pod,
        minPercent: pct(sp.min.expected),
        minMeasured: pct(sp.min.share),
        ratio: ratio(sp.ratio),
        threshold: UNEVEN_RATIO,
        zones: zones.size,
      },
    );
  }
  // Ready Pods the formula gives nothing (their node is out of rotation or excluded).
  const idle = f.shares.filter((s) => s.node !== null && s.state === 'ready' && s.expected === 0);
  if (idle.length > 0) out.add('idle', 'podsIdle', 'warn', { count: idle.length });
}

/** Failed new connections, established ones cut, and the drain what-if's window. */
function failureVerdicts(f: RunFacts, out: Out): void {
  const failedNew = f.failed - f.brokenEstablished;
  if (failedNew <= 0) out.add('failures', 'failuresNone', 'good', { total: f.connections });
  else
    out.add('failures', 'failuresSome', 'bad', {
      failed: failedNew,
      total: f.connections,
      reason: topReason(f.failedByReason),
    });
  if (f.brokenEstablished > 0)
    out.add('cut', 'establishedCut', 'bad', { count: f.brokenEstablished });
  if (!f.drain) return;
  if (f.spans.length === 0) {
    out.add('drain', 'drainNoLoss', 'good', { node: f.drain.node });
    return;
  }
  const seconds = f.spans.reduce((sum, [a, b]) => sum + (b - a) + 1 / f.rate, 0);
  // An AWS NLB also marks targets down from failed connections (passive health checks, not
  // configurable): the window from the active checks is an upper bound (source: aws-nlb-passive-checks).
  const nlb = f.preset === 'aws-nlb' || f.preset === 'aws-lbc' || f.preset === 'aws-shared';
  out.add(
    'drain',
    nlb ? 'drainWindowUpperBound' : 'drainWindow',
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
}

/**
 * IP targets: the load balancer sends to the Pods' addresses, so what the Pod sees follows from
 * the target group's client IP preservation, and the split from the Pods per zone (source:
 * aws-nlb-client-ip-preservation, aws-nlb-cross-zone-default); the engine's run (through the nodes) is not used here.
 */
function ipTargetVerdicts(f: RunFacts, lb: LbFacts, out: Out): void {
  out.add('path', 'ipTargetsPath', 'warn');
  out.add(
    'clientIp',
    lb.preserveClientIp
      ? 'clientIpIpTargetsKept'
      : lb.proxyProtocol
        ? 'clientIpProxyProtocol'
        : 'clientIpIpTargetsLost',
    lb.preserveClientIp || lb.proxyProtocol ? 'good' : 'warn',
  );
  const zoneOf = new Map(f.nodes.map((n) => [n.id, n.zone ?? '']));
  const serving = f.shares.filter(
    (s) => s.node !== null && (s.state === 'ready' || s.state === 'terminatingServing'),
  );
  const perZone = new Map<string, number>();
  for (const s of serving) {
    const z = f.crossZone ? '' : (zoneOf.get(s.node ?? '') ?? '');
    perZone.set(z, (perZone.get(z) ?? 0) + 1);
  }
  const expected = serving.map((s) => {
    const z = f.crossZone ? '' : (zoneOf.get(s.node ?? '') ?? '');
    return { ...s, expected: 1 / (perZone.size * (perZone.get(z) ?? 1)) };
  });
  const sp = spread(expected);
  if (sp) {
    if (sp.ratio <= UNEVEN_RATIO)
      out.add('share', 'shareEven', 'good', {
        count: expected.length,
        percent: pct(sp.max.expected),
        threshold: UNEVEN_RATIO,
      });
    else
      out.add('share', 'shareUnevenZones', 'warn', {
        pod: sp.max.pod,
        percent: pct(sp.max.expected),
        minPod: sp.min.pod,
        minPercent: pct(sp.min.expected),
        ratio: ratio(sp.ratio),
        threshold: UNEVEN_RATIO,
        zones: perZone.size,
      });
  }
  out.add('nodes', 'nodesNotInPath', 'good', { count: f.nodes.length });
}
