import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

/**
 * PROXY protocol switched on at the LB, not in the app: the app reads the header as its request
 * and closes every connection, while the TCP health check, which only completes the handshake,
 * keeps every node healthy.
 */
export const proxyProtocolUnexpected: Scenario = {
  ...clientIpBase('proxy-protocol-unexpected', 'Cluster'),
  loadBalancer: {
    ...clientIpBase('x', 'Cluster').loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
  },
  app: { kind: 'plain', expectsProxyProtocol: false },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'reset' }],
};
