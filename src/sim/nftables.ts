/**
 * kube-proxy in nftables mode as a small typed model: the `ip kube-proxy` table kube-proxy's
 * nftables proxier writes (its base chains, the `services` dispatch through the `service-ips` and
 * `service-nodeports` verdict maps, the `external-`, `service-`, `local-` and `endpoint-` chains,
 * `mark-for-masquerade` and `masquerading`, the `no-endpoint-*` maps), and the chain names exactly
 * as kube-proxy derives them. nftablesCompile.ts writes a node's table at each sync,
 * nftablesWalk.ts walks packets through it, nftablesText.ts prints it as an `nft -f` script.
 * Sources: kubernetes pkg/proxy/nftables/proxier.go and the expected rulesets of its
 * proxier_test.go (source: kube-proxy-nft-table, kube-proxy-nft-ruleset).
 *
 * Assumed configuration (the defaults): masquerade bit 14 (0x4000), `--nodeport-addresses`
 * unset, which nftables mode turns into `primary` (the node's own IP only; source:
 * kube-proxy-nft-nodeport-primary), `--detect-local-mode=ClusterCIDR` with a cluster CIDR covering
 * every node's podCIDR, no LoadBalancerSourceRanges, no session affinity. Scenarios carry no
 * ClusterIP or Service CIDR, so the cluster-IP elements and the "unallocated ClusterIP" drop rule
 * are not modelled (the `cluster-ips` set stays empty).
 */
import { chainSuffix } from './hash.ts';
import type { Draw, PacketView } from './dataPath.ts';
import type { NodeEndpointView } from './endpoint.ts';
import type { RuleCode } from './types.ts';

/** The table's name and family: `ip kube-proxy` (IPv4; kube-proxy writes `ip6 kube-proxy` too). */
export const NFT_TABLE = 'kube-proxy';
/** The masquerade mark (`nftables.masqueradeBit` 14). */
export const NFT_MASQ_MARK = '0x4000';

/** The why-code of a `numgen random mod n` lookup that gave `k`. */
export function numgenWhy(k: number, n: number): string {
  return `numgen${k}mod${n}`;
}

/**
 * kube-proxy's `hashAndTruncate`: the first 8 base32 characters of sha256(name), a hyphen, the
 * name (never truncated for the names the engine builds: they stay far below 240 characters;
 * source: kube-proxy-nft-chain-names).
 */
export function hashAndTruncate(name: string): string {
  return `${chainSuffix(name).slice(0, 8)}-${name}`;
}

/** `namespace/name/protocol/portName`, the readable part of a Service port's chain names. */
function portBase(namespace: string, name: string, portName: string, protocol: string): string {
  return `${namespace}/${name}/${protocol}/${portName}`;
}

/** The `service-`, `local-`, `external-` and `firewall-` chain names of a Service port. */
export function nftServiceChains(
  namespace: string,
  name: string,
  portName = '',
  protocol = 'tcp',
): { service: string; local: string; external: string; firewall: string } {
  const base = hashAndTruncate(portBase(namespace, name, portName, protocol));
  return {
    service: `service-${base}`,
    local: `local-${base}`,
    external: `external-${base}`,
    firewall: `firewall-${base}`,
  };
}

/** The `endpoint-` chain name of endpoint `ip:port` of a Service port. */
export function nftEndpointChain(
  namespace: string,
  name: string,
  portName: string,
  ip: string,
  port: number,
  protocol = 'tcp',
): string {
  return `endpoint-${hashAndTruncate(`${portBase(namespace, name, portName, protocol)}__${ip}/${port}`)}`;
}

/** A verdict a map element or a statement gives. */
export type NftVerdict =
  | { kind: 'goto'; chain: string }
  | { kind: 'jump'; chain: string }
  | { kind: 'drop' }
  | { kind: 'reject' }
  | { kind: 'return' };

/** One element of a verdict map: `ip . tcp . port : verdict`, or `tcp . port : verdict`. */
export interface NftElement {
  /** The destination address of `ipv4_addr . inet_proto . inet_service` maps; null otherwise. */
  ip: string | null;
  port: number;
  verdict: NftVerdict;
  /** kube-proxy's element comment (the ServicePortName) on `no-endpoint-*` elements. */
  comment?: string;
  /** Why the element's verdict applies (a RuleHit why-code). */
  why: string;
}

export interface NftMap {
  name: string;
  /** true: `ipv4_addr . inet_proto . inet_service : verdict`; false: `inet_proto . inet_service : verdict`. */
  withAddress: boolean;
  comment: string;
  elements: NftElement[];
  /** Lookup by destination address ('' for port-only maps), then port. */
  lookup: Map<string, Map<number, NftElement>>;
}

export interface NftSet {
  name: string;
  comment: string;
  elements: string[];
}

/** A rule's match expression; each kind prints as the nft expression in its comment. */
export type NftMatch =
  /** `ct state new` (the first packet of a connection always is) */
  | { kind: 'ctNew' }
  /** `ip saddr <text>` / `ip saddr != <text>` */
  | { kind: 'saddr'; text: string; base: number; mask: number; negate: boolean }
  /** `ip daddr @<set>` */
  | { kind: 'daddrInSet'; set: string }
  /** `fib saddr type local`: the node itself sent the packet */
  | { kind: 'fibSaddrLocal' }
  /** `mark and 0x4000 == 0` */
  | { kind: 'markClear' };

/** What a rule does when its matches hold; each kind prints as the nft statement in its comment. */
export type NftStatement =
  /** `jump <chain>` / `goto <chain>` / `drop` / `reject` / `return` */
  | { kind: 'verdict'; verdict: NftVerdict }
  /** `ip daddr . meta l4proto . th dport vmap @<map>` (or `meta l4proto . th dport vmap @<map>`) */
  | { kind: 'vmap'; map: string }
  /** `numgen random mod <n> vmap { 0 : goto <chain>, … }` */
  | { kind: 'numgen'; targets: string[] }
  /** `mark set mark or 0x4000` */
  | { kind: 'markSet' }
  /** `mark set mark xor 0x4000` */
  | { kind: 'markUnset' }
  /** `masquerade fully-random` */
  | { kind: 'masquerade' }
  /** `meta l4proto tcp dnat to <ip:port>` */
  | { kind: 'dnat'; endpoint: number; to: string };

export interface NftRule {
  match: NftMatch[];
  stmt: NftStatement;
  /** Why the rule matched (a RuleHit why-code; 'generic' for a Service-independent rule). */
  why: string;
  /** kube-proxy's rule comment, if any. */
  comment?: string;
}

/** Base chain type, hook and priority (`{ type filter hook input priority 0 ; }`). */
export interface NftBase {
  type: 'filter' | 'nat';
  hook: 'prerouting' | 'input' | 'forward' | 'output' | 'postrouting';
  priority: number;
}

export interface NftChain {
  name: string;
  /** The inspector's code for the chain; null for base and bookkeeping chains. */
  code: RuleCode | null;
  base?: NftBase;
  comment?: string;
  rules: NftRule[];
  /** The rules prepared for the walk (same order as `rules`). */
  fast: NftFastRule[];
}

/** A rule prepared for evaluation: one test, and the chain or map its statement uses. */
export interface NftFastRule {
  test: (p: PacketView, marked: boolean, draw: Draw) => boolean;
  rule: NftRule;
  /** The chain a jump or goto enters (null otherwise). */
  next: NftChain | null;
  /** The map a vmap looks up (null otherwise). */
  map: NftMap | null;
  /** The table's chains, where a map element's `goto` is resolved. */
  chains: Map<string, NftChain>;
  /** The chains a numgen vmap enters, by index. */
  targets: NftChain[];
}

/** The compiled `ip kube-proxy` table of one node at one sync, and the endpoint view. */
export interface NftTables extends NodeEndpointView {
  /** Chains in kube-proxy's write order (base chains first). */
  chains: Map<string, NftChain>;
  maps: Map<string, NftMap>;
  sets: Map<string, NftSet>;
}
