import type { Scenario } from '../types.ts';
import { CLIENT_1, CLIENT_2, POD_A, POD_B, POD_C, shopScenario } from './common.ts';

/** ETP Local with 5 pods placed 3/1/1: pods on node-1 get 1/9 each, the single ones 1/3. */
export const localImbalance: Scenario = shopScenario('local-imbalance', 'Local', 'azure', {
  clients: [CLIENT_1, CLIENT_2],
  pods: [
    POD_A,
    POD_B,
    POD_C,
    { id: 'pod-d', node: 'node-1', ip: '10.244.1.15' },
    { id: 'pod-e', node: 'node-1', ip: '10.244.1.25' },
  ],
  traffic: { rate: 200, duration: 15, connectTimeout: 21 },
  featuredSelectors: [
    { kind: 'firstOnNode', node: 'node-1' },
    { kind: 'firstOnNode', node: 'node-2' },
  ],
});
