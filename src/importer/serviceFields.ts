/**
 * The chosen Service's fields in the engine's terms: its node port, health-check node port and
 * target port (read, resolved or synthesized), and the fields the engine does not simulate,
 * which are only reported.
 */
import type { UsedPod } from './endpoints.ts';
import type { EndpointView, ServicePortView, ServiceView } from './objects.ts';
import { mode, safeToken } from './read.ts';
import type { ReportBuilder } from './report.ts';
import { svcKey } from './service.ts';

/** The ports the scenario's Service gets. */
export interface ServicePorts {
  nodePort: number;
  /** Only for externalTrafficPolicy: Local. */
  healthCheckNodePort: number | undefined;
  targetPort: number;
}

/** Inside the default NodePort range (30000–32767)? */
const inRange = (n: number | null | undefined): n is number =>
  typeof n === 'number' && n >= 30000 && n <= 32767;

/** Report the Service used and resolve its node port, health-check node port and target port. */
export function servicePorts(
  svc: ServiceView,
  port: ServicePortView,
  used: UsedPod[],
  r: ReportBuilder,
): ServicePorts {
  r.add('serviceUsed', { service: svcKey(svc.ref), type: svc.type, policy: svc.policy }, svc.ref);
  if (svc.type === 'NodePort') r.add('nodePortServiceLb', {}, svc.ref, 'spec.type');
  const nodePort = nodePortOf(svc, port, r);
  const healthCheckNodePort = healthCheckNodePortOf(svc, nodePort, r);
  const targetPort = targetPortOf(svc, port, used, r);
  r.add(
    'portUsed',
    { name: port.name, port: port.port, targetPort, nodePort },
    svc.ref,
    `spec.ports[${port.index}]`,
  );
  return { nodePort, healthCheckNodePort, targetPort };
}

/** The port's nodePort when it is in range, else a synthesized one (30080). */
function nodePortOf(svc: ServiceView, port: ServicePortView, r: ReportBuilder): number {
  if (inRange(port.nodePort)) return port.nodePort;
  const field = `spec.ports[${port.index}].nodePort`;
  if (port.nodePort === null && !svc.allocateNodePorts)
    r.add('noNodePorts', {}, svc.ref, 'spec.allocateLoadBalancerNodePorts');
  else if (port.nodePort !== null)
    r.add('nodePortOutOfRange', { nodePort: port.nodePort }, svc.ref, field);
  const nodePort = 30080;
  r.add('nodePortSynthesized', { port: nodePort }, svc.ref, field);
  return nodePort;
}

/** The healthCheckNodePort of a Local Service (synthesized when missing); none for Cluster. */
function healthCheckNodePortOf(
  svc: ServiceView,
  nodePort: number,
  r: ReportBuilder,
): number | undefined {
  const field = 'spec.healthCheckNodePort';
  if (svc.policy !== 'Local') {
    if (svc.healthCheckNodePort !== undefined) r.add('hcnpWithCluster', {}, svc.ref, field);
    return undefined;
  }
  if (inRange(svc.healthCheckNodePort) && svc.healthCheckNodePort !== nodePort) {
    r.add('hcnpUsed', { port: svc.healthCheckNodePort }, svc.ref, field);
    return svc.healthCheckNodePort;
  }
  if (svc.type === 'LoadBalancer' && svc.healthCheckNodePort === undefined)
    r.add('hcnpMissing', {}, svc.ref, field);
  else if (svc.healthCheckNodePort !== undefined)
    r.add('nodePortOutOfRange', { nodePort: svc.healthCheckNodePort }, svc.ref, field);
  const hcnp = nodePort === 32000 ? 32001 : 32000;
  r.add('hcnpSynthesized', { port: hcnp }, svc.ref, field);
  return hcnp;
}

/**
 * The target port: what the slices say (kube-proxy DNATs to it), else the number in the
 * Service, else the Pods' port of that name, else the Service port itself.
 */
function targetPortOf(
  svc: ServiceView,
  port: ServicePortView,
  used: UsedPod[],
  r: ReportBuilder,
): number {
  const field = `spec.ports[${port.index}].targetPort`;
  const slicePorts = used.flatMap((u) => (u.endpoint?.port ? [u.endpoint.port] : []));
  const distinct = [...new Set(slicePorts)];
  if (distinct.length > 1)
    r.add('targetPortDiffers', { ports: distinct.join(', ') }, svc.ref, field);
  let targetPort = mode(slicePorts);
  if (targetPort !== undefined && typeof port.targetPort !== 'number')
    r.add(
      'targetPortResolved',
      { name: String(port.targetPort ?? ''), port: targetPort, source: 'EndpointSlice' },
      svc.ref,
      field,
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
      r.add('targetPortResolved', { name, port: targetPort, source: 'Pod' }, svc.ref, field);
  }
  if (targetPort === undefined || targetPort < 1 || targetPort > 65535) {
    targetPort = port.port;
    r.add('targetPortAssumed', { port: targetPort }, svc.ref, field);
  }
  return targetPort;
}

/**
 * Report the Service fields the engine does not simulate: internal traffic policy, session
 * affinity, source ranges, external IPs, ipMode, topology-aware routing and IPv6.
 */
export function reportUnsimulatedFields(
  svc: ServiceView,
  endpoints: EndpointView[],
  r: ReportBuilder,
): void {
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
}
