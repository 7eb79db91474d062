/**
 * Pod CIDRs for the scenario's nodes: the node's spec.podCIDR when it holds its Pods' addresses,
 * else the smallest block (at most a /24) around them; a node with neither gets a stand-in that
 * follows its neighbours (the engine takes a block's first address as the bridge).
 */
import { inCidr, intToIp, ipToInt, parseCidr } from '../sim/ip.ts';
import type { UsedPod } from './endpoints.ts';
import type { NodeView } from './podNodeObjects.ts';
import type { ReportBuilder } from './report.ts';

/** Longest common prefix length (bits) of IPv4 addresses. */
export function commonPrefix(ips: string[]): number {
  const ints = ips.map(ipToInt);
  const first = ints[0] ?? 0;
  let bits = 32;
  for (const x of ints) {
    const diff = (x ^ first) >>> 0;
    if (diff !== 0) bits = Math.min(bits, Math.clz32(diff));
  }
  return bits;
}

/** The block of `bits` around `ip`, as "a.b.c.d/bits". */
export const cidrOf = (ip: string, bits: number): string => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return `${intToIp((ipToInt(ip) & mask) >>> 0)}/${bits}`;
};

/** Do two blocks share an address? (One holds the other's first address.) */
function overlaps(a: string, b: string): boolean {
  const pa = parseCidr(a);
  const pb = parseCidr(b);
  if (!pa || !pb) return false;
  return inCidr(a.split('/')[0] ?? '', b) || inCidr(b.split('/')[0] ?? '', a);
}

/** Where a node's block came from (the report says so). */
type Source = 'declared' | 'pods' | 'standIn';

/** Pod CIDRs per node (in node order); Pod addresses that fit nowhere are cleared. */
export function podCidrsOf(
  nodeList: readonly NodeView[],
  nodeIps: readonly string[],
  used: UsedPod[],
  namespace: string,
  r: ReportBuilder,
): string[] {
  const podsOn = new Map<string, UsedPod[]>();
  for (const u of used) {
    if (!u.nodeName) continue;
    const list = podsOn.get(u.nodeName);
    if (list) list.push(u);
    else podsOn.set(u.nodeName, [u]);
  }
  const podRef = (u: UsedPod) => ({ kind: 'Pod', namespace, name: u.name });
  const out: Array<{ cidr: string; source: Source } | null> = nodeList.map((n) => {
    const ips = (podsOn.get(n.ref.name) ?? []).flatMap((u) => (u.ip ? [u.ip] : []));
    const declared = n.podCidr && parseCidr(n.podCidr) ? n.podCidr : undefined;
    if (declared && ips.every((ip) => inCidr(ip, declared)))
      return { cidr: declared, source: 'declared' };
    if (declared)
      for (const u of podsOn.get(n.ref.name) ?? [])
        if (u.ip && !inCidr(u.ip, declared))
          r.add('podIpOutsideCidr', { ip: u.ip, cidr: declared }, podRef(u), 'status.podIP');
    const first = ips[0];
    if (first && commonPrefix(ips) >= 8) {
      const cidr = cidrOf(first, Math.min(24, commonPrefix(ips)));
      r.add('podCidrInferred', { cidr }, n.ref, 'spec.podCIDR');
      return { cidr, source: 'pods' };
    }
    for (const u of podsOn.get(n.ref.name) ?? []) {
      if (u.ip) {
        u.ip = undefined;
        r.add('podIpAllocated', {}, podRef(u), 'status.podIP');
      }
    }
    return null;
  });
  const taken = (): string[] => out.flatMap((o) => (o ? [o.cidr] : []));
  const free = (cidr: string): boolean =>
    !taken().some((c) => overlaps(c, cidr)) && !nodeList.some((m) => m.podCidr === cidr);
  // Pods in their node's own subnet (VPC CNI, Azure CNI): a neighbour's block holds its node.
  const routed = out.some((o, i) => o?.source === 'pods' && inCidr(nodeIps[i] ?? '', o.cidr));
  const neighbour = out.find((o) => o !== null)?.cidr;
  return nodeList.map((n, i) => {
    const have = out[i];
    if (have) return have.cidr;
    const ip = nodeIps[i] ?? '';
    let cidr: string | undefined;
    let basis: 'nodeSubnet' | 'neighbours' | 'default' = 'default';
    if (routed && ip && free(cidrOf(ip, 24))) {
      cidr = cidrOf(ip, 24);
      basis = 'nodeSubnet';
    } else if (neighbour) {
      // The next free /24 in the neighbours' /16 (10.244.1.0/24, 10.244.2.0/24 → 10.244.3.0/24).
      const base = ipToInt(neighbour.split('/')[0] ?? '0.0.0.0') & 0xffff0000;
      for (let x = 0; x < 256 && !cidr; x++) {
        const c = `${intToIp((base | (x << 8)) >>> 0)}/24`;
        if (free(c)) cidr = c;
      }
      if (cidr) basis = 'neighbours';
    }
    for (let x = 0; x < 256 && !cidr; x++) if (free(`10.244.${x}.0/24`)) cidr = `10.244.${x}.0/24`;
    const chosen = cidr ?? '10.244.0.0/24';
    out[i] = { cidr: chosen, source: 'standIn' };
    r.add('podCidrStandIn', { cidr: chosen, basis }, n.ref, 'spec.podCIDR');
    return chosen;
  });
}
