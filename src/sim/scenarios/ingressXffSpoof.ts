import type { Scenario } from '../types.ts';
import { CLIENT_1, CLIENT_2, loadBalancer } from './common.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('ingress-xff-spoof', 'Local');

/** The address client-2 writes into its own X-Forwarded-For: one on somebody's allow-list. */
export const SPOOFED_IP = '192.0.2.200';

/**
 * ingress-nginx behind an L7 load balancer that appends the client's address to X-Forwarded-For
 * (mode proxy, from 198.51.100.250). The controller's ConfigMap sets `use-forwarded-headers: "true"`
 * and leaves `proxy-real-ip-cidr` at its default 0.0.0.0/0, so it trusts every hop: with
 * `real_ip_recursive on` it walks the header from the right past every trusted address to the
 * leftmost one, which client-2 wrote itself (source: ingress-nginx-real-ip, nginx-realip-recursive).
 * The app learns 192.0.2.200 for every connection of client-2.
 */
export const ingressXffSpoof: Scenario = {
  ...base,
  clients: [CLIENT_1, { ...CLIENT_2, xForwardedFor: SPOOFED_IP }],
  service: { ...base.service, name: 'ingress-nginx-controller' },
  loadBalancer: { ...loadBalancer('custom', 'Local'), mode: 'proxy', setsXForwardedFor: true },
  app: { kind: 'ingressController', expectsProxyProtocol: false, useForwardedHeaders: true },
  // Connections alternate between the clients: #1 is client-2's first.
  featured: [1],
  featuredSelectors: [],
};

/**
 * The same with `proxy-real-ip-cidr` set to the load balancer's subnet: nginx trusts only the LB,
 * takes the one address the LB appended, and stops there. The app learns 203.0.113.25 for client-2.
 */
export const ingressXffTrusted: Scenario = {
  ...ingressXffSpoof,
  id: 'ingress-xff-trusted',
  app: { ...ingressXffSpoof.app, proxyRealIpCidr: ['198.51.100.240/28'] },
};
