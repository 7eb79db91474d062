/**
 * Typed views of the Service and its endpoints (EndpointSlice / legacy Endpoints), extracted
 * field by field from untrusted objects, and the readers they share with the Pod and Node views
 * (podNodeObjects.ts). Only fields the importer uses are read; everything else (managedFields,
 * last-applied-configuration, Secrets) is never touched, so it cannot leak into the scenario or
 * the report.
 */
import { isDottedIp } from '../sim/ip.ts';
import type { RawObject } from './parse.ts';
import {
  asArr,
  asObj,
  bool,
  get,
  int,
  isIpv6,
  looksSecret,
  path,
  safeKey,
  safeName,
  safeToken,
  str,
  type Obj,
} from './read.ts';
import type { ObjectRef, ReportBuilder } from './report.ts';

export interface ServicePortView {
  index: number;
  name: string;
  port: number;
  protocol: string;
  nodePort: number | null;
  targetPort: number | string | null;
  appProtocol: string | undefined;
}

export interface ServiceView {
  ref: ObjectRef & { namespace: string; name: string };
  type: string;
  clusterIp: string | undefined;
  ipv4: boolean;
  selector: Record<string, string> | null;
  ports: ServicePortView[];
  policy: 'Cluster' | 'Local';
  healthCheckNodePort: number | undefined;
  internalTrafficPolicy: string | undefined;
  sessionAffinity: string | undefined;
  sessionAffinityTimeout: number | undefined;
  sourceRanges: string[];
  externalIps: number;
  loadBalancerClass: string | undefined;
  allocateNodePorts: boolean;
  trafficDistribution: string | undefined;
  ingressIps: string[];
  ingressHostname: boolean;
  /** DNS names in status.loadBalancer.ingress (AWS load balancers publish only these). */
  ingressHostnames: string[];
  ingressIpv6: boolean;
  ipModes: string[];
  annotations: Obj;
  finalizers: string[];
}

export interface EndpointView {
  address: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  nodeName: string | undefined;
  zone: string | undefined;
  podName: string | undefined;
  hints: boolean;
  /** The target port this endpoint's slice gives for the Service port (null when unknown). */
  port: number | null;
  source: ObjectRef;
}

/** metadata.name / namespace, reporting objects without a usable (safe) name. */
export function identity(
  raw: RawObject,
  namespaced: boolean,
  r: ReportBuilder,
): { name: string; namespace: string } | null {
  const meta = asObj(get(raw.value, 'metadata'));
  const rawName = get(meta, 'name');
  const name = safeName(rawName);
  if (name === undefined) {
    const secretLike = typeof rawName === 'string' && looksSecret(rawName);
    r.add(
      secretLike ? 'nameRedacted' : 'objectInvalid',
      { kind: raw.kind },
      { kind: raw.kind, index: raw.index },
      'metadata.name',
    );
    return null;
  }
  if (!namespaced) return { name, namespace: '' };
  const ns = get(meta, 'namespace');
  const namespace = ns === undefined ? 'default' : safeName(ns);
  if (namespace === undefined || namespace.length > 63) {
    r.add('objectInvalid', { kind: raw.kind }, { kind: raw.kind, name }, 'metadata.namespace');
    return null;
  }
  return { name, namespace };
}

/** A string → string map (labels, selector) with safe keys and values only. */
export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const o = asObj(v);
  if (!o) return out;
  for (const k of Object.keys(o)) {
    const value = str(get(o, k), 63);
    if (safeKey(k) !== undefined && value !== undefined) out[k] = value;
  }
  return out;
}

/**
 * An AWS load balancer's public DNS name. The in-tree controller names a Classic Load Balancer
 * `a` + the Service's uid without dashes, a long hex run that the secret check would drop.
 */
function elbName(v: unknown): string | undefined {
  const s = str(v, 253);
  return s !== undefined && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\.amazonaws\.com$/.test(s)
    ? s
    : undefined;
}

/** Read a Service. */
export function toService(raw: RawObject, r: ReportBuilder): ServiceView | null {
  const id = identity(raw, true, r);
  if (!id) return null;
  const o = raw.value;
  const spec = asObj(get(o, 'spec'));
  const ports: ServicePortView[] = [];
  asArr(get(spec, 'ports')).forEach((p, index) => {
    const po = asObj(p);
    const port = int(get(po, 'port'));
    if (!po || port === undefined || port < 1 || port > 65535) return;
    const tp = get(po, 'targetPort');
    const nodePort = int(get(po, 'nodePort'));
    ports.push({
      index,
      name: safeName(get(po, 'name')) ?? '',
      port,
      protocol: safeToken(get(po, 'protocol'), 8) ?? 'TCP',
      nodePort: nodePort ?? null,
      targetPort: int(tp) ?? safeName(tp) ?? null,
      appProtocol: safeToken(get(po, 'appProtocol'), 64),
    });
  });
  const families = asArr(get(spec, 'ipFamilies')).map((f) => str(f, 8));
  const clusterIp = str(get(spec, 'clusterIP'), 45);
  const ipv4 =
    families.length > 0
      ? families.includes('IPv4')
      : clusterIp === undefined || clusterIp === 'None' || !isIpv6(clusterIp);
  const ingress = asArr(path(o, 'status', 'loadBalancer', 'ingress')).map(asObj);
  const ingressIps = ingress.map((i) => get(i, 'ip')).filter(isDottedIp);
  const policyRaw = str(get(spec, 'externalTrafficPolicy'), 16);
  const affinity = str(get(spec, 'sessionAffinity'), 16);
  const sourceRanges = asArr(get(spec, 'loadBalancerSourceRanges'))
    .map((x) => str(x, 43))
    .filter((x): x is string => x !== undefined && /^[0-9a-fA-F:./]+$/.test(x));
  const meta = asObj(get(o, 'metadata'));
  const annotations: Obj = {};
  const ann = asObj(get(meta, 'annotations'));
  // Only the annotations the cloud module looks for are copied (never last-applied-configuration).
  if (ann) {
    for (const k of Object.keys(ann)) {
      if (
        /^service\.beta\.kubernetes\.io\/(azure-|aws-|port_\d+_)/.test(k) ||
        k === 'cloud.google.com/l4-rbs' ||
        /^(metallb\.io|metallb\.universe\.tf|networking\.gke\.io)\//.test(k) ||
        k.startsWith('service.kubernetes.io/topology-')
      ) {
        annotations[k] = get(ann, k);
      }
    }
  }
  return {
    ref: { kind: 'Service', namespace: id.namespace, name: id.name },
    type: safeToken(get(spec, 'type'), 32) ?? 'ClusterIP',
    clusterIp,
    ipv4,
    selector: asObj(get(spec, 'selector')) ? stringMap(get(spec, 'selector')) : null,
    ports,
    policy: policyRaw === 'Local' ? 'Local' : 'Cluster',
    healthCheckNodePort: int(get(spec, 'healthCheckNodePort')),
    internalTrafficPolicy: safeToken(get(spec, 'internalTrafficPolicy'), 16),
    sessionAffinity: safeToken(affinity, 16),
    sessionAffinityTimeout: int(path(spec, 'sessionAffinityConfig', 'clientIP', 'timeoutSeconds')),
    sourceRanges,
    externalIps: asArr(get(spec, 'externalIPs')).length,
    loadBalancerClass: str(get(spec, 'loadBalancerClass'), 253),
    allocateNodePorts: bool(get(spec, 'allocateLoadBalancerNodePorts')) ?? true,
    trafficDistribution: safeToken(get(spec, 'trafficDistribution'), 32),
    ingressIps,
    ingressHostname: ingress.some((i) => typeof get(i, 'hostname') === 'string'),
    ingressHostnames: ingress
      .map((i) => safeName(get(i, 'hostname')) ?? elbName(get(i, 'hostname')))
      .filter((h): h is string => h !== undefined),
    ingressIpv6: ingress.some((i) => isIpv6(get(i, 'ip'))),
    ipModes: ingress
      .map((i) => safeToken(get(i, 'ipMode'), 16))
      .filter((x): x is string => x !== undefined),
    annotations,
    finalizers: asArr(get(meta, 'finalizers'))
      .map((f) => safeKey(f))
      .filter((f): f is string => f !== undefined),
  };
}

/** The Service an EndpointSlice belongs to (label kubernetes.io/service-name). */
export function sliceService(raw: RawObject): { namespace: string; name: string } | null {
  const meta = asObj(get(raw.value, 'metadata'));
  const name = safeName(get(asObj(get(meta, 'labels')), 'kubernetes.io/service-name'));
  const ns = get(meta, 'namespace');
  const namespace = ns === undefined ? 'default' : safeName(ns);
  return name && namespace ? { namespace, name } : null;
}

/**
 * Endpoints of one EndpointSlice for the Service port named `portName` ("" for an unnamed
 * port). Non-IPv4 slices are counted, not read.
 */
export function sliceEndpoints(
  raw: RawObject,
  portName: string,
  r: ReportBuilder,
): EndpointView[] | null {
  const id = identity(raw, true, r);
  if (!id) return null;
  const o = raw.value;
  const source: ObjectRef = { kind: 'EndpointSlice', namespace: id.namespace, name: id.name };
  const addressType = str(get(o, 'addressType'), 16);
  if (addressType !== 'IPv4') {
    r.add(
      'sliceIgnored',
      { addressType: safeToken(addressType, 16) ?? '?' },
      source,
      'addressType',
    );
    return null;
  }
  const portEntry = asArr(get(o, 'ports'))
    .map(asObj)
    .find((p) => (str(get(p, 'name'), 63) ?? '') === portName);
  const port = int(get(portEntry ?? null, 'port')) ?? null;
  const out: EndpointView[] = [];
  for (const e of asArr(get(o, 'endpoints'))) {
    const eo = asObj(e);
    const address = asArr(get(eo, 'addresses')).find(isDottedIp);
    if (!eo || address === undefined) continue;
    const cond = asObj(get(eo, 'conditions'));
    // EndpointSlice API: a nil ready means ready; nil serving follows ready; nil terminating is false.
    const ready = bool(get(cond, 'ready')) ?? true;
    const ref = asObj(get(eo, 'targetRef'));
    out.push({
      address,
      ready,
      serving: bool(get(cond, 'serving')) ?? ready,
      terminating: bool(get(cond, 'terminating')) ?? false,
      nodeName: safeName(get(eo, 'nodeName')),
      zone: safeToken(get(eo, 'zone'), 63),
      podName: str(get(ref, 'kind'), 8) === 'Pod' ? safeName(get(ref, 'name')) : undefined,
      hints: get(eo, 'hints') !== undefined,
      port,
      source,
    });
  }
  return out;
}

/** Endpoints of a legacy v1 Endpoints object (used only when the dump has no EndpointSlice). */
export function legacyEndpoints(raw: RawObject, portName: string): EndpointView[] {
  const meta = asObj(get(raw.value, 'metadata'));
  const source: ObjectRef = {
    kind: 'Endpoints',
    namespace: safeName(get(meta, 'namespace')) ?? 'default',
    name: safeName(get(meta, 'name')) ?? '',
  };
  const out: EndpointView[] = [];
  for (const s of asArr(get(raw.value, 'subsets'))) {
    const so = asObj(s);
    const portEntry = asArr(get(so, 'ports'))
      .map(asObj)
      .find((p) => (str(get(p, 'name'), 63) ?? '') === portName);
    const port = int(get(portEntry ?? null, 'port')) ?? null;
    for (const [key, ready] of [
      ['addresses', true],
      ['notReadyAddresses', false],
    ] as const) {
      for (const a of asArr(get(so, key))) {
        const ao = asObj(a);
        const ip = get(ao, 'ip');
        if (!isDottedIp(ip)) continue;
        const ref = asObj(get(ao, 'targetRef'));
        out.push({
          address: ip,
          ready,
          serving: ready,
          terminating: false,
          nodeName: safeName(get(ao, 'nodeName')),
          zone: undefined,
          podName: str(get(ref, 'kind'), 8) === 'Pod' ? safeName(get(ref, 'name')) : undefined,
          hints: false,
          port,
          source,
        });
      }
    }
  }
  return out;
}
