import type { Scenario } from '../types.ts';
import { podToLbVip } from './podToLbVip.ts';

/**
 * The same call with `status.loadBalancer.ingress[].ipMode: Proxy` (KEP-1860, GA 1.32): kube-proxy
 * does not capture the LB IP, the connection goes out to the LB and comes back with a PROXY header
 * naming the caller's node.
 */
export const podToLbProxy: Scenario = {
  ...podToLbVip,
  id: 'pod-to-lb-proxy',
  loadBalancer: { ...podToLbVip.loadBalancer, ipMode: 'Proxy' },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'ok' }],
};
