/**
 * The run-time state of nodes and Pods the lifecycle keeps (mirrored from their machines'
 * snapshots) and the fast path, MetalLB's election and the traces read. Types only, in their own
 * module so that those readers need not import the lifecycle that writes them.
 */
import type { SnapshotFrom } from 'xstate';
import type { NodeDataPath } from './dataPath.ts';
import type { lbBackendMachine } from './machines/lbBackendMachine.ts';
import type { nodeMachine } from './machines/nodeMachine.ts';
import type { podMachine } from './machines/podMachine.ts';
import type { EndpointConditions, NodeSpec, PodSpec } from './types.ts';

export type NodeSnap = SnapshotFrom<typeof nodeMachine>;
export type PodSnap = SnapshotFrom<typeof podMachine>;
export type BackendSnap = SnapshotFrom<typeof lbBackendMachine>;

/** Runtime state of a node, mirrored from its machine snapshot for the fast path. */
export interface NodeRt {
  spec: NodeSpec;
  idx: number;
  snap: NodeSnap;
  forwarding: boolean;
  kubeProxyRunning: boolean;
  tainted: boolean;
  bridge: string;
  /** The node's data path as its kube-proxy last synced it (kept while kube-proxy is stopped). */
  rules: NodeDataPath;
  syncPending: boolean;
  /** Times the node went off the network, ascending. */
  offlineAt: number[];
  /** Times the LB marked it unhealthy (resets established flows on AWS), ascending. */
  markedDownAt: number[];
}

/** Runtime state of a Pod. */
export interface PodRt {
  spec: PodSpec;
  idx: number;
  nodeIdx: number;
  snap: PodSnap;
  /** The process accepts connections. */
  alive: boolean;
  /** Its EndpointSlice entry; null when it is not in the slice. */
  cond: EndpointConditions | null;
}
