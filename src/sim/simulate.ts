/**
 * The discrete-event simulation: the lifecycles (lifecycle.ts) advance on a (time, sequence)
 * queue, and new connections, in arrival order, are routed over the state of that moment
 * (route.ts). Connections are kept in columns (typed arrays); the records of `SimResult
 * .connections` are built from them on first use, so a million-connection run that only needs
 * its summary never allocates a million objects.
 */
import { ipToInt } from './ip.ts';
import { Lifecycle } from './lifecycle.ts';
import {
  arrivingSource,
  clientSeenByApp,
  lbPathOf,
  proxyMismatch,
  viaLoadBalancer,
  type LbPath,
} from './clientIp.ts';
import { LIFECYCLE_DEFAULTS } from './params.ts';
import { resolvePods } from './placement.ts';
import { newRouted, pickIngress, routeConnection } from './route.ts';
import { OUTCOME_CODE, PATH_KIND, SOURCE_KIND, allocateColumns, type Columns } from './columns.ts';
import { createRng, type Rng } from './rng.ts';
import { usesEbpf } from './ebpf/config.ts';
import { routeEbpfConnection } from './ebpf/route.ts';
import { flowStability } from './ebpf/stability.ts';
import { summarizeColumns } from './summary.ts';
import { OUTCOME_REASONS, OUTCOMES } from './codes.ts';
import { SimRun } from './result.ts';
import type { ConnectionRecord, OutcomeReason, Scenario, SimEvent } from './types.ts';

/** Deterministic MASQUERADE source port (--random-fully) for a connection. */
export function masqPort(connection: number): number {
  return 32768 + ((Math.imul(connection + 1, 2654435761) >>> 0) % 28232);
}

/**
 * The source port a connection's SYN carries when it reaches the ingress node: a proxying LB's
 * own, a Pod caller's after its node's egress SNAT, else the client's (the trace uses the same).
 */
export function arrivingPort(
  path: LbPath,
  client: { node?: string | undefined },
  viaLb: boolean,
  connection: number,
  ownPort: number,
): number {
  if (!viaLb) return ownPort;
  if (path.proxy) return masqPort(connection + 7919);
  return client.node !== undefined ? masqPort(connection) : ownPort;
}

const REASON_INDEX = new Map(OUTCOME_REASONS.map((r, i) => [r, i]));
const reasonAt = (i: number): OutcomeReason => OUTCOME_REASONS[i] ?? 'served';

const pathCache = new WeakMap<Scenario, LbPath>();
function pathOf(s: Scenario): LbPath {
  let p = pathCache.get(s);
  if (!p) pathCache.set(s, (p = lbPathOf(s)));
  return p;
}

/** Build the record of connection `i` from the columns. */
export function recordOf(s: Scenario, c: Columns, i: number): ConnectionRecord {
  const client = s.clients[c.client[i] ?? 0] ?? { id: 'client', ip: '0.0.0.0' };
  const ingress = s.nodes[c.ingress[i] ?? -1];
  const pod = s.pods[c.pod[i] ?? -1];
  const source = c.source[i] ?? 0;
  const podNode = pod ? (s.nodes.find((n) => n.id === pod.node) ?? null) : null;
  const path = pathOf(s);
  const viaLb = viaLoadBalancer(path, client, c.direct[i] === 1);
  const seen =
    source === SOURCE_KIND.NONE
      ? null
      : source === SOURCE_KIND.CLIENT
        ? path.active
          ? arrivingSource(path, s, client, viaLb)
          : client.ip
        : source === SOURCE_KIND.BRIDGE
          ? bridgeOf(ingress?.podCidr)
          : (ingress?.ip ?? null);
  const app = clientSeenByApp(
    path,
    s,
    client,
    viaLb,
    seen,
    (c.outcome[i] ?? 0) === OUTCOME_CODE.OK,
  );
  const record: ConnectionRecord = {
    id: i,
    at: c.at[i] ?? 0,
    client: client.id,
    clientAddr: { ip: client.ip, port: c.clientPort[i] ?? 0 },
    ingressNode: ingress?.id ?? null,
    pod: pod?.id ?? null,
    podNode: podNode?.id ?? null,
    sourceSeenByPod: seen,
    clientSeenByApp: app.ip,
    clientSeenVia: app.via,
    outcome: OUTCOMES[c.outcome[i] ?? 0] ?? 'ok',
    reason: reasonAt(c.reason[i] ?? 0),
    endedAt: c.endedAt[i] ?? 0,
  };
  if (c.direct[i]) record.direct = true;
  return record;
}

const bridgeCache = new Map<string, string>();
function bridgeOf(cidr: string | undefined): string | null {
  if (!cidr) return null;
  let b = bridgeCache.get(cidr);
  if (b === undefined) {
    const [ip] = cidr.split('/');
    const n = ipToInt(ip ?? '0.0.0.0') + 1;
    b = [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    bridgeCache.set(cidr, b);
  }
  return b;
}

/** Run a scenario (already validated) deterministically for `seed`. */
export function simulateCore(input: Scenario, options: { seed?: number } = {}): SimRun {
  const seed = options.seed ?? 1;
  const trafficRng = createRng(seed, 0);
  const placementRng = createRng(seed, 1);
  const phaseRng = createRng(seed, 2);
  const pods = resolvePods(input, placementRng);
  const scenario: Scenario = { ...input, pods };
  const { traffic, lifecycle } = scenario;

  const connectTimeout = traffic.connectTimeout;
  const duration = traffic.connectionDuration ?? 0;
  const endTime = traffic.duration + Math.max(connectTimeout, duration) + 1;
  const lastActionAt = scenario.timeline.reduce((m, a) => Math.max(m, a.at), 0);
  const horizon = Math.max(
    endTime,
    lastActionAt +
      lifecycle.shutdownGracePeriod +
      (lifecycle.osShutdownSeconds ?? LIFECYCLE_DEFAULTS.osShutdownSeconds) +
      (lifecycle.bootSeconds ?? LIFECYCLE_DEFAULTS.bootSeconds) +
      1,
  );
  const lc = new Lifecycle(scenario, phaseRng, horizon);
  const crossZone = scenario.loadBalancer.crossZone ?? lc.behaviour.crossZone;

  // Arrivals: evenly spaced at `rate` (computed, not stored), merged with direct connections.
  const regularCount = Math.floor(traffic.rate * traffic.duration + 1e-9);
  const directPlan = [...(scenario.directConnections ?? [])].sort((a, b) => a.at - b.at);
  const total = regularCount + directPlan.length;
  const cols = allocateColumns(total);
  const clientIdx = new Map(scenario.clients.map((c, i) => [c.id, i]));
  const clientInts = scenario.clients.map((c) => ipToInt(c.ip));
  const portCounter = new Array<number>(scenario.clients.length).fill(0);
  const rand = (): number => trafficRng.next();
  const nodeIdx = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  let nextDirect = 0;
  let regular = 0;
  const routed = newRouted();
  const clientView = { ip: '', int: 0, port: 0 };
  // The eBPF data path (src/sim/ebpf/) takes the place of kube-proxy's rules on every node.
  const ebpf = usesEbpf(scenario);
  // Proxying LBs, PROXY protocol, ingress controllers and Pod callers; off for plain scenarios.
  const path = pathOf(scenario);
  const arriving = scenario.clients.map((c) => {
    const lb = arrivingSource(path, scenario, c, true);
    return { lb, lbInt: ipToInt(lb), own: ipToInt(c.ip) };
  });

  // Columns and loop-invariant values in locals: a page's first run goes through this loop in
  // V8's interpreter, where every `cols.x` and `traffic.y` is another property load.
  const { at: colAt, client: colClient, clientPort: colPort, ingress: colIngress } = cols;
  const { pod: colPod, outcome: colOutcome, reason: colReason, source: colSource } = cols;
  const { direct: colDirect, ruleset: colRuleset, endpoint: colEndpoint, endedAt } = cols;
  const clients = scenario.clients;
  const clientCount = clients.length;
  const rate = traffic.rate;
  const active = path.active;
  const servedReason = REASON_INDEX.get('served') ?? 0;
  for (let id = 0; id < total; id++) {
    const regularAt = regular < regularCount ? regular / rate : Infinity;
    const dc = directPlan[nextDirect];
    const direct = dc && dc.at < regularAt ? dc : undefined;
    if (direct) nextDirect++;
    const at = direct ? direct.at : regularAt;
    lc.advanceTo(at);
    const ci = direct ? (clientIdx.get(direct.client) ?? 0) : regular++ % clientCount;
    const client = clients[ci] ?? { id: 'client', ip: '0.0.0.0' };
    const sent = portCounter[ci] ?? 0;
    colPort[id] = 40000 + (sent % 20000);
    portCounter[ci] = sent + 1;
    const viaLb = active ? viaLoadBalancer(path, client, direct !== undefined) : !direct;
    // A Pod calling the LB IP under ipMode VIP never leaves its node (KUBE-SERVICES captures it).
    const podCall = !direct && !viaLb;
    const ingressIdx = direct
      ? (nodeIdx.get(direct.node) ?? -1)
      : podCall
        ? (nodeIdx.get(client.node ?? '') ?? -1)
        : pickIngress(lc, crossZone, trafficRng);
    const arr = arriving[ci];
    if (viaLb && active && arr) {
      clientView.ip = arr.lb;
      clientView.int = arr.lbInt;
    } else {
      clientView.ip = client.ip;
      clientView.int = clientInts[ci] ?? 0;
    }
    const pathKind = direct ? PATH_KIND.DIRECT : podCall ? PATH_KIND.POD : PATH_KIND.LB;
    if (ebpf) clientView.port = arrivingPort(path, client, viaLb, id, colPort[id] ?? 0);
    const r = ebpf
      ? routeEbpfConnection(lc, scenario, lc.nodes[ingressIdx], pathKind, clientView, rand, routed)
      : routeConnection(lc, scenario, lc.nodes[ingressIdx], pathKind, clientView, rand, routed, at);
    if (active && r.outcome === OUTCOME_CODE.OK) {
      const mismatch = proxyMismatch(path, viaLb);
      if (mismatch) {
        r.outcome = OUTCOME_CODE.RESET;
        r.reason = mismatch;
      }
    }
    const outcome = r.outcome;
    colAt[id] = at;
    colClient[id] = ci;
    colIngress[id] = r.ingress;
    colPod[id] = r.pod;
    colOutcome[id] = outcome;
    colReason[id] =
      outcome === OUTCOME_CODE.OK && r.reason === 'served'
        ? servedReason
        : (REASON_INDEX.get(r.reason) ?? 0);
    colSource[id] = r.source;
    colDirect[id] = direct ? 1 : 0;
    colRuleset[id] = r.ruleset;
    colEndpoint[id] = r.endpoint;
    endedAt[id] =
      outcome === OUTCOME_CODE.OK
        ? at + duration
        : outcome === OUTCOME_CODE.TIMEOUT || outcome === OUTCOME_CODE.DROPPED
          ? at + connectTimeout
          : at;
  }
  lc.finish();

  // Established connections cut later: a node on their path went off the network while open,
  // or (AWS NLB) the LB reset the flows of a node it marked unhealthy.
  if (duration > 0) cutEstablished(lc, cols, duration, connectTimeout);

  const events: SimEvent[] = lc.events;
  for (let i = 0; i < total; i++) {
    if (cols.outcome[i] === OUTCOME_CODE.OK) continue;
    events.push({
      at: cols.endedAt[i] ?? 0,
      type: 'connection.failed',
      connection: i,
      node: scenario.nodes[cols.ingress[i] ?? -1]?.id ?? null,
      reason: reasonAt(cols.reason[i] ?? 0),
    });
  }
  // Stable: equal times keep the order in which the lifecycle produced them.
  events.sort((a, b) => a.at - b.at);

  const summary = summarizeColumns(
    scenario,
    cols,
    events,
    lc.rulesets,
    lc.initialLbRotation,
    (i) => (path.active ? recordOf(scenario, cols, i) : null),
  );
  // On the eBPF data path: how the flows hold on to their backends (Maglev vs random).
  const flows = ebpf ? flowStability(scenario, lc, cols, seed) : null;
  if (flows) summary.flows = flows;

  return new SimRun(
    {
      scenario: scenario.id,
      seed,
      resolved: scenario,
      summary,
      events,
      initialLbRotation: lc.initialLbRotation,
    },
    cols,
    { scenario, rulesets: lc.rulesets, rulesetOf: cols.ruleset, endpointOf: cols.endpoint },
    (i) => recordOf(scenario, cols, i),
  );
}

function cutEstablished(
  lc: Lifecycle,
  cols: Columns,
  duration: number,
  connectTimeout: number,
): void {
  const reset = lc.behaviour.resetFlowsOnUnhealthy;
  const goneReason = REASON_INDEX.get('nodeWentDown') ?? 0;
  const resetReason = REASON_INDEX.get('lbReset') ?? 0;
  for (let i = 0; i < cols.count; i++) {
    if (cols.outcome[i] !== OUTCOME_CODE.OK) continue;
    const at = cols.at[i] ?? 0;
    const ingress = lc.nodes[cols.ingress[i] ?? -1];
    const pod = lc.pods[cols.pod[i] ?? -1];
    const podNode = pod ? lc.nodes[pod.nodeIdx] : undefined;
    const down = Math.min(firstAfter(ingress?.offlineAt, at), firstAfter(podNode?.offlineAt, at));
    // Direct connections bypass the LB, so its resets do not touch them.
    const lbCut = reset && !cols.direct[i] ? firstAfter(ingress?.markedDownAt, at) : Infinity;
    const cut = Math.min(down, lbCut);
    if (cut > at + duration) continue;
    if (lbCut < down) {
      cols.outcome[i] = OUTCOME_CODE.RESET;
      cols.reason[i] = resetReason;
      cols.endedAt[i] = lbCut;
    } else {
      cols.outcome[i] = OUTCOME_CODE.TIMEOUT;
      cols.reason[i] = goneReason;
      cols.endedAt[i] = cut + connectTimeout;
    }
  }
}

/** First time in an ascending list strictly after `t` (Infinity when none). */
function firstAfter(times: number[] | undefined, t: number): number {
  if (!times) return Infinity;
  for (const x of times) if (x > t) return x;
  return Infinity;
}

/** Re-export for callers that need the same generator. */
export type { Rng };
