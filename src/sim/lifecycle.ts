/**
 * Lifecycles on simulated time: nodes, Pods and the load balancer's view of each node are xstate
 * machines driven purely with `transition()`; the named actions each transition returns are the
 * effects (timers, kills, announcements), and this module carries them out on a (time,
 * sequence) queue. Nothing here decides a packet's path: that is route.ts over the rules.
 */
import { initialStep, step } from './machines/step.ts';
import { bridgeIp } from './ip.ts';
import { createIcmpLimiter } from './icmp.ts';
import { clusterCidrOf } from './ip.ts';
import type { Compile, NodeDataPath } from './dataPath.ts';
import { dataPathOf } from './dataPaths.ts';
import type { Endpoint } from './kubeProxy.ts';
import {
  lbBackendMachine,
  LB_BACKEND_EFFECTS,
  type LbBackendEffect,
  type LbBackendEvent,
} from './machines/lbBackendMachine.ts';
import {
  nodeMachine,
  NODE_EFFECTS,
  type NodeEffect,
  type NodeEvent,
  type NodeTimer,
} from './machines/nodeMachine.ts';
import {
  endpointOf,
  podMachine,
  POD_EFFECTS,
  type PodEffect,
  type PodEvent,
  type PodTimer,
} from './machines/podMachine.ts';
import { LIFECYCLE_DEFAULTS } from './params.ts';
import { L2_FAILOVER_DELAY, LB_BEHAVIOUR, type LbBehaviour } from './presets.ts';
import { L2Election } from './metallb.ts';
import { answerProbe, type ProbeAnswer } from './probes.ts';
import { capturesLbIp, lbPathOf } from './clientIp.ts';
import type { Rng } from './rng.ts';
import { EventQueue } from './scheduler.ts';
import type { BackendSnap, NodeRt, PodRt } from './runtime.ts';
import type { Action, NodeSpec, PodSpec, Scenario, SimEvent } from './types.ts';

export type { NodeRt, PodRt } from './runtime.ts';

type QEvent =
  | { k: 'action'; action: Action }
  | { k: 'probe'; node: number }
  | { k: 'probeResult'; node: number; answer: ProbeAnswer }
  | { k: 'sync'; node: number }
  | { k: 'nodeTimer'; node: number; timer: NodeTimer }
  | { k: 'podTimer'; pod: number; timer: PodTimer }
  | { k: 'nodeNotReady'; node: number }
  | { k: 'l2Switch'; node: number; gen: number };

/** Timeline actions that are one node event and nothing else. */
const NODE_ACTION_EVENTS: Partial<
  Record<
    Action['type'],
    'SHUTDOWN' | 'POWER_OFF' | 'POWER_ON' | 'STOP_KUBE_PROXY' | 'START_KUBE_PROXY'
  >
> = {
  shutdownNode: 'SHUTDOWN',
  powerOffNode: 'POWER_OFF',
  powerOnNode: 'POWER_ON',
  stopKubeProxy: 'STOP_KUBE_PROXY',
  startKubeProxy: 'START_KUBE_PROXY',
};

/** The event that starts a placed Pod in the state the scenario gives it at t = 0. */
function startEvent(spec: PodSpec): PodEvent {
  switch (spec.state) {
    case 'notReady':
      return { type: 'START_NOT_READY' };
    case 'terminating':
      return { type: 'START_DELETED', serving: false };
    case 'terminatingServing':
      return { type: 'START_DELETED', serving: true };
    default:
      return { type: 'START' };
  }
}

const isEffect = <T extends string>(names: readonly T[], type: string): type is T =>
  (names as readonly string[]).includes(type);

/** The lifecycle of one run: its machines, its queue, its events. */
export class Lifecycle {
  readonly events: SimEvent[] = [];
  readonly rulesets: NodeDataPath[] = [];
  readonly nodes: NodeRt[];
  readonly pods: PodRt[];
  readonly behaviour: LbBehaviour;
  /** The LB's probes carry a PROXY protocol header (clientIp.ts). */
  private readonly probeHeader: boolean;
  readonly initialLbRotation: Record<string, boolean> = {};
  /** Node indices in LB rotation (kept in node order). */
  healthyList: number[] = [];
  /** The nodes' ICMP error rate limit (REJECT answers; src/sim/icmp.ts). */
  readonly icmpAllowed = createIcmpLimiter();
  /** The local-traffic detector's cluster CIDR, from the nodes' podCIDRs. */
  private readonly clusterCidr: string | null;
  private readonly healthy: boolean[] = [];
  private readonly deregistered: boolean[] = [];
  private readonly backends: BackendSnap[] = [];
  private readonly queue = new EventQueue<QEvent>();
  private readonly nodeIdx: Map<string, number>;
  private readonly lc: Required<Scenario['lifecycle']>;
  /** MetalLB in layer-2 mode: the election and where clients send now; null for other LBs. */
  private readonly l2: L2Election | null;
  /** The endpoint list of the current EndpointSlice state. */
  private endpointsNow: Endpoint[] | null = null;
  /** The scenario's data path, compiling each node's sync (it shares work between nodes). */
  private readonly compile: Compile;

  constructor(
    private readonly scenario: Scenario,
    private readonly phaseRng: Rng,
    private readonly horizon: number,
  ) {
    const { lifecycle, loadBalancer } = scenario;
    this.lc = { ...LIFECYCLE_DEFAULTS, ...lifecycle };
    this.behaviour = LB_BEHAVIOUR[loadBalancer.preset];
    this.probeHeader = lbPathOf(scenario).probeHeader;
    this.nodeIdx = new Map(scenario.nodes.map((n, i) => [n.id, i]));
    this.clusterCidr = clusterCidrOf(scenario.nodes.map((n) => n.podCidr));
    this.compile = dataPathOf(scenario).compiler();
    const podInput = {
      preStop: this.lc.preStopSeconds,
      appShutdown: this.lc.appShutdownSeconds,
      servesWhileTerminating: this.lc.servesWhileTerminating,
    };
    this.pods = scenario.pods.map((spec, idx) => {
      const ni = spec.node === undefined ? -1 : (this.nodeIdx.get(spec.node) ?? -1);
      let [snap] = initialStep(podMachine, podInput);
      if (ni >= 0) [snap] = step(podMachine, snap, startEvent(spec));
      return {
        spec,
        idx,
        nodeIdx: ni,
        snap,
        alive: snap.context.alive,
        cond: endpointOf(snap.context),
      };
    });
    const regularPhase = Math.max(
      0,
      this.lc.shutdownGracePeriod - this.lc.shutdownGracePeriodCriticalPods,
    );
    const nodeInput = {
      regularPhase,
      graceful: this.lc.shutdownGracePeriod > 0,
      osShutdown: this.lc.osShutdownSeconds,
      boot: this.lc.bootSeconds,
    };
    this.nodes = scenario.nodes.map((spec, idx) => {
      const [snap] = initialStep(nodeMachine, nodeInput);
      return {
        spec,
        idx,
        snap,
        forwarding: true,
        kubeProxyRunning: true,
        tainted: false,
        bridge: bridgeIp(spec.podCidr),
        rules: this.compileFor(spec),
        syncPending: false,
        offlineAt: [],
        markedDownAt: [],
      };
    });
    // States the scenario gives as settled before t = 0: the node carries them from the start.
    for (const n of this.nodes) {
      if (n.spec.cordoned) this.sendNode(n, { type: 'CORDON' }, 0);
      if (n.spec.toBeDeleted) this.sendNode(n, { type: 'TAINT' }, 0);
    }
    this.l2 =
      this.behaviour.selection === 'l2Announce'
        ? new L2Election(scenario, scenario.loadBalancer.l2FailoverDelay ?? L2_FAILOVER_DELAY)
        : null;
    // LB backends start in the state their probes settled on long before t=0.
    const probe = loadBalancer.probe;
    for (const n of this.nodes) {
      const ok = answerProbe(n, probe, scenario.service, this.isPodAlive, this.probeHeader).ok;
      // The exclude-from-external-load-balancers label keeps a node out of the LB's targets
      // from the start (the service controller's node set; source: k8s-exclude-lb-label).
      const excluded = n.spec.excludedFromLb === true;
      const [first] = initialStep(lbBackendMachine, {
        unhealthyThreshold: probe.unhealthyThreshold,
        healthyThreshold: probe.healthyThreshold,
        initiallyHealthy: ok && !excluded,
      });
      // Never a backend (excluded by label), or deregistered by the AWS LBC for its taint.
      const out = excluded || (n.tainted && this.behaviour.deregistersTaintedNodes);
      const settled = out ? step(lbBackendMachine, first, { type: 'DEREGISTER' })[0] : first;
      this.backends.push(settled);
      this.healthy.push(settled.value === 'healthy');
      this.deregistered.push(out);
      this.initialLbRotation[n.spec.id] = settled.value === 'healthy';
    }
    if (this.l2) {
      // Long before t=0 the election settled: only the winner answers ARP.
      const leader = this.l2.settle(this.nodes, this.pods);
      for (const n of this.nodes) {
        this.healthy[n.idx] = n.idx === leader;
        this.initialLbRotation[n.spec.id] = n.idx === leader;
      }
    }
    this.refreshHealthy();
    for (const action of scenario.timeline) this.queue.push(action.at, { k: 'action', action });
    // MetalLB sends no probes.
    if (!this.l2)
      for (const n of this.nodes) {
        // A node that was never (or is no longer) a target is not probed.
        if (this.deregistered[n.idx]) continue;
        const fixed = loadBalancer.probePhase?.[n.spec.id];
        const phase = fixed ?? Math.floor(phaseRng.next() * probe.interval * 1000) / 1000;
        this.queue.push(phase, { k: 'probe', node: n.idx });
      }
  }

  /** Is the node still a target (not deregistered by its controller)? */
  isRegistered(node: number): boolean {
    return !this.deregistered[node];
  }

  readonly isPodAlive = (i: number): boolean => {
    const p = this.pods[i];
    return !!p && p.alive && (this.nodes[p.nodeIdx]?.forwarding ?? false);
  };

  /** Run every queued event up to and including time `t`. */
  advanceTo(t: number): void {
    while (this.queue.size > 0 && this.queue.peekTime() <= t) {
      const next = this.queue.pop();
      if (!next) continue;
      this.process(next.at, next.item);
      if (this.l2) this.l2Check(next.at);
    }
  }

  /** Run the queue dry. */
  finish(): void {
    this.advanceTo(Infinity);
  }

  private compileFor(node: NodeSpec): NodeDataPath {
    const s = this.scenario;
    const rs = this.compile({
      id: this.rulesets.length,
      service: s.service,
      node: node.id,
      nodeIp: node.ip,
      frontendIp: s.loadBalancer.frontendIp,
      masquerade: s.masquerade,
      endpoints: this.sliceEndpoints(),
      clusterCidr: this.clusterCidr,
      capturesLbIp: capturesLbIp(s),
    });
    this.rulesets.push(rs);
    return rs;
  }

  /** The EndpointSlice as kube-proxy reads it; one array until an endpoint changes. */
  private sliceEndpoints(): Endpoint[] {
    if (this.endpointsNow) return this.endpointsNow;
    const out: Endpoint[] = [];
    for (const p of this.pods) {
      const node = this.scenario.nodes[p.nodeIdx];
      if (p.cond && node)
        out.push({
          pod: p.idx,
          podId: p.spec.id,
          ip: p.spec.ip ?? '0.0.0.0',
          node: node.id,
          ...p.cond,
        });
    }
    this.endpointsNow = out;
    return out;
  }

  /** After every event: if the election's winner changed, clients follow after the delay. */
  private l2Check(t: number): void {
    const next = this.l2?.check(this.nodes, this.pods, t);
    if (next) this.queue.push(next.at, { k: 'l2Switch', node: next.node, gen: next.gen });
  }

  /** Clients' ARP entries now point at `node` (the new speaker's gratuitous ARP). */
  private l2Switch(node: number, t: number): void {
    if (!this.l2) return;
    const old = this.l2.current;
    if (old === node) return;
    const before = this.nodes[old];
    if (before) {
      this.healthy[old] = false;
      before.markedDownAt.push(t);
      this.events.push({ at: t, type: 'lb.backendDown', node: before.spec.id, cause: 'l2' });
    }
    const after = this.nodes[node];
    if (after) {
      this.healthy[node] = true;
      this.events.push({ at: t, type: 'lb.backendUp', node: after.spec.id, cause: 'l2' });
    }
    this.l2.current = node;
    this.refreshHealthy();
  }

  private refreshHealthy(): void {
    this.healthyList = this.nodes.filter((n) => this.healthy[n.idx]).map((n) => n.idx);
  }

  private requestSyncs(t: number): void {
    for (const n of this.nodes) {
      if (n.kubeProxyRunning && !n.syncPending) {
        n.syncPending = true;
        this.queue.push(t + this.lc.proxySyncDelay, { k: 'sync', node: n.idx });
      }
    }
  }

  private nodeOf(id: string): NodeRt | undefined {
    return this.nodes[this.nodeIdx.get(id) ?? -1];
  }

  private podsOn(n: NodeRt): PodRt[] {
    return this.pods.filter((p) => p.nodeIdx === n.idx);
  }

  /** When the kubelet's readiness probe will have failed often enough after SIGTERM. */
  private readinessDelay(): number {
    const period = this.lc.readinessPeriodSeconds;
    const phase = Math.floor(this.phaseRng.next() * period * 1000) / 1000;
    return phase + (this.lc.readinessFailureThreshold - 1) * period;
  }

  // ---- machines and their effects --------------------------------------------------------

  sendNode(n: NodeRt, event: NodeEvent, t: number): void {
    const [snap, actions] = step(nodeMachine, n.snap, event);
    n.snap = snap;
    n.forwarding = snap.context.forwarding;
    n.kubeProxyRunning = snap.context.kubeProxyRunning;
    n.tainted = snap.context.tainted;
    for (const a of actions)
      if (isEffect(NODE_EFFECTS, a.type)) this.nodeEffect(n, a as unknown as NodeEffect, t);
  }

  private nodeEffect(n: NodeRt, e: NodeEffect, t: number): void {
    const id = n.spec.id;
    switch (e.type) {
      case 'startTimer':
        if (Number.isFinite(e.params.after))
          this.queue.push(t + e.params.after, {
            k: 'nodeTimer',
            node: n.idx,
            timer: e.params.timer,
          });
        return;
      case 'reportShuttingDown':
        // The kubelet posts NotReady ("node is shutting down"); the node lifecycle controller
        // marks the node's Pods not ready when it next looks (MarkPodsNotReady).
        this.events.push({ at: t, type: 'node.shuttingDown', node: id });
        this.queue.push(t + this.lc.nodeMonitorPeriod, { k: 'nodeNotReady', node: n.idx });
        return;
      case 'killPods': {
        const grace = Math.min(e.params.grace, this.lc.terminationGracePeriodSeconds);
        for (const p of this.podsOn(n))
          this.sendPod(p, { type: 'KILL', grace, readinessDelay: this.readinessDelay() }, t);
        // An empty regular group is skipped (processShutdownEvent).
        this.checkRegularGroup(n, t);
        return;
      }
      case 'stopContainers': {
        let lost = false;
        for (const p of this.podsOn(n)) {
          if (p.alive) lost = true;
          this.sendPod(p, { type: 'NODE_DOWN' }, t);
        }
        // Nobody told the API: the controller notices when the heartbeats stop.
        if (lost)
          this.queue.push(t + this.lc.nodeMonitorGracePeriod, { k: 'nodeNotReady', node: n.idx });
        return;
      }
      case 'announceKubeProxyStopped':
        this.events.push({ at: t, type: 'kubeProxy.stopped', node: id });
        return;
      case 'announceKubeProxyStarted':
        this.events.push({ at: t, type: 'kubeProxy.started', node: id });
        n.rules = this.compileFor(n.spec);
        this.events.push({ at: t, type: 'kubeProxy.synced', node: id });
        return;
      case 'announceOffline': {
        n.offlineAt.push(t);
        this.events.push({ at: t, type: 'node.offline', node: id });
        let lost = false;
        for (const p of this.podsOn(n)) {
          if (p.alive && !p.snap.matches('stopping')) lost = true;
          this.sendPod(p, { type: 'NODE_DOWN' }, t);
        }
        if (lost)
          this.queue.push(t + this.lc.nodeMonitorGracePeriod, { k: 'nodeNotReady', node: n.idx });
        return;
      }
      case 'announceBooting':
        this.events.push({ at: t, type: 'node.booting', node: id });
        return;
      case 'announceOnline':
        this.events.push({ at: t, type: 'node.online', node: id });
        for (const p of this.podsOn(n)) this.sendPod(p, { type: 'NODE_UP' }, t);
        return;
    }
  }

  /** The kubelet's regular group ends once none of its Pods runs any more. */
  private checkRegularGroup(n: NodeRt, t: number): void {
    if (!n.snap.matches({ shuttingDown: 'regularPods' })) return;
    const running = this.podsOn(n).some(
      (p) => p.snap.matches('running') || p.snap.matches('stopping') || p.snap.matches('deleted'),
    );
    if (!running) this.sendNode(n, { type: 'REGULAR_PODS_GONE' }, t);
  }

  sendPod(p: PodRt, event: PodEvent, t: number): void {
    const [snap, actions] = step(podMachine, p.snap, event);
    p.snap = snap;
    p.alive = snap.context.alive;
    const nodeId = this.scenario.nodes[p.nodeIdx]?.id ?? '';
    for (const a of actions) {
      if (!isEffect(POD_EFFECTS, a.type)) continue;
      const e = a as unknown as PodEffect;
      switch (e.type) {
        case 'startTimer':
          if (Number.isFinite(e.params.after))
            this.queue.push(t + e.params.after, {
              k: 'podTimer',
              pod: p.idx,
              timer: e.params.timer,
            });
          break;
        case 'announceTerminating':
          this.events.push({ at: t, type: 'pod.terminating', pod: p.spec.id, node: nodeId });
          break;
        case 'announceExited':
          this.events.push({ at: t, type: 'pod.exited', pod: p.spec.id, node: nodeId });
          break;
        case 'announceReady':
          this.events.push({ at: t, type: 'pod.ready', pod: p.spec.id, node: nodeId });
          break;
        case 'announceNotReady':
          this.events.push({ at: t, type: 'pod.notReady', pod: p.spec.id, node: nodeId });
          break;
      }
    }
    // The EndpointSlice entry is a projection of the Pod's state; kube-proxy follows it.
    const cond = endpointOf(snap.context);
    const before = p.cond;
    const same =
      before === cond ||
      (before !== null &&
        cond !== null &&
        before.ready === cond.ready &&
        before.serving === cond.serving &&
        before.terminating === cond.terminating);
    if (!same) {
      p.cond = cond;
      this.endpointsNow = null;
      if (cond)
        this.events.push({ at: t, type: 'endpoint.changed', pod: p.spec.id, conditions: cond });
      this.requestSyncs(t);
    }
    const node = this.nodes[p.nodeIdx];
    if (node && snap.matches('exited')) this.checkRegularGroup(node, t);
  }

  private sendBackend(
    node: number,
    event: LbBackendEvent,
    t: number,
    cause: 'probe' | 'deregistered',
  ): void {
    const snap = this.backends[node];
    const n = this.nodes[node];
    if (!snap || !n) return;
    const [next, actions] = step(lbBackendMachine, snap, event);
    this.backends[node] = next;
    for (const a of actions) {
      if (!isEffect(LB_BACKEND_EFFECTS, a.type)) continue;
      const e = a as unknown as LbBackendEffect;
      const down = e.type === 'announceDown';
      this.healthy[node] = !down;
      this.refreshHealthy();
      if (down) n.markedDownAt.push(t);
      this.events.push(
        down
          ? { at: t, type: 'lb.backendDown', node: n.spec.id, cause }
          : { at: t, type: 'lb.backendUp', node: n.spec.id },
      );
    }
  }

  // ---- the queue ----------------------------------------------------------------------------

  /** An API eviction (drain, `kubectl delete pod`): the Pod's grace period and readiness lag. */
  private evict(p: PodRt, t: number): void {
    const grace = this.lc.terminationGracePeriodSeconds;
    this.sendPod(p, { type: 'EVICT', grace, readinessDelay: this.readinessDelay() }, t);
  }

  private runAction(a: Action, t: number): void {
    if (a.type === 'deletePod') {
      const p = this.pods.find((x) => x.spec.id === a.pod);
      if (p && p.nodeIdx >= 0) this.evict(p, t);
      return;
    }
    const n = this.nodeOf(a.node);
    if (!n) return;
    const id = n.spec.id;
    const plain = NODE_ACTION_EVENTS[a.type];
    if (plain) {
      this.sendNode(n, { type: plain }, t);
      return;
    }
    switch (a.type) {
      case 'cordonNode':
      case 'drainNode':
        if (!n.snap.context.cordoned) {
          this.sendNode(n, { type: 'CORDON' }, t);
          this.events.push({ at: t, type: 'node.cordoned', node: id });
        }
        // kubectl drain evicts every non-DaemonSet Pod; kube-proxy (a DaemonSet) stays.
        if (a.type === 'drainNode') for (const p of this.podsOn(n)) this.evict(p, t);
        return;
      case 'uncordonNode':
        if (n.snap.context.cordoned) {
          this.sendNode(n, { type: 'UNCORDON' }, t);
          this.events.push({ at: t, type: 'node.uncordoned', node: id });
        }
        return;
      case 'taintToBeDeleted':
        if (!n.tainted) {
          this.sendNode(n, { type: 'TAINT' }, t);
          this.events.push({
            at: t,
            type: 'node.tainted',
            node: id,
            taint: 'ToBeDeletedByClusterAutoscaler',
          });
          if (this.behaviour.deregistersTaintedNodes) {
            this.deregistered[n.idx] = true;
            this.sendBackend(n.idx, { type: 'DEREGISTER' }, t, 'deregistered');
          }
        }
        return;
    }
  }

  private process(at: number, ev: QEvent): void {
    const probe = this.scenario.loadBalancer.probe;
    switch (ev.k) {
      case 'action':
        this.runAction(ev.action, at);
        return;
      case 'probe': {
        const n = this.nodes[ev.node];
        if (!n) return;
        const answer = answerProbe(
          n,
          probe,
          this.scenario.service,
          this.isPodAlive,
          this.probeHeader,
        );
        this.queue.push(at + answer.delay, { k: 'probeResult', node: n.idx, answer });
        if (at + probe.interval <= this.horizon)
          this.queue.push(at + probe.interval, { k: 'probe', node: n.idx });
        return;
      }
      case 'probeResult': {
        const n = this.nodes[ev.node];
        if (!n) return;
        const a = ev.answer;
        this.events.push({
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
        this.sendBackend(n.idx, { type: a.ok ? 'PROBE_OK' : 'PROBE_FAIL' }, at, 'probe');
        return;
      }
      case 'sync': {
        const n = this.nodes[ev.node];
        if (!n) return;
        n.syncPending = false;
        if (!n.kubeProxyRunning) return;
        n.rules = this.compileFor(n.spec);
        this.events.push({ at, type: 'kubeProxy.synced', node: n.spec.id });
        return;
      }
      case 'nodeTimer': {
        const n = this.nodes[ev.node];
        if (n) this.sendNode(n, { type: 'TIMER', timer: ev.timer }, at);
        return;
      }
      case 'podTimer': {
        const p = this.pods[ev.pod];
        if (p) this.sendPod(p, { type: 'TIMER', timer: ev.timer }, at);
        return;
      }
      case 'l2Switch':
        if (ev.gen === this.l2?.gen) this.l2Switch(ev.node, at);
        return;
      case 'nodeNotReady': {
        const n = this.nodes[ev.node];
        if (!n || n.snap.matches('up') || n.snap.matches('proxyStopped')) return;
        for (const p of this.podsOn(n)) this.sendPod(p, { type: 'NODE_NOT_READY' }, at);
        return;
      }
    }
  }
}
