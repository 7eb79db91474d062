/**
 * The discrete-event simulation: lifecycles (nodes, pods, LB backends) are xstate machines
 * driven purely with `transition()` from a (time, sequence) priority queue; connections are
 * computed by a fast pure function over the current state snapshot, in arrival order.
 */
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { createIcmpLimiter } from './icmp.ts';
import { bridgeIp, clusterCidrOf, ipToInt } from './ip.ts';
import { compileRules, evaluateNew, type Endpoint, type RuleSet } from './kubeProxy.ts';
import { lbBackendMachine } from './machines/lbBackendMachine.ts';
import { nodeMachine, type NodeEvent } from './machines/nodeMachine.ts';
import { podMachine, type PodEvent } from './machines/podMachine.ts';
import { resolvePods } from './placement.ts';
import { answerProbe, type ProbeAnswer } from './probes.ts';
import { createRng, type Rng } from './rng.ts';
import { EventQueue } from './scheduler.ts';
import { summarize } from './summary.ts';
import type {
  Action,
  ConnectionRecord,
  EndpointConditions,
  NodeSpec,
  Outcome,
  OutcomeReason,
  PodSpec,
  Scenario,
  SimEvent,
  SimResult,
} from './types.ts';

type NodeSnap = SnapshotFrom<typeof nodeMachine>;
type PodSnap = SnapshotFrom<typeof podMachine>;
type BackendSnap = SnapshotFrom<typeof lbBackendMachine>;

/** Runtime state of a node, mirrored from its machine snapshot for the fast path. */
export interface NodeRt {
  spec: NodeSpec;
  idx: number;
  snap: NodeSnap;
  forwarding: boolean;
  kubeProxyRunning: boolean;
  tainted: boolean;
  bridge: string;
  rules: RuleSet;
  syncPending: boolean;
  /** Times the node went off the network, ascending. */
  offlineAt: number[];
}

/** Runtime state of a pod. */
export interface PodRt {
  spec: PodSpec;
  idx: number;
  nodeIdx: number;
  snap: PodSnap;
  /** Process can accept connections. */
  alive: boolean;
  inSlice: boolean;
  cond: EndpointConditions;
}

/** What a simulation keeps besides its public result, so traces can be rebuilt lazily. */
export interface SimInternal {
  scenario: Scenario;
  rulesets: RuleSet[];
  /** Per connection: ruleset id on the ingress node (-1: no node evaluated rules). */
  rulesetOf: Int32Array;
  /** Per connection: endpoint index the rules DNATed to (-1: none). */
  endpointOf: Int32Array;
  /** Per connection: MASQUERADE source port chosen (--random-fully). */
  nodeIps: Map<string, string>;
}

type QEvent =
  | { k: 'action'; action: Action }
  | { k: 'probe'; node: number }
  | { k: 'probeResult'; node: number; answer: ProbeAnswer }
  | { k: 'sync'; node: number }
  | { k: 'podExit'; pod: number }
  | { k: 'kubeProxyStop'; node: number }
  | { k: 'powerOff'; node: number }
  | { k: 'booted'; node: number }
  | { k: 'nodeNotReady'; node: number };

const internals = new WeakMap<SimResult, SimInternal>();

/** The internal data of a result computed in this process (undefined after cloning). */
export function internalOf(result: SimResult): SimInternal | undefined {
  return internals.get(result);
}

/** Endpoint conditions a pod state publishes; null when the pod is not in the EndpointSlice. */
function conditionsOf(state: string): EndpointConditions | null {
  switch (state) {
    case 'ready':
      return { ready: true, serving: true, terminating: false };
    case 'terminatingServing':
      return { ready: false, serving: true, terminating: true };
    case 'terminatingNotServing':
      return { ready: false, serving: false, terminating: true };
    case 'notReady':
      return { ready: false, serving: false, terminating: false };
    default:
      return null;
  }
}

/** Deterministic MASQUERADE source port (--random-fully) for a connection. */
export function masqPort(connection: number): number {
  return 32768 + ((Math.imul(connection + 1, 2654435761) >>> 0) % 28232);
}

/** Run a scenario (already validated) deterministically for `seed`. */
export function simulateCore(input: Scenario, options: { seed?: number } = {}): SimResult {
  const seed = options.seed ?? 1;
  const trafficRng = createRng(seed, 0);
  const placementRng = createRng(seed, 1);
  const phaseRng = createRng(seed, 2);
  const pods = resolvePods(input, placementRng);
  const scenario: Scenario = { ...input, pods };
  const { service, lifecycle, loadBalancer } = scenario;
  const probe = loadBalancer.probe;
  const events: SimEvent[] = [];
  const queue = new EventQueue<QEvent>();
  const rulesets: RuleSet[] = [];
  const nodeIdx = new Map(scenario.nodes.map((n, i) => [n.id, i]));

  const podRts: PodRt[] = pods.map((spec, idx) => {
    const [initial] = initialTransition(podMachine);
    const ni = spec.node === undefined ? -1 : (nodeIdx.get(spec.node) ?? -1);
    const snap = ni >= 0 ? transition(podMachine, initial, { type: 'START' })[0] : initial;
    const cond = conditionsOf(String(snap.value));
    return {
      spec,
      idx,
      nodeIdx: ni,
      snap,
      alive: ni >= 0,
      inSlice: cond !== null,
      cond: cond ?? { ready: false, serving: false, terminating: false },
    };
  });

  const sliceEndpoints = (): Endpoint[] =>
    podRts.flatMap((p) => {
      const node = scenario.nodes[p.nodeIdx];
      return p.inSlice && node
        ? [{ pod: p.idx, podId: p.spec.id, ip: p.spec.ip ?? '0.0.0.0', node: node.id, ...p.cond }]
        : [];
    });

  const compileFor = (node: NodeSpec): RuleSet => {
    const rs = compileRules({
      id: rulesets.length,
      service,
      node: node.id,
      nodeIp: node.ip,
      frontendIp: loadBalancer.frontendIp,
      masquerade: scenario.masquerade,
      endpoints: sliceEndpoints(),
      clusterCidr: clusterCidrOf(scenario.nodes.map((n) => n.podCidr)),
    });
    rulesets.push(rs);
    return rs;
  };

  const nodeRts: NodeRt[] = scenario.nodes.map((spec, idx) => {
    const [snap] = initialTransition(nodeMachine);
    return {
      spec,
      idx,
      snap,
      forwarding: true,
      kubeProxyRunning: true,
      tainted: false,
      bridge: bridgeIp(spec.podCidr),
      rules: compileFor(spec),
      syncPending: false,
      offlineAt: [],
    };
  });

  const isPodAlive = (i: number): boolean => {
    const p = podRts[i];
    return !!p && p.alive && (nodeRts[p.nodeIdx]?.forwarding ?? false);
  };

  // LB backends start in the state their probes settled on long before t=0.
  const backendSnaps: BackendSnap[] = [];
  const healthy: boolean[] = [];
  const initialLbRotation: Record<string, boolean> = {};
  for (const n of nodeRts) {
    const ok = answerProbe(n, probe, service, isPodAlive).ok;
    const [snap] = initialTransition(lbBackendMachine, {
      unhealthyThreshold: probe.unhealthyThreshold,
      healthyThreshold: probe.healthyThreshold,
      initiallyHealthy: ok,
    });
    backendSnaps.push(snap);
    healthy.push(snap.value === 'healthy');
    initialLbRotation[n.spec.id] = snap.value === 'healthy';
  }
  let healthyList = nodeRts.filter((n) => healthy[n.idx]).map((n) => n.idx);

  const endTime =
    scenario.traffic.duration +
    Math.max(scenario.traffic.connectTimeout, scenario.traffic.connectionDuration ?? 0) +
    1;
  const lastActionAt = scenario.timeline.reduce((m, a) => Math.max(m, a.at), 0);
  const horizon = Math.max(
    endTime,
    lastActionAt + lifecycle.shutdownGracePeriod + (lifecycle.bootSeconds ?? 30) + 1,
  );

  for (const action of scenario.timeline) queue.push(action.at, { k: 'action', action });
  for (const n of nodeRts) {
    const fixed = loadBalancer.probePhase?.[n.spec.id];
    const phase = fixed ?? Math.floor(phaseRng.next() * probe.interval * 1000) / 1000;
    queue.push(phase, { k: 'probe', node: n.idx });
  }

  const sendNode = (n: NodeRt, event: NodeEvent): void => {
    const [snap] = transition(nodeMachine, n.snap, event);
    n.snap = snap;
    n.forwarding = snap.context.forwarding;
    n.kubeProxyRunning = snap.context.kubeProxyRunning;
    n.tainted = snap.context.tainted;
  };

  const requestSyncs = (t: number): void => {
    for (const n of nodeRts) {
      if (n.kubeProxyRunning && !n.syncPending) {
        n.syncPending = true;
        queue.push(t + lifecycle.proxySyncDelay, { k: 'sync', node: n.idx });
      }
    }
  };

  const sendPod = (p: PodRt, event: PodEvent, t: number): void => {
    const [snap] = transition(podMachine, p.snap, event);
    const before = p.snap.value;
    p.snap = snap;
    p.alive = snap.context.alive;
    const nodeId = scenario.nodes[p.nodeIdx]?.id ?? '';
    if (snap.value === before) return;
    const cond = conditionsOf(String(snap.value));
    p.inSlice = cond !== null;
    if (cond) {
      p.cond = cond;
      events.push({ at: t, type: 'endpoint.changed', pod: p.spec.id, conditions: cond });
    }
    if (snap.value === 'exited')
      events.push({ at: t, type: 'pod.exited', pod: p.spec.id, node: nodeId });
    if (snap.value === 'ready')
      events.push({ at: t, type: 'pod.ready', pod: p.spec.id, node: nodeId });
    if (snap.value === 'notReady')
      events.push({ at: t, type: 'pod.notReady', pod: p.spec.id, node: nodeId });
    requestSyncs(t);
  };

  const deletePod = (p: PodRt, t: number, grace: number): void => {
    const state = String(p.snap.value);
    if (state !== 'ready' && state !== 'notReady') return;
    const nodeId = scenario.nodes[p.nodeIdx]?.id ?? '';
    events.push({ at: t, type: 'pod.terminating', pod: p.spec.id, node: nodeId });
    sendPod(p, { type: 'DELETE', servesWhileTerminating: lifecycle.servesWhileTerminating }, t);
    // preStop runs first; the app exits on SIGTERM right after it, within the grace period.
    if (String(p.snap.value) !== 'exited') {
      queue.push(t + Math.min(lifecycle.preStopSeconds, grace), { k: 'podExit', pod: p.idx });
    }
  };

  const goOffline = (n: NodeRt, t: number): void => {
    if (!n.forwarding && String(n.snap.value) === 'offline') return;
    const wasRunning = n.kubeProxyRunning;
    sendNode(n, { type: 'POWER_OFF' });
    n.offlineAt.push(t);
    if (wasRunning) events.push({ at: t, type: 'kubeProxy.stopped', node: n.spec.id });
    events.push({ at: t, type: 'node.offline', node: n.spec.id });
    let lost = false;
    for (const p of podRts) {
      if (p.nodeIdx !== n.idx) continue;
      const state = String(p.snap.value);
      if (state.startsWith('terminating')) sendPod(p, { type: 'NODE_DOWN' }, t);
      else if (state === 'ready' && p.alive) {
        // The API still shows the pod Ready until the node controller notices.
        const [snap] = transition(podMachine, p.snap, { type: 'NODE_DOWN' });
        p.snap = snap;
        p.alive = false;
        lost = true;
      }
    }
    if (lost)
      queue.push(t + (lifecycle.nodeMonitorGracePeriod ?? 40), { k: 'nodeNotReady', node: n.idx });
  };

  const runAction = (a: Action, t: number): void => {
    if (a.type === 'deletePod') {
      const p = podRts.find((x) => x.spec.id === a.pod);
      if (p) deletePod(p, t, lifecycle.terminationGracePeriodSeconds);
      return;
    }
    const n = nodeRts[nodeIdx.get(a.node) ?? -1];
    if (!n) return;
    const state = String(n.snap.value);
    switch (a.type) {
      case 'cordonNode':
      case 'drainNode':
        if (!n.snap.context.cordoned) {
          sendNode(n, { type: 'CORDON' });
          events.push({ at: t, type: 'node.cordoned', node: n.spec.id });
        }
        if (a.type === 'drainNode') {
          // kubectl drain evicts every non-DaemonSet pod; kube-proxy (a DaemonSet) stays.
          for (const p of podRts) {
            if (p.nodeIdx === n.idx) deletePod(p, t, lifecycle.terminationGracePeriodSeconds);
          }
        }
        return;
      case 'uncordonNode':
        if (n.snap.context.cordoned) {
          sendNode(n, { type: 'UNCORDON' });
          events.push({ at: t, type: 'node.uncordoned', node: n.spec.id });
        }
        return;
      case 'taintToBeDeleted':
        if (!n.tainted) {
          sendNode(n, { type: 'TAINT' });
          events.push({
            at: t,
            type: 'node.tainted',
            node: n.spec.id,
            taint: 'ToBeDeletedByClusterAutoscaler',
          });
        }
        return;
      case 'shutdownNode': {
        if (state !== 'ready' && state !== 'cordoned') return;
        sendNode(n, { type: 'SHUTDOWN' });
        events.push({ at: t, type: 'node.shuttingDown', node: n.spec.id });
        const regular = Math.max(
          0,
          lifecycle.shutdownGracePeriod - lifecycle.shutdownGracePeriodCriticalPods,
        );
        for (const p of podRts) {
          if (p.nodeIdx === n.idx)
            deletePod(p, t, Math.min(regular, lifecycle.terminationGracePeriodSeconds));
        }
        // Critical pods (kube-proxy) stop in the second phase; then the machine powers off.
        queue.push(t + regular, { k: 'kubeProxyStop', node: n.idx });
        queue.push(t + Math.max(lifecycle.shutdownGracePeriod, regular), {
          k: 'powerOff',
          node: n.idx,
        });
        return;
      }
      case 'powerOffNode':
        goOffline(n, t);
        return;
      case 'powerOnNode':
        if (state !== 'offline') return;
        sendNode(n, { type: 'POWER_ON' });
        events.push({ at: t, type: 'node.booting', node: n.spec.id });
        queue.push(t + (lifecycle.bootSeconds ?? 30), { k: 'booted', node: n.idx });
        return;
    }
  };

  const process = (at: number, ev: QEvent): void => {
    switch (ev.k) {
      case 'action':
        runAction(ev.action, at);
        return;
      case 'probe': {
        const n = nodeRts[ev.node];
        if (!n) return;
        const answer = answerProbe(n, probe, service, isPodAlive);
        queue.push(at + answer.delay, { k: 'probeResult', node: n.idx, answer });
        if (at + probe.interval <= horizon)
          queue.push(at + probe.interval, { k: 'probe', node: n.idx });
        return;
      }
      case 'probeResult': {
        const n = nodeRts[ev.node];
        const snap = backendSnaps[ev.node];
        if (!n || !snap) return;
        const a = ev.answer;
        events.push({
          at,
          type: 'probe.result',
          node: n.spec.id,
          kind: probe.kind,
          ok: a.ok,
          status: a.status,
          ...(a.localEndpoints === undefined ? {} : { localEndpoints: a.localEndpoints }),
          ...(a.serviceProxyHealthy === undefined
            ? {}
            : { serviceProxyHealthy: a.serviceProxyHealthy }),
        });
        const [next] = transition(lbBackendMachine, snap, {
          type: a.ok ? 'PROBE_OK' : 'PROBE_FAIL',
        });
        backendSnaps[ev.node] = next;
        const nowHealthy = next.value === 'healthy';
        if (nowHealthy !== healthy[ev.node]) {
          healthy[ev.node] = nowHealthy;
          healthyList = nodeRts.filter((x) => healthy[x.idx]).map((x) => x.idx);
          events.push({
            at,
            type: nowHealthy ? 'lb.backendUp' : 'lb.backendDown',
            node: n.spec.id,
          });
        }
        return;
      }
      case 'sync': {
        const n = nodeRts[ev.node];
        if (!n) return;
        n.syncPending = false;
        if (!n.kubeProxyRunning) return;
        n.rules = compileFor(n.spec);
        events.push({ at, type: 'kubeProxy.synced', node: n.spec.id });
        return;
      }
      case 'podExit': {
        const p = podRts[ev.pod];
        if (p) sendPod(p, { type: 'EXIT' }, at);
        return;
      }
      case 'kubeProxyStop': {
        const n = nodeRts[ev.node];
        if (!n || !n.kubeProxyRunning || String(n.snap.value) !== 'shuttingDown') return;
        sendNode(n, { type: 'KUBE_PROXY_STOP' });
        events.push({ at, type: 'kubeProxy.stopped', node: n.spec.id });
        return;
      }
      case 'powerOff': {
        const n = nodeRts[ev.node];
        if (n && String(n.snap.value) === 'shuttingDown') goOffline(n, at);
        return;
      }
      case 'booted': {
        const n = nodeRts[ev.node];
        if (!n || String(n.snap.value) !== 'booting') return;
        sendNode(n, { type: 'BOOTED' });
        events.push({ at, type: 'node.online', node: n.spec.id });
        events.push({ at, type: 'kubeProxy.started', node: n.spec.id });
        for (const p of podRts) if (p.nodeIdx === n.idx) sendPod(p, { type: 'NODE_UP' }, at);
        n.rules = compileFor(n.spec);
        events.push({ at, type: 'kubeProxy.synced', node: n.spec.id });
        return;
      }
      case 'nodeNotReady': {
        for (const p of podRts) {
          if (p.nodeIdx === ev.node && String(p.snap.value) === 'ready' && !p.alive) {
            sendPod(p, { type: 'NODE_NOT_READY' }, at);
          }
        }
        return;
      }
    }
  };

  // Connections, in arrival order, interleaved with the queue.
  // Arrivals: evenly spaced at `rate` (computed, not stored), merged with direct connections.
  const regularCount = Math.floor(scenario.traffic.rate * scenario.traffic.duration + 1e-9);
  const directPlan = [...(scenario.directConnections ?? [])].sort((a, b) => a.at - b.at);
  const total = regularCount + directPlan.length;
  let nextDirect = 0;
  const connections: ConnectionRecord[] = new Array<ConnectionRecord>(total);
  const rulesetOf = new Int32Array(total).fill(-1);
  const endpointOf = new Int32Array(total).fill(-1);
  const clientIdx = new Map(scenario.clients.map((c, i) => [c.id, i]));
  const clientInts = scenario.clients.map((c) => ipToInt(c.ip));
  const portCounter = new Array<number>(scenario.clients.length).fill(0);
  const rand = (): number => trafficRng.next();
  const icmpAllowed = createIcmpLimiter();
  const { connectTimeout } = scenario.traffic;
  const duration = scenario.traffic.connectionDuration ?? 0;
  let regular = 0;

  for (let id = 0; id < total; id++) {
    const regularAt = regular < regularCount ? regular / scenario.traffic.rate : Infinity;
    const dc = directPlan[nextDirect];
    const direct = dc && dc.at < regularAt ? dc : undefined;
    if (direct) nextDirect++;
    const arrival = { at: direct ? direct.at : regularAt, direct: direct ?? null };
    const at = arrival.at;
    while (queue.peekTime() <= at) {
      const next = queue.pop();
      if (next) process(next.at, next.item);
    }
    const ci = arrival.direct
      ? (clientIdx.get(arrival.direct.client) ?? 0)
      : regular++ % scenario.clients.length;
    const client = scenario.clients[ci] ?? { id: 'client', ip: '0.0.0.0' };
    const port = 40000 + ((portCounter[ci] ?? 0) % 20000);
    portCounter[ci] = (portCounter[ci] ?? 0) + 1;
    let ingress: NodeRt | undefined;
    let outcome: Outcome = 'ok';
    let reason: OutcomeReason = 'served';
    let pod: PodRt | undefined;
    let source: string | null = null;
    if (arrival.direct) {
      ingress = nodeRts[nodeIdx.get(arrival.direct.node) ?? -1];
    } else if (healthyList.length > 0) {
      ingress = nodeRts[healthyList[trafficRng.int(healthyList.length)] ?? -1];
    }
    if (!ingress) {
      outcome = 'timeout';
      reason = 'noHealthyBackends';
    } else if (!ingress.forwarding) {
      outcome = 'timeout';
      reason = 'nodeOffline';
    } else {
      const rs = ingress.rules;
      rulesetOf[id] = rs.id;
      const direct = arrival.direct !== null || loadBalancer.delivery === 'nodePort';
      const verdict = evaluateNew(
        rs,
        {
          srcIp: client.ip,
          srcInt: clientInts[ci] ?? 0,
          dstIp: direct ? ingress.spec.ip : loadBalancer.frontendIp,
          dstPort: direct ? service.nodePort : service.port,
          srcLocal: false,
        },
        rand,
        null,
      );
      if (verdict.kind === 'drop') {
        outcome = 'dropped';
        reason = 'noLocalEndpoints';
      } else if (verdict.kind === 'reject' || verdict.kind === 'accept') {
        // REJECT answers with ICMP port unreachable, within the kernel's ICMP rate limit.
        const answered = icmpAllowed(ingress.spec.id, client.ip, at);
        outcome = answered ? 'reset' : 'timeout';
        reason = answered ? 'noEndpoints' : 'icmpRateLimited';
      } else {
        endpointOf[id] = verdict.endpoint;
        const ep = rs.endpoints[verdict.endpoint];
        pod = ep ? podRts[ep.pod] : undefined;
        const podNode = pod ? nodeRts[pod.nodeIdx] : undefined;
        const sameNode = podNode === ingress;
        if (!pod || !podNode || !podNode.forwarding) {
          outcome = 'timeout';
          reason = 'endpointUnreachable';
        } else if (!pod.alive) {
          outcome = 'reset';
          reason = 'endpointGone';
        } else {
          // MASQUERADE picks the egress interface's address: the node IP toward another node
          // (routed CNI assumption: no overlay device), the bridge (cni0, .1) toward a local pod.
          source = verdict.marked ? (sameNode ? ingress.bridge : ingress.spec.ip) : client.ip;
          if (!verdict.marked && !sameNode) {
            outcome = 'timeout';
            reason = 'directReturnMismatch';
          }
        }
      }
    }
    const endedAt =
      outcome === 'ok' ? at + duration : outcome === 'reset' ? at : at + connectTimeout;
    const record: ConnectionRecord = {
      id,
      at,
      client: client.id,
      clientAddr: { ip: client.ip, port },
      ingressNode: ingress ? ingress.spec.id : null,
      pod: pod ? pod.spec.id : null,
      podNode: pod ? (scenario.nodes[pod.nodeIdx]?.id ?? null) : null,
      sourceSeenByPod: source,
      outcome,
      reason,
      endedAt,
    };
    if (arrival.direct) record.direct = true;
    connections[id] = record;
  }
  while (queue.size > 0) {
    const next = queue.pop();
    if (next) process(next.at, next.item);
  }

  // Established connections cut later: a node on their path went off the network while open.
  if (duration > 0) {
    for (const c of connections) {
      if (c.outcome !== 'ok') continue;
      const cut = Math.min(
        firstAfter(nodeRts[nodeIdx.get(c.ingressNode ?? '') ?? -1]?.offlineAt, c.at),
        firstAfter(nodeRts[nodeIdx.get(c.podNode ?? '') ?? -1]?.offlineAt, c.at),
      );
      if (cut <= c.at + duration) {
        c.outcome = 'timeout';
        c.reason = 'nodeWentDown';
        c.endedAt = cut + connectTimeout;
      }
    }
  }
  for (const c of connections) {
    if (c.outcome !== 'ok') {
      events.push({
        at: c.endedAt ?? c.at,
        type: 'connection.failed',
        connection: c.id,
        node: c.ingressNode,
        reason: c.reason,
      });
    }
  }
  events.sort((a, b) => a.at - b.at);

  const result: SimResult = {
    scenario: scenario.id,
    seed,
    resolved: scenario,
    summary: summarize(scenario, connections, events, rulesets, initialLbRotation),
    connections,
    events,
    featured: [],
    initialLbRotation,
  };
  internals.set(result, {
    scenario,
    rulesets,
    rulesetOf,
    endpointOf,
    nodeIps: new Map(scenario.nodes.map((n) => [n.id, n.ip])),
  });
  return result;
}

/** First time in an ascending list strictly after `t` (Infinity when none). */
function firstAfter(times: number[] | undefined, t: number): number {
  if (!times) return Infinity;
  for (const x of times) if (x > t) return x;
  return Infinity;
}

/** Re-export for callers that need the same generator. */
export type { Rng };
