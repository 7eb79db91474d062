/**
 * Scenario validation: checks every field of untrusted input (types, ranges, references, IPs,
 * sane bounds) and builds a fresh Scenario object from it. Never throws.
 */
import { OUTCOME_REASONS, OUTCOMES, type IssueCode } from './codes.ts';
import { inCidr, isDottedIp, parseCidr } from './ip.ts';
import { podId } from './placement.ts';
import type {
  Action,
  ClientSpec,
  DirectConnectionSpec,
  FeaturedSelector,
  InputIssue,
  LifecycleSpec,
  NodeSpec,
  PlacementSpec,
  PodSpec,
  ProbeSpec,
  Scenario,
} from './types.ts';

export const LIMITS = {
  // Sized for imported clusters (src/importer): a 200-node, 2,000-Pod dump must fit.
  nodes: 256,
  clients: 64,
  pods: 4096,
  timeMax: 3600,
  connections: 2_000_000,
  rateMax: 100_000,
  timeline: 1000,
  featured: 16,
  direct: 100,
  idLength: 63,
} as const;

type Obj = Record<string, unknown>;

class Checker {
  issues: InputIssue[] = [];
  add(path: string, code: IssueCode, expected?: string, received?: unknown): void {
    const issue: InputIssue = { path, code };
    if (expected !== undefined) issue.expected = expected;
    if (received !== undefined) issue.received = describe(received);
    if (this.issues.length < 200) this.issues.push(issue);
  }
  obj(v: unknown, path: string, keys: readonly string[]): Obj | null {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.add(path, 'expectedObject', undefined, v);
      return null;
    }
    const o = v as Obj;
    for (const k of Object.keys(o)) {
      if (!keys.includes(k)) this.add(join(path, k), 'unknownKey', keys.join(', '));
    }
    return o;
  }
  arr(v: unknown, path: string, max: number, min = 0): unknown[] | null {
    if (!Array.isArray(v)) {
      this.add(path, 'expectedArray', undefined, v);
      return null;
    }
    if (v.length > max) {
      this.add(path, 'tooMany', `≤ ${max}`, v.length);
      return null;
    }
    if (v.length < min) this.add(path, 'tooMany', `≥ ${min}`, v.length);
    return v;
  }
  str(v: unknown, path: string, max = 253): string | null {
    if (typeof v !== 'string') {
      this.add(path, 'expectedString', undefined, v);
      return null;
    }
    if (v.length > max) {
      this.add(path, 'tooLong', `≤ ${max}`, `${v.length} characters`);
      return null;
    }
    return v;
  }
  id(v: unknown, path: string): string | null {
    const s = this.str(v, path, LIMITS.idLength);
    if (s === null) return null;
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(s)) {
      this.add(path, 'expectedId', 'lowercase kebab-case, e.g. node-1', s);
      return null;
    }
    return s;
  }
  num(
    v: unknown,
    path: string,
    min: number,
    max: number,
    integer = false,
    minExclusive = false,
  ): number | null {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.add(path, 'expectedNumber', `${minExclusive ? '>' : '≥'} ${min} and ≤ ${max}`, v);
      return null;
    }
    if (integer && !Number.isInteger(v)) {
      this.add(path, 'expectedInteger', `${min}–${max}`, v);
      return null;
    }
    if (v < min || v > max || (minExclusive && v === min)) {
      this.add(path, 'outOfRange', `${minExclusive ? '>' : '≥'} ${min} and ≤ ${max}`, v);
      return null;
    }
    return v;
  }
  bool(v: unknown, path: string): boolean | null {
    if (typeof v !== 'boolean') {
      this.add(path, 'expectedBoolean', 'true | false', v);
      return null;
    }
    return v;
  }
  oneOf<T extends string>(v: unknown, path: string, values: readonly T[]): T | null {
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      this.add(path, 'expectedOneOf', values.join(' | '), v);
      return null;
    }
    return v as T;
  }
  ip(v: unknown, path: string): string | null {
    if (!isDottedIp(v)) {
      this.add(path, 'expectedIp', 'dotted IPv4, e.g. 198.51.100.11', v);
      return null;
    }
    return v;
  }
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

/** A short, safe description of a received value for messages. */
function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return v.length > 40 ? `"${v.slice(0, 40)}…"` : `"${v}"`;
  if (typeof v === 'object') return 'object';
  return String(v);
}

function get(o: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

export const POLICIES = ['Cluster', 'Local'] as const;
export const PRESET_NAMES = [
  'azure',
  'azure-shared',
  'gcp',
  'gcp-l4',
  'aws-nlb',
  'aws-lbc',
  'custom',
] as const;
export const DELIVERIES = ['nodePort', 'vip'] as const;
export const STRATEGIES = [
  'none',
  'antiAffinityPreferred',
  'antiAffinityRequired',
  'topologySpread',
] as const;
export const PROBE_KIND_NAMES = [
  'tcpNodePort',
  'httpKubeProxyHealthz',
  'httpHealthCheckNodePort',
] as const;
export const ACTION_TYPES = [
  'drainNode',
  'cordonNode',
  'uncordonNode',
  'shutdownNode',
  'powerOffNode',
  'powerOnNode',
  'taintToBeDeleted',
  'deletePod',
] as const;
// The outcome and reason vocabularies are the engine's own code lists (codes.ts).
const OUTCOME_NAMES = OUTCOMES;
const REASON_NAMES = OUTCOME_REASONS;

/** Validate untrusted input as a Scenario; never throws. */
export function validateScenario(
  input: unknown,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  try {
    return check(input);
  } catch {
    return { ok: false, issues: [{ path: '', code: 'expectedObject' }] };
  }
}

function check(
  input: unknown,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  const c = new Checker();
  const T = LIMITS.timeMax;
  const root = c.obj(input, '', [
    'id',
    'clients',
    'nodes',
    'pods',
    'placement',
    'service',
    'loadBalancer',
    'masquerade',
    'traffic',
    'lifecycle',
    'timeline',
    'featured',
    'featuredSelectors',
    'directConnections',
    '$schema',
  ]);
  if (!root) return { ok: false, issues: c.issues };
  const id = c.id(get(root, 'id'), 'id');

  const clients: ClientSpec[] = [];
  const clientList = c.arr(get(root, 'clients'), 'clients', LIMITS.clients, 1) ?? [];
  clientList.forEach((v, i) => {
    const p = join('clients', i);
    const o = c.obj(v, p, ['id', 'ip']);
    if (!o) return;
    const cid = c.id(get(o, 'id'), join(p, 'id'));
    const ip = c.ip(get(o, 'ip'), join(p, 'ip'));
    if (cid && clients.some((x) => x.id === cid))
      c.add(join(p, 'id'), 'duplicateId', undefined, cid);
    if (cid !== null && ip !== null) clients.push({ id: cid, ip });
  });

  const nodes: NodeSpec[] = [];
  const nodeList = c.arr(get(root, 'nodes'), 'nodes', LIMITS.nodes, 1) ?? [];
  nodeList.forEach((v, i) => {
    const p = join('nodes', i);
    const o = c.obj(v, p, ['id', 'ip', 'podCidr']);
    if (!o) return;
    const nid = c.id(get(o, 'id'), join(p, 'id'));
    const ip = c.ip(get(o, 'ip'), join(p, 'ip'));
    const cidrRaw = get(o, 'podCidr');
    const cidr = parseCidr(cidrRaw) ? (cidrRaw as string) : null;
    if (cidr === null)
      c.add(join(p, 'podCidr'), 'expectedCidr', 'e.g. 10.244.1.0/24 (prefix 8–30)', cidrRaw);
    if (nid && nodes.some((x) => x.id === nid)) c.add(join(p, 'id'), 'duplicateId', undefined, nid);
    if (ip && nodes.some((x) => x.ip === ip)) c.add(join(p, 'ip'), 'duplicateId', undefined, ip);
    if (nid !== null && ip !== null && cidr !== null) nodes.push({ id: nid, ip, podCidr: cidr });
  });
  const nodeIds = new Set(nodes.map((n) => n.id));

  const pods: PodSpec[] = [];
  const podList = c.arr(get(root, 'pods'), 'pods', LIMITS.pods) ?? [];
  // Sets and a map, not scans: an imported scenario has thousands of pods.
  const podIdsSeen = new Set<string>();
  const podIpsSeen = new Set<string>();
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  podList.forEach((v, i) => {
    const p = join('pods', i);
    const o = c.obj(v, p, ['id', 'node', 'ip']);
    if (!o) return;
    const pid = c.id(get(o, 'id'), join(p, 'id'));
    const rawNode = get(o, 'node');
    const node = rawNode === undefined ? undefined : c.id(rawNode, join(p, 'node'));
    if (typeof node === 'string' && !nodeIds.has(node))
      c.add(join(p, 'node'), 'unknownReference', [...nodeIds].join(', '), node);
    const rawIp = get(o, 'ip');
    const ip = rawIp === undefined ? undefined : c.ip(rawIp, join(p, 'ip'));
    const nodeSpec = typeof node === 'string' ? nodeById.get(node) : undefined;
    if (typeof ip === 'string' && nodeSpec && !inCidr(ip, nodeSpec.podCidr)) {
      c.add(join(p, 'ip'), 'ipNotInPodCidr', nodeSpec.podCidr, ip);
    }
    if (typeof ip === 'string' && podIpsSeen.has(ip))
      c.add(join(p, 'ip'), 'duplicateId', undefined, ip);
    if (pid && podIdsSeen.has(pid)) c.add(join(p, 'id'), 'duplicateId', undefined, pid);
    if (pid !== null && node !== null && ip !== null) {
      const pod: PodSpec = { id: pid };
      if (node !== undefined) pod.node = node;
      if (ip !== undefined) pod.ip = ip;
      pods.push(pod);
      podIdsSeen.add(pid);
      if (ip !== undefined) podIpsSeen.add(ip);
    }
  });

  let placement: PlacementSpec | undefined;
  const rawPlacement = get(root, 'placement');
  if (rawPlacement !== undefined) {
    const o = c.obj(rawPlacement, 'placement', ['strategy', 'replicas', 'maxSkew']);
    if (o) {
      const strategy = c.oneOf(get(o, 'strategy'), 'placement.strategy', STRATEGIES);
      const replicas = c.num(get(o, 'replicas'), 'placement.replicas', 0, LIMITS.pods, true);
      const rawSkew = get(o, 'maxSkew');
      const maxSkew =
        rawSkew === undefined ? undefined : c.num(rawSkew, 'placement.maxSkew', 1, 64, true);
      if (strategy !== null && replicas !== null && maxSkew !== null) {
        placement = { strategy, replicas };
        if (maxSkew !== undefined) placement.maxSkew = maxSkew;
      }
    }
  }

  const so = c.obj(get(root, 'service'), 'service', [
    'name',
    'namespace',
    'port',
    'targetPort',
    'nodePort',
    'externalTrafficPolicy',
    'healthCheckNodePort',
  ]);
  const svcName = so ? c.id(get(so, 'name'), 'service.name') : null;
  const svcNs = so ? c.id(get(so, 'namespace'), 'service.namespace') : null;
  const port = so ? c.num(get(so, 'port'), 'service.port', 1, 65535, true) : null;
  const targetPort = so ? c.num(get(so, 'targetPort'), 'service.targetPort', 1, 65535, true) : null;
  const nodePort = so ? c.num(get(so, 'nodePort'), 'service.nodePort', 30000, 32767, true) : null;
  const policy = so
    ? c.oneOf(get(so, 'externalTrafficPolicy'), 'service.externalTrafficPolicy', POLICIES)
    : null;
  const rawHcnp = so ? get(so, 'healthCheckNodePort') : undefined;
  let hcnp: number | null | undefined = undefined;
  if (rawHcnp !== undefined) {
    hcnp = c.num(rawHcnp, 'service.healthCheckNodePort', 30000, 32767, true);
    if (policy === 'Cluster')
      c.add('service.healthCheckNodePort', 'onlyForLocal', 'externalTrafficPolicy: Local');
    if (hcnp !== null && hcnp === nodePort)
      c.add('service.healthCheckNodePort', 'duplicateId', undefined, hcnp);
  } else if (policy === 'Local') {
    c.add('service.healthCheckNodePort', 'required', '30000–32767');
  }

  const lo = c.obj(get(root, 'loadBalancer'), 'loadBalancer', [
    'frontendIp',
    'delivery',
    'preset',
    'probe',
    'probePhase',
  ]);
  const frontendIp = lo ? c.ip(get(lo, 'frontendIp'), 'loadBalancer.frontendIp') : null;
  const delivery = lo ? c.oneOf(get(lo, 'delivery'), 'loadBalancer.delivery', DELIVERIES) : null;
  const preset = lo ? c.oneOf(get(lo, 'preset'), 'loadBalancer.preset', PRESET_NAMES) : null;
  let probe: ProbeSpec | null = null;
  const po = lo
    ? c.obj(get(lo, 'probe'), 'loadBalancer.probe', [
        'kind',
        'interval',
        'timeout',
        'unhealthyThreshold',
        'healthyThreshold',
      ])
    : null;
  if (po) {
    const kind = c.oneOf(get(po, 'kind'), 'loadBalancer.probe.kind', PROBE_KIND_NAMES);
    const interval = c.num(get(po, 'interval'), 'loadBalancer.probe.interval', 0, 300, false, true);
    const timeout = c.num(get(po, 'timeout'), 'loadBalancer.probe.timeout', 0, 300, false, true);
    const unhealthy = c.num(
      get(po, 'unhealthyThreshold'),
      'loadBalancer.probe.unhealthyThreshold',
      1,
      100,
      true,
    );
    const healthyT = c.num(
      get(po, 'healthyThreshold'),
      'loadBalancer.probe.healthyThreshold',
      1,
      100,
      true,
    );
    if (kind === 'httpHealthCheckNodePort' && policy === 'Cluster') {
      c.add('loadBalancer.probe.kind', 'requiresLocal', 'tcpNodePort | httpKubeProxyHealthz');
    }
    if (
      kind !== null &&
      interval !== null &&
      timeout !== null &&
      unhealthy !== null &&
      healthyT !== null
    ) {
      probe = {
        kind,
        interval,
        timeout,
        unhealthyThreshold: unhealthy,
        healthyThreshold: healthyT,
      };
    }
  }
  let probePhase: Record<string, number> | undefined;
  const rawPhase = lo ? get(lo, 'probePhase') : undefined;
  if (rawPhase !== undefined) {
    const o = c.obj(rawPhase, 'loadBalancer.probePhase', [...nodeIds]);
    if (o) {
      probePhase = {};
      for (const k of Object.keys(o)) {
        if (!nodeIds.has(k)) continue;
        const v = c.num(get(o, k), join('loadBalancer.probePhase', k), 0, T);
        if (v !== null) probePhase[k] = v;
      }
    }
  }

  const masquerade = c.bool(get(root, 'masquerade'), 'masquerade');

  const to = c.obj(get(root, 'traffic'), 'traffic', [
    'rate',
    'duration',
    'connectTimeout',
    'connectionDuration',
  ]);
  const rate = to ? c.num(get(to, 'rate'), 'traffic.rate', 0, LIMITS.rateMax, false, true) : null;
  const duration = to ? c.num(get(to, 'duration'), 'traffic.duration', 0, T) : null;
  const connectTimeout = to
    ? c.num(get(to, 'connectTimeout'), 'traffic.connectTimeout', 0, 300, false, true)
    : null;
  const rawCd = to ? get(to, 'connectionDuration') : undefined;
  const connectionDuration =
    rawCd === undefined ? undefined : c.num(rawCd, 'traffic.connectionDuration', 0, T);
  if (rate !== null && duration !== null && rate * duration > LIMITS.connections) {
    c.add(
      'traffic.rate',
      'tooManyConnections',
      `rate × duration ≤ ${LIMITS.connections}`,
      Math.round(rate * duration),
    );
  }

  const lfo = c.obj(get(root, 'lifecycle'), 'lifecycle', [
    'terminationGracePeriodSeconds',
    'preStopSeconds',
    'servesWhileTerminating',
    'shutdownGracePeriod',
    'shutdownGracePeriodCriticalPods',
    'proxySyncDelay',
    'bootSeconds',
    'nodeMonitorGracePeriod',
  ]);
  let lifecycle: LifecycleSpec | null = null;
  if (lfo) {
    const n = (k: string): number | null => c.num(get(lfo, k), join('lifecycle', k), 0, T);
    const grace = n('terminationGracePeriodSeconds');
    const preStop = n('preStopSeconds');
    const serves = c.bool(get(lfo, 'servesWhileTerminating'), 'lifecycle.servesWhileTerminating');
    const sgp = n('shutdownGracePeriod');
    const sgpc = n('shutdownGracePeriodCriticalPods');
    const sync = c.num(get(lfo, 'proxySyncDelay'), 'lifecycle.proxySyncDelay', 0, 600);
    if (sgp !== null && sgpc !== null && sgpc > sgp) {
      c.add(
        'lifecycle.shutdownGracePeriodCriticalPods',
        'outOfRange',
        `≤ shutdownGracePeriod (${sgp})`,
        sgpc,
      );
    }
    const rawBoot = get(lfo, 'bootSeconds');
    const boot = rawBoot === undefined ? undefined : n('bootSeconds');
    const rawNmg = get(lfo, 'nodeMonitorGracePeriod');
    const nmg = rawNmg === undefined ? undefined : n('nodeMonitorGracePeriod');
    if (
      grace !== null &&
      preStop !== null &&
      serves !== null &&
      sgp !== null &&
      sgpc !== null &&
      sync !== null &&
      boot !== null &&
      nmg !== null
    ) {
      lifecycle = {
        terminationGracePeriodSeconds: grace,
        preStopSeconds: preStop,
        servesWhileTerminating: serves,
        shutdownGracePeriod: sgp,
        shutdownGracePeriodCriticalPods: sgpc,
        proxySyncDelay: sync,
      };
      if (boot !== undefined) lifecycle.bootSeconds = boot;
      if (nmg !== undefined) lifecycle.nodeMonitorGracePeriod = nmg;
    }
  }

  const podIds = new Set(
    placement
      ? Array.from({ length: placement.replicas }, (_, i) => podId(i))
      : pods.map((p) => p.id),
  );
  const timeline: Action[] = [];
  const tl = c.arr(get(root, 'timeline'), 'timeline', LIMITS.timeline) ?? [];
  tl.forEach((v, i) => {
    const p = join('timeline', i);
    const o = c.obj(v, p, ['at', 'type', 'node', 'pod']);
    if (!o) return;
    const at = c.num(get(o, 'at'), join(p, 'at'), 0, T);
    const type = c.oneOf(get(o, 'type'), join(p, 'type'), ACTION_TYPES);
    if (at === null || type === null) return;
    if (type === 'deletePod') {
      if (get(o, 'node') !== undefined) c.add(join(p, 'node'), 'unknownKey', 'pod');
      const pod = c.id(get(o, 'pod'), join(p, 'pod'));
      if (pod !== null && !podIds.has(pod))
        c.add(join(p, 'pod'), 'unknownReference', [...podIds].slice(0, 20).join(', '), pod);
      else if (pod !== null) timeline.push({ at, type, pod });
    } else {
      if (get(o, 'pod') !== undefined) c.add(join(p, 'pod'), 'unknownKey', 'node');
      const node = c.id(get(o, 'node'), join(p, 'node'));
      if (node !== null && !nodeIds.has(node))
        c.add(join(p, 'node'), 'unknownReference', [...nodeIds].join(', '), node);
      else if (node !== null) timeline.push({ at, type, node });
    }
  });
  timeline.sort((a, b) => a.at - b.at);

  const featured: number[] = [];
  const fl = c.arr(get(root, 'featured'), 'featured', LIMITS.featured) ?? [];
  fl.forEach((v, i) => {
    const n = c.num(v, join('featured', i), 0, LIMITS.connections, true);
    if (n !== null) featured.push(n);
  });

  let featuredSelectors: FeaturedSelector[] | undefined;
  const rawSel = get(root, 'featuredSelectors');
  if (rawSel !== undefined) {
    featuredSelectors = [];
    const sl = c.arr(rawSel, 'featuredSelectors', LIMITS.featured) ?? [];
    sl.forEach((v, i) => {
      const p = join('featuredSelectors', i);
      const o = c.obj(v, p, ['kind', 'outcome', 'reason', 'node']);
      if (!o) return;
      const kind = c.oneOf(get(o, 'kind'), join(p, 'kind'), [
        'firstCrossNode',
        'firstSameNode',
        'firstOutcome',
        'firstOnNode',
        'firstDirect',
      ] as const);
      if (kind === 'firstOutcome') {
        const outcome = c.oneOf(get(o, 'outcome'), join(p, 'outcome'), OUTCOME_NAMES);
        const rawReason = get(o, 'reason');
        const reason =
          rawReason === undefined ? undefined : c.oneOf(rawReason, join(p, 'reason'), REASON_NAMES);
        if (outcome !== null && reason !== null) {
          featuredSelectors?.push(
            reason === undefined ? { kind, outcome } : { kind, outcome, reason },
          );
        }
      } else if (kind === 'firstOnNode') {
        const node = c.id(get(o, 'node'), join(p, 'node'));
        if (node !== null && !nodeIds.has(node))
          c.add(join(p, 'node'), 'unknownReference', [...nodeIds].join(', '), node);
        else if (node !== null) featuredSelectors?.push({ kind, node });
      } else if (kind !== null) {
        featuredSelectors?.push({ kind });
      }
    });
  }

  let directConnections: DirectConnectionSpec[] | undefined;
  const rawDirect = get(root, 'directConnections');
  if (rawDirect !== undefined) {
    directConnections = [];
    const dl = c.arr(rawDirect, 'directConnections', LIMITS.direct) ?? [];
    dl.forEach((v, i) => {
      const p = join('directConnections', i);
      const o = c.obj(v, p, ['at', 'client', 'node']);
      if (!o) return;
      const at = c.num(get(o, 'at'), join(p, 'at'), 0, T);
      const client = c.id(get(o, 'client'), join(p, 'client'));
      const node = c.id(get(o, 'node'), join(p, 'node'));
      if (client !== null && !clients.some((x) => x.id === client))
        c.add(join(p, 'client'), 'unknownReference', clients.map((x) => x.id).join(', '), client);
      if (node !== null && !nodeIds.has(node))
        c.add(join(p, 'node'), 'unknownReference', [...nodeIds].join(', '), node);
      if (at !== null && client !== null && node !== null)
        directConnections?.push({ at, client, node });
    });
  }

  if (
    c.issues.length > 0 ||
    id === null ||
    svcName === null ||
    svcNs === null ||
    port === null ||
    targetPort === null ||
    nodePort === null ||
    policy === null ||
    hcnp === null ||
    frontendIp === null ||
    delivery === null ||
    preset === null ||
    probe === null ||
    masquerade === null ||
    rate === null ||
    duration === null ||
    connectTimeout === null ||
    connectionDuration === null ||
    lifecycle === null
  ) {
    if (c.issues.length === 0) c.add('', 'expectedObject');
    return { ok: false, issues: c.issues };
  }
  const scenario: Scenario = {
    id,
    clients,
    nodes,
    pods,
    service: {
      name: svcName,
      namespace: svcNs,
      port,
      targetPort,
      nodePort,
      externalTrafficPolicy: policy,
      ...(hcnp === undefined ? {} : { healthCheckNodePort: hcnp }),
    },
    loadBalancer: { frontendIp, delivery, preset, probe, ...(probePhase ? { probePhase } : {}) },
    masquerade,
    traffic: {
      rate,
      duration,
      connectTimeout,
      ...(connectionDuration === undefined ? {} : { connectionDuration }),
    },
    lifecycle,
    timeline,
    featured,
  };
  if (placement) scenario.placement = placement;
  if (featuredSelectors) scenario.featuredSelectors = featuredSelectors;
  if (directConnections) scenario.directConnections = directConnections;
  return { ok: true, scenario };
}
