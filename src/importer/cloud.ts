/**
 * Which cloud load balancer sits in front of the Service, how it delivers packets and how it
 * probes the nodes: inferred from Node `spec.providerID`, the Service's `loadBalancerClass` and
 * its annotations, mapped onto the engine's presets (src/sim/presets.ts) with explicit numbers
 * where annotations override them. Sources: fact sheet §0, C8–C10, C12; cloud-provider-azure
 * `azure_loadbalancer_healthprobe.go`; cloud-provider-aws `buildNLBHealthCheckConfiguration`
 * and `EnsureLoadBalancer`; aws-load-balancer-controller annotations.
 */
import { LB_BEHAVIOUR, presetProbe } from '../sim/presets.ts';
import type { CloudPreset, ExternalTrafficPolicy, LbDelivery, ProbeSpec } from '../sim/types.ts';
import { get, intString, safePath, safeToken, str } from './read.ts';
import { inferOwner, type Owner, type OwnerInput } from './lbOwner.ts';
import type { ImportReport, LbFacts, ReportBuilder } from './report.ts';

const B = 'service.beta.kubernetes.io/';
/** The Service annotation keys the importer reads (everything else is left unread). */
export const ANNOTATIONS = {
  azureProtocol: `${B}azure-load-balancer-health-probe-protocol`,
  azurePath: `${B}azure-load-balancer-health-probe-request-path`,
  azureInterval: `${B}azure-load-balancer-health-probe-interval`,
  azureNumOfProbe: `${B}azure-load-balancer-health-probe-num-of-probe`,
  azureNoFloatingIp: `${B}azure-disable-load-balancer-floating-ip`,
  awsType: `${B}aws-load-balancer-type`,
  awsTargetType: `${B}aws-load-balancer-nlb-target-type`,
  awsHcProtocol: `${B}aws-load-balancer-healthcheck-protocol`,
  awsHcPort: `${B}aws-load-balancer-healthcheck-port`,
  awsHcPath: `${B}aws-load-balancer-healthcheck-path`,
  awsHcInterval: `${B}aws-load-balancer-healthcheck-interval`,
  awsHcTimeout: `${B}aws-load-balancer-healthcheck-timeout`,
  awsHcHealthy: `${B}aws-load-balancer-healthcheck-healthy-threshold`,
  awsHcUnhealthy: `${B}aws-load-balancer-healthcheck-unhealthy-threshold`,
  awsProxyProtocol: `${B}aws-load-balancer-proxy-protocol`,
  awsTgAttributes: `${B}aws-load-balancer-target-group-attributes`,
  awsLbAttributes: `${B}aws-load-balancer-attributes`,
  awsCrossZone: `${B}aws-load-balancer-cross-zone-load-balancing-enabled`,
} as const;

/** Azure's per-port annotation, e.g. service.beta.kubernetes.io/port_80_health-probe_interval. */
const azurePort = (port: number, param: string): string => `${B}port_${port}_health-probe_${param}`;

/** The kube-proxy health server port (fact sheet §0). */
const KUBE_PROXY_HEALTH_PORT = 10256;

/** What the cloud module needs to know about the chosen Service and its nodes. */
export interface CloudInput extends Omit<OwnerInput, 'preset'> {
  policy: ExternalTrafficPolicy;
  port: { port: number; name: string; nodePort: number; appProtocol: string | undefined };
  /** All ports of the Service (port → nodePort, name → nodePort) for probe-port annotations. */
  ports: Array<{ port: number; name: string; nodePort: number | null }>;
  healthCheckNodePort: number | undefined;
  /** --preset or the page's choice; undefined to infer. */
  preset: CloudPreset | undefined;
  /** The nodes span more than one zone (topology.kubernetes.io/zone). */
  zonal: boolean;
}

export interface CloudOutput {
  preset: CloudPreset;
  delivery: LbDelivery;
  probe: ProbeSpec;
  source: ImportReport['cloud']['source'];
  alternatives: CloudPreset[];
  /** What stands in front of the nodes, and how it reaches the Pods (see LbFacts). */
  lb: LbFacts;
  /** Set when an annotation turns cross-zone load balancing on or off. */
  crossZone: boolean | undefined;
}

const ALTERNATIVES: Record<CloudPreset, CloudPreset[]> = {
  // Shared probe mode is a cloud-provider setting (clusterServiceLoadBalancerHealthProbeMode),
  // invisible in the Service (fact sheet §9); it changes Cluster Services only.
  azure: ['azure-shared'],
  'azure-2023': ['azure'],
  'azure-shared': ['azure'],
  // GKE 1.37+ builds backend-service-based NetLBs without an annotation (source: gke-rbs-default).
  gcp: ['gcp-l4'],
  'gcp-l4': ['gcp'],
  'aws-nlb': ['aws-lbc', 'aws-shared'],
  'aws-shared': ['aws-nlb'],
  'aws-lbc': ['aws-nlb'],
  'aws-clb': ['aws-nlb'],
  'metallb-l2': ['custom'],
  custom: ['metallb-l2', 'azure', 'gcp', 'aws-lbc'],
};

/** Alternatives that change something for this policy (shared probe modes touch Cluster only). */
function alternativesFor(preset: CloudPreset, policy: ExternalTrafficPolicy): CloudPreset[] {
  return ALTERNATIVES[preset].filter(
    (p) => !(policy === 'Local' && (p === 'azure-shared' || p === 'aws-shared')),
  );
}

/** Infer the preset, delivery and probe; every choice and override goes into the report. */
export function inferCloud(input: CloudInput, r: ReportBuilder): CloudOutput {
  const ann = (key: string): string | undefined => str(get(input.annotations, key), 256);
  const owner = inferOwner(input, r);
  const { preset, source } = owner;
  const awsType = ann(ANNOTATIONS.awsType)?.toLowerCase();
  const family = preset.startsWith('azure')
    ? 'azure'
    : preset.startsWith('aws')
      ? 'aws'
      : preset.startsWith('gcp')
        ? 'gcp'
        : 'custom';
  const probe = presetProbe(preset, input.policy);
  // k3s ServiceLB and MetalLB: packets arrive addressed to the published IP, which kube-proxy
  // captures (source: k3s-servicelb); the clouds as their preset says.
  let delivery: LbDelivery = owner.kind === 'cloud' ? LB_BEHAVIOUR[preset].delivery : 'vip';
  if (owner.kind === 'unknown') delivery = 'nodePort';

  if (family === 'azure') {
    // Floating IP is on by default: packets arrive addressed to the frontend IP (C8).
    const noFloating = ann(ANNOTATIONS.azureNoFloatingIp)?.toLowerCase() === 'true';
    delivery = noFloating ? 'nodePort' : 'vip';
    if (noFloating)
      r.add(
        'annotationUsed',
        { annotation: ANNOTATIONS.azureNoFloatingIp, value: 'true' },
        input.ref,
      );
    if (preset === 'azure') applyAzure(input, probe, ann, r);
  } else if (family === 'aws' && source !== 'option') {
    applyAws(input, probe, ann, r);
  }
  const lb = lbFactsOf(owner, awsType, ann, input, r);
  r.add('deliveryInferred', { delivery, preset });
  const crossZone = crossZoneOf(preset, family, ann, input, r);

  // Annotations of another cloud than the one simulated do nothing there: say so.
  const keys = Object.keys(input.annotations);
  const foreign = keys.filter((k) =>
    family === 'azure'
      ? k.startsWith(`${B}aws-`)
      : family === 'aws'
        ? k.startsWith(`${B}azure-`) || /^service\.beta\.kubernetes\.io\/port_\d+_/.test(k)
        : family === 'gcp'
          ? k.startsWith(`${B}aws-`) || k.startsWith(`${B}azure-`)
          : false,
  );
  if (foreign.length > 0)
    r.add('annotationsOtherCloud', { preset, count: foreign.length }, input.ref);
  for (const k of keys) {
    const m = /^service\.beta\.kubernetes\.io\/port_(\d+)_no_(lb|probe)_rule$/.exec(k);
    if (m && family === 'azure' && str(get(input.annotations, k))?.toLowerCase() === 'true')
      r.add('noProbeRule', { annotation: k }, input.ref);
  }
  if (ann('networking.gke.io/weighted-load-balancing') === 'pods-per-node')
    r.add('weightedLb', { annotation: 'networking.gke.io/weighted-load-balancing' }, input.ref);

  const alternatives = alternativesFor(preset, input.policy);
  if (source !== 'option' && alternatives.length > 0)
    r.add('presetAlternative', { preset, alternatives: alternatives.join(', ') });
  return { preset, delivery, probe, source, alternatives, lb, crossZone };
}

/** How the load balancer reaches the Pods, and what the Pod then sees (AWS attributes). */
function lbFactsOf(
  owner: Owner,
  awsType: string | undefined,
  ann: (k: string) => string | undefined,
  input: CloudInput,
  r: ReportBuilder,
): LbFacts {
  const target = ann(ANNOTATIONS.awsTargetType)?.toLowerCase();
  const ip =
    owner.preset.startsWith('aws') &&
    (awsType === 'nlb-ip' || target === 'ip' || (owner.autoMode && target !== 'instance'));
  const attrs = `${ann(ANNOTATIONS.awsTgAttributes) ?? ''},${ann(ANNOTATIONS.awsLbAttributes) ?? ''}`;
  const preserve = /preserve_client_ip\.enabled\s*=\s*(true|false)/.exec(attrs)?.[1];
  const proxyProtocol =
    owner.preset.startsWith('aws') &&
    (ann(ANNOTATIONS.awsProxyProtocol) === '*' ||
      /proxy_protocol_v2\.enabled\s*=\s*true/.test(attrs));
  if (ip) {
    const why =
      awsType === 'nlb-ip'
        ? ANNOTATIONS.awsType
        : target
          ? ANNOTATIONS.awsTargetType
          : 'eks.amazonaws.com/nlb';
    r.add('targetTypeIp', { source: why }, input.ref);
    if (preserve) r.add('ipTargetsPreserveSet', { onOff: preserve === 'true' ? 'on' : 'off' });
    else r.add('ipTargetsPreserveDefault', { annotation: ANNOTATIONS.awsTgAttributes });
  }
  if (proxyProtocol)
    r.add('proxyProtocol', { annotation: ANNOTATIONS.awsProxyProtocol }, input.ref);
  return {
    kind: owner.kind,
    targetType: ip ? 'ip' : 'instance',
    // Instance targets always keep the client's address; IP targets (TCP) only when told to.
    preserveClientIp: ip ? preserve === 'true' : true,
    proxyProtocol,
  };
}

/**
 * Cross-zone load balancing: AWS NLBs route within each zone unless it is turned on (source:
 * aws-nlb-cross-zone); the others spread over every zone. Only worth a line when zones differ.
 */
function crossZoneOf(
  preset: CloudPreset,
  family: string,
  ann: (k: string) => string | undefined,
  input: CloudInput,
  r: ReportBuilder,
): boolean | undefined {
  let explicit: boolean | undefined;
  let annotation = '';
  if (family === 'aws') {
    const lbc = /load_balancing\.cross_zone\.enabled\s*=\s*(true|false)/.exec(
      ann(ANNOTATIONS.awsLbAttributes) ?? '',
    )?.[1];
    const inTree = ann(ANNOTATIONS.awsCrossZone)?.toLowerCase();
    if (lbc) {
      explicit = lbc === 'true';
      annotation = ANNOTATIONS.awsLbAttributes;
    } else if (inTree === 'true' || inTree === 'false') {
      explicit = inTree === 'true';
      annotation = ANNOTATIONS.awsCrossZone;
    }
  }
  const on = explicit ?? LB_BEHAVIOUR[preset].crossZone;
  if (explicit !== undefined) r.add('crossZoneSet', { annotation, onOff: on ? 'on' : 'off' });
  else if (input.zonal)
    r.add(on ? 'crossZoneOnDefault' : 'crossZoneOffDefault', {
      preset,
      annotation: ANNOTATIONS.awsLbAttributes,
    });
  return explicit;
}

/** A numeric annotation within [min, max]; a value the cloud would refuse is reported. */
function numAnnotation(
  key: string,
  value: string | undefined,
  min: number,
  max: number,
  input: CloudInput,
  r: ReportBuilder,
): number | undefined {
  if (value === undefined) return undefined;
  const n = intString(value);
  if (n === undefined || n < min || n > max) {
    r.add(
      'annotationRejected',
      { annotation: key, value: safeToken(value, 16) ?? '…', expected: `${min}–${max}` },
      input.ref,
    );
    return undefined;
  }
  r.add('annotationUsed', { annotation: key, value: n }, input.ref);
  return n;
}

/**
 * What a probe aimed at `port` with `protocol` tests, in the engine's terms; null when the
 * engine has no such probe (then the preset's kind stays and the report says so).
 */
function kindFor(
  input: CloudInput,
  protocol: string,
  port: number | 'traffic',
  path: string | undefined,
  r: ReportBuilder,
): ProbeSpec['kind'] | null {
  const http = protocol === 'http' || protocol === 'https';
  const nodePort = port === 'traffic' || input.ports.some((x) => x.nodePort === port);
  if (nodePort) {
    // An HTTP GET through the nodePort reaches a Pod via the data path like a TCP connect, and
    // also tests the app's answer: the engine's TCP probe is the nearest model.
    if (http) r.add('probeApproximated', { protocol: protocol.toUpperCase() }, input.ref);
    return 'tcpNodePort';
  }
  if (port === input.healthCheckNodePort && http && input.policy === 'Local')
    return 'httpHealthCheckNodePort';
  if (port === KUBE_PROXY_HEALTH_PORT && http && (path === '/healthz' || path === '/livez'))
    return 'httpKubeProxyHealthz';
  r.add('probeTargetUnknown', { protocol: protocol.toUpperCase(), port }, input.ref);
  return null;
}

function applyAzure(
  input: CloudInput,
  probe: ProbeSpec,
  ann: (k: string) => string | undefined,
  r: ReportBuilder,
): void {
  const p = input.port.port;
  const pick = (param: string, global?: string): { key: string; value: string } | undefined => {
    const perPort = ann(azurePort(p, param));
    if (perPort !== undefined) return { key: azurePort(p, param), value: perPort };
    const g = global === undefined ? undefined : ann(global);
    return g === undefined || global === undefined ? undefined : { key: global, value: g };
  };
  const portAnn = pick('port');
  if (input.policy === 'Local') {
    // cloud-provider-azure getExpectedLBRules: the healthCheckNodePort probe (HTTP /healthz,
    // defaults 5 s × 2) takes precedence over user probe settings; only a per-port probe port
    // builds another probe, which the engine does not model.
    if (portAnn) r.add('azureLocalPortProbe', { annotation: portAnn.key }, input.ref);
    return;
  }
  // Protocol: per-port annotation, then spec.ports[].appProtocol, then the global one, then TCP.
  const protoRaw =
    ann(azurePort(p, 'protocol')) ??
    input.port.appProtocol ??
    ann(ANNOTATIONS.azureProtocol) ??
    'tcp';
  const protocol = ['tcp', 'http', 'https'].includes(protoRaw.trim().toLowerCase())
    ? protoRaw.trim().toLowerCase()
    : 'tcp';
  const path = pick('request-path', ANNOTATIONS.azurePath);
  const safe = path ? safePath(path.value) : undefined;
  let target: number | 'traffic' = 'traffic';
  if (portAnn) {
    const byName = input.ports.find(
      (x) => x.name !== '' && x.name.toLowerCase() === portAnn.value.toLowerCase(),
    );
    const n = intString(portAnn.value);
    if (byName?.nodePort != null) target = byName.nodePort;
    else if (n !== undefined && n <= 65535) {
      // A Service port maps to its nodePort; any other number is used as given (C12, PR #4380).
      target = input.ports.find((x) => x.port === n)?.nodePort ?? n;
    } else {
      r.add(
        'annotationRejected',
        { annotation: portAnn.key, value: safeToken(portAnn.value, 16) ?? '…', expected: 'port' },
        input.ref,
      );
    }
    if (typeof target === 'number')
      r.add('annotationUsed', { annotation: portAnn.key, value: target }, input.ref);
  }
  if (protocol !== 'tcp' || portAnn) {
    const kind = kindFor(input, protocol, target, safe ?? '/', r);
    if (kind) probe.kind = kind;
  }
  const interval = pick('interval', ANNOTATIONS.azureInterval);
  const num = pick('num-of-probe', ANNOTATIONS.azureNumOfProbe);
  // Validators of cloud-provider-azure: interval ≥ 5, num-of-probe ≥ 2, interval × num < 120.
  const i = interval ? numAnnotation(interval.key, interval.value, 5, 119, input, r) : undefined;
  const t = num ? numAnnotation(num.key, num.value, 2, 59, input, r) : undefined;
  const ii = i ?? probe.interval;
  const tt = t ?? probe.unhealthyThreshold;
  if (ii * tt >= 120) {
    r.add(
      'annotationRejected',
      { annotation: (interval ?? num)?.key ?? '', value: ii * tt, expected: '< 120' },
      input.ref,
    );
    return;
  }
  if (i !== undefined) {
    probe.interval = i;
    // Microsoft's probe docs give HTTP probes min(interval, 30 s) as timeout; TCP: no source (C3).
    probe.timeout = Math.min(i, 30);
    r.add('probeTimeoutAssumed', { seconds: probe.timeout });
  }
  if (t !== undefined) {
    // Azure has one probeThreshold for both directions.
    probe.unhealthyThreshold = t;
    probe.healthyThreshold = t;
  }
}

function applyAws(
  input: CloudInput,
  probe: ProbeSpec,
  ann: (k: string) => string | undefined,
  r: ReportBuilder,
): void {
  const protoRaw = ann(ANNOTATIONS.awsHcProtocol);
  const portRaw = ann(ANNOTATIONS.awsHcPort);
  const pathRaw = ann(ANNOTATIONS.awsHcPath);
  if (protoRaw !== undefined || portRaw !== undefined || pathRaw !== undefined) {
    const protocol = (protoRaw ?? (probe.kind === 'tcpNodePort' ? 'tcp' : 'http'))
      .trim()
      .toLowerCase();
    if (!['tcp', 'http', 'https'].includes(protocol)) {
      r.add(
        'annotationRejected',
        {
          annotation: ANNOTATIONS.awsHcProtocol,
          value: safeToken(protocol, 16) ?? '…',
          expected: 'TCP | HTTP | HTTPS',
        },
        input.ref,
      );
    } else {
      let target: number | 'traffic' | null =
        probe.kind === 'httpHealthCheckNodePort' ? (input.healthCheckNodePort ?? null) : 'traffic';
      if (portRaw !== undefined) {
        const n = intString(portRaw);
        if (portRaw.trim() === 'traffic-port') target = 'traffic';
        else if (n !== undefined && n >= 1 && n <= 65535) target = n;
        else {
          r.add(
            'annotationRejected',
            {
              annotation: ANNOTATIONS.awsHcPort,
              value: safeToken(portRaw, 16) ?? '…',
              expected: 'traffic-port | 1–65535',
            },
            input.ref,
          );
          target = null;
        }
      }
      const path = pathRaw === undefined ? '/healthz' : safePath(pathRaw);
      if (protoRaw !== undefined)
        r.add(
          'annotationUsed',
          { annotation: ANNOTATIONS.awsHcProtocol, value: protocol.toUpperCase() },
          input.ref,
        );
      if (portRaw !== undefined && target !== null)
        r.add(
          'annotationUsed',
          {
            annotation: ANNOTATIONS.awsHcPort,
            value: target === 'traffic' ? 'traffic-port' : target,
          },
          input.ref,
        );
      if (pathRaw !== undefined && path !== undefined)
        r.add('annotationUsed', { annotation: ANNOTATIONS.awsHcPath, value: path }, input.ref);
      if (target !== null) {
        const kind = kindFor(input, protocol, target, path, r);
        if (kind) probe.kind = kind;
      }
    }
  }
  // The AWS Load Balancer Controller's accepted ranges for the numeric health-check annotations.
  const numeric = [
    [ANNOTATIONS.awsHcInterval, 'interval', 5, 300],
    [ANNOTATIONS.awsHcTimeout, 'timeout', 2, 120],
    [ANNOTATIONS.awsHcHealthy, 'healthyThreshold', 2, 10],
    [ANNOTATIONS.awsHcUnhealthy, 'unhealthyThreshold', 2, 10],
  ] as const;
  for (const [key, field, min, max] of numeric) {
    const n = numAnnotation(key, ann(key), min, max, input, r);
    if (n !== undefined) probe[field] = n;
  }
}
