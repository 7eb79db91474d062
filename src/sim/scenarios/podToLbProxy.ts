import type { Scenario } from '../types.ts';
import { CALLER_POD, clientIpBase } from './clientIpCommon.ts';

/**
 * The same call with `status.loadBalancer.ingress[].ipMode: Proxy` (KEP-1860, GA 1.32): kube-proxy
 * does not capture the LB IP, the connection goes out to the LB and comes back with a PROXY header
 * naming the caller's node.
 */
export const podToLbProxy: Scenario = {
  ...clientIpBase('pod-to-lb-proxy', 'Local'),
  clients: [CALLER_POD],
  loadBalancer: {
    ...clientIpBase('x', 'Local').loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
    ipMode: 'Proxy',
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
};
