/**
 * Nodes and Pods in the engine's terms: ids (lowercase kebab), node addresses, pod CIDRs that
 * hold the Pods' addresses, and the nodes' and Pods' current state as actions at t = 0.
 */
import { inCidr, intToIp, ipToInt, parseCidr } from '../sim/ip.ts';
import type { Action, NodeSpec, PodSpec } from '../sim/types.ts';
import { LIMITS } from '../sim/validate.ts';
import type { UsedPod } from './endpoints.ts';
import type { EndpointView, ServiceView } from './objects.ts';
import type { NodeView } from './podNodeObjects.ts';
import type { ReportBuilder, ReportItem } from './report.ts';

const ID = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** Engine ids (lowercase kebab, ≤ 63) for Kubernetes names; unique, stable in input order. */
export function makeIds(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let base = name;
    if (!(ID.test(base) && base.length <= LIMITS.idLength)) {
      const label = name.split('.')[0] ?? '';
      base =
        ID.test(label) && label.length <= LIMITS.idLength
          ? label
          : name
              .toLowerCase()
              .replace(/[^a-z0-9-]+/g, '-')
              .replace(/^-+/, '')
              .slice(0, LIMITS.idLength)
              .replace(/-+$/, '') || 'x';
    }
    let id = base;
    for (let n = 2; used.has(id); n++) {
      const suffix = `-${n}`;
      id = `${base.slice(0, LIMITS.idLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    }
    used.add(id);
    return id;
  });
}

/** Longest common prefix length (bits) of IPv4 addresses. */
function commonPrefix(ips: string[]): number {
  const ints = ips.map(ipToInt);
  const first = ints[0] ?? 0;
  let bits = 32;
  for (const x of ints) {
    const diff = (x ^ first) >>> 0;
    if (diff !== 0) bits = Math.min(bits, Math.clz32(diff));
  }
  return bits;
}

const cidrOf = (ip: string, bits: number): string => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return `${intToIp((ipToInt(ip) & mask) >>> 0)}/${bits}`;
};

/** Addresses in use, and stand-ins from the documentation ranges for the ones that are missing. */
export class AddressPool {
  private readonly taken = new Set<string>();

  take(ip: string): void {
    this.taken.add(ip);
  }

  has(ip: string): boolean {
    return this.taken.has(ip);
  }

  /** The first free documentation address (nodes' range first). */
  spare(): string {
    for (const range of ['198.51.100', '192.0.2', '203.0.113'])
      for (let h = 1; h < 255; h++) {
        const ip = `${range}.${h}`;
        if (!this.taken.has(ip)) {
          this.taken.add(ip);
          return ip;
        }
      }
    return '198.51.100.254';
  }
}

export interface Topology {
  nodeList: NodeView[];
  nodeIds: string[];
  podIds: string[];
  nodes: NodeSpec[];
  pods: PodSpec[];
  timeline: Action[];
  drainCandidates: string[];
}

/** Build the scenario's nodes and pods (and the t = 0 actions) from what the dump says. */
export function buildTopology(
  svc: ServiceView,
  used: UsedPod[],
  all: EndpointView[],
  nodes: NodeView[],
  pool: AddressPool,
  r: ReportBuilder,
): Topology | { issues: ReportItem[] } {
  const haveNodes = nodes.length > 0;
  let nodeList: NodeView[] = nodes;
  if (!haveNodes) {
    const names = [...new Set(used.flatMap((u) => (u.nodeName ? [u.nodeName] : [])))];
    if (names.length === 0) return { issues: [{ kind: 'error', code: 'noNodes', params: {} }] };
    nodeList = names.map((name) => ({
      ref: { kind: 'Node', name },
      internalIp: undefined,
      externalIp: undefined,
      hasIpv6: false,
      podCidr: undefined,
      providerId: undefined,
      zone: undefined,
      unschedulable: false,
      deleting: false,
      ready: undefined,
      taints: [],
      excludedFromLb: false,
    }));
    r.add('nodesSynthesized', { count: names.length });
  }
  if (nodeList.length > LIMITS.nodes)
    return {
      issues: [
        {
          kind: 'error',
          code: 'tooManyNodes',
          params: { count: nodeList.length, max: LIMITS.nodes },
        },
      ],
    };
  if (used.length > LIMITS.pods)
    return {
      issues: [
        { kind: 'error', code: 'tooManyPods', params: { count: used.length, max: LIMITS.pods } },
      ],
    };

  const nodeIds = makeIds(nodeList.map((n) => n.ref.name));
  const nodeIdOf = new Map(nodeList.map((n, i) => [n.ref.name, nodeIds[i] ?? '']));
  const podIds = makeIds(used.map((u) => u.name));
  nodeList.forEach((n, i) => {
    if (nodeIds[i] !== n.ref.name) r.add('idRenamed', { id: nodeIds[i] ?? '' }, n.ref);
  });
  used.forEach((u, i) => {
    if (podIds[i] !== u.name)
      r.add(
        'idRenamed',
        { id: podIds[i] ?? '' },
        { kind: 'Pod', namespace: svc.ref.namespace, name: u.name },
      );
  });

  // Addresses: the node IP (InternalIP, else ExternalIP, else a documentation address).
  for (const n of nodeList) if (n.internalIp) pool.take(n.internalIp);
  for (const u of used) if (u.ip) pool.take(u.ip);
  const nodeIps: string[] = [];
  const seenNodeIp = new Set<string>();
  nodeList.forEach((n, i) => {
    let ip = n.internalIp ?? n.externalIp;
    if (ip && seenNodeIp.has(ip)) {
      r.add('nodeIpDuplicate', { ip }, n.ref, 'status.addresses');
      ip = undefined;
    }
    if (!ip) {
      ip = pool.spare();
      if (haveNodes)
        r.add('nodeIpSynthesized', { ip, node: nodeIds[i] ?? '' }, n.ref, 'status.addresses');
    }
    pool.take(ip);
    seenNodeIp.add(ip);
    nodeIps.push(ip);
    if (n.hasIpv6) r.add('ipv6Ignored', {}, n.ref, 'status.addresses');
  });

  // Pod CIDRs: the node's podCIDR when it holds its Pods' addresses, else the smallest block
  // (at most a /24) around them; the engine takes the block's first address as the bridge.
  const podsOn = new Map<string, UsedPod[]>();
  for (const u of used) {
    if (!u.nodeName) continue;
    const list = podsOn.get(u.nodeName);
    if (list) list.push(u);
    else podsOn.set(u.nodeName, [u]);
  }
  const usedBlocks = new Set<string>();
  const cidrs: string[] = nodeList.map((n) => {
    const ips = (podsOn.get(n.ref.name) ?? []).flatMap((u) => (u.ip ? [u.ip] : []));
    const declared = n.podCidr && parseCidr(n.podCidr) ? n.podCidr : undefined;
    if (declared && ips.every((ip) => inCidr(ip, declared))) {
      usedBlocks.add(declared);
      return declared;
    }
    if (declared) {
      for (const u of podsOn.get(n.ref.name) ?? [])
        if (u.ip && !inCidr(u.ip, declared))
          r.add(
            'podIpOutsideCidr',
            { ip: u.ip, cidr: declared },
            { kind: 'Pod', namespace: svc.ref.namespace, name: u.name },
            'status.podIP',
          );
    }
    const first = ips[0];
    const bits = first ? Math.max(8, Math.min(24, commonPrefix(ips))) : 24;
    if (first && commonPrefix(ips) >= 8) {
      const cidr = cidrOf(first, bits);
      usedBlocks.add(cidr);
      r.add('podCidrInferred', { cidr }, n.ref, 'spec.podCIDR');
      return cidr;
    }
    for (const u of podsOn.get(n.ref.name) ?? []) {
      if (u.ip) {
        u.ip = undefined;
        r.add(
          'podIpAllocated',
          {},
          { kind: 'Pod', namespace: svc.ref.namespace, name: u.name },
          'status.podIP',
        );
      }
    }
    // A free 10.244.x.0/24 block for a node without a usable CIDR.
    for (let x = 0; x < 256; x++) {
      const cidr = `10.244.${x}.0/24`;
      if (!usedBlocks.has(cidr) && !nodeList.some((m) => m.podCidr === cidr)) {
        usedBlocks.add(cidr);
        r.add('podCidrInferred', { cidr }, n.ref, 'spec.podCIDR');
        return cidr;
      }
    }
    return '10.244.0.0/24';
  });

  const scenarioNodes: NodeSpec[] = nodeList.map((_, i) => ({
    id: nodeIds[i] ?? '',
    ip: nodeIps[i] ?? '',
    podCidr: cidrs[i] ?? '',
  }));
  const scenarioPods: PodSpec[] = used.map((u, i) => {
    const pod: PodSpec = { id: podIds[i] ?? '' };
    if (u.nodeName) pod.node = nodeIdOf.get(u.nodeName) ?? '';
    if (u.ip) pod.ip = u.ip;
    return pod;
  });
  r.add('nodesUsed', { count: scenarioNodes.length });

  // ---- Node state → actions at t=0 ----
  const timeline: Action[] = [];
  const drainCandidates: string[] = [];
  const zones = new Set<string>();
  nodeList.forEach((n, i) => {
    const id = nodeIds[i] ?? '';
    if (n.zone) zones.add(n.zone);
    if (n.unschedulable) {
      timeline.push({ at: 0, type: 'cordonNode', node: id });
      r.add('nodeCordoned', { node: id }, n.ref, 'spec.unschedulable');
    }
    const toBeDeleted = n.taints.some((t) => t.key === 'ToBeDeletedByClusterAutoscaler');
    if (toBeDeleted || n.deleting) {
      timeline.push({ at: 0, type: 'taintToBeDeleted', node: id });
      if (toBeDeleted) r.add('nodeTaintedToBeDeleted', { node: id }, n.ref, 'spec.taints');
      else r.add('nodeDeleting', { node: id }, n.ref, 'metadata.deletionTimestamp');
    }
    if (n.unschedulable || toBeDeleted || n.deleting) drainCandidates.push(id);
    for (const t of n.taints) {
      if (
        t.key === 'ToBeDeletedByClusterAutoscaler' ||
        t.key === 'node.kubernetes.io/unschedulable'
      )
        continue;
      if (t.key === 'karpenter.sh/disrupted')
        r.add('karpenterDisrupted', { node: id }, n.ref, 'spec.taints');
      else r.add('taintOther', { node: id, key: t.key, effect: t.effect }, n.ref, 'spec.taints');
    }
    if (n.ready === false) r.add('nodeNotReady', { node: id }, n.ref, 'status.conditions');
    if (n.excludedFromLb) r.add('excludedFromLb', { node: id }, n.ref, 'metadata.labels');
  });
  used.forEach((u, i) => {
    if (u.terminating && u.nodeName) {
      timeline.push({ at: 0, type: 'deletePod', pod: podIds[i] ?? '' });
      r.add(
        'podTerminating',
        {},
        { kind: 'Pod', namespace: svc.ref.namespace, name: u.name },
        'metadata.deletionTimestamp',
      );
    }
  });
  if (timeline.length > 0) r.add('appliedAtStart', { count: timeline.length });
  for (const e of all) if (e.zone) zones.add(e.zone);
  if (zones.size > 1) r.add('zones', { count: zones.size });

  return {
    nodeList,
    nodeIds,
    podIds,
    nodes: scenarioNodes,
    pods: scenarioPods,
    timeline,
    drainCandidates,
  };
}
