/** Static places and the node/pod/LB state at a time t, folded from a run's events (for the diagram). */
import { bridgeIp } from './ip.ts';
import type { EndpointConditions, Ip, SimResult } from './types.ts';

export interface Places {
  clients: Array<{ id: string; ip: Ip }>;
  lb: { id: 'lb'; ip: Ip; port: number };
  nodes: Array<{ id: string; ip: Ip; podCidr: string; bridgeIp: Ip }>;
  pods: Array<{ id: string; node: string | null; ip: Ip | null }>;
}

/** The places the diagram draws for a resolved scenario (clients, lb, nodes, pods). */
export function placesOf(result: SimResult): Places {
  const s = result.resolved;
  return {
    clients: s.clients.map((c) => ({ id: c.id, ip: c.ip })),
    lb: { id: 'lb', ip: s.loadBalancer.frontendIp, port: s.service.port },
    nodes: s.nodes.map((n) => ({
      id: n.id,
      ip: n.ip,
      podCidr: n.podCidr,
      bridgeIp: bridgeIp(n.podCidr),
    })),
    pods: s.pods.map((p) => ({ id: p.id, node: p.node ?? null, ip: p.ip ?? null })),
  };
}

export type NodePhase = 'ready' | 'cordoned' | 'shuttingDown' | 'offline' | 'booting';

export interface NodeStateAt {
  phase: NodePhase;
  cordoned: boolean;
  tainted: boolean;
  kubeProxyRunning: boolean;
  /** The kernel data path forwards (rules may be frozen when kube-proxy is not running). */
  dataPathForwarding: boolean;
  rulesFrozen: boolean;
  inLbRotation: boolean;
  lastProbeOk: boolean | null;
}

export interface PodStateAt {
  phase: 'pending' | 'running' | 'terminating' | 'exited' | 'notReady';
  node: string | null;
  /** Conditions in the EndpointSlice; null when the pod is not in it. */
  conditions: EndpointConditions | null;
}

export interface StateAt {
  at: number;
  nodes: Record<string, NodeStateAt>;
  pods: Record<string, PodStateAt>;
}

/** The state of every node and pod at simulated time t (events with at ≤ t applied). */
export function stateAt(result: SimResult, t: number): StateAt {
  const s = result.resolved;
  const nodes: Record<string, NodeStateAt> = {};
  for (const n of s.nodes) {
    nodes[n.id] = {
      phase: 'ready',
      cordoned: false,
      tainted: false,
      kubeProxyRunning: true,
      dataPathForwarding: true,
      rulesFrozen: false,
      inLbRotation: result.initialLbRotation?.[n.id] ?? true,
      lastProbeOk: null,
    };
  }
  const pods: Record<string, PodStateAt> = {};
  for (const p of s.pods) {
    pods[p.id] = p.node
      ? {
          phase: 'running',
          node: p.node,
          conditions: { ready: true, serving: true, terminating: false },
        }
      : { phase: 'pending', node: null, conditions: null };
  }
  for (const e of result.events) {
    if (e.at > t) break;
    const n = 'node' in e && typeof e.node === 'string' ? nodes[e.node] : undefined;
    switch (e.type) {
      case 'node.cordoned':
        if (n) {
          n.cordoned = true;
          if (n.phase === 'ready') n.phase = 'cordoned';
        }
        break;
      case 'node.uncordoned':
        if (n) {
          n.cordoned = false;
          if (n.phase === 'cordoned') n.phase = 'ready';
        }
        break;
      case 'node.tainted':
        if (n) n.tainted = true;
        break;
      case 'node.shuttingDown':
        if (n) n.phase = 'shuttingDown';
        break;
      case 'node.offline':
        if (n) {
          n.phase = 'offline';
          n.kubeProxyRunning = false;
          n.dataPathForwarding = false;
        }
        break;
      case 'node.booting':
        if (n) n.phase = 'booting';
        break;
      case 'node.online':
        if (n) {
          n.phase = n.cordoned ? 'cordoned' : 'ready';
          n.dataPathForwarding = true;
          // The taint goes with the machine's return (nodeMachine comeUp).
          n.tainted = false;
        }
        break;
      case 'kubeProxy.stopped':
        if (n) n.kubeProxyRunning = false;
        break;
      case 'kubeProxy.started':
        if (n) n.kubeProxyRunning = true;
        break;
      case 'lb.backendDown':
        if (n) n.inLbRotation = false;
        break;
      case 'lb.backendUp':
        if (n) n.inLbRotation = true;
        break;
      case 'probe.result':
        if (n) n.lastProbeOk = e.ok;
        break;
      case 'endpoint.changed': {
        const p = pods[e.pod];
        if (p) {
          p.conditions = { ...e.conditions };
          p.phase = e.conditions.terminating
            ? 'terminating'
            : e.conditions.ready
              ? 'running'
              : 'notReady';
        }
        break;
      }
      case 'pod.exited': {
        const p = pods[e.pod];
        if (p) {
          p.phase = 'exited';
          p.conditions = null;
        }
        break;
      }
      default:
        break;
    }
  }
  for (const n of Object.values(nodes)) n.rulesFrozen = n.dataPathForwarding && !n.kubeProxyRunning;
  return { at: t, nodes, pods };
}
