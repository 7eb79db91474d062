import type { Scenario } from '../types.ts';
import {
  CLIENT_1,
  DEFAULT_LIFECYCLE,
  POD_A,
  POD_B,
  POD_C,
  canonicalNodes,
  loadBalancer,
  shopService,
} from './common.ts';

/** ETP Cluster with SNAT: any node forwards to any pod; pods see node or bridge addresses. */
export const clusterSnat: Scenario = {
  id: 'cluster-snat',
  clients: [CLIENT_1],
  nodes: canonicalNodes(3),
  pods: [POD_A, POD_B, POD_C],
  service: shopService('Cluster'),
  loadBalancer: loadBalancer('azure', 'Cluster'),
  masquerade: true,
  traffic: { rate: 10, duration: 3, connectTimeout: 21 },
  lifecycle: DEFAULT_LIFECYCLE,
  timeline: [],
  featured: [],
  featuredSelectors: [{ kind: 'firstCrossNode' }, { kind: 'firstSameNode' }],
};
