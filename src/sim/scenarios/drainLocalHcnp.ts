import type { Scenario } from '../types.ts';
import { DEFAULT_LIFECYCLE, POD_A, POD_B, POD_C, shopScenario } from './common.ts';

/**
 * Azure, ETP Local, hcnp probe. pod-a (the only pod on node-1) is evicted at t=10 with a
 * preStop sleep of 15 s and keeps passing readiness: kube-proxy keeps it as a serving-terminating
 * endpoint, the hcnp says 503 after the sync, the LB marks node-1 down 5–10 s later, and the pod
 * exits at t=25: 0 failed connections. With servesWhileTerminating=false node-1 drops SYNs
 * ("has no local endpoints") until the LB notices.
 */
export const drainLocalHcnp: Scenario = shopScenario('drain-local-hcnp', 'Local', 'azure', {
  pods: [POD_A, POD_B, POD_C],
  traffic: { rate: 200, duration: 40, connectTimeout: 21 },
  lifecycle: { ...DEFAULT_LIFECYCLE, preStopSeconds: 15, servesWhileTerminating: true },
  timeline: [{ at: 10, type: 'deletePod', pod: 'pod-a' }],
  featuredSelectors: [
    { kind: 'firstOnNode', node: 'node-1' },
    { kind: 'firstOutcome', outcome: 'dropped', reason: 'noLocalEndpoints' },
  ],
});
