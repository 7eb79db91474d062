import type { Scenario } from '../types.ts';
import {
  CLIENT_1,
  DEFAULT_LIFECYCLE,
  canonicalNodes,
  loadBalancer,
  shopService,
} from './common.ts';

/**
 * Azure, ETP Local, hcnp probe. pod-a (the only pod on node-1) is evicted at t=10 with a
 * preStop sleep of 15 s and keeps passing readiness: kube-proxy keeps it as a serving-terminating
 * endpoint, the hcnp says 503 after the sync, the LB marks node-1 down 5–10 s later, and the pod
 * exits at t=25: 0 failed connections. With servesWhileTerminating=false node-1 drops SYNs
 * ("has no local endpoints") until the LB notices.
 */
export const drainLocalHcnp: Scenario = {
  id: 'drain-local-hcnp',
  clients: [CLIENT_1],
  nodes: canonicalNodes(3),
  pods: [
    { id: 'pod-a', node: 'node-1', ip: '10.244.1.5' },
    { id: 'pod-b', node: 'node-2', ip: '10.244.2.7' },
    { id: 'pod-c', node: 'node-3', ip: '10.244.3.9' },
  ],
  service: shopService('Local'),
  loadBalancer: loadBalancer('azure', 'Local'),
  masquerade: true,
  traffic: { rate: 200, duration: 40, connectTimeout: 21 },
  lifecycle: { ...DEFAULT_LIFECYCLE, preStopSeconds: 15, servesWhileTerminating: true },
  timeline: [{ at: 10, type: 'deletePod', pod: 'pod-a' }],
  featured: [],
  featuredSelectors: [
    { kind: 'firstOnNode', node: 'node-1' },
    { kind: 'firstOutcome', outcome: 'dropped', reason: 'noLocalEndpoints' },
  ],
};
