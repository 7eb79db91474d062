import type { Scenario } from '../types.ts';
import { CLIENT_1, CLIENT_2, POD_A, POD_B, shopScenario } from './common.ts';

/**
 * ETP Local: pods on node-1 and node-2 only. node-3's healthCheckNodePort answers 503, so the LB
 * took it out of rotation long before t=0 (the run starts in the settled state). To show what
 * node-3 would do, client-2 sends one connection straight to node-3's NodePort: DROP
 * "has no local endpoints".
 */
export const local: Scenario = shopScenario('local', 'Local', 'azure', {
  clients: [CLIENT_1, CLIENT_2],
  pods: [POD_A, POD_B],
  traffic: { rate: 10, duration: 3, connectTimeout: 21 },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'ok' }, { kind: 'firstDirect' }],
  directConnections: [{ at: 1, client: 'client-2', node: 'node-3' }],
});
