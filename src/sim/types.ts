/**
 * Public types of the Hop by Hop simulation engine.
 *
 * This file is the contract between the engine (src/sim), the views (src/islands,
 * src/machines), the lessons and the CLI. The engine speaks only in codes: every string a
 * person reads is produced by a view from these codes through i18n keys.
 */

/** An IPv4 address in dotted notation, e.g. "198.51.100.11". */
export type Ip = string;

/** A transport endpoint as it appears in a packet header. */
export interface Addr {
  ip: Ip;
  port: number;
}

export type ExternalTrafficPolicy = 'Cluster' | 'Local';

/** Where a cloud load balancer's health probe is aimed. */
export type ProbeKind =
  /** Blind TCP connect to the Service's nodePort: answered by the node's data path. */
  | 'tcpNodePort'
  /** HTTP GET kube-proxy's own health server, `:10256/healthz`. */
  | 'httpKubeProxyHealthz'
  /** HTTP GET `:<healthCheckNodePort>/healthz` (only for externalTrafficPolicy: Local). */
  | 'httpHealthCheckNodePort';

/** Named sets of probe defaults taken from the fact sheet; every value can be overridden. */
export type CloudPreset =
  | 'azure'
  | 'azure-shared'
  | 'gcp'
  | 'aws-nlb'
  | 'aws-lbc'
  /** ingress-gce L4 (RBS NetLB / ILB subsetting): shared 8 s × 3, local 3 s × 2. */
  | 'gcp-l4'
  | 'custom';

/** How the load balancer hands a packet to a node. */
export type LbDelivery =
  /** The LB rewrites the destination to nodeIP:nodePort (e.g. AWS NLB instance targets). */
  | 'nodePort'
  /** The LB keeps the frontend IP:port as destination (e.g. Azure floating IP, GCP). */
  | 'vip';

/** How pods are placed on nodes when a scenario does not list placement explicitly. */
export type PlacementStrategy =
  'none' | 'antiAffinityPreferred' | 'antiAffinityRequired' | 'topologySpread';

export interface ClientSpec {
  id: string;
  ip: Ip;
}

export interface NodeSpec {
  id: string;
  ip: Ip;
  /** Pod CIDR of this node, e.g. "10.244.1.0/24"; its .1 is the bridge (cni0) address. */
  podCidr: string;
}

export interface PodSpec {
  id: string;
  /** Node the pod runs on; absent when the pod is Pending (unschedulable). */
  node?: string;
  ip?: Ip;
}

export interface ServiceSpec {
  name: string;
  namespace: string;
  port: number;
  targetPort: number;
  nodePort: number;
  externalTrafficPolicy: ExternalTrafficPolicy;
  /** Allocated by the API server only for type LoadBalancer with externalTrafficPolicy Local. */
  healthCheckNodePort?: number;
}

export interface ProbeSpec {
  kind: ProbeKind;
  /** Seconds between probes. */
  interval: number;
  /** Seconds a probe waits for an answer before it counts as failed. */
  timeout: number;
  /** Consecutive failures that take a backend out of rotation. */
  unhealthyThreshold: number;
  /** Consecutive successes that put it back. */
  healthyThreshold: number;
}

export interface LoadBalancerSpec {
  frontendIp: Ip;
  delivery: LbDelivery;
  preset: CloudPreset;
  probe: ProbeSpec;
  /**
   * Seconds after t=0 of each node's first probe (added; optional). Missing nodes get a
   * deterministic phase in [0, interval) derived from the seed; set 0 to align all probes.
   */
  probePhase?: Record<string, number>;
}

export interface PlacementSpec {
  strategy: PlacementStrategy;
  replicas: number;
  /** topologySpreadConstraints maxSkew (only for strategy 'topologySpread'). */
  maxSkew?: number;
}

export interface TrafficSpec {
  /** New connections per second, spread evenly over the clients. */
  rate: number;
  /** Seconds of simulated time during which new connections start. */
  duration: number;
  /** Seconds a client waits for a SYN-ACK before it gives up (after its retries). */
  connectTimeout: number;
  /**
   * Seconds an established connection stays open (added; optional, default 0 = a short
   * request/response). Connections still open when a node on their path goes offline break
   * with reason 'nodeWentDown'.
   */
  connectionDuration?: number;
}

/**
 * A connection sent straight to one node's NodePort, bypassing the load balancer (added).
 * Lessons use it to show what a node that the LB took out of rotation would do.
 */
export interface DirectConnectionSpec {
  at: number;
  client: string;
  node: string;
}

/** A featured connection chosen by property at run time (added), e.g. the first cross-node one. */
export type FeaturedSelector =
  | { kind: 'firstCrossNode' }
  | { kind: 'firstSameNode' }
  | { kind: 'firstOutcome'; outcome: Outcome; reason?: OutcomeReason }
  | { kind: 'firstOnNode'; node: string }
  | { kind: 'firstDirect' };

/** One scheduled action on the scenario's timeline. */
export type Action =
  | { at: number; type: 'drainNode'; node: string }
  | { at: number; type: 'cordonNode'; node: string }
  | { at: number; type: 'uncordonNode'; node: string }
  | { at: number; type: 'shutdownNode'; node: string }
  | { at: number; type: 'powerOffNode'; node: string }
  | { at: number; type: 'powerOnNode'; node: string }
  | { at: number; type: 'taintToBeDeleted'; node: string }
  | { at: number; type: 'deletePod'; pod: string };

/** Pod termination and node shutdown settings used by drain scenarios. */
export interface LifecycleSpec {
  terminationGracePeriodSeconds: number;
  /** Seconds a preStop hook sleeps before the app gets SIGTERM. */
  preStopSeconds: number;
  /** true: the pod keeps passing readiness while terminating (serving=true). */
  servesWhileTerminating: boolean;
  /** kubelet shutdownGracePeriod (seconds). */
  shutdownGracePeriod: number;
  /** kubelet shutdownGracePeriodCriticalPods (seconds); kube-proxy stops in this phase. */
  shutdownGracePeriodCriticalPods: number;
  /** Seconds kube-proxy needs to apply an EndpointSlice change. */
  proxySyncDelay: number;
  /** Seconds a powered-on node needs until kubelet and kube-proxy run again (added; default 30). */
  bootSeconds?: number;
  /**
   * Seconds after an abrupt power-off until the node controller marks its pods not ready
   * (added; default 40, kube-controller-manager --node-monitor-grace-period).
   */
  nodeMonitorGracePeriod?: number;
}

/** A complete, validated scenario: pure data, referred to by its kebab-case id. */
export interface Scenario {
  id: string;
  clients: ClientSpec[];
  nodes: NodeSpec[];
  /** Explicit placement; when `placement` is set as well, pods are generated instead. */
  pods: PodSpec[];
  placement?: PlacementSpec;
  service: ServiceSpec;
  loadBalancer: LoadBalancerSpec;
  /** Teaching what-if: false skips KUBE-MARK-MASQ (not a kube-proxy option). */
  masquerade: boolean;
  traffic: TrafficSpec;
  lifecycle: LifecycleSpec;
  timeline: Action[];
  /** Connections the diagram walks through packet by packet (indices into the run). */
  featured: number[];
  /** Featured connections picked by property at run time (added); resolved into SimResult. */
  featuredSelectors?: FeaturedSelector[];
  /** Connections sent straight to a node's NodePort, bypassing the LB (added). */
  directConnections?: DirectConnectionSpec[];
}

/** Endpoint conditions as published in the EndpointSlice. */
export interface EndpointConditions {
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

export type Outcome = 'ok' | 'timeout' | 'reset' | 'dropped';

/** Why a connection ended as it did; a stable code, translated by the views. */
export type OutcomeReason =
  | 'served'
  | 'noLocalEndpoints'
  | 'noEndpoints'
  | 'directReturnMismatch'
  | 'nodeOffline'
  | 'noHealthyBackends'
  | 'nodeWentDown'
  /** Added: the node's (stale) rules sent the SYN to a pod that has already exited. */
  | 'endpointGone'
  /** Added: the rules sent the SYN to a pod on a node that is off the network. */
  | 'endpointUnreachable'
  /** Added: REJECT matched, but the kernel's ICMP rate limit swallowed the error (src/sim/icmp.ts). */
  | 'icmpRateLimited';

/** Per-connection record (one row of the CLI's `connections` array). */
export interface ConnectionRecord {
  id: number;
  /** Seconds of simulated time when the client sent its SYN. */
  at: number;
  client: string;
  clientAddr: Addr;
  ingressNode: string | null;
  pod: string | null;
  podNode: string | null;
  /** Source address the pod saw in the SYN (null when no pod got it). */
  sourceSeenByPod: Ip | null;
  outcome: Outcome;
  reason: OutcomeReason;
  /** Added: true when the connection bypassed the LB (a DirectConnectionSpec). */
  direct?: boolean;
  /** Added: seconds when the outcome was final (e.g. at + connectTimeout for a timeout). */
  endedAt?: number;
}

/** A kube-proxy / kernel rule a packet traversed, in order. */
export type RuleCode =
  | 'KUBE-SERVICES'
  | 'KUBE-NODEPORTS'
  | 'KUBE-EXT'
  | 'KUBE-MARK-MASQ'
  | 'KUBE-SVC'
  | 'KUBE-SVL'
  | 'KUBE-SEP'
  | 'KUBE-EXTERNAL-SERVICES'
  | 'KUBE-POSTROUTING'
  | 'MASQUERADE'
  | 'conntrack';

export interface RuleHit {
  rule: RuleCode;
  /**
   * Full chain name as kube-proxy writes it (suffix base32(sha256(portName + protocol))[:16]),
   * e.g. "KUBE-SVC-PFINMTQ5Y2TT4XZK" for the unnamed TCP port of default/shop.
   */
  chain: string;
  /** What the rule did, as a code: 'jump', 'mark', 'dnat', 'snat', 'drop', 'reject', 'unnat', 'accept'. */
  verdict: 'jump' | 'mark' | 'dnat' | 'snat' | 'drop' | 'reject' | 'unnat' | 'accept';
  /** Why this rule matched, as a code (e.g. 'externalDestination', 'random1of3', 'noLocalEndpoints'). */
  why: string;
}

/** 'ICMP' (added): the port-unreachable answer of kube-proxy's REJECT rule. */
export type PacketKind = 'SYN' | 'SYN-ACK' | 'ACK' | 'DATA' | 'RST' | 'ICMP';

/** A place on the diagram: a client, the LB, a node (its kube-proxy / data path) or a pod. */
export type PlaceId = string;

/** Semantic tags on a hop, so lessons can say "play until the DNAT" without step numbers. */
export type HopMark =
  | 'toLb'
  | 'lbPick'
  | 'dnat'
  | 'snat'
  | 'delivered'
  | 'reply'
  | 'unnat'
  | 'directReturn'
  | 'clientDiscard'
  | 'drop'
  | 'reject'
  | 'timeout'
  | 'established';

/** One packet moving from one place to the next, with its header before and after. */
export interface Hop {
  /** Stable id, e.g. "c0-p1-h2" (connection 0, packet 1, hop 2). */
  id: string;
  connection: number;
  packet: number;
  kind: PacketKind;
  direction: 'request' | 'reply';
  from: PlaceId;
  to: PlaceId;
  /** Seconds of simulated time when the packet leaves `from`. */
  at: number;
  /** Header as it left `from` and as it arrives at / is forwarded by `to`. */
  before: { src: Addr; dst: Addr };
  after: { src: Addr; dst: Addr };
  /** Rules the packet traversed at `to` (empty where no rule applies). */
  rules: RuleHit[];
  /** Which header fields changed at `to`. */
  changed: Array<'src.ip' | 'src.port' | 'dst.ip' | 'dst.port'>;
  marks: HopMark[];
  /** Set on the last hop of a packet that went no further. */
  end?: Outcome;
  reason?: OutcomeReason;
}

/** A conntrack entry as `conntrack -L` would show it on the node that translated. */
export interface ConntrackEntry {
  node: string;
  original: { src: Addr; dst: Addr };
  reply: { src: Addr; dst: Addr };
  state: 'SYN_SENT' | 'SYN_RECV' | 'ESTABLISHED' | 'UNREPLIED';
}

/** Everything the diagram needs to show one connection packet by packet. */
export interface ConnectionTrace {
  record: ConnectionRecord;
  hops: Hop[];
  conntrack: ConntrackEntry[];
}

/** Timeline events (lifecycle, probes, LB state) as codes. */
export type SimEvent =
  | { at: number; type: 'node.cordoned'; node: string }
  | { at: number; type: 'node.uncordoned'; node: string }
  | { at: number; type: 'node.shuttingDown'; node: string }
  | { at: number; type: 'node.offline'; node: string }
  | { at: number; type: 'node.online'; node: string }
  | { at: number; type: 'node.tainted'; node: string; taint: 'ToBeDeletedByClusterAutoscaler' }
  | { at: number; type: 'pod.terminating'; pod: string; node: string }
  | { at: number; type: 'pod.exited'; pod: string; node: string }
  | { at: number; type: 'pod.ready'; pod: string; node: string }
  | { at: number; type: 'endpoint.changed'; pod: string; conditions: EndpointConditions }
  | { at: number; type: 'kubeProxy.synced'; node: string }
  | { at: number; type: 'kubeProxy.stopped'; node: string }
  | { at: number; type: 'kubeProxy.started'; node: string }
  | {
      at: number;
      type: 'probe.result';
      node: string;
      kind: ProbeKind;
      ok: boolean;
      /** HTTP status for HTTP probes; null for TCP or when nothing answered. */
      status: number | null;
      /** For healthCheckNodePort probes: the JSON body's localEndpoints. */
      localEndpoints?: number;
      serviceProxyHealthy?: boolean;
    }
  | { at: number; type: 'node.booting'; node: string }
  | { at: number; type: 'pod.notReady'; pod: string; node: string }
  | { at: number; type: 'lb.backendDown'; node: string }
  | { at: number; type: 'lb.backendUp'; node: string }
  | {
      at: number;
      type: 'connection.failed';
      connection: number;
      node: string | null;
      reason: OutcomeReason;
    };

export interface NodeSummary {
  markedDownAt: number | null;
  markedUpAt: number | null;
}

export interface Summary {
  connections: number;
  succeeded: number;
  failed: number;
  /** Succeeded connections whose pod saw the client's own address. */
  clientIpPreserved: number;
  /** Share of succeeded connections per pod. */
  podShare: Record<string, number>;
  /** Share each pod is expected to get from the formula (1/P under Cluster, 1/(N·k_i) under Local). */
  expectedShare: Record<string, number>;
  disruption: { seconds: number; firstFailureAt: number | null; lastFailureAt: number | null };
  nodes: Record<string, NodeSummary>;
  /** Added: failed connections per reason. */
  failedByReason?: Partial<Record<OutcomeReason, number>>;
  /** Added: connections that failed while being set up (these define the disruption window). */
  failedNew?: number;
  /** Added: established connections cut later (reason 'nodeWentDown'); not in the window. */
  brokenEstablished?: number;
}

/** The result of one deterministic run. */
export interface SimResult {
  scenario: string;
  seed: number;
  /** The scenario after overrides and generated placement, as it was run. */
  resolved: Scenario;
  summary: Summary;
  connections: ConnectionRecord[];
  events: SimEvent[];
  /** Packet-by-packet traces of the scenario's featured connections. */
  featured: ConnectionTrace[];
  /** Added: LB rotation at t=0 (the LB has probed long before the run starts). */
  initialLbRotation?: Record<string, boolean>;
}

/** A validation problem in a scenario file, an override or a CLI flag. */
export interface InputIssue {
  /** Dotted path of the offending field, e.g. "loadBalancer.probe.interval" or "--seed". */
  path: string;
  /** Code of the problem, translated by the caller (e.g. 'expectedNumber', 'unknownKey'). */
  code: string;
  /** What was expected, as data for the message (allowed values, bounds). */
  expected?: string;
  received?: string;
}
