/**
 * Typed views of Pods and Nodes, extracted field by field from untrusted objects (the
 * Service and endpoint views are in objects.ts). Only fields the importer uses are read; env,
 * volumes, managedFields and the like are never touched, so they cannot leak into the report.
 */
import { isDottedIp } from '../sim/ip.ts';
import { identity, stringMap } from './objects.ts';
import type { RawObject } from './parse.ts';
import {
  asArr,
  asObj,
  bool,
  get,
  int,
  isIpv6,
  path,
  safeKey,
  safeName,
  safeToken,
  str,
  type Obj,
} from './read.ts';
import type { ObjectRef, ReportBuilder } from './report.ts';

export interface PodView {
  ref: ObjectRef & { namespace: string; name: string };
  labels: Record<string, string>;
  nodeName: string | undefined;
  podIp: string | undefined;
  phase: string | undefined;
  ready: boolean;
  deleting: boolean;
  hostNetwork: boolean;
  containerPorts: Array<{ name: string; port: number }>;
  terminationGrace: number | undefined;
  preStopSeconds: number | undefined;
  spread: Array<{ topologyKey: string; maxSkew: number; hard: boolean }>;
  antiAffinity: Array<{ topologyKey: string; hard: boolean }>;
  /** The controller that owns the Pod (metadata.ownerReferences[controller]). */
  owner: { kind: string; name: string } | undefined;
  /** Container names, in order (a patch names the container it changes). */
  containers: string[];
}

export interface NodeView {
  ref: ObjectRef & { name: string };
  internalIp: string | undefined;
  externalIp: string | undefined;
  hasIpv6: boolean;
  podCidr: string | undefined;
  providerId: string | undefined;
  zone: string | undefined;
  unschedulable: boolean;
  deleting: boolean;
  ready: boolean | undefined;
  taints: Array<{ key: string; effect: string }>;
  excludedFromLb: boolean;
  /** GKE Dataplane V2 (label cloud.google.com/gke-dpv2-ready): anetd (Cilium) replaces kube-proxy. */
  dataplaneV2: boolean;
}

/** Seconds of a preStop `sleep` (the sleep action or an exec `sleep N`), or undefined. */
function preStopOf(container: Obj | null): number | undefined {
  const pre = asObj(path(container, 'lifecycle', 'preStop'));
  if (!pre) return undefined;
  const sleep = int(path(pre, 'sleep', 'seconds'));
  if (sleep !== undefined) return sleep;
  const cmd = asArr(path(pre, 'exec', 'command'))
    .map((c) => str(c, 200) ?? '')
    .join(' ');
  const m = /(?:^|[\s;&|"'])sleep\s+(\d{1,4})(?:\s|$|;|&|"|')/.exec(cmd);
  return m ? Number(m[1]) : undefined;
}

/** Read a Pod. */
export function toPod(raw: RawObject, r: ReportBuilder): PodView | null {
  const id = identity(raw, true, r);
  if (!id) return null;
  const o = raw.value;
  const spec = asObj(get(o, 'spec'));
  const status = asObj(get(o, 'status'));
  const containers = asArr(get(spec, 'containers')).map(asObj);
  const containerPorts: PodView['containerPorts'] = [];
  let preStop: number | undefined;
  for (const c of containers) {
    for (const p of asArr(get(c, 'ports'))) {
      const po = asObj(p);
      const name = safeName(get(po, 'name'));
      const port = int(get(po, 'containerPort'));
      if (name !== undefined && port !== undefined) containerPorts.push({ name, port });
    }
    const s = preStopOf(c);
    if (s !== undefined) preStop = Math.max(preStop ?? 0, s);
  }
  const readyCond = asArr(get(status, 'conditions'))
    .map(asObj)
    .find((c) => get(c, 'type') === 'Ready');
  const spread = asArr(get(spec, 'topologySpreadConstraints')).flatMap((c) => {
    const co = asObj(c);
    const topologyKey = safeKey(get(co, 'topologyKey'));
    const maxSkew = int(get(co, 'maxSkew'));
    if (topologyKey === undefined || maxSkew === undefined) return [];
    return [{ topologyKey, maxSkew, hard: get(co, 'whenUnsatisfiable') !== 'ScheduleAnyway' }];
  });
  const anti = asObj(path(spec, 'affinity', 'podAntiAffinity'));
  const antiAffinity: PodView['antiAffinity'] = [
    ...asArr(get(anti, 'requiredDuringSchedulingIgnoredDuringExecution')).map((t) => ({
      topologyKey: safeKey(get(asObj(t), 'topologyKey')) ?? '',
      hard: true,
    })),
    ...asArr(get(anti, 'preferredDuringSchedulingIgnoredDuringExecution')).map((t) => ({
      topologyKey: safeKey(path(t, 'podAffinityTerm', 'topologyKey')) ?? '',
      hard: false,
    })),
  ].filter((t) => t.topologyKey !== '');
  const podIp = get(status, 'podIP');
  const ownerRef = asArr(path(o, 'metadata', 'ownerReferences'))
    .map(asObj)
    .find((r) => get(r, 'controller') === true);
  const ownerKind = safeToken(get(ownerRef ?? null, 'kind'), 32);
  const ownerName = safeName(get(ownerRef ?? null, 'name'));
  return {
    ref: { kind: 'Pod', namespace: id.namespace, name: id.name },
    labels: stringMap(path(o, 'metadata', 'labels')),
    nodeName: safeName(get(spec, 'nodeName')),
    podIp: isDottedIp(podIp) ? podIp : undefined,
    phase: safeToken(get(status, 'phase'), 16),
    ready: get(readyCond ?? null, 'status') === 'True',
    deleting: path(o, 'metadata', 'deletionTimestamp') !== undefined,
    hostNetwork: bool(get(spec, 'hostNetwork')) ?? false,
    containerPorts,
    terminationGrace: int(get(spec, 'terminationGracePeriodSeconds')),
    preStopSeconds: preStop,
    spread,
    antiAffinity,
    owner: ownerKind && ownerName ? { kind: ownerKind, name: ownerName } : undefined,
    containers: containers.flatMap((c) => {
      const name = safeName(get(c, 'name'));
      return name === undefined ? [] : [name];
    }),
  };
}

/** Read a Node. */
export function toNode(raw: RawObject, r: ReportBuilder): NodeView | null {
  const id = identity(raw, false, r);
  if (!id) return null;
  const o = raw.value;
  const spec = asObj(get(o, 'spec'));
  const status = asObj(get(o, 'status'));
  const addresses = asArr(get(status, 'addresses')).map(asObj);
  const addr = (type: string): string | undefined =>
    addresses
      .filter((a) => get(a, 'type') === type)
      .map((a) => get(a, 'address'))
      .find(isDottedIp);
  const cidrs = [get(spec, 'podCIDR'), ...asArr(get(spec, 'podCIDRs'))]
    .map((c) => str(c, 43))
    .filter((c): c is string => c !== undefined);
  const labels = stringMap(path(o, 'metadata', 'labels'));
  const readyCond = asArr(get(status, 'conditions'))
    .map(asObj)
    .find((c) => get(c, 'type') === 'Ready');
  const readyStatus = get(readyCond ?? null, 'status');
  return {
    ref: { kind: 'Node', name: id.name },
    internalIp: addr('InternalIP'),
    externalIp: addr('ExternalIP'),
    hasIpv6: addresses.some((a) => isIpv6(get(a, 'address'))),
    podCidr: cidrs.find((c) => !c.includes(':')),
    providerId: str(get(spec, 'providerID'), 512),
    zone: labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'],
    unschedulable: bool(get(spec, 'unschedulable')) ?? false,
    deleting: path(o, 'metadata', 'deletionTimestamp') !== undefined,
    ready: readyStatus === undefined ? undefined : readyStatus === 'True',
    taints: asArr(get(spec, 'taints')).flatMap((t) => {
      const key = safeKey(get(asObj(t), 'key'));
      return key === undefined
        ? []
        : [{ key, effect: safeToken(get(asObj(t), 'effect'), 32) ?? '' }];
    }),
    excludedFromLb: 'node.kubernetes.io/exclude-from-external-load-balancers' in labels,
    dataplaneV2: labels['cloud.google.com/gke-dpv2-ready'] === 'true',
  };
}
