/**
 * The probe annotations of Azure and AWS: which target and numbers they set, checked against
 * the ranges the cloud controllers accept (a refused value is reported, the default kept).
 * Sources: cloud-provider-azure azure_loadbalancer_healthprobe.go; aws-load-balancer-controller
 * annotations; cloud-provider-aws buildNLBHealthCheckConfiguration.
 */
import type { ProbeSpec } from '../sim/types.ts';
import { ANNOTATIONS, azurePort, KUBE_PROXY_HEALTH_PORT, type CloudInput } from './cloudInput.ts';
import { intString, safePath, safeToken } from './read.ts';
import type { ReportBuilder } from './report.ts';

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

/** Azure's probe annotations (per port before global) onto the preset's probe. */
export function applyAzure(
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
      // A Service port maps to its nodePort; any other number is used as given (PR #4380; source: azure-probe-annotations).
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

/** The AWS probe annotations onto the preset's probe. */
export function applyAws(
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
