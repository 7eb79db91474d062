/**
 * The Service annotations the cloud modules read, and what they know about the Service and its
 * nodes (one module, so the preset inference and the probe annotations share it).
 */
import type { CloudPreset, ExternalTrafficPolicy } from '../sim/types.ts';
import type { OwnerInput } from './lbOwner.ts';

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
export const azurePort = (port: number, param: string): string =>
  `${B}port_${port}_health-probe_${param}`;

/** The kube-proxy health server port (--healthz-bind-address, default 0.0.0.0:10256). */
export const KUBE_PROXY_HEALTH_PORT = 10256;

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
