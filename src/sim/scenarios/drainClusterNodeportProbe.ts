import type { Scenario } from '../types.ts';
import { DEFAULT_LIFECYCLE, POD_A, POD_B, POD_C, shopScenario } from './common.ts';

/**
 * Azure, ETP Cluster, blind TCP probe on the nodePort (5 s × 2). node-1 is drained at t=5
 * (pods elsewhere keep serving) and shut down gracefully at t=15: its regular Pods are already
 * gone, so the kubelet moves straight on, kube-proxy exits at once, and the operating system
 * keeps forwarding for lifecycle.osShutdownSeconds (3 s, an assumption) before the machine leaves
 * the network at t=18. The TCP probe is answered by the kernel's rules until then, so new
 * connections hashed to node-1 fail until the LB has seen two failed probes (each counted at its
 * 5 s timeout): about 10–15 s.
 */
export const drainClusterNodeportProbe: Scenario = shopScenario(
  'drain-cluster-nodeport-probe',
  'Cluster',
  'azure',
  {
    pods: [
      POD_A,
      POD_B,
      POD_C,
      { id: 'pod-d', node: 'node-1', ip: '10.244.1.15' },
      { id: 'pod-e', node: 'node-2', ip: '10.244.2.17' },
      { id: 'pod-f', node: 'node-3', ip: '10.244.3.19' },
    ],
    traffic: { rate: 200, duration: 60, connectTimeout: 21 },
    // preStop 5 s lets every kube-proxy drop the evicted pods before they exit.
    lifecycle: { ...DEFAULT_LIFECYCLE, preStopSeconds: 5, servesWhileTerminating: true },
    timeline: [
      { at: 5, type: 'drainNode', node: 'node-1' },
      { at: 15, type: 'shutdownNode', node: 'node-1' },
    ],
    featuredSelectors: [
      { kind: 'firstOnNode', node: 'node-1' },
      { kind: 'firstOutcome', outcome: 'timeout', reason: 'nodeOffline' },
    ],
  },
);
