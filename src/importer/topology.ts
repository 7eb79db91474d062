/**
 * Nodes and Pods in the engine's terms: ids (lowercase kebab), node addresses, pod CIDRs that
 * hold the Pods' addresses, zones, and the nodes' and Pods' states as the dump shows them, where
 * the run starts (settled, never replayed as actions).
 */
import type { Action, NodeSpec, PodSpec } from '../sim/types.ts';
import { podCidrsOf } from './podCidrs.ts';
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
      dataplaneV2: false,
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

  const cidrs = podCidrsOf(nodeList, nodeIps, used, svc.ref.namespace, r);

  // The nodes' and Pods' states as the dump shows them: where the run starts, settled long
  // before t = 0. Nothing is replayed; failures come only from actions a what-if adds.
  const zones = new Set<string>();
  const drainCandidates: string[] = [];
  let settled = 0;
  const scenarioNodes: NodeSpec[] = nodeList.map((n, i) => {
    const id = nodeIds[i] ?? '';
    const node: NodeSpec = { id, ip: nodeIps[i] ?? '', podCidr: cidrs[i] ?? '' };
    const zone = zoneId(n.zone);
    if (zone) {
      node.zone = zone;
      zones.add(zone);
    }
    const toBeDeleted = n.taints.some((t) => t.key === 'ToBeDeletedByClusterAutoscaler');
    if (n.unschedulable) {
      node.cordoned = true;
      r.add('nodeCordoned', { node: id }, n.ref, 'spec.unschedulable');
    }
    if (toBeDeleted || n.deleting) {
      node.toBeDeleted = true;
      if (toBeDeleted) r.add('nodeTaintedToBeDeleted', { node: id }, n.ref, 'spec.taints');
      else r.add('nodeDeleting', { node: id }, n.ref, 'metadata.deletionTimestamp');
    }
    if (n.excludedFromLb) {
      node.excludedFromLb = true;
      r.add('excludedFromLb', { node: id }, n.ref, 'metadata.labels');
    }
    if (node.cordoned || node.toBeDeleted || node.excludedFromLb) settled++;
    if (n.unschedulable || toBeDeleted || n.deleting) drainCandidates.push(id);
    reportNodeExtras(n, id, r);
    if (n.dataplaneV2 && !r.has('dataplaneV2'))
      r.add('dataplaneV2', { node: id }, n.ref, 'metadata.labels');
    return node;
  });
  const scenarioPods: PodSpec[] = used.map((u, i) => {
    const pod: PodSpec = { id: podIds[i] ?? '' };
    if (u.nodeName) pod.node = nodeIdOf.get(u.nodeName) ?? '';
    if (u.ip) pod.ip = u.ip;
    if (u.nodeName && u.state !== 'ready') {
      pod.state = u.state;
      settled++;
      if (u.state !== 'notReady')
        r.add(
          'podTerminating',
          { serving: String(u.state === 'terminatingServing') },
          { kind: 'Pod', namespace: svc.ref.namespace, name: u.name },
          'metadata.deletionTimestamp',
        );
    }
    return pod;
  });
  r.add('nodesUsed', { count: scenarioNodes.length });
  if (settled > 0) r.add('settledAtStart', { count: settled });
  for (const e of all) {
    const z = zoneId(e.zone);
    if (z) zones.add(z);
  }
  if (zones.size > 1)
    r.add('zones', { count: zones.size, zones: [...zones].slice(0, 6).join(', ') });

  return {
    nodeList,
    nodeIds,
    podIds,
    nodes: scenarioNodes,
    pods: scenarioPods,
    timeline: [],
    drainCandidates,
  };
}

/** topology.kubernetes.io/zone as an engine id (lowercase kebab), or undefined. */
function zoneId(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  const id = zone
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return id === '' ? undefined : id;
}

/** Taints and conditions the engine does not model, reported for the reader. */
function reportNodeExtras(n: NodeView, id: string, r: ReportBuilder): void {
  for (const t of n.taints) {
    if (t.key === 'ToBeDeletedByClusterAutoscaler' || t.key === 'node.kubernetes.io/unschedulable')
      continue;
    if (t.key === 'karpenter.sh/disrupted')
      r.add('karpenterDisrupted', { node: id }, n.ref, 'spec.taints');
    else r.add('taintOther', { node: id, key: t.key, effect: t.effect }, n.ref, 'spec.taints');
  }
  if (n.ready === false) r.add('nodeNotReady', { node: id }, n.ref, 'status.conditions');
}
