import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('proxy-protocol-healthz', 'Local');

/**
 * ETP Local with PROXY protocol on the probes too: the LB's HTTP check of the healthCheckNodePort
 * carries the header, kube-proxy's health server does not parse it (kubernetes#121819) and answers
 * 400, so every node fails its check although the app would understand the header.
 */
export const proxyProtocolHealthz: Scenario = {
  ...base,
  loadBalancer: {
    ...base.loadBalancer,
    mode: 'proxy',
    proxyProtocol: 'v2',
    proxyProtocolOnProbes: true,
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
  featuredSelectors: [
    { kind: 'firstOutcome', outcome: 'dropped' },
    { kind: 'firstOutcome', outcome: 'ok' },
  ],
};
