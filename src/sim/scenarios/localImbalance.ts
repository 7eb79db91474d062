import type { Scenario } from '../types.ts';
import {
  CLIENT_1,
  CLIENT_2,
  DEFAULT_LIFECYCLE,
  canonicalNodes,
  loadBalancer,
  shopService,
} from './common.ts';

/** ETP Local with 5 pods placed 3/1/1: pods on node-1 get 1/9 each, the single ones 1/3. */
export const localImbalance: Scenario = {
  id: 'local-imbalance',
  clients: [CLIENT_1, CLIENT_2],
  nodes: canonicalNodes(3),
  pods: [
    { id: 'pod-a', node: 'node-1', ip: '10.244.1.5' },
    { id: 'pod-b', node: 'node-2', ip: '10.244.2.7' },
    { id: 'pod-c', node: 'node-3', ip: '10.244.3.9' },
    { id: 'pod-d', node: 'node-1', ip: '10.244.1.15' },
    { id: 'pod-e', node: 'node-1', ip: '10.244.1.25' },
  ],
  service: shopService('Local'),
  loadBalancer: loadBalancer('azure', 'Local'),
  masquerade: true,
  traffic: { rate: 200, duration: 15, connectTimeout: 21 },
  lifecycle: DEFAULT_LIFECYCLE,
  timeline: [],
  featured: [],
  featuredSelectors: [
    { kind: 'firstOnNode', node: 'node-1' },
    { kind: 'firstOnNode', node: 'node-2' },
  ],
};
