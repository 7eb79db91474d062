import type { Scenario } from '../types.ts';
import { CALLER_POD, clientIpBase } from './clientIpCommon.ts';
import { loadBalancer } from './common.ts';

const base = clientIpBase('pod-to-lb-vip', 'Local');

/**
 * A Pod calls its own Service's LB IP while the LB speaks PROXY protocol and the app expects it.
 * The LB publishes an IP (preset `custom`: an AWS LB publishes only a hostname, which kube-proxy
 * cannot capture; source: aws-lb-hostname-only), as OpenStack Octavia did before
 * cloud-provider-openstack reported `ipMode: Proxy` (source: openstack-ipmode-proxy). With
 * `ipMode: VIP` (the default) kube-proxy captures the LB IP on the caller's node: the connection
 * never reaches the LB, carries no PROXY header, and the app closes it.
 */
export const podToLbVip: Scenario = {
  ...base,
  clients: [CALLER_POD],
  loadBalancer: {
    ...loadBalancer('custom', 'Local'),
    mode: 'proxy',
    proxyProtocol: 'v2',
    ipMode: 'VIP',
  },
  app: { kind: 'plain', expectsProxyProtocol: true },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'reset' }],
};
