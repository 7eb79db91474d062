/**
 * Where the client address travels beyond kube-proxy: a proxying load balancer replaces it in the
 * IP header with its own, a PROXY protocol header carries it in the first payload bytes, an ingress
 * controller passes it on in X-Forwarded-For, and a Pod calling the LB IP is short-circuited by
 * kube-proxy unless the LB reports `ipMode: Proxy`. Pure functions over the scenario, so the fast
 * path pays nothing for scenarios that use none of it.
 *
 * Sources: AWS "Edit target group attributes for your Network Load Balancer" (client IP
 * preservation: off by default for IP targets over TCP; when off, "the source IP address is the
 * private IP address of the Network Load Balancer"; the proxy protocol header "is also included in
 * health check connections"); fact sheet §1.4, §7.3, §7.5; ingress-nginx issues #11365, #6996
 * ("broken header … while reading PROXY protocol"); kubernetes#121819 (kube-proxy's health servers
 * do not speak PROXY protocol).
 */
import type { ClientSeenVia, ClientSpec, Ip, OutcomeReason, Scenario } from './types.ts';

/** The proxying LB's source address when a scenario names none (a private address in the VPC). */
export const DEFAULT_LB_SOURCE_IP = '198.51.100.250';

/** The load balancer's settings with their defaults applied. */
export interface LbPath {
  proxy: boolean;
  sourceIp: Ip;
  proxyProtocol: 'none' | 'v1' | 'v2';
  /** kube-proxy captures the LB IP for in-cluster callers (ipMode VIP, the default). */
  capturesLbIp: boolean;
  probeHeader: boolean;
  ingressController: boolean;
  expectsProxyProtocol: boolean;
  /** Any of the above differs from a plain passthrough LB in front of a plain app. */
  active: boolean;
}

/** Read the scenario's LB and app settings, defaults applied. */
export function lbPathOf(s: Scenario): LbPath {
  const lb = s.loadBalancer;
  const proxy = (lb.mode ?? 'passthrough') === 'proxy';
  const proxyProtocol = lb.proxyProtocol ?? 'none';
  const capturesLbIp = (lb.ipMode ?? 'VIP') === 'VIP';
  const ingressController = (s.app?.kind ?? 'plain') === 'ingressController';
  const expectsProxyProtocol = s.app?.expectsProxyProtocol ?? false;
  const inCluster = s.clients.some((c) => c.node !== undefined);
  return {
    proxy,
    sourceIp: lb.sourceIp ?? DEFAULT_LB_SOURCE_IP,
    proxyProtocol,
    capturesLbIp,
    probeHeader: proxyProtocol !== 'none' && (lb.proxyProtocolOnProbes ?? false),
    ingressController,
    expectsProxyProtocol,
    active:
      proxy || proxyProtocol !== 'none' || ingressController || expectsProxyProtocol || inCluster,
  };
}

/** The node a client Pod runs on (undefined for a client outside the cluster). */
export function callerNode(s: Scenario, client: ClientSpec): Scenario['nodes'][number] | undefined {
  return client.node === undefined ? undefined : s.nodes.find((n) => n.id === client.node);
}

/**
 * True when this client's connection goes through the load balancer: every outside client, and a
 * Pod only when kube-proxy does not capture the LB IP (ipMode Proxy).
 */
export function viaLoadBalancer(path: LbPath, client: ClientSpec, direct: boolean): boolean {
  if (direct) return false;
  return client.node === undefined || !path.capturesLbIp;
}

/**
 * The source address the load balancer itself sees: the client's, or for a Pod that goes out to the
 * LB its node's address (assumed: the Pod network masquerades traffic to addresses outside the
 * cluster to the node's address, the usual CNI default; ip-masq-agent does the same).
 */
export function addressSeenByLb(s: Scenario, client: ClientSpec): Ip {
  return callerNode(s, client)?.ip ?? client.ip;
}

/**
 * The source address of the SYN as it reaches the node's rules: the proxying LB's own address, or
 * the address the LB saw (passthrough), or the client's own when no LB is on the path.
 */
export function arrivingSource(path: LbPath, s: Scenario, client: ClientSpec, viaLb: boolean): Ip {
  if (!viaLb) return client.ip;
  return path.proxy ? path.sourceIp : addressSeenByLb(s, client);
}

/** Does a PROXY header reach the Pod on this connection? Only the LB writes one. */
export function carriesProxyHeader(path: LbPath, viaLb: boolean): boolean {
  return viaLb && path.proxyProtocol !== 'none';
}

/**
 * What the listener does with the first bytes: a PROXY header it does not parse is read as the
 * request (an HTTP server answers 400 and closes); a listener that expects one and gets plain
 * data logs "broken header" and closes. Null when the two agree.
 */
export function proxyMismatch(path: LbPath, viaLb: boolean): OutcomeReason | null {
  const header = carriesProxyHeader(path, viaLb);
  if (header && !path.expectsProxyProtocol) return 'proxyHeaderUnexpected';
  if (!header && path.expectsProxyProtocol) return 'proxyHeaderMissing';
  return null;
}

/**
 * What the application learns about the client, given the source address its Pod saw: the PROXY
 * header's address when one was parsed, otherwise the IP header; behind an ingress controller
 * the controller's view travels on in X-Forwarded-For (ingress-nginx fills it with what it sees
 * when `use-forwarded-headers` is false, the default for an L4 LB in front).
 */
export function clientSeenByApp(
  path: LbPath,
  s: Scenario,
  client: ClientSpec,
  viaLb: boolean,
  sourceSeenByPod: Ip | null,
  served: boolean,
): { ip: Ip | null; via: ClientSeenVia } {
  if (!served || sourceSeenByPod === null) return { ip: null, via: 'none' };
  const fromHeader = carriesProxyHeader(path, viaLb) && path.expectsProxyProtocol;
  const ip = fromHeader ? addressSeenByLb(s, client) : sourceSeenByPod;
  if (path.ingressController) return { ip, via: 'xForwardedFor' };
  return { ip, via: fromHeader ? 'proxyProtocol' : 'ipHeader' };
}
