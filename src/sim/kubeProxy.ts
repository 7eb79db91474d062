/**
 * kube-proxy (iptables mode) as a small rule model: the rules, chains and rule sets a sync
 * writes, and the chain names exactly as kube-proxy derives them. compileRules.ts writes a node's
 * rules at each sync from its view of the EndpointSlice; ruleWalk.ts evaluates packets against
 * them (the verdict and the RuleHit[] the inspector shows); iptablesRestore.ts prints them for a
 * real kernel. The rules stay in the kernel when kube-proxy exits; only a sync replaces them.
 * Source of the chain layout and comment strings: kubernetes pkg/proxy/iptables/proxier.go
 * `syncProxyRules` and `iptablesJumpChains` (source: k8s-chain-names, k8s-local-no-endpoints-drop).
 *
 * Assumed kube-proxy configuration (the defaults): masquerade bit 14 (0x4000), iptables with
 * `--random-fully`, `localhostNodePorts: true`, `nodePortAddresses` unset, nf_conntrack_tcp_be_liberal
 * 0, no nfacct counters, `--detect-local-mode=ClusterCIDR` with a cluster CIDR covering every
 * node's podCIDR. Scenarios carry no ClusterIP, so the "cluster IP" rules are not modelled.
 */
import { chainSuffix } from './hash.ts';
import type { Draw, NodeDataPath, PacketView } from './dataPath.ts';
import type { RuleCode, ServiceSpec } from './types.ts';

import type { Endpoint, NodeEndpointView } from './endpoint.ts';

export type { Endpoint } from './endpoint.ts';

export { RULE_WHY_CODES } from './ruleWhyCodes.ts';

/** The masquerade mark (`--iptables-masquerade-bit` 14). */
export const MASQ_MARK = '0x4000';

/** The why-code of the n-th statistic rule: `random1of3` = `--probability 1/3`. */
export function randomWhy(remaining: number): string {
  return `random1of${remaining}`;
}

/** A rule match; each kind prints as the iptables arguments named in its comment. */
export type Match =
  /** `-m tcp -p tcp -d <ip> --dport <port>` */
  | { kind: 'dst'; ip: string; port: number }
  /** `-m tcp -p tcp --dport <port>` */
  | { kind: 'dport'; port: number }
  /** `-m tcp -p tcp` (every modelled packet is TCP) */
  | { kind: 'tcp' }
  /** `-m addrtype --dst-type LOCAL`: the destination is one of the node's own addresses. */
  | { kind: 'dstLocal' }
  /** `-m addrtype --src-type LOCAL`: the node itself sent the packet. */
  | { kind: 'srcLocal' }
  /** `-s <text>` (text is "10.0.0.0/8" or a bare address, as kube-proxy writes it) */
  | { kind: 'src'; text: string; base: number; mask: number; negate: boolean }
  /** `-d <text>`, optionally negated */
  | { kind: 'dstCidr'; text: string; base: number; mask: number; negate: boolean }
  /** `-m statistic --mode random --probability <p>` */
  | { kind: 'random'; probability: number }
  /** `-m mark --mark 0x4000/0x4000`, or `-m mark ! --mark …` when negated */
  | { kind: 'mark'; negate: boolean }
  /** `-m conntrack --ctstate <states>`, or `! --ctstate` when negated */
  | { kind: 'ctstate'; states: string; negate: boolean };

/** A rule target; each kind prints as the `-j` argument named in its comment. */
export type Target =
  /** `-j <chain>` */
  | { kind: 'jump'; chain: string }
  /** `-j MARK --or-mark 0x4000` */
  | { kind: 'mark' }
  /** `-j MARK --xor-mark 0x4000` */
  | { kind: 'unmark' }
  /** `-j DNAT --to-destination <ip:port>` */
  | { kind: 'dnat'; endpoint: number; to: string }
  /** `-j MASQUERADE --random-fully` */
  | { kind: 'masquerade' }
  | { kind: 'drop' }
  | { kind: 'reject' }
  | { kind: 'accept' }
  | { kind: 'return' };

/** kube-proxy's rule comments, by code; `iptablesRestore.ts` holds the exact strings. */
export type CommentCode =
  | 'portals'
  | 'externalPortals'
  | 'healthCheckPorts'
  | 'lbFirewall'
  | 'forwarding'
  | 'forwardingConntrack'
  | 'postrouting'
  | 'snat'
  | 'nodePortsLast'
  | 'localnet'
  | 'service'
  | 'loadBalancerIp'
  | 'healthCheckNodePort'
  | 'noLocalEndpoints'
  | 'noEndpoints'
  | 'masqueradeExternal'
  | 'podExternal'
  | 'masqueradeLocal'
  | 'routeLocal'
  | 'toEndpoint';

/** One iptables rule: all matches must hold; `why` explains the hit. */
export interface Rule {
  match: Match[];
  target: Target;
  why: string;
  /** kube-proxy's `-m comment --comment`, as a code the emitter spells out (COMMENTS). */
  comment?: CommentCode;
  /** The endpoint "ip:port" of a `toEndpoint` comment. */
  commentArg?: string;
  /** Index in `match` before which the comment is printed (default 0: comment first). */
  commentAt?: number;
  /** A Service-independent rule (jumps between base chains); the inspector does not list it. */
  generic?: boolean;
}

export interface Chain {
  name: string;
  /** The inspector's code for the chain; null for built-in and bookkeeping chains. */
  code: RuleCode | null;
  /** Policy of a built-in chain (`:INPUT ACCEPT`); undefined for user chains. */
  policy?: 'ACCEPT';
  rules: Rule[];
  /** The rules compiled for the per-packet walk (same order as `rules`). */
  fast: FastRule[];
}

/** A rule prepared for evaluation: one test closure, the jump target resolved. */
export interface FastRule {
  test: (p: PacketView, marked: boolean, draw: Draw) => boolean;
  rule: Rule;
  /** The chain a jump goes to (null for other targets or an unknown chain). */
  next: Chain | null;
}

/** The compiled rules of one node at one sync, plus the endpoint view they were built from. */
export interface RuleTables extends NodeEndpointView {
  /** nat table chains in kube-proxy's write order (built-in chains first). */
  nat: Map<string, Chain>;
  /** filter table chains in kube-proxy's write order. */
  filter: Map<string, Chain>;
}

/** kube-proxy's iptables data path on one node: its tables and the engine's seam (dataPath.ts). */
export interface RuleSet extends RuleTables, NodeDataPath {
  readonly kind: 'iptables';
}

/** Is this node's data path kube-proxy's iptables rules (the tables are readable)? */
export function isIptables(rs: NodeDataPath): rs is RuleSet {
  return rs.kind === 'iptables';
}

/**
 * kube-proxy's ServicePortName string: `ns/name` for an unnamed port, `ns/name:port` for a
 * named one (pkg/proxy/types.go ServicePortName.String). The scenario's single port is unnamed.
 */
export function servicePortName(
  service: Pick<ServiceSpec, 'namespace' | 'name'>,
  port = '',
): string {
  return `${service.namespace}/${service.name}${port === '' ? '' : `:${port}`}`;
}

/** KUBE-SVC/SVL/EXT/FW names of a service port (prefix + base32(sha256(portName + protocol))[:16]). */
export function chainsOfPortName(
  portName: string,
  protocol = 'tcp',
): { svc: string; svl: string; ext: string; fw: string } {
  const hash = chainSuffix(portName + protocol.toLowerCase());
  return {
    svc: `KUBE-SVC-${hash}`,
    svl: `KUBE-SVL-${hash}`,
    ext: `KUBE-EXT-${hash}`,
    fw: `KUBE-FW-${hash}`,
  };
}

/** KUBE-SEP name of an endpoint "ip:port" of a service port (hash over portName + protocol + endpoint). */
export function endpointChainOfPortName(
  portName: string,
  endpoint: string,
  protocol = 'tcp',
): string {
  return `KUBE-SEP-${chainSuffix(portName + protocol.toLowerCase() + endpoint)}`;
}

/** Chain names of the scenario's Service port, exactly as kube-proxy names them. */
export function serviceChains(service: ServiceSpec): {
  svc: string;
  svl: string;
  ext: string;
  fw: string;
} {
  return chainsOfPortName(servicePortName(service));
}

/** KUBE-SEP chain name for an endpoint of the scenario's Service. */
export function endpointChain(service: ServiceSpec, ip: string): string {
  return endpointChainOfPortName(servicePortName(service), `${ip}:${service.targetPort}`);
}

/** Endpoints kube-proxy uses: Ready ones, else Serving+Terminating (source: k8s-terminating-fallback). */
export function usableEndpoints(endpoints: Endpoint[]): Endpoint[] {
  const ready = endpoints.filter((e) => e.ready);
  return ready.length > 0 ? ready : endpoints.filter((e) => e.serving && e.terminating);
}

/**
 * kube-proxy's endpoint order: sorted by the "ip:port" string (endpointslicecache.go
 * `byEndpoint`, "to simplify diffing"), so 10.244.1.15 comes before 10.244.1.5.
 */
export function byEndpoint(endpoints: readonly Endpoint[], port: number): Endpoint[] {
  const keyed = endpoints.map((e) => ({ e, k: `${e.ip}:${port}` }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.e);
}
