import type { Scenario } from '../types.ts';
import { CALLER_POD, clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('pod-to-lb-proxy', 'Local');

/**
 * The same call with `status.loadBalancer.ingress[].ipMode: Proxy` (KEP-1860, GA 1.32): kube-proxy
 * does not capture the LB IP, the connection goes out to the LB and comes back with a PROXY header
 * naming the caller's node.
 */
export const podToLbProxy: Scenario = {
  ...base,
  clients: [CALLER_POD],
  loadBalancer: {
    ...base.loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
    ipMode: 'Proxy',
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
};
