/**
 * The lab topology as data: which network namespaces exist, which veths, bridges, addresses
 * and routes they get, the load balancer's rules and each node's rules (the engine's own
 * iptables-restore text, or its nft script in nftables mode). Pure: `netns.ts` executes a plan, tests read it without root.
 *
 *   client-i ──veth── lb ──veth── fabric bridge ──veth── node-j ── cni0 ──veth── pod-k
 *
 * The load balancer is a pass-through stand-in: a router that, for new connections to the
 * frontend, picks one node in rotation at random with the engine's weights (uniform, or per zone
 * first for a zonal LB) and either rewrites the destination to nodeIP:nodePort
 * (`delivery: nodePort`) or routes the packet unchanged to the node (`delivery: vip`, via a
 * connection mark and policy routing).
 */
import { intToIp, parseCidr } from '../sim/ip.ts';
import type { KernelProgram, NodeDataPath } from '../sim/dataPath.ts';
import { lbNodeShares } from '../sim/summary.ts';
import type { Scenario } from '../sim/types.ts';
import { LB_CLIENT_SIDE_IP, LB_NODE_SIDE_IP, NODE_NET } from './renumber.ts';

/** Every namespace the lab creates starts with this (`hbh` = Hop by Hop). */
export const NS_PREFIX = 'hbh-';

export type Role = 'lb' | 'fabric' | 'client' | 'node' | 'pod';

export interface PlannedNs {
  name: string;
  role: Role;
  /** Scenario id of the client, node or Pod ('lb' / 'fabric' otherwise). */
  id: string;
}

export interface LabPlan {
  runId: string;
  namespaces: PlannedNs[];
  /** argv lists, run in order (all confined to the lab's namespaces). */
  steps: string[][];
  /** Each node's kernel program (iptables-restore or nft -f input), emitted from the engine's model. */
  nodeRules: Array<{ node: string; ns: string } & KernelProgram>;
  lbRules: string;
  servers: Array<{ pod: string; ns: string; ip: string; port: number }>;
  clients: Array<{ id: string; ns: string; ip: string }>;
  nodeNs: Record<string, string>;
  lbNs: string;
  /** Nodes in LB rotation, in the order of their connection mark (1-based) for 'vip'. */
  rotation: string[];
}

/** Namespace name of a role: hbh-<run>-<role><index>. */
export function nsName(runId: string, role: Role, index = 0): string {
  const short = { lb: 'lb', fabric: 'fab', client: 'c', node: 'n', pod: 'p' }[role];
  return `${NS_PREFIX}${runId}-${short}${role === 'lb' || role === 'fabric' ? '' : index + 1}`;
}

/** A run id: four lowercase hex digits (namespace and interface names stay short). */
export function makeRunId(n: number): string {
  return (n & 0xffff).toString(16).padStart(4, '0');
}

/**
 * The load balancer's rules: a choice over `rotation` with the engine's weights (uniform, or per
 * zone first for a zonal LB: lbNodeShares), by DNAT or by connection mark.
 */
export function lbRulesText(s: Scenario, rotation: readonly string[]): string {
  const fe = s.loadBalancer.frontendIp;
  const port = s.service.port;
  const ipOf = new Map(s.nodes.map((n) => [n.id, n.ip]));
  const match = `-d ${fe}/32 -p tcp -m tcp --dport ${port}`;
  const shares = lbNodeShares(s, rotation);
  const weight = (i: number): number => shares.get(rotation[i] ?? '') ?? 0;
  // Rule i matches with its weight over the weight of the rules still to come.
  const pick = (i: number): string => {
    if (i >= rotation.length - 1) return '';
    let rest = 0;
    for (let j = i; j < rotation.length; j++) rest += weight(j);
    return ` -m statistic --mode random --probability ${(weight(i) / rest).toFixed(10)}`;
  };
  const out = ['# Hop by Hop lab: pass-through load balancer (stand-in)'];
  if (s.loadBalancer.delivery === 'nodePort') {
    out.push('*nat', ':PREROUTING ACCEPT [0:0]', ':INPUT ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]');
    out.push(':POSTROUTING ACCEPT [0:0]');
    rotation.forEach((node, i) => {
      out.push(
        `-A PREROUTING ${match}${pick(i)} -j DNAT --to-destination ${ipOf.get(node) ?? ''}:${s.service.nodePort}`,
      );
    });
    out.push('COMMIT');
  } else {
    out.push('*mangle', ':PREROUTING ACCEPT [0:0]', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]');
    out.push(':OUTPUT ACCEPT [0:0]', ':POSTROUTING ACCEPT [0:0]');
    out.push(`-A PREROUTING ${match} -j CONNMARK --restore-mark`);
    rotation.forEach((_, i) => {
      out.push(`-A PREROUTING ${match} -m mark --mark 0x0${pick(i)} -j MARK --set-mark ${i + 1}`);
    });
    out.push(`-A PREROUTING ${match} -j CONNMARK --save-mark`, 'COMMIT');
  }
  // With no node in rotation the LB drops new connections (the engine's noHealthyBackends).
  out.push('*filter', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]');
  if (rotation.length === 0) out.push(`-A FORWARD ${match} -j DROP`);
  out.push('COMMIT');
  return `${out.join('\n')}\n`;
}

/** Build the plan for a renumbered scenario, its nodes' rule sets and the LB rotation. */
export function buildPlan(
  runId: string,
  s: Scenario,
  rules: Record<string, NodeDataPath>,
  rotation: readonly string[],
): LabPlan {
  const steps: string[][] = [];
  const namespaces: PlannedNs[] = [];
  const ip = (ns: string, ...args: string[]): void => {
    steps.push(['ip', '-n', ns, ...args]);
  };
  /** A veth pair: `name` in `ns`, its `peer` moved into `peerNs`. */
  const veth = (ns: string, name: string, peer: string, peerNs: string): void =>
    ip(ns, 'link', 'add', name, 'type', 'veth', 'peer', 'name', peer, 'netns', peerNs);
  const add = (name: string, role: Role, id: string): string => {
    namespaces.push({ name, role, id });
    steps.push(['ip', 'netns', 'add', name]);
    ip(name, 'link', 'set', 'lo', 'up');
    return name;
  };
  const sysctl = (ns: string, ...kv: string[]): void => {
    steps.push(['ip', 'netns', 'exec', ns, 'sysctl', '-qw', ...kv]);
  };
  const noRpFilter = ['net.ipv4.conf.all.rp_filter=0', 'net.ipv4.conf.default.rp_filter=0'];
  const lb = add(nsName(runId, 'lb'), 'lb', 'lb');
  const fab = add(nsName(runId, 'fabric'), 'fabric', 'fabric');
  sysctl(lb, 'net.ipv4.ip_forward=1', ...noRpFilter);
  // The fabric is a plain switch: its bridge must not run frames through netfilter.
  ip(fab, 'link', 'add', 'br0', 'type', 'bridge');
  steps.push(['ip', 'netns', 'exec', fab, 'sysctl', '-qw', 'net.bridge.bridge-nf-call-iptables=0']);
  ip(fab, 'link', 'set', 'br0', 'up');
  const nodeNetBits = NODE_NET.bits;

  // Fixed MACs and permanent neighbour entries on the node network: a node cut off the fabric
  // then black-holes packets (a timeout, as a powered-off VM in a cloud network) instead of
  // turning into ICMP host-unreachable once ARP gives up.
  const macOf = (i: number): string => `02:48:42:00:00:${(i + 16).toString(16).padStart(2, '0')}`;
  const lbMac = '02:48:42:00:00:01';
  // LB ↔ fabric.
  veth(lb, 'fab0', 'lb', fab);
  ip(fab, 'link', 'set', 'lb', 'master', 'br0', 'up');
  ip(lb, 'link', 'set', 'fab0', 'address', lbMac);
  ip(lb, 'addr', 'add', `${LB_NODE_SIDE_IP}/${nodeNetBits}`, 'dev', 'fab0');
  ip(lb, 'link', 'set', 'fab0', 'up');

  // Clients: a /32 each on a point-to-point veth, default route via the LB.
  const clients = s.clients.map((c, i) => {
    const ns = add(nsName(runId, 'client', i), 'client', c.id);
    const lbIf = `c${i + 1}`;
    veth(ns, 'eth0', lbIf, lb);
    ip(ns, 'addr', 'add', `${c.ip}/32`, 'dev', 'eth0');
    ip(ns, 'link', 'set', 'eth0', 'up');
    ip(lb, 'addr', 'add', `${LB_CLIENT_SIDE_IP}/32`, 'dev', lbIf);
    ip(lb, 'link', 'set', lbIf, 'up');
    ip(ns, 'route', 'add', `${LB_CLIENT_SIDE_IP}/32`, 'dev', 'eth0');
    ip(ns, 'route', 'add', 'default', 'via', LB_CLIENT_SIDE_IP, 'dev', 'eth0');
    ip(lb, 'route', 'add', `${c.ip}/32`, 'dev', lbIf);
    return { id: c.id, ns, ip: c.ip };
  });

  // Nodes: eth0 on the fabric, cni0 bridge for their Pods, routes to the other Pod blocks.
  const nodeNs: Record<string, string> = {};
  const nodeRules: LabPlan['nodeRules'] = [];
  s.nodes.forEach((n, i) => {
    const ns = add(nsName(runId, 'node', i), 'node', n.id);
    nodeNs[n.id] = ns;
    const fabIf = `n${i + 1}`;
    sysctl(ns, 'net.ipv4.ip_forward=1', ...noRpFilter, 'net.bridge.bridge-nf-call-iptables=1');
    veth(ns, 'eth0', fabIf, fab);
    ip(fab, 'link', 'set', fabIf, 'master', 'br0', 'up');
    ip(ns, 'link', 'set', 'eth0', 'address', macOf(i));
    ip(ns, 'addr', 'add', `${n.ip}/${nodeNetBits}`, 'dev', 'eth0');
    ip(ns, 'link', 'set', 'eth0', 'up');
    const block = parseCidr(n.podCidr);
    const bits = block?.bits ?? 28;
    ip(ns, 'link', 'add', 'cni0', 'type', 'bridge');
    ip(ns, 'addr', 'add', `${intToIp((block?.base ?? 0) + 1)}/${bits}`, 'dev', 'cni0');
    ip(ns, 'link', 'set', 'cni0', 'up');
    ip(ns, 'route', 'add', 'default', 'via', LB_NODE_SIDE_IP, 'dev', 'eth0');
    const neigh = (where: string, dev: string, addr: string, mac: string): void => {
      ip(where, 'neigh', 'replace', addr, 'lladdr', mac, 'nud', 'permanent', 'dev', dev);
    };
    neigh(ns, 'eth0', LB_NODE_SIDE_IP, lbMac);
    neigh(lb, 'fab0', n.ip, macOf(i));
    s.nodes.forEach((m, j) => {
      if (m.id !== n.id) neigh(ns, 'eth0', m.ip, macOf(j));
    });
    s.nodes.forEach((m) => {
      if (m.id !== n.id) ip(ns, 'route', 'add', m.podCidr, 'via', m.ip, 'dev', 'eth0');
    });
    const rs = rules[n.id];
    if (rs) {
      nodeRules.push({
        node: n.id,
        ns,
        ...rs.kernel([
          `Hop by Hop lab: ${s.id}, ${n.id}, emitted from the engine's rule set ${rs.id}`,
        ]),
      });
    }
  });

  // Pods: a namespace each, veth into the node's cni0, default route via the bridge.
  const servers: LabPlan['servers'] = [];
  s.pods.forEach((p, k) => {
    const nodeIndex = s.nodes.findIndex((n) => n.id === p.node);
    const node = s.nodes[nodeIndex];
    if (!node || p.ip === undefined) return;
    const ns = add(nsName(runId, 'pod', k), 'pod', p.id);
    const nodeNsName = nodeNs[node.id] ?? '';
    const hostIf = `veth${k + 1}`;
    const block = parseCidr(node.podCidr);
    veth(ns, 'eth0', hostIf, nodeNsName);
    ip(nodeNsName, 'link', 'set', hostIf, 'master', 'cni0', 'up');
    ip(ns, 'addr', 'add', `${p.ip}/${block?.bits ?? 28}`, 'dev', 'eth0');
    ip(ns, 'link', 'set', 'eth0', 'up');
    ip(ns, 'route', 'add', 'default', 'via', intToIp((block?.base ?? 0) + 1));
    servers.push({ pod: p.id, ns, ip: p.ip, port: s.service.targetPort });
  });

  // VIP delivery: one routing table per node in rotation, chosen by the connection mark.
  if (s.loadBalancer.delivery === 'vip') {
    rotation.forEach((node, i) => {
      const nodeIp = s.nodes.find((n) => n.id === node)?.ip ?? '';
      const table = String(100 + i + 1);
      ip(lb, 'rule', 'add', 'fwmark', String(i + 1), 'table', table);
      ip(lb, 'route', 'add', 'default', 'via', nodeIp, 'dev', 'fab0', 'table', table);
    });
  }
  return {
    runId,
    namespaces,
    steps,
    nodeRules,
    lbRules: lbRulesText(s, rotation),
    servers,
    clients,
    nodeNs,
    lbNs: lb,
    rotation: [...rotation],
  };
}
