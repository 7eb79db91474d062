import type {
  CloudPreset,
  ExternalTrafficPolicy,
  LbDelivery,
  ProbeSpec,
  Scenario,
} from './types.ts';

/**
 * Cloud LB health-probe defaults per preset and traffic policy. Every number names its source
 * (see /work/shared/reference/kubernetes-facts.md §0 and §6). Scenarios and --set override them.
 */
/** A probe: its kind, interval and timeout (s), unhealthy and healthy thresholds (probes in a row). */
function probe(
  kind: ProbeSpec['kind'],
  interval: number,
  timeout: number,
  unhealthyThreshold: number,
  healthyThreshold: number,
): ProbeSpec {
  return { kind, interval, timeout, unhealthyThreshold, healthyThreshold };
}

/** Azure's numbers without a cloud behind them: `custom`'s start and MetalLB's placeholder. */
const NEUTRAL: Record<ExternalTrafficPolicy, ProbeSpec> = {
  Cluster: probe('tcpNodePort', 5, 5, 2, 2),
  Local: probe('httpHealthCheckNodePort', 5, 5, 2, 2),
};

export const PRESETS: Record<CloudPreset, Record<ExternalTrafficPolicy, ProbeSpec>> = {
  azure: {
    // cloud-provider-azure pkg/consts: HealthProbeDefaultProbeInterval = 5,
    // HealthProbeDefaultNumOfProbe = 2; TCP probe on the nodePort (azure_loadbalancer_healthprobe.go).
    // Azure has one probeThreshold for both directions. Timeout: Microsoft's probe docs give HTTP
    // probes min(interval, 30 s), i.e. 5 s [V]; for TCP probes they give no value, we use the same
    // 5 s [I].
    Cluster: probe('tcpNodePort', 5, 5, 2, 2),
    // Same consts; ETP Local → HTTP on healthCheckNodePort /healthz.
    Local: probe('httpHealthCheckNodePort', 5, 5, 2, 2),
  },
  'azure-2023': {
    // Azure as cloud-provider-azure#3499 measured it (March 2023, C1/C2): the provider still wrote
    // numberOfProbes, which Azure LB ignored (PR #3623: "numberofprobes never works"; azure-docs
    // PR #97561: "we only send 1 probe"), so one failed probe took a node out; HTTP probes went
    // down at once on a non-200 or a reset. Effective threshold 1 for both [I from V].
    // Timeout: the TCP probe timeout is not documented (C3); 1 s is our assumption, the value
    // that matches the report's 3–6 s (see lesson 6).
    Cluster: probe('tcpNodePort', 5, 1, 1, 1),
    Local: probe('httpHealthCheckNodePort', 5, 5, 1, 1),
  },
  'azure-shared': {
    // cloud-provider-azure PR #4891 (shared probe mode): kube-proxy 10256 /healthz, 5 s × 2.
    Cluster: probe('httpKubeProxyHealthz', 5, 5, 2, 2),
    // Shared mode only changes ETP Cluster Services; Local keeps the hcnp probe, 5 s × 2.
    Local: probe('httpHealthCheckNodePort', 5, 5, 2, 2),
  },
  gcp: {
    // Legacy GCE provider: shared check on lbNodesHealthCheckPort 10256 /healthz,
    // gceHcCheckIntervalSeconds=8, gceHcTimeoutSeconds=1, gceHcHealthyThreshold=1,
    // gceHcUnhealthyThreshold=3.
    Cluster: probe('httpKubeProxyHealthz', 8, 1, 3, 1),
    // Legacy GCE provider: per-Service hcnp /healthz check with the same gceHc* constants.
    Local: probe('httpHealthCheckNodePort', 8, 1, 3, 1),
  },
  'gcp-l4': {
    // ingress-gce pkg/healthchecksl4: gceSharedHcCheckIntervalSeconds=8,
    // gceSharedHcUnhealthyThreshold=3, timeout 1, healthy 1 (shared check on 10256 /healthz).
    Cluster: probe('httpKubeProxyHealthz', 8, 1, 3, 1),
    // ingress-gce: gceLocalHcCheckIntervalSeconds=3, gceLocalHcUnhealthyThreshold=2,
    // timeout 1, healthy 1.
    Local: probe('httpHealthCheckNodePort', 3, 1, 2, 1),
  },
  'aws-nlb': {
    // cloud-provider-aws buildNLBHealthCheckConfiguration: ETP Cluster → TCP traffic-port,
    // interval 30, timeout 10, healthy/unhealthy threshold 3.
    Cluster: probe('tcpNodePort', 30, 10, 3, 3),
    // ETP Local → HTTP hcnp /healthz, interval 10, timeout 10, threshold 2/2.
    Local: probe('httpHealthCheckNodePort', 10, 10, 2, 2),
  },
  'aws-shared': {
    // cloud-provider-aws ClusterServiceLoadBalancerHealthProbeMode Shared (C10): for non-Local
    // Services HTTP on kube-proxy's 10256 /healthz, keeping the NLB's 30 s interval and threshold
    // 3 (timeout 10) unless annotated: 60–90 s to notice.
    Cluster: probe('httpKubeProxyHealthz', 30, 10, 3, 3),
    // Local Services keep the hcnp probe of the NLB defaults.
    Local: probe('httpHealthCheckNodePort', 10, 10, 2, 2),
  },
  'aws-lbc': {
    // AWS Load Balancer Controller defaults: TCP traffic-port, interval 10, timeout 10,
    // healthy 3, unhealthy 3 (docs guide/service/annotations.md, model builder).
    Cluster: probe('tcpNodePort', 10, 10, 3, 3),
    // Instance targets with ETP Local: HTTP hcnp /healthz, interval 10, timeout 6, 2/2.
    Local: probe('httpHealthCheckNodePort', 10, 6, 2, 2),
  },
  'aws-clb': {
    // cloud-provider-aws classic ELB, the in-tree default without an nlb annotation (C10):
    // TCP on the first nodePort, interval 10, timeout 5, unhealthy 6, healthy 2.
    Cluster: probe('tcpNodePort', 10, 5, 6, 2),
    // ETP Local: the same numbers against the hcnp (fact sheet §6.3).
    Local: probe('httpHealthCheckNodePort', 10, 5, 6, 2),
  },
  // MetalLB in L2 mode sends no health probes: one node answers ARP for the LB IP and gets all
  // of its traffic (see LB_BEHAVIOUR below). This probe is never sent; it only fills the
  // scenario's required field.
  'metallb-l2': NEUTRAL,
  // No cloud behind it: the Azure numbers as a neutral starting point; override freely.
  custom: NEUTRAL,
};

/** The probe a preset uses for a traffic policy (a fresh copy). */
export function presetProbe(preset: CloudPreset, policy: ExternalTrafficPolicy): ProbeSpec {
  return { ...PRESETS[preset][policy] };
}

/** How a preset's load balancer hands packets to nodes and treats unhealthy backends. */
export interface LbBehaviour {
  /** Default delivery: the frontend IP kept (Azure floating IP, GCP passthrough) or nodeIP:nodePort. */
  delivery: LbDelivery;
  /** With every backend unhealthy, spread over all of them (true) or send to none (false). */
  failOpen: boolean;
  /** Established flows through a backend that turns unhealthy are reset (AWS NLB). */
  resetFlowsOnUnhealthy: boolean;
  /** The controller deregisters nodes tainted ToBeDeletedByClusterAutoscaler (AWS LBC). */
  deregistersTaintedNodes: boolean;
  /** Each LB node routes across zones (false: within its own zone, AWS NLB's default). */
  crossZone: boolean;
  /**
   * status.loadBalancer.ingress[] carries an `ip` (true) or only a `hostname` (false: AWS ELB and
   * NLB). kube-proxy can only capture an ip, and `ipMode` may only be set with one.
   */
  publishesIp: boolean;
  /**
   * How backends are chosen: health probes, or one node elected to answer ARP for the LB IP
   * (MetalLB L2), which then receives every connection.
   */
  selection: 'probes' | 'l2Announce';
}

/** Default seconds for MetalLB L2 to move the LB IP to another node (an assumption, see below). */
export const L2_FAILOVER_DELAY = 2;

const AZURE: LbBehaviour = {
  // cloud-provider-azure LB rules: EnableFloatingIP true, backend port = Service port (C8).
  delivery: 'vip',
  // Azure Standard LB: noHealthyBackendsBehavior AllProbedDown, "all TCP flows continue" (C9).
  failOpen: false,
  resetFlowsOnUnhealthy: false,
  deregistersTaintedNodes: false,
  crossZone: true,
  publishesIp: true,
  selection: 'probes',
};
const GCP: LbBehaviour = {
  // Passthrough NetLB delivers to the LB IP (C8); with all backends unhealthy it spreads over
  // all of them (failover policy default dropTrafficIfUnhealthy false, C9 [I]).
  delivery: 'vip',
  failOpen: true,
  resetFlowsOnUnhealthy: false,
  deregistersTaintedNodes: false,
  crossZone: true,
  publishesIp: true,
  selection: 'probes',
};
const AWS_NLB: LbBehaviour = {
  // Instance targets: the NLB rewrites to nodeIP:nodePort (C8). AWS docs (C9): fails open when
  // all targets are unhealthy; resets client flows of a target once it is unhealthy; routes
  // within each AZ unless cross-zone load balancing is on (off by default).
  delivery: 'nodePort',
  failOpen: true,
  resetFlowsOnUnhealthy: true,
  deregistersTaintedNodes: false,
  crossZone: false,
  publishesIp: false,
  selection: 'probes',
};

/** The load-balancer behaviour of each preset. */
export const LB_BEHAVIOUR: Record<CloudPreset, LbBehaviour> = {
  azure: AZURE,
  'azure-2023': AZURE,
  'azure-shared': AZURE,
  gcp: GCP,
  'gcp-l4': GCP,
  'aws-nlb': AWS_NLB,
  'aws-shared': AWS_NLB,
  // The AWS Load Balancer Controller also deregisters CA- and Karpenter-tainted nodes (C9).
  'aws-lbc': { ...AWS_NLB, deregistersTaintedNodes: true },
  // Classic ELB: instance targets on the nodePort; what it does with no healthy instance and
  // with established flows is not verified here [U], so nothing special is modelled.
  'aws-clb': { ...AWS_NLB, failOpen: false, resetFlowsOnUnhealthy: false },
  // MetalLB L2 (speaker/layer2_controller.go, ShouldAnnounce): the eligible nodes are those with a
  // speaker in the memberlist (not NetworkUnavailable, not labelled
  // exclude-from-external-load-balancers; cordoning does not matter), under Local only those with
  // a serving local endpoint; they are sorted by sha256(node + "#" + ip) and the first announces.
  // Packets arrive with the LB IP as destination (ARP), so delivery is 'vip'. With no eligible
  // node nobody answers ARP: fail closed. The move's delay (memberlist leave or endpoint update,
  // then the new node's gratuitous ARP) is not documented as a number: L2_FAILOVER_DELAY [I].
  'metallb-l2': {
    delivery: 'vip',
    failOpen: false,
    resetFlowsOnUnhealthy: false,
    deregistersTaintedNodes: false,
    crossZone: true,
    publishesIp: true,
    selection: 'l2Announce',
  },
  // No cloud: a plain pass-through balancer to the nodePort.
  custom: { ...AZURE, delivery: 'nodePort' },
};

/**
 * True when the scenario has no load-balancer device (MetalLB L2): the elected node answers ARP
 * for the LB IP, so clients send straight to it and it answers them straight back.
 */
export function announcesL2(s: Pick<Scenario, 'loadBalancer'>): boolean {
  return LB_BEHAVIOUR[s.loadBalancer.preset].selection === 'l2Announce';
}
