import type { Scenario } from '../types.ts';
import { DEFAULT_LIFECYCLE, POD_A, POD_B, shopScenario } from './common.ts';

/**
 * Bare metal: MetalLB in L2 mode, ETP Local. The speakers elect node-2 for 203.0.113.100 (the
 * first node in sha256(node + "#" + IP) order that has a serving endpoint), so every connection
 * arrives at node-2 and pod-a on node-1 gets none. node-2 is drained at t=10: its Pods serve
 * through their 15 s preStop and exit at t=25, node-2 is no longer eligible, and clients follow
 * node-1's gratuitous ARP 2 s later (the assumed failover delay): node-2 drops the SYNs of those
 * 2 s ("has no local endpoints"), then pod-a gets everything.
 */
export const metallbL2Local: Scenario = shopScenario('metallb-l2-local', 'Local', 'metallb-l2', {
  pods: [POD_A, POD_B, { id: 'pod-c', node: 'node-2', ip: '10.244.2.8' }],
  traffic: { rate: 200, duration: 40, connectTimeout: 21 },
  lifecycle: { ...DEFAULT_LIFECYCLE, preStopSeconds: 15, servesWhileTerminating: true },
  timeline: [{ at: 10, type: 'drainNode', node: 'node-2' }],
  featuredSelectors: [
    { kind: 'firstOnNode', node: 'node-2' },
    { kind: 'firstOutcome', outcome: 'dropped', reason: 'noLocalEndpoints' },
    { kind: 'firstOnNode', node: 'node-1' },
  ],
});
