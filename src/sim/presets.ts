import type { CloudPreset, ExternalTrafficPolicy, ProbeSpec } from './types.ts';

/**
 * Cloud LB health-probe defaults per preset and traffic policy. Every number names its source
 * (see /work/shared/reference/kubernetes-facts.md §0 and §6). Scenarios and --set override them.
 */
export const PRESETS: Record<CloudPreset, Record<ExternalTrafficPolicy, ProbeSpec>> = {
  azure: {
    // cloud-provider-azure pkg/consts: HealthProbeDefaultProbeInterval = 5,
    // HealthProbeDefaultNumOfProbe = 2; TCP probe on the nodePort (azure_loadbalancer_healthprobe.go).
    // Azure has one probeThreshold for both directions. Timeout: Microsoft's probe docs give HTTP
    // probes min(interval, 30 s), i.e. 5 s [V]; for TCP probes they give no value, we use the same
    // 5 s [I].
    Cluster: {
      kind: 'tcpNodePort',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
    // Same consts; ETP Local → HTTP on healthCheckNodePort /healthz.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
  },
  'azure-shared': {
    // cloud-provider-azure PR #4891 (shared probe mode): kube-proxy 10256 /healthz, 5 s × 2.
    Cluster: {
      kind: 'httpKubeProxyHealthz',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
    // Shared mode only changes ETP Cluster Services; Local keeps the hcnp probe, 5 s × 2.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
  },
  gcp: {
    // Legacy GCE provider: shared check on lbNodesHealthCheckPort 10256 /healthz,
    // gceHcCheckIntervalSeconds=8, gceHcTimeoutSeconds=1, gceHcHealthyThreshold=1,
    // gceHcUnhealthyThreshold=3.
    Cluster: {
      kind: 'httpKubeProxyHealthz',
      interval: 8,
      timeout: 1,
      unhealthyThreshold: 3,
      healthyThreshold: 1,
    },
    // Legacy GCE provider: per-Service hcnp /healthz check with the same gceHc* constants.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 8,
      timeout: 1,
      unhealthyThreshold: 3,
      healthyThreshold: 1,
    },
  },
  'gcp-l4': {
    // ingress-gce pkg/healthchecksl4: gceSharedHcCheckIntervalSeconds=8,
    // gceSharedHcUnhealthyThreshold=3, timeout 1, healthy 1 (shared check on 10256 /healthz).
    Cluster: {
      kind: 'httpKubeProxyHealthz',
      interval: 8,
      timeout: 1,
      unhealthyThreshold: 3,
      healthyThreshold: 1,
    },
    // ingress-gce: gceLocalHcCheckIntervalSeconds=3, gceLocalHcUnhealthyThreshold=2,
    // timeout 1, healthy 1.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 3,
      timeout: 1,
      unhealthyThreshold: 2,
      healthyThreshold: 1,
    },
  },
  'aws-nlb': {
    // cloud-provider-aws buildNLBHealthCheckConfiguration: ETP Cluster → TCP traffic-port,
    // interval 30, timeout 10, healthy/unhealthy threshold 3.
    Cluster: {
      kind: 'tcpNodePort',
      interval: 30,
      timeout: 10,
      unhealthyThreshold: 3,
      healthyThreshold: 3,
    },
    // ETP Local → HTTP hcnp /healthz, interval 10, timeout 10, threshold 2/2.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 10,
      timeout: 10,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
  },
  'aws-lbc': {
    // AWS Load Balancer Controller defaults: TCP traffic-port, interval 10, timeout 10,
    // healthy 3, unhealthy 3 (docs guide/service/annotations.md, model builder).
    Cluster: {
      kind: 'tcpNodePort',
      interval: 10,
      timeout: 10,
      unhealthyThreshold: 3,
      healthyThreshold: 3,
    },
    // Instance targets with ETP Local: HTTP hcnp /healthz, interval 10, timeout 6, 2/2.
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 10,
      timeout: 6,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
  },
  custom: {
    // No cloud behind it: the Azure numbers as a neutral starting point; override freely.
    Cluster: {
      kind: 'tcpNodePort',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
    Local: {
      kind: 'httpHealthCheckNodePort',
      interval: 5,
      timeout: 5,
      unhealthyThreshold: 2,
      healthyThreshold: 2,
    },
  },
};

/** The probe a preset uses for a traffic policy (a fresh copy). */
export function presetProbe(preset: CloudPreset, policy: ExternalTrafficPolicy): ProbeSpec {
  return { ...PRESETS[preset][policy] };
}
