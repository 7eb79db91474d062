import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

/**
 * PROXY protocol v2 from a proxying LB to a listener that parses it (ingress-nginx with
 * `use-proxy-protocol: "true"`): the IP header shows a node (Cluster SNAT), the header in the
 * payload still carries the client.
 */
export const proxyProtocolApp: Scenario = {
  ...clientIpBase('proxy-protocol-app', 'Cluster'),
  loadBalancer: {
    ...clientIpBase('x', 'Cluster').loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
};
