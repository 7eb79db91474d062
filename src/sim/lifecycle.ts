/**
 * Lifecycles on simulated time: nodes, Pods and the load balancer's view of each node are xstate
 * machines driven purely with `transition()`; the named actions each transition returns are the
 * effects (timers, kills, announcements), and this module carries them out on a (time,
 * sequence) queue. Nothing here decides a packet's path: that is route.ts over the rules.
 */
import { initialStep, step } from './machines/step.ts';
import { isEffect } from './machines/effects.ts';
import { bridgeIp } from './ip.ts';
import { createIcmpLimiter } from './icmp.ts';
import { clusterCidrOf } from './ip.ts';
import type { Compile, NodeDataPath } from './dataPath.ts';
import { dataPathOf } from './dataPaths.ts';
import type { Endpoint } from './endpoint.ts';
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
} from './machines/nodeMachine.ts';
import {
  endpointOf,
  podMachine,
  POD_EFFECTS,
  type PodEffect,
  type PodEvent,
} from './machines/podMachine.ts';
import { LIFECYCLE_DEFAULTS } from './params.ts';
import { L2_FAILOVER_DELAY, LB_BEHAVIOUR, type LbBehaviour } from './presets.ts';
import { L2Election } from './metallb.ts';
import { answerProbe } from './probes.ts';
import { capturesLbIp, lbPathOf } from './clientIp.ts';
import type { Rng } from './rng.ts';
import { EventQueue } from './scheduler.ts';
import type { BackendSnap, NodeRt, PodRt } from './runtime.ts';
import type { NodeSpec, PodSpec, Scenario, SimEvent } from './types.ts';
import { runAction } from './lifecycleActions.ts';
import type { BackendCause, LifecycleHost, QEvent } from './lifecycleHost.ts';
import { l2Check, l2Switch, probe, probeResult, runBackendEffect } from './lbEffects.ts';
import { checkRegularGroup, nodeNotReady, runNodeEffect } from './nodeEffects.ts';
import { projectEndpoint, runPodEffect } from './podEffects.ts';

export type { NodeRt, PodRt } from './runtime.ts';

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

/**
 * The lifecycle of one run: its machines, its queue, its events. It steps the machines and hands
 * each returned effect to its handler (nodeEffects.ts, podEffects.ts, lbEffects.ts; timeline actions in lifecycleActions.ts), and each queued
 * event to the handler of its kind.
 */
export class Lifecycle implements LifecycleHost {
  readonly events: SimEvent[] = [];
  readonly rulesets: NodeDataPath[] = [];
  readonly nodes: NodeRt[];
  readonly pods: PodRt[];
  readonly behaviour: LbBehaviour;
  /** The LB's probes carry a PROXY protocol header (clientIp.ts). */
  readonly probeHeader: boolean;
  readonly initialLbRotation: Record<string, boolean> = {};
  /** Node indices in LB rotation (kept in node order). */
  healthyList: number[] = [];
  /** The nodes' ICMP error rate limit (REJECT answers; src/sim/icmp.ts). */
  readonly icmpAllowed = createIcmpLimiter();
  /** The local-traffic detector's cluster CIDR, from the nodes' podCIDRs. */
  private readonly clusterCidr: string | null;
  readonly healthy: boolean[] = [];
  readonly deregistered: boolean[] = [];
  readonly backends: BackendSnap[] = [];
  readonly queue = new EventQueue<QEvent>();
  private readonly nodeIdx: Map<string, number>;
  readonly lc: Required<Scenario['lifecycle']>;
  /** MetalLB in layer-2 mode: the election and where clients send now; null for other LBs. */
  readonly l2: L2Election | null;
  /** The endpoint list of the current EndpointSlice state. */
  private endpointsNow: Endpoint[] | null = null;
  /** The scenario's data path, compiling each node's sync (it shares work between nodes). */
  private readonly compile: Compile;

  constructor(
    readonly scenario: Scenario,
    private readonly phaseRng: Rng,
    readonly horizon: number,
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
      if (this.l2) l2Check(this, next.at);
    }
  }

  /** Run the queue dry. */
  finish(): void {
    this.advanceTo(Infinity);
  }

  /** Compile a node's data path from the EndpointSlice now (kube-proxy's sync). */
  compileNode(n: NodeRt): void {
    n.rules = this.compileFor(n.spec);
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

  /** The LB's rotation list, after a backend went in or out. */
  refreshHealthy(): void {
    this.healthyList = this.nodes.filter((n) => this.healthy[n.idx]).map((n) => n.idx);
  }

  /** The EndpointSlice changed: drop the cached endpoint list; every running kube-proxy syncs. */
  endpointsChanged(t: number): void {
    this.endpointsNow = null;
    for (const n of this.nodes) {
      if (n.kubeProxyRunning && !n.syncPending) {
        n.syncPending = true;
        this.queue.push(t + this.lc.proxySyncDelay, { k: 'sync', node: n.idx });
      }
    }
  }

  /** The node with this id. */
  nodeOf(id: string): NodeRt | undefined {
    return this.nodes[this.nodeIdx.get(id) ?? -1];
  }

  /** The Pods placed on a node. */
  podsOn(n: NodeRt): PodRt[] {
    return this.pods.filter((p) => p.nodeIdx === n.idx);
  }

  /** When the kubelet's readiness probe will have failed often enough after SIGTERM. */
  readinessDelay(): number {
    const period = this.lc.readinessPeriodSeconds;
    const phase = Math.floor(this.phaseRng.next() * period * 1000) / 1000;
    return phase + (this.lc.readinessFailureThreshold - 1) * period;
  }

  // ---- machines: step, then hand each effect to its handler ---------------------------------

  /** Step a node's machine and carry out the effects it returns. */
  sendNode(n: NodeRt, event: NodeEvent, t: number): void {
    const [snap, actions] = step(nodeMachine, n.snap, event);
    n.snap = snap;
    n.forwarding = snap.context.forwarding;
    n.kubeProxyRunning = snap.context.kubeProxyRunning;
    n.tainted = snap.context.tainted;
    for (const a of actions)
      if (isEffect<NodeEffect>(NODE_EFFECTS, a)) runNodeEffect(this, n, a, t);
  }

  /** Step a Pod's machine, carry out its effects, and project its EndpointSlice entry. */
  sendPod(p: PodRt, event: PodEvent, t: number): void {
    const [snap, actions] = step(podMachine, p.snap, event);
    p.snap = snap;
    p.alive = snap.context.alive;
    for (const a of actions) if (isEffect<PodEffect>(POD_EFFECTS, a)) runPodEffect(this, p, a, t);
    projectEndpoint(this, p, snap, t);
    const node = this.nodes[p.nodeIdx];
    if (node && snap.matches('exited')) checkRegularGroup(this, node, t);
  }

  /** Step the LB's view of a node and carry out its effects. */
  sendBackend(node: number, event: LbBackendEvent, t: number, cause: BackendCause): void {
    const snap = this.backends[node];
    if (!snap || !this.nodes[node]) return;
    const [next, actions] = step(lbBackendMachine, snap, event);
    this.backends[node] = next;
    for (const a of actions)
      if (isEffect<LbBackendEffect>(LB_BACKEND_EFFECTS, a))
        runBackendEffect(this, node, a, t, cause);
  }

  // ---- the queue ----------------------------------------------------------------------------

  private process(at: number, ev: QEvent): void {
    switch (ev.k) {
      case 'action':
        runAction(this, ev.action, at);
        return;
      case 'probe':
        probe(this, ev.node, at);
        return;
      case 'probeResult':
        probeResult(this, ev.node, ev.answer, at);
        return;
      case 'sync': {
        const n = this.nodes[ev.node];
        if (!n) return;
        n.syncPending = false;
        if (!n.kubeProxyRunning) return;
        this.compileNode(n);
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
        if (ev.gen === this.l2?.gen) l2Switch(this, ev.node, at);
        return;
      case 'nodeNotReady': {
        const n = this.nodes[ev.node];
        if (n) nodeNotReady(this, n, at);
        return;
      }
    }
  }
}
