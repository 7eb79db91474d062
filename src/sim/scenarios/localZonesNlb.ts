import type { Scenario } from '../types.ts';
import { CLIENT_1, CLIENT_2, POD_A, POD_B, POD_C, shopScenario } from './common.ts';

/**
 * ETP Local behind an AWS NLB with cross-zone load balancing off (its default; source:
 * aws-nlb-cross-zone-default). node-1 is alone in zone-a, node-2 and node-3 share zone-b, and
 * node-3 runs two Pods. Clients spread over the two zones' NLB nodes (source: aws-nlb-zonal-dns),
 * each NLB node only over the healthy targets of its own zone, and kube-proxy over the node's
 * local Pods: a Pod's share is 1/Z · 1/N_z · 1/k. pod-a, alone in its zone, gets 1/2; pod-b 1/4;
 * pod-c and pod-d 1/8 each. With cross-zone on it would be 1/3, 1/3, 1/6 and 1/6.
 */
export const localZonesNlb: Scenario = (() => {
  const s = shopScenario('local-zones-nlb', 'Local', 'aws-nlb', {
    clients: [CLIENT_1, CLIENT_2],
    pods: [POD_A, POD_B, POD_C, { id: 'pod-d', node: 'node-3', ip: '10.244.3.11' }],
    traffic: { rate: 200, duration: 15, connectTimeout: 21 },
    featuredSelectors: [
      { kind: 'firstOnNode', node: 'node-1' },
      { kind: 'firstOnNode', node: 'node-3' },
    ],
  });
  const zones = ['zone-a', 'zone-b', 'zone-b'];
  return { ...s, nodes: s.nodes.map((n, i) => ({ ...n, zone: zones[i] ?? 'zone-b' })) };
})();
