import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('proxy-protocol-app', 'Cluster');

/**
 * PROXY protocol v2 from a proxying LB to a listener that parses it (ingress-nginx with
 * `use-proxy-protocol: "true"`): the IP header shows a node (Cluster SNAT), the header in the
 * payload still carries the client.
 */
export const proxyProtocolApp: Scenario = {
  ...base,
  loadBalancer: {
    ...base.loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
};
