/**
 * Where the client address travels beyond kube-proxy: a proxying load balancer replaces it in the
 * IP header with its own, a PROXY protocol header carries it in the first payload bytes, an ingress
 * controller passes it on in X-Forwarded-For, and a Pod calling the LB IP is short-circuited by
 * kube-proxy unless the LB reports `ipMode: Proxy` or publishes no IP at all. Pure functions over
 * the scenario, so the fast path pays nothing for scenarios that use none of it.
 *
 * Each fact is in the source list (source: aws-nlb-client-ip-preservation, aws-nlb-proxy-source,
 * aws-nlb-pp2-health-checks, k8s-ipmode, aws-lb-hostname-only, nginx-broken-header,
 * k8s-healthz-no-proxy-protocol, ingress-nginx-xff-from-connection, ingress-nginx-real-ip,
 * nginx-realip-recursive).
 */
import { inCidr } from './ip.ts';
import { LB_BEHAVIOUR } from './presets.ts';
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
  /** An L7 LB (mode proxy) appends the address it saw to X-Forwarded-For. */
  lbSetsXff: boolean;
  /** ingress-nginx `use-forwarded-headers`: take the client from X-Forwarded-For. */
  useForwardedHeaders: boolean;
  /** ingress-nginx `proxy-real-ip-cidr`; null: the default 0.0.0.0/0, every address trusted. */
  trustedCidrs: readonly string[] | null;
  /** Any of the above differs from a plain passthrough LB in front of a plain app. */
  active: boolean;
}

/**
 * Does kube-proxy write rules for the LB IP, and so short-circuit a Pod that calls it? Only when
 * the LB publishes an IP (AWS load balancers publish a hostname; source: aws-lb-hostname-only) and
 * reports `ipMode: VIP`, the default (source: k8s-ipmode). A what-if that makes an AWS preset
 * deliver to the LB IP (`delivery: vip`) imagines an LB with a published IP, so it gets the rules.
 */
export function capturesLbIp(s: Pick<Scenario, 'loadBalancer'>): boolean {
  const lb = s.loadBalancer;
  const publishesIp = LB_BEHAVIOUR[lb.preset].publishesIp || lb.delivery === 'vip';
  return publishesIp && (lb.ipMode ?? 'VIP') === 'VIP';
}

/** Read the scenario's LB and app settings, defaults applied. */
export function lbPathOf(s: Scenario): LbPath {
  const lb = s.loadBalancer;
  const proxy = (lb.mode ?? 'passthrough') === 'proxy';
  const proxyProtocol = lb.proxyProtocol ?? 'none';
  const ingressController = (s.app?.kind ?? 'plain') === 'ingressController';
  const expectsProxyProtocol = s.app?.expectsProxyProtocol ?? false;
  const inCluster = s.clients.some((c) => c.node !== undefined);
  return {
    proxy,
    sourceIp: lb.sourceIp ?? DEFAULT_LB_SOURCE_IP,
    proxyProtocol,
    capturesLbIp: capturesLbIp(s),
    probeHeader: proxyProtocol !== 'none' && (lb.proxyProtocolOnProbes ?? false),
    ingressController,
    expectsProxyProtocol,
    // Only a proxy reads the request; a passthrough LB cannot add a header.
    lbSetsXff: proxy && (lb.setsXForwardedFor ?? false),
    useForwardedHeaders: ingressController && (s.app?.useForwardedHeaders ?? false),
    trustedCidrs: s.app?.proxyRealIpCidr ?? null,
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

/** The X-Forwarded-For header as it reaches the Pod: the client's own entry, then the L7 LB's. */
export function xffArriving(path: LbPath, s: Scenario, client: ClientSpec, viaLb: boolean): Ip[] {
  const list: Ip[] = client.xForwardedFor ? [client.xForwardedFor] : [];
  if (viaLb && path.lbSetsXff) list.push(addressSeenByLb(s, client));
  return list;
}

/** Is this address in ingress-nginx's `proxy-real-ip-cidr` (default 0.0.0.0/0: every one)? */
function trusted(path: LbPath, ip: Ip): boolean {
  return path.trustedCidrs === null || path.trustedCidrs.some((c) => inCidr(ip, c));
}

/**
 * The client address ingress-nginx settles on (`$remote_addr`, which it logs, passes on in
 * X-Real-IP and X-Forwarded-For, and checks allow-lists against). Its realip module runs when
 * `use-forwarded-headers` or `use-proxy-protocol` is on: if the connection's peer is trusted, the
 * header's address replaces it; with `real_ip_recursive on` the header is walked from the right
 * while each address is trusted, so under the default 0.0.0.0/0 the leftmost entry, the one the
 * client wrote itself, wins (source: ingress-nginx-real-ip, nginx-realip-recursive).
 */
export function controllerClient(
  path: LbPath,
  peer: Ip,
  proxyAddr: Ip | null,
  xff: readonly Ip[],
): Ip {
  const usePp = proxyAddr !== null;
  if (!path.useForwardedHeaders && !usePp) return peer;
  if (!trusted(path, peer)) return peer;
  // With both on, the PROXY address stands in for the header unless it is trusted itself.
  const header =
    proxyAddr !== null && (!path.useForwardedHeaders || !trusted(path, proxyAddr))
      ? [proxyAddr]
      : xff;
  let addr = peer;
  for (let i = header.length - 1; i >= 0; i--) {
    addr = header[i] ?? addr;
    if (!trusted(path, addr)) break;
  }
  return addr;
}

/**
 * What the application learns about the client, given the source address its Pod saw: the PROXY
 * header's address when one was parsed, otherwise the IP header; behind an ingress controller
 * the controller's view (controllerClient) travels on in X-Forwarded-For.
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
  const proxyAddr = fromHeader ? addressSeenByLb(s, client) : null;
  if (path.ingressController) {
    const xff = xffArriving(path, s, client, viaLb);
    return { ip: controllerClient(path, sourceSeenByPod, proxyAddr, xff), via: 'xForwardedFor' };
  }
  return { ip: proxyAddr ?? sourceSeenByPod, via: fromHeader ? 'proxyProtocol' : 'ipHeader' };
}
