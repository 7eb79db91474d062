/** IPv4 helpers on dotted strings. */

const DOTTED = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for a dotted IPv4 address such as "198.51.100.11". */
export function isDottedIp(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 15 && DOTTED.test(value);
}

/** The address as an unsigned 32-bit number. */
export function ipToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return (
    (((parts[0] ?? 0) << 24) |
      ((parts[1] ?? 0) << 16) |
      ((parts[2] ?? 0) << 8) |
      (parts[3] ?? 0)) >>>
    0
  );
}

/** The dotted form of an unsigned 32-bit number. */
export function intToIp(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Parse "10.244.1.0/24" into base and prefix length, or null when malformed. */
export function parseCidr(cidr: unknown): { base: number; bits: number } | null {
  if (typeof cidr !== 'string' || cidr.length > 18) return null;
  const [ip, bitsText, extra] = cidr.split('/');
  if (
    extra !== undefined ||
    !isDottedIp(ip) ||
    bitsText === undefined ||
    !/^\d{1,2}$/.test(bitsText)
  ) {
    return null;
  }
  const bits = Number(bitsText);
  if (bits < 8 || bits > 30) return null;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (ipToInt(ip) & mask) >>> 0, bits };
}

/** True when `ip` lies inside `cidr`. */
export function inCidr(ip: string, cidr: string): boolean {
  const parsed = parseCidr(cidr);
  if (!parsed || !isDottedIp(ip)) return false;
  const mask = (0xffffffff << (32 - parsed.bits)) >>> 0;
  return (ipToInt(ip) & mask) >>> 0 === parsed.base;
}

/** The bridge (cni0) address of a node's pod CIDR: its first host address, e.g. 10.244.1.1. */
export function bridgeIp(podCidr: string): string {
  const parsed = parseCidr(podCidr);
  return parsed ? intToIp(parsed.base + 1) : '0.0.0.0';
}

/**
 * The cluster CIDR a local-traffic detector built from the nodes' podCIDRs uses: the smallest
 * prefix covering all of them, as `--cluster-cidr` would be for kube-proxy's
 * `--detect-local-mode=ClusterCIDR` (e.g. 10.244.1.0/24 … 10.244.3.0/24 → 10.244.0.0/22).
 * Null when no node has a valid podCIDR (kube-proxy then writes no "pod traffic" rule).
 */
export function clusterCidrOf(podCidrs: readonly string[]): string | null {
  const blocks = podCidrs.map(parseCidr).filter((b): b is { base: number; bits: number } => !!b);
  const first = blocks[0];
  if (!first) return null;
  let bits = Math.min(...blocks.map((b) => b.bits));
  const maskOf = (n: number): number => (n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0);
  while (bits > 0 && !blocks.every((b) => ((b.base ^ first.base) & maskOf(bits)) >>> 0 === 0)) {
    bits--;
  }
  return `${intToIp((first.base & maskOf(bits)) >>> 0)}/${bits}`;
}
