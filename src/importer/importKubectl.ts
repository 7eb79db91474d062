/**
 * The importer: the text of `kubectl get svc,endpointslices,pods,nodes -o yaml` → a Scenario the
 * engine accepts, plus a report of what was used, inferred, ignored, not simulated and
 * contradictory. Pure (no DOM, no node:*), deterministic, never throws.
 */
import { DEFAULT_LIFECYCLE } from '../sim/scenarios/common.ts';
import type { CloudPreset, LifecycleSpec, Scenario } from '../sim/types.ts';
import { LIMITS, PRESET_NAMES, validateScenario } from '../sim/validate.ts';
import { inferCloud } from './cloud.ts';
import { collectEndpoints } from './endpoints.ts';
import { toService, type ServiceView } from './objects.ts';
import { MAX_INPUT_BYTES, parseDump, type RawObject } from './parse.ts';
import { toNode, toPod, type NodeView, type PodView } from './podNodeObjects.ts';
import { mode, safeToken } from './read.ts';
import { ReportBuilder, type ImportReport, type PlacementHint, type ReportItem } from './report.ts';
import { pickService, svcKey } from './service.ts';
import { AddressPool, buildTopology } from './topology.ts';

/** Choices a caller (CLI flags, the page's selects) can make; all optional. */
export interface ImportOptions {
  /** "namespace/name" or "name" of the Service to simulate. */
  service?: string;
  /** Port name or number of the Service port to simulate. */
  port?: string;
  /** A cloud preset instead of the inferred one. */
  preset?: string;
  /** Input size limit in bytes (default 10 MB). */
  maxBytes?: number;
}

export type ImportResult =
  { ok: true; scenario: Scenario; report: ImportReport } | { ok: false; issues: ReportItem[] };

/** Scenario id of every imported scenario. */
export const IMPORTED_SCENARIO_ID = 'from-kubectl';

/** Traffic the dump cannot tell: enough connections for shares, short enough for a browser. */
const TRAFFIC = { rate: 100, duration: 20, connectTimeout: 21 } as const;

const fatal = (
  code: ReportItem['code'],
  params: ReportItem['params'] = {},
  extra: ReportItem[] = [],
  object?: ReportItem['object'],
): ImportResult => ({
  ok: false,
  issues: [{ kind: 'error', code, params, ...(object ? { object } : {}) }, ...extra],
});

/** Import a kubectl dump; never throws. */
export function importKubectl(text: string, options: ImportOptions = {}): ImportResult {
  try {
    return run(text, options);
  } catch {
    // Defensive: every reader is total, but a crash must still become a message.
    return fatal('notKubernetes');
  }
}

function run(text: string, options: ImportOptions): ImportResult {
  let presetOption: CloudPreset | undefined;
  if (options.preset !== undefined) {
    presetOption = PRESET_NAMES.find((p) => p === options.preset);
    if (!presetOption)
      return fatal('presetUnknown', {
        preset: safeToken(options.preset, 32) ?? '…',
        allowed: PRESET_NAMES.join(', '),
      });
  }
  const parsed = parseDump(text, options.maxBytes ?? MAX_INPUT_BYTES);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const r = new ReportBuilder();

  // Sort the objects by kind; Secrets are counted and never read.
  const services: ServiceView[] = [];
  const sliceRaws: RawObject[] = [];
  const endpointsRaws: RawObject[] = [];
  const pods: PodView[] = [];
  const nodes: NodeView[] = [];
  const ignored = new Map<string, number>();
  let secrets = 0;
  for (const raw of parsed.objects) {
    const group = raw.apiVersion.split('/')[0] ?? '';
    const core = raw.apiVersion === 'v1';
    if (raw.kind === 'Secret') secrets++;
    else if (raw.kind === 'Service' && core) {
      const s = toService(raw, r);
      if (s) services.push(s);
    } else if (raw.kind === 'EndpointSlice' && group === 'discovery.k8s.io') sliceRaws.push(raw);
    else if (raw.kind === 'Endpoints' && core) endpointsRaws.push(raw);
    else if (raw.kind === 'Pod' && core) {
      const p = toPod(raw, r);
      if (p) pods.push(p);
    } else if (raw.kind === 'Node' && core) {
      const n = toNode(raw, r);
      if (n) nodes.push(n);
    } else {
      const kind = /^[A-Z][A-Za-z0-9]{0,62}$/.test(raw.kind) ? raw.kind : '?';
      ignored.set(kind, (ignored.get(kind) ?? 0) + 1);
    }
  }
  if (secrets > 0) r.add('secretsSkipped', { count: secrets });
  for (const [kind, count] of ignored) r.add('kindIgnored', { kind, count });

  if (services.length === 0) return fatal('noService', { count: parsed.objects.length });
  const picked = pickService(services, options, r);
  if ('issues' in picked) return { ok: false, issues: picked.issues };
  const { svc, choices, port, ports } = picked;
  const portField = `spec.ports[${port.index}]`;

  const {
    used,
    all: endpoints,
    slicesUsed,
  } = collectEndpoints(svc, port, { sliceRaws, endpointsRaws, pods, nodes }, r);

  const pool = new AddressPool();
  const frontendIp = svc.ingressIps[0];
  if (frontendIp) pool.take(frontendIp);
  const topo = buildTopology(svc, used, endpoints, nodes, pool, r);
  if ('issues' in topo) return { ok: false, issues: topo.issues };
  const { nodeList, nodeIds, podIds, timeline, drainCandidates } = topo;
  r.add('endpointsUsed', { count: used.filter((u) => u.nodeName).length, slices: slicesUsed });

  // ---- Service fields ----
  r.add('serviceUsed', { service: svcKey(svc.ref), type: svc.type, policy: svc.policy }, svc.ref);
  if (svc.type === 'NodePort') r.add('nodePortServiceLb', {}, svc.ref, 'spec.type');
  const inRange = (n: number | null | undefined): n is number =>
    typeof n === 'number' && n >= 30000 && n <= 32767;
  let nodePort: number;
  if (inRange(port.nodePort)) nodePort = port.nodePort;
  else {
    if (port.nodePort === null && !svc.allocateNodePorts)
      r.add('noNodePorts', {}, svc.ref, 'spec.allocateLoadBalancerNodePorts');
    else if (port.nodePort !== null)
      r.add('nodePortOutOfRange', { nodePort: port.nodePort }, svc.ref, `${portField}.nodePort`);
    nodePort = 30080;
    r.add('nodePortSynthesized', { port: nodePort }, svc.ref, `${portField}.nodePort`);
  }
  let hcnp: number | undefined;
  if (svc.policy === 'Local') {
    if (inRange(svc.healthCheckNodePort) && svc.healthCheckNodePort !== nodePort) {
      hcnp = svc.healthCheckNodePort;
      r.add('hcnpUsed', { port: hcnp }, svc.ref, 'spec.healthCheckNodePort');
    } else {
      if (svc.type === 'LoadBalancer' && svc.healthCheckNodePort === undefined)
        r.add('hcnpMissing', {}, svc.ref, 'spec.healthCheckNodePort');
      else if (svc.healthCheckNodePort !== undefined)
        r.add(
          'nodePortOutOfRange',
          { nodePort: svc.healthCheckNodePort },
          svc.ref,
          'spec.healthCheckNodePort',
        );
      hcnp = nodePort === 32000 ? 32001 : 32000;
      r.add('hcnpSynthesized', { port: hcnp }, svc.ref, 'spec.healthCheckNodePort');
    }
  } else if (svc.healthCheckNodePort !== undefined) {
    r.add('hcnpWithCluster', {}, svc.ref, 'spec.healthCheckNodePort');
  }

  // targetPort: what the slices say (kube-proxy DNATs to it), else the Pod's named port.
  const slicePorts = used.flatMap((u) => (u.endpoint?.port ? [u.endpoint.port] : []));
  const distinct = [...new Set(slicePorts)];
  if (distinct.length > 1)
    r.add('targetPortDiffers', { ports: distinct.join(', ') }, svc.ref, `${portField}.targetPort`);
  let targetPort = mode(slicePorts);
  if (targetPort !== undefined && typeof port.targetPort !== 'number')
    r.add(
      'targetPortResolved',
      { name: String(port.targetPort ?? ''), port: targetPort, source: 'EndpointSlice' },
      svc.ref,
      `${portField}.targetPort`,
    );
  if (targetPort === undefined && typeof port.targetPort === 'number') targetPort = port.targetPort;
  if (targetPort === undefined && typeof port.targetPort === 'string') {
    const name = port.targetPort;
    targetPort = mode(
      used.flatMap(
        (u) => u.view?.containerPorts.filter((c) => c.name === name).map((c) => c.port) ?? [],
      ),
    );
    if (targetPort !== undefined)
      r.add(
        'targetPortResolved',
        { name, port: targetPort, source: 'Pod' },
        svc.ref,
        `${portField}.targetPort`,
      );
  }
  if (targetPort === undefined || targetPort < 1 || targetPort > 65535) {
    targetPort = port.port;
    r.add('targetPortAssumed', { port: targetPort }, svc.ref, `${portField}.targetPort`);
  }
  r.add('portUsed', { name: port.name, port: port.port, targetPort, nodePort }, svc.ref, portField);

  if (svc.internalTrafficPolicy === 'Local')
    r.add('internalTrafficPolicy', { value: 'Local' }, svc.ref, 'spec.internalTrafficPolicy');
  if (svc.sessionAffinity === 'ClientIP')
    r.add(
      'sessionAffinity',
      { value: 'ClientIP', seconds: svc.sessionAffinityTimeout ?? 10800 },
      svc.ref,
      'spec.sessionAffinity',
    );
  if (svc.sourceRanges.length > 0)
    r.add(
      'sourceRanges',
      { ranges: svc.sourceRanges.slice(0, 10).join(', '), count: svc.sourceRanges.length },
      svc.ref,
      'spec.loadBalancerSourceRanges',
    );
  if (svc.externalIps > 0)
    r.add('externalIps', { count: svc.externalIps }, svc.ref, 'spec.externalIPs');
  for (const m of new Set(svc.ipModes))
    r.add('ipMode', { value: m }, svc.ref, 'status.loadBalancer.ingress[].ipMode');
  const topologyAnn = [
    'service.kubernetes.io/topology-mode',
    'service.kubernetes.io/topology-aware-hints',
  ]
    .map((k) => safeToken(svc.annotations[k], 16))
    .find((v) => v !== undefined);
  const topology =
    svc.trafficDistribution ??
    topologyAnn ??
    (endpoints.some((e) => e.hints) ? 'hints' : undefined);
  if (topology !== undefined) r.add('topologyRouting', { mode: topology }, svc.ref);
  if (!svc.ipv4 || svc.ingressIpv6) r.add('ipv6Ignored', {}, svc.ref, 'spec.ipFamilies');

  // ---- The load balancer ----
  const cloud = inferCloud(
    {
      providerIds: nodeList.flatMap((n) => (n.providerId ? [n.providerId] : [])),
      annotations: svc.annotations,
      finalizers: svc.finalizers,
      loadBalancerClass: svc.loadBalancerClass,
      policy: svc.policy,
      port: { port: port.port, name: port.name, nodePort, appProtocol: port.appProtocol },
      ports: svc.ports.map((p) => ({ port: p.port, name: p.name, nodePort: p.nodePort })),
      healthCheckNodePort: hcnp,
      preset: presetOption,
      ref: svc.ref,
    },
    r,
  );
  // AWS LBC takes nodes tainted for deletion out of its target groups itself (C9).
  if (cloud.preset === 'aws-lbc')
    nodeList.forEach((n, i) => {
      if (
        n.taints.some(
          (t) => t.key === 'ToBeDeletedByClusterAutoscaler' || t.key === 'karpenter.sh/disrupted',
        )
      )
        r.add('lbcDeregistersTainted', { node: nodeIds[i] ?? '' }, n.ref, 'spec.taints');
    });
  let frontend = frontendIp;
  if (frontend) r.add('frontendUsed', { ip: frontend }, svc.ref, 'status.loadBalancer.ingress');
  else {
    const reason =
      svc.type === 'NodePort'
        ? 'nodePort'
        : svc.ingressHostname
          ? 'hostname'
          : svc.ingressIpv6
            ? 'ipv6'
            : 'pending';
    if (reason === 'pending') r.add('lbIngressMissing', {}, svc.ref, 'status.loadBalancer.ingress');
    frontend = pool.has('203.0.113.100') ? pool.spare() : '203.0.113.100';
    pool.take(frontend);
    r.add('frontendSynthesized', { ip: frontend, reason }, svc.ref, 'status.loadBalancer.ingress');
  }
  const clientIps = ['192.0.2.10', '203.0.113.25'].map((ip) => {
    if (pool.has(ip)) return pool.spare();
    pool.take(ip);
    return ip;
  });
  r.add('clientsSynthesized', { ips: clientIps.join(', ') });

  // ---- Lifecycle from the Pods, kubelet settings as documented defaults ----
  const views = used.flatMap((u) => (u.view ? [u.view] : []));
  const lifecycle: LifecycleSpec = { ...DEFAULT_LIFECYCLE };
  const grace = mode(
    views.flatMap((v) => (v.terminationGrace === undefined ? [] : [v.terminationGrace])),
  );
  if (grace !== undefined) {
    lifecycle.terminationGracePeriodSeconds = Math.min(grace, LIMITS.timeMax);
    r.add('lifecycleUsed', {
      setting: 'terminationGracePeriodSeconds',
      seconds: lifecycle.terminationGracePeriodSeconds,
    });
  }
  const preStop = mode(
    views.flatMap((v) => (v.preStopSeconds === undefined ? [] : [v.preStopSeconds])),
  );
  if (preStop !== undefined) {
    lifecycle.preStopSeconds = Math.min(preStop, LIMITS.timeMax);
    r.add('lifecycleUsed', { setting: 'preStop sleep', seconds: lifecycle.preStopSeconds });
  }
  const terminatingEp = used.find((u) => u.terminating && u.endpoint);
  if (terminatingEp?.endpoint) {
    lifecycle.servesWhileTerminating = terminatingEp.endpoint.serving;
    r.add('servesWhileTerminatingUsed', { value: String(terminatingEp.endpoint.serving) });
  } else {
    // Readiness probes keep running while a Pod terminates (C11): with a preStop sleep the app
    // usually still passes them, so it keeps serving until the sleep ends.
    lifecycle.servesWhileTerminating = lifecycle.preStopSeconds > 0;
    r.add('servesWhileTerminatingAssumed', { value: String(lifecycle.servesWhileTerminating) });
  }
  r.add('lifecycleAssumed', {
    shutdownGracePeriod: lifecycle.shutdownGracePeriod,
    critical: lifecycle.shutdownGracePeriodCriticalPods,
    sync: lifecycle.proxySyncDelay,
  });
  r.add('trafficAssumed', { rate: TRAFFIC.rate, duration: TRAFFIC.duration });

  const placement = placementOf(views, used.length, r);

  const candidate: Scenario = {
    id: IMPORTED_SCENARIO_ID,
    clients: [
      { id: 'client-1', ip: clientIps[0] ?? '192.0.2.10' },
      { id: 'client-2', ip: clientIps[1] ?? '203.0.113.25' },
    ],
    nodes: topo.nodes,
    pods: topo.pods,
    service: {
      name: svc.ref.name,
      namespace: svc.ref.namespace,
      port: port.port,
      targetPort,
      nodePort,
      externalTrafficPolicy: svc.policy,
      ...(hcnp === undefined ? {} : { healthCheckNodePort: hcnp }),
    },
    loadBalancer: {
      frontendIp: frontend,
      delivery: cloud.delivery,
      preset: cloud.preset,
      probe: cloud.probe,
    },
    masquerade: true,
    traffic: { ...TRAFFIC },
    lifecycle,
    timeline,
    featured: [],
    featuredSelectors:
      svc.policy === 'Cluster'
        ? [{ kind: 'firstCrossNode' }, { kind: 'firstSameNode' }]
        : [{ kind: 'firstOutcome', outcome: 'ok' }],
  };
  const checked = validateScenario(candidate);
  if (!checked.ok)
    return {
      ok: false,
      issues: checked.issues.slice(0, 10).map((i) => ({
        kind: 'error' as const,
        code: 'scenarioInvalid' as const,
        params: { path: i.path, code: i.code },
      })),
    };

  const report: ImportReport = {
    service: {
      namespace: svc.ref.namespace,
      name: svc.ref.name,
      type: svc.type,
      externalTrafficPolicy: svc.policy,
    },
    services: choices.filter((c) => c.type === 'LoadBalancer' || c.type === 'NodePort' || c.chosen),
    ports,
    cloud: { preset: cloud.preset, source: cloud.source, alternatives: cloud.alternatives },
    names: {
      nodes: Object.fromEntries(nodeList.map((n, i) => [nodeIds[i] ?? '', n.ref.name])),
      pods: Object.fromEntries(used.map((u, i) => [podIds[i] ?? '', u.name])),
    },
    placement,
    drainCandidates,
    counts: {
      objects: parsed.objects.length,
      services: services.length,
      endpointSlices: sliceRaws.length,
      pods: pods.length,
      nodes: nodes.length,
    },
    items: r.finish(),
  };
  return { ok: true, scenario: checked.scenario, report };
}

/**
 * The placement rule of the Service's Pods, mapped to the engine's strategies where the engine
 * models it (hostname domains); zone rules and soft spreading are reported as not simulated.
 */
function placementOf(views: PodView[], replicas: number, r: ReportBuilder): PlacementHint {
  const first = views[0];
  const none: PlacementHint = { strategy: 'none', replicas, source: 'none' };
  if (!first) return none;
  const hostname = 'kubernetes.io/hostname';
  const spread = first.spread.find((s) => s.topologyKey === hostname);
  const zoneRules = [...first.spread, ...first.antiAffinity].filter(
    (s) => s.topologyKey !== hostname,
  );
  for (const z of zoneRules) r.add('placementZoneRule', { topologyKey: z.topologyKey }, first.ref);
  if (spread) {
    const hint: PlacementHint = {
      strategy: 'topologySpread',
      replicas,
      maxSkew: Math.min(64, Math.max(1, spread.maxSkew)),
      source: 'topologySpreadConstraints',
      topologyKey: hostname,
      hard: spread.hard,
    };
    r.add(
      'placementSpread',
      { maxSkew: hint.maxSkew ?? 1, replicas },
      first.ref,
      'spec.topologySpreadConstraints',
    );
    if (!spread.hard)
      r.add(
        'placementSoft',
        { rule: 'ScheduleAnyway' },
        first.ref,
        'spec.topologySpreadConstraints',
      );
    return hint;
  }
  const anti = first.antiAffinity.find((a) => a.topologyKey === hostname);
  if (anti) {
    const hint: PlacementHint = {
      strategy: anti.hard ? 'antiAffinityRequired' : 'antiAffinityPreferred',
      replicas,
      source: 'podAntiAffinity',
      topologyKey: hostname,
      hard: anti.hard,
    };
    r.add(
      'placementAntiAffinity',
      { strategy: hint.strategy, replicas },
      first.ref,
      'spec.affinity.podAntiAffinity',
    );
    return hint;
  }
  return none;
}
