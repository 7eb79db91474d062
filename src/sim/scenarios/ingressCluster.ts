import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('ingress-cluster', 'Cluster');

/**
 * An ingress controller as the second hop, its own Service under ETP Cluster: the controller sees
 * a node's (or the bridge's) address and writes that into X-Forwarded-For; the app's Service
 * policy does not matter, the controller's does.
 */
export const ingressCluster: Scenario = {
  ...base,
  service: { ...base.service, name: 'ingress-nginx-controller' },
  app: { kind: 'ingressController', expectsProxyProtocol: false },
  featuredSelectors: [{ kind: 'firstCrossNode' }],
};
