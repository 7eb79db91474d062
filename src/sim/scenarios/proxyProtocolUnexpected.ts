import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('proxy-protocol-unexpected', 'Cluster');

/**
 * PROXY protocol switched on at the LB, not in the app: the app reads the header as its request
 * and closes every connection, while the TCP health check, which only completes the handshake,
 * keeps every node healthy.
 */
export const proxyProtocolUnexpected: Scenario = {
  ...base,
  loadBalancer: {
    ...base.loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
  },
  app: { kind: 'plain', expectsProxyProtocol: false },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'reset' }],
};
