/**
 * What the lifecycle's effect handlers (nodeEffects, podEffects, lbEffects, lifecycleActions) see of the
 * interpreter that owns the machines and the queue (lifecycle.ts implements it). A leaf module,
 * so the handlers need not import the interpreter that imports them.
 */
import type { LbBackendEvent } from './machines/lbBackendMachine.ts';
import type { NodeEvent, NodeTimer } from './machines/nodeMachine.ts';
import type { PodEvent, PodTimer } from './machines/podMachine.ts';
import type { L2Election } from './metallb.ts';
import type { LbBehaviour } from './presets.ts';
import type { ProbeAnswer } from './probes.ts';
import type { BackendSnap, NodeRt, PodRt } from './runtime.ts';
import type { EventQueue } from './scheduler.ts';
import type { Action, Scenario, SimEvent } from './types.ts';

/** An event on the lifecycle's (time, sequence) queue. */
export type QEvent =
  | { k: 'action'; action: Action }
  | { k: 'probe'; node: number }
  | { k: 'probeResult'; node: number; answer: ProbeAnswer }
  | { k: 'sync'; node: number }
  | { k: 'nodeTimer'; node: number; timer: NodeTimer }
  | { k: 'podTimer'; pod: number; timer: PodTimer }
  | { k: 'nodeNotReady'; node: number }
  | { k: 'l2Switch'; node: number; gen: number };

/** Why the LB took a backend out: its probes, or its controller deregistered it. */
export type BackendCause = 'probe' | 'deregistered';

/** The interpreter's state and operations the effect handlers use. */
export interface LifecycleHost {
  readonly scenario: Scenario;
  /** The scenario's lifecycle settings with every default filled in. */
  readonly lc: Required<Scenario['lifecycle']>;
  readonly behaviour: LbBehaviour;
  readonly events: SimEvent[];
  readonly queue: EventQueue<QEvent>;
  readonly nodes: NodeRt[];
  readonly pods: PodRt[];
  /** Per node: in the LB's rotation; whether its controller deregistered it; its LB view. */
  readonly healthy: boolean[];
  readonly deregistered: boolean[];
  readonly backends: BackendSnap[];
  /** MetalLB in layer-2 mode: the election and where clients send now; null for other LBs. */
  readonly l2: L2Election | null;
  readonly probeHeader: boolean;
  /** Simulated time after which nothing is scheduled any more. */
  readonly horizon: number;
  readonly isPodAlive: (i: number) => boolean;
  sendNode(n: NodeRt, event: NodeEvent, t: number): void;
  sendPod(p: PodRt, event: PodEvent, t: number): void;
  sendBackend(node: number, event: LbBackendEvent, t: number, cause: BackendCause): void;
  /** The node's data path as kube-proxy compiles it from the EndpointSlice now. */
  compileNode(n: NodeRt): void;
  /** The EndpointSlice changed: drop the cached endpoint list and let every kube-proxy sync. */
  endpointsChanged(t: number): void;
  refreshHealthy(): void;
  readinessDelay(): number;
  nodeOf(id: string): NodeRt | undefined;
  podsOn(n: NodeRt): PodRt[];
}
