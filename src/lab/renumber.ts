/**
 * Renumbering a scenario into the lab's address plan. A real-packet lab may only use the
 * documentation ranges (RFC 5737: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24), never 10.x
 * or any other private or public range, not even inside its network namespaces. The plan:
 *
 *   192.0.2.0/24     clients (and 192.0.2.1, the load balancer's client-side address)
 *   203.0.113.0/24   clients and the load balancer frontend
 *   198.51.100.0/25  the node network (198.51.100.1 is the load balancer's node-side address)
 *   198.51.100.128/25  Pod networks, one equal block per node (its .1 is the node's bridge)
 *
 * Addresses that already sit in their range are kept, so the canonical scenarios keep their
 * client, frontend and node addresses; Pod addresses always move. Pure: no node:* imports.
 */
import { usesEbpf } from '../sim/ebpf/config.ts';
import { intToIp, ipToInt, isDottedIp, parseCidr } from '../sim/ip.ts';
import type { Scenario } from '../sim/types.ts';

export const LB_CLIENT_SIDE_IP = '192.0.2.1';
export const LB_NODE_SIDE_IP = '198.51.100.1';
/** The node network (on-link for nodes and the LB). */
export const NODE_NET = { base: ipToInt('198.51.100.0'), bits: 25 } as const;
/** Where the Pod blocks are carved from. */
export const POD_SPACE = { base: ipToInt('198.51.100.128'), bits: 25 } as const;
const CLIENT_RANGES = ['192.0.2.0/24', '203.0.113.0/24'];
const DEFAULT_FRONTEND = '203.0.113.100';

/** Why a scenario does not fit the lab's address plan (a code with data for the message). */
export interface RenumberIssue {
  code:
    | 'tooManyNodes'
    | 'tooManyPodsOnNode'
    | 'tooManyClients'
    | 'clientInPodNetwork'
    | 'aboveIpHeader'
    /** The eBPF data path is modelled from Cilium's source; the lab loads kube-proxy's rules. */
    | 'ebpfDataPath';
  detail: string;
}

export interface Renumbered {
  scenario: Scenario;
  /** Original address or CIDR → lab address or CIDR, for every address that appears. */
  map: Record<string, string>;
  /** Prefix length of each node's Pod block. */
  podBits: number;
}

const inRange = (ip: string, cidr: string): boolean => {
  const c = parseCidr(cidr);
  if (!c || !isDottedIp(ip)) return false;
  const mask = (0xffffffff << (32 - c.bits)) >>> 0;
  return (ipToInt(ip) & mask) >>> 0 === c.base;
};
const inBlock = (ip: string, block: { base: number; bits: number }): boolean => {
  const mask = (0xffffffff << (32 - block.bits)) >>> 0;
  return isDottedIp(ip) && (ipToInt(ip) & mask) >>> 0 === block.base;
};

/** True for an address of the documentation ranges a lab may use. */
export function isLabAddress(ip: string): boolean {
  return ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'].some((c) => inRange(ip, c));
}

/**
 * Smallest Pod block (largest prefix) that fits `perNode` Pods plus the network, bridge and
 * broadcast addresses, for `nodes` equal blocks inside 198.51.100.128/25; null when impossible.
 */
export function podBlockBits(nodes: number, perNode: number): number | null {
  for (let bits = 30; bits > POD_SPACE.bits; bits--) {
    const size = 2 ** (32 - bits);
    if (size - 3 >= perNode && nodes * size <= 2 ** (32 - POD_SPACE.bits)) return bits;
  }
  return null;
}

/** Renumber a resolved scenario (Pods placed and addressed) into the lab's address plan. */
export function renumber(
  input: Scenario,
): { ok: true; value: Renumbered } | { ok: false; issue: RenumberIssue } {
  const map: Record<string, string> = {};
  const used = new Set<string>([LB_CLIENT_SIDE_IP, LB_NODE_SIDE_IP]);
  const take = (ip: string): void => void used.add(ip);

  // Frontend first: clients must not collide with it.
  const fe = input.loadBalancer.frontendIp;
  const labFe = CLIENT_RANGES.some((c) => inRange(fe, c)) && !used.has(fe) ? fe : DEFAULT_FRONTEND;
  take(labFe);
  map[fe] = labFe;

  // Nodes: keep an address of the node network, else the next free one from .11.
  const nodeIps: string[] = [];
  let nextNode = 11;
  for (const n of input.nodes) {
    let ip = n.ip;
    if (!inBlock(ip, NODE_NET) || used.has(ip) || ip === intToIp(NODE_NET.base)) {
      while (used.has(intToIp(NODE_NET.base + nextNode))) nextNode++;
      if (nextNode > 126) return { ok: false, issue: { code: 'tooManyNodes', detail: '115' } };
      ip = intToIp(NODE_NET.base + nextNode);
    }
    take(ip);
    nodeIps.push(ip);
    map[n.ip] = ip;
  }

  // Pod blocks: equal blocks in 198.51.100.128/25, one per node, in node order.
  const perNode = new Map<string, number>();
  for (const p of input.pods)
    if (p.node !== undefined) perNode.set(p.node, (perNode.get(p.node) ?? 0) + 1);
  const most = Math.max(0, ...perNode.values());
  const podBits = podBlockBits(input.nodes.length, most);
  if (podBits === null) {
    const byNodes = podBlockBits(input.nodes.length, 1) === null;
    return {
      ok: false,
      issue: byNodes
        ? { code: 'tooManyNodes', detail: String(2 ** (32 - POD_SPACE.bits - 3)) }
        : { code: 'tooManyPodsOnNode', detail: String(most) },
    };
  }
  const blockSize = 2 ** (32 - podBits);
  // kube-proxy orders endpoints by their "ip:port" string (10.244.1.15 before 10.244.1.5).
  // Blocks and Pod addresses are handed out in that order, so the lab's rules list the
  // endpoints in the same order as the original scenario's.
  const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const blockOf = new Map(
    [...input.nodes]
      .sort((a, b) => text(a.podCidr, b.podCidr))
      .map((n, k) => [n.id, POD_SPACE.base + k * blockSize]),
  );
  const nodes = input.nodes.map((n, i) => {
    const base = blockOf.get(n.id) ?? POD_SPACE.base;
    const cidr = `${intToIp(base)}/${podBits}`;
    map[n.podCidr] = cidr;
    map[intToIp((parseCidr(n.podCidr)?.base ?? 0) + 1)] = intToIp(base + 1);
    return { ...n, ip: nodeIps[i] ?? n.ip, podCidr: cidr };
  });

  // Pods: the k-th Pod of a node (in kube-proxy's endpoint order) gets block base + 2 + k.
  const podIp = new Map<string, string>();
  const port = `:${input.service.targetPort}`;
  input.nodes.forEach((n) => {
    const base = blockOf.get(n.id) ?? POD_SPACE.base;
    const mine = input.pods
      .filter((p) => p.node === n.id && p.ip !== undefined)
      .sort((a, b) => text(`${a.ip ?? ''}${port}`, `${b.ip ?? ''}${port}`));
    mine.forEach((p, k) => {
      const ip = intToIp(base + 2 + k);
      podIp.set(p.id, ip);
      if (p.ip !== undefined) map[p.ip] = ip;
    });
  });
  const pods = input.pods.map((p) => {
    const ip = podIp.get(p.id);
    return ip === undefined ? { ...p } : { ...p, ip };
  });

  // Clients: keep a documentation client address, else the next free 192.0.2.x from .10.
  if (input.clients.length > 64)
    return { ok: false, issue: { code: 'tooManyClients', detail: '64' } };
  let nextClient = 10;
  // First pass: clients that keep their address reserve it; second pass: the others move.
  const keeps = input.clients.map((c) => {
    const keep = CLIENT_RANGES.some((r) => inRange(c.ip, r)) && !used.has(c.ip);
    if (keep) take(c.ip);
    return keep;
  });
  const clients = [];
  for (const [i, c] of input.clients.entries()) {
    if (input.nodes.some((n) => inRange(c.ip, n.podCidr))) {
      return { ok: false, issue: { code: 'clientInPodNetwork', detail: `${c.id} ${c.ip}` } };
    }
    let ip = c.ip;
    if (!keeps[i]) {
      while (used.has(`192.0.2.${nextClient}`)) nextClient++;
      if (nextClient > 254) return { ok: false, issue: { code: 'tooManyClients', detail: '64' } };
      ip = `192.0.2.${nextClient}`;
      take(ip);
    }
    map[c.ip] = ip;
    clients.push({ ...c, ip });
  }

  const scenario: Scenario = {
    ...structuredClone(input),
    clients,
    nodes,
    pods,
    loadBalancer: { ...structuredClone(input.loadBalancer), frontendIp: labFe },
  };
  // Pods are explicit now; a placement would generate new ones with other addresses.
  delete scenario.placement;
  // Checked after the addresses, so a client Pod is named as such first.
  const above = aboveIpHeader(input);
  if (above) return { ok: false, issue: { code: 'aboveIpHeader', detail: above } };
  if (usesEbpf(input))
    return { ok: false, issue: { code: 'ebpfDataPath', detail: 'dataPath=ebpf' } };
  return { ok: true, value: { scenario, map, podBits } };
}

/** Every IPv4 address in a scenario (clients, frontend, nodes, Pod CIDRs, Pods). */
export function addressesOf(s: Scenario): string[] {
  return [
    ...s.clients.map((c) => c.ip),
    s.loadBalancer.frontendIp,
    ...s.nodes.flatMap((n) => [n.ip, n.podCidr.split('/')[0] ?? '']),
    ...s.pods.flatMap((p) => (p.ip === undefined ? [] : [p.ip])),
  ];
}

/**
 * What of a scenario lives above the IP header, where the lab's packet-forwarding load balancer and
 * plain echo servers cannot follow (lesson 8): a proxying LB, the PROXY protocol, an ingress
 * controller. Null when the lab can run it.
 */
export function aboveIpHeader(s: Scenario): string | null {
  const lb = s.loadBalancer;
  if (lb.mode === 'proxy') return 'loadBalancer.mode=proxy';
  if (lb.proxyProtocol !== undefined && lb.proxyProtocol !== 'none')
    return `loadBalancer.proxyProtocol=${lb.proxyProtocol}`;
  if (s.app?.kind === 'ingressController') return 'app.kind=ingressController';
  if (s.app?.expectsProxyProtocol) return 'app.expectsProxyProtocol';
  return null;
}
