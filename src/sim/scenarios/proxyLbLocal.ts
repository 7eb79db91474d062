import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('proxy-lb-local', 'Local');

/**
 * A proxying load balancer under ETP Local: the LB terminates the client's TCP connection and
 * opens its own from its private address (NLB with `preserve_client_ip.enabled=false`, a classic
 * ELB TCP listener). kube-proxy keeps the source as it arrives, so the Pod sees the LB, not the
 * client: Local cannot bring back what the LB already replaced.
 */
export const proxyLbLocal: Scenario = {
  ...base,
  loadBalancer: { ...base.loadBalancer, mode: 'proxy' },
};
