/**
 * Which cloud load balancer sits in front of the Service, how it delivers packets and how it
 * probes the nodes: inferred from Node `spec.providerID`, the Service's `loadBalancerClass` and
 * its annotations, mapped onto the engine's presets (src/sim/presets.ts) with explicit numbers
 * where annotations override them (source: azure-probe-defaults, azure-probe-annotations,
 * azure-floating-ip, aws-lbc-takes-over, aws-clb-probe); cloud-provider-azure
 * `azure_loadbalancer_healthprobe.go`; cloud-provider-aws `buildNLBHealthCheckConfiguration`
 * and `EnsureLoadBalancer`; aws-load-balancer-controller annotations.
 */
import { presetProbe } from '../sim/presets.ts';
import type { CloudPreset, ExternalTrafficPolicy, LbDelivery, ProbeSpec } from '../sim/types.ts';
import { get, intString, safePath, safeToken, str, type Obj } from './read.ts';
import type { ImportReport, ObjectRef, ReportBuilder } from './report.ts';

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
  gkeRbs: 'cloud.google.com/l4-rbs',
} as const;

/** Azure's per-port annotation, e.g. service.beta.kubernetes.io/port_80_health-probe_interval. */
const azurePort = (port: number, param: string): string => `${B}port_${port}_health-probe_${param}`;

/** The kube-proxy health server port (source: k8s-kube-proxy-healthz). */
const KUBE_PROXY_HEALTH_PORT = 10256;

/** What the cloud module needs to know about the chosen Service and its nodes. */
export interface CloudInput {
  providerIds: string[];
  annotations: Obj;
  finalizers: string[];
  loadBalancerClass: string | undefined;
  policy: ExternalTrafficPolicy;
  port: { port: number; name: string; nodePort: number; appProtocol: string | undefined };
  /** All ports of the Service (port → nodePort, name → nodePort) for probe-port annotations. */
  ports: Array<{ port: number; name: string; nodePort: number | null }>;
  healthCheckNodePort: number | undefined;
  /** --preset or the page's choice; undefined to infer. */
  preset: CloudPreset | undefined;
  ref: ObjectRef;
}

export interface CloudOutput {
  preset: CloudPreset;
  delivery: LbDelivery;
  probe: ProbeSpec;
  source: ImportReport['cloud']['source'];
  alternatives: CloudPreset[];
}

type Provider = 'azure' | 'gcp' | 'aws' | 'other';

function providerOf(id: string): Provider {
  if (id.startsWith('azure://')) return 'azure';
  if (id.startsWith('gce://')) return 'gcp';
  if (id.startsWith('aws://')) return 'aws';
  return 'other';
}

const ALTERNATIVES: Record<CloudPreset, CloudPreset[]> = {
  // Shared probe mode is a cloud-provider setting (clusterServiceLoadBalancerHealthProbeMode),
  // invisible in the Service (source: azure-shared-probe).
  azure: ['azure-shared'],
  'azure-2023': ['azure'],
  'azure-shared': ['azure'],
  gcp: ['gcp-l4'],
  'gcp-l4': ['gcp'],
  'aws-nlb': ['aws-lbc', 'aws-shared'],
  'aws-shared': ['aws-nlb'],
  'aws-lbc': ['aws-nlb'],
  'aws-clb': ['aws-nlb'],
  'metallb-l2': ['custom'],
  custom: ['metallb-l2', 'azure', 'gcp', 'aws-lbc'],
};

/** Infer the preset, delivery and probe; every choice and override goes into the report. */
export function inferCloud(input: CloudInput, r: ReportBuilder): CloudOutput {
  const ann = (key: string): string | undefined => str(get(input.annotations, key), 256);
  const counts = new Map<Provider, number>();
  for (const id of input.providerIds) {
    const p = providerOf(id);
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const known = [...counts.entries()].filter(([p]) => p !== 'other').sort((a, b) => b[1] - a[1]);
  if (known.length > 1) r.add('cloudMixed', { providers: known.map(([p]) => p).join(', ') });
  const provider: Provider = known[0]?.[0] ?? 'other';

  // The AWS flavour: who builds the LB (source: aws-lbc-takes-over; LBC handles type external / nlb-ip /
  // loadBalancerClass service.k8s.aws/nlb, cloud-provider-aws answers ImplementedElsewhere).
  const awsType = ann(ANNOTATIONS.awsType)?.toLowerCase();
  const lbc =
    input.loadBalancerClass === 'service.k8s.aws/nlb' ||
    awsType === 'external' ||
    awsType === 'nlb-ip';
  const gkeL4 =
    ann(ANNOTATIONS.gkeRbs) === 'enabled' ||
    input.finalizers.some((f) => /^gke\.networking\.io\/l4-(netlb|ilb)-v\d$/.test(f));

  let preset: CloudPreset;
  let source: CloudOutput['source'];
  let classicElb = false;
  if (input.preset) {
    preset = input.preset;
    source = 'option';
    r.add('presetFromOption', { preset });
  } else if (
    input.loadBalancerClass !== undefined &&
    input.loadBalancerClass !== 'service.k8s.aws/nlb'
  ) {
    // Some other controller (MetalLB, Cilium, a vendor) owns this LB: its probes are unknown.
    preset = 'custom';
    source = 'loadBalancerClass';
    r.add(
      'lbClassUnknown',
      { class: safeToken(input.loadBalancerClass, 128) ?? '?' },
      input.ref,
      'spec.loadBalancerClass',
    );
  } else if (provider === 'aws' || lbc || awsType === 'nlb') {
    preset = lbc ? 'aws-lbc' : 'aws-nlb';
    source =
      lbc && input.loadBalancerClass ? 'loadBalancerClass' : awsType ? 'annotation' : 'providerId';
    classicElb = !lbc && awsType !== 'nlb';
    if (source === 'loadBalancerClass')
      r.add(
        'cloudFromClass',
        { class: 'service.k8s.aws/nlb', preset },
        input.ref,
        'spec.loadBalancerClass',
      );
    else if (source === 'annotation')
      r.add('cloudFromAnnotation', { annotation: ANNOTATIONS.awsType, preset }, input.ref);
    else r.add('cloudFromProviderId', { provider: 'aws://', preset });
  } else if (provider === 'azure') {
    preset = 'azure';
    source = 'providerId';
    r.add('cloudFromProviderId', { provider: 'azure://', preset });
  } else if (provider === 'gcp') {
    preset = gkeL4 ? 'gcp-l4' : 'gcp';
    source = 'providerId';
    r.add('cloudFromProviderId', { provider: 'gce://', preset });
  } else {
    preset = 'custom';
    source = 'none';
    r.add('cloudUnknown', { preset });
  }

  const family = preset.startsWith('azure')
    ? 'azure'
    : preset.startsWith('aws')
      ? 'aws'
      : preset.startsWith('gcp')
        ? 'gcp'
        : 'custom';
  const probe = presetProbe(preset, input.policy);
  let delivery: LbDelivery = 'nodePort';

  if (family === 'azure') {
    // Floating IP is on by default: packets arrive addressed to the frontend IP (source: azure-floating-ip).
    const noFloating = ann(ANNOTATIONS.azureNoFloatingIp)?.toLowerCase() === 'true';
    delivery = noFloating ? 'nodePort' : 'vip';
    if (noFloating)
      r.add(
        'annotationUsed',
        { annotation: ANNOTATIONS.azureNoFloatingIp, value: 'true' },
        input.ref,
      );
    if (preset === 'azure') applyAzure(input, probe, ann, r);
  } else if (family === 'gcp') {
    delivery = 'vip';
  } else if (family === 'aws') {
    if (classicElb) {
      // cloud-provider-aws classic ELB: TCP on the first nodePort (HTTP hcnp for Local),
      // interval 10, timeout 5, unhealthy 6, healthy 2 (source: aws-clb-probe).
      Object.assign(probe, {
        interval: 10,
        timeout: 5,
        unhealthyThreshold: 6,
        healthyThreshold: 2,
      });
      r.add('awsClassicElb', { preset });
    }
    const target = ann(ANNOTATIONS.awsTargetType)?.toLowerCase();
    if (awsType === 'nlb-ip' || target === 'ip')
      r.add('targetTypeIp', {}, input.ref, `metadata.annotations.${ANNOTATIONS.awsTargetType}`);
    if (ann(ANNOTATIONS.awsProxyProtocol) !== undefined)
      r.add('proxyProtocol', { annotation: ANNOTATIONS.awsProxyProtocol }, input.ref);
    applyAws(input, probe, ann, r);
  }
  r.add('deliveryInferred', { delivery, preset });

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

  const alternatives = ALTERNATIVES[preset];
  if (source !== 'option')
    r.add('presetAlternative', { preset, alternatives: alternatives.join(', ') });
  return { preset, delivery, probe, source, alternatives };
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
      // A Service port maps to its nodePort; any other number is used as given (PR #4380; source:
      // azure-probe-annotations).
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
    // Azure sets no probe timeout; we wait the interval, at most 30 s (source: azure-probe-timeout).
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
