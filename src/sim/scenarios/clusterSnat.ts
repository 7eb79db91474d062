import type { Scenario } from '../types.ts';
import { POD_A, POD_B, POD_C, shopScenario } from './common.ts';

/** ETP Cluster with SNAT: any node forwards to any pod; pods see node or bridge addresses. */
export const clusterSnat: Scenario = shopScenario('cluster-snat', 'Cluster', 'azure', {
  pods: [POD_A, POD_B, POD_C],
  traffic: { rate: 10, duration: 3, connectTimeout: 21 },
  featuredSelectors: [{ kind: 'firstCrossNode' }, { kind: 'firstSameNode' }],
});
