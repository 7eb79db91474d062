/**
 * Public types of the Hop by Hop simulation engine.
 *
 * This file is the contract between the engine (src/sim), the views (src/islands,
 * src/view/playback), the lessons and the CLI. The engine speaks only in codes: every string a
 * person reads is produced by a view from these codes through i18n keys.
 */

import type { IssueCode } from './issueCodes.ts';
import type { Outcome, OutcomeReason } from './outcomes.ts';

export type { Outcome, OutcomeReason } from './outcomes.ts';
import type { EBPF_RULE_CODES } from './ebpf/codes.ts';
import type { Infer } from './spec.ts';
import type {
  DELIVERIES,
  POLICIES,
  PRESET_NAMES,
  PROBE_KIND_NAMES,
  STRATEGIES,
  actionSpec,
  featuredSelectorSpec,
  scenarioSpec,
} from './params.ts';

/** An IPv4 address in dotted notation, e.g. "198.51.100.11". */
export type Ip = string;

/** A transport endpoint as it appears in a packet header. */
export interface Addr {
  ip: Ip;
  port: number;
}

/*
 * Scenario types are derived from the one parameter declaration in params.ts (field docs live
 * there); the names below are the parts the engine and the views use.
 */

export type ExternalTrafficPolicy = (typeof POLICIES)[number];

/**
 * Where a cloud load balancer's health probe is aimed: 'tcpNodePort' (blind TCP connect to the
 * Service's nodePort, answered by the node's data path), 'httpKubeProxyHealthz' (kube-proxy's own
 * `:10256/healthz`), 'httpHealthCheckNodePort' (`:<healthCheckNodePort>/healthz`, Local only).
 */
export type ProbeKind = (typeof PROBE_KIND_NAMES)[number];

/** Named sets of probe defaults, each number in the source list (presets.ts); all can be overridden. */
export type CloudPreset = (typeof PRESET_NAMES)[number];

/**
 * How the load balancer hands a packet to a node: 'nodePort' rewrites the destination to
 * nodeIP:nodePort (AWS instance targets); 'vip' keeps the frontend IP:port (Azure floating IP, GCP).
 */
export type LbDelivery = (typeof DELIVERIES)[number];

/** How pods are placed on nodes when a scenario does not list placement explicitly. */
export type PlacementStrategy = (typeof STRATEGIES)[number];

/** A complete, validated scenario: pure data, referred to by its kebab-case id. */
export type Scenario = Infer<typeof scenarioSpec>;
export type ClientSpec = Scenario['clients'][number];
export type NodeSpec = Scenario['nodes'][number];
export type PodSpec = Scenario['pods'][number];
export type PlacementSpec = NonNullable<Scenario['placement']>;
export type ServiceSpec = Scenario['service'];
export type LoadBalancerSpec = Scenario['loadBalancer'];
export type ProbeSpec = LoadBalancerSpec['probe'];
export type TrafficSpec = Scenario['traffic'];
export type LifecycleSpec = Scenario['lifecycle'];
/** One scheduled action on the scenario's timeline. */
export type Action = Infer<typeof actionSpec>;
/** A featured connection chosen by property at run time, e.g. the first cross-node one. */
export type FeaturedSelector = Infer<typeof featuredSelectorSpec>;
/** A connection sent straight to one node's NodePort, bypassing the load balancer. */
export type DirectConnectionSpec = NonNullable<Scenario['directConnections']>[number];

/** Endpoint conditions as published in the EndpointSlice. */
export interface EndpointConditions {
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

/** Where the application learned the client address from. */
export type ClientSeenVia = 'ipHeader' | 'proxyProtocol' | 'xForwardedFor' | 'none';

/** Client information carried in the payload, not in the IP header (shown beside it). */
export interface HopPayload {
  /** A PROXY protocol header in the first bytes of the stream: the address the LB was called from. */
  proxyHeader?: { version: 'v1' | 'v2'; src: Addr; dst: Addr };
  /**
   * Set on the hop that delivers the request to an ingress controller: the controller opens its
   * own connection to the app from `from` and writes this X-Forwarded-For.
   */
  xForwardedFor?: { value: Ip; from: Ip };
  /**
   * The X-Forwarded-For header in the request as it travels: what the client wrote itself, and
   * after an L7 load balancer also the address that LB appended.
   */
  xForwardedForIn?: Ip[];
  /**
   * eBPF DSR: the Service address the ingress node wrote into the packet for the backend node,
   * in an IPv4 option ('opt') or a Geneve option ('geneve'); only a TCP SYN carries it.
   */
  dsr?: { service: Addr; dispatch: 'opt' | 'geneve' };
}

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
  /**
   * The client address the application learns (null when none): from the IP header, a PROXY
   * protocol header or, behind an ingress controller, X-Forwarded-For.
   */
  clientSeenByApp: Ip | null;
  /** Where `clientSeenByApp` came from. */
  clientSeenVia: ClientSeenVia;
  outcome: Outcome;
  reason: OutcomeReason;
  /** True when the connection bypassed the LB (a DirectConnectionSpec). */
  direct?: boolean;
  /** Seconds when the outcome was final (e.g. at + connectTimeout for a timeout). */
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
  | 'conntrack'
  // kube-proxy's nftables mode: its chains by role (nftables.ts names them).
  | 'services'
  | 'external'
  | 'service'
  | 'local'
  | 'endpoint'
  | 'mark-for-masquerade'
  | 'service-endpoints-check'
  | 'nodeport-endpoints-check'
  | 'masquerading'
  | 'masquerade'
  /** Steps of the eBPF data path (src/sim/ebpf/codes.ts). */
  | (typeof EBPF_RULE_CODES)[number];

export interface RuleHit {
  rule: RuleCode;
  /**
   * Full chain name as kube-proxy writes it (suffix base32(sha256(portName + protocol))[:16]),
   * e.g. "KUBE-SVC-PFINMTQ5Y2TT4XZK" for the unnamed TCP port of default/shop.
   */
  chain: string;
  /** What the rule did, as a code: 'jump', 'mark', 'dnat', 'snat', 'drop', 'reject', 'unnat', 'accept'. */
  verdict: 'jump' | 'mark' | 'dnat' | 'snat' | 'drop' | 'reject' | 'unnat' | 'accept' | 'dsr';
  /** Why this rule matched, as a code (e.g. 'externalDestination', 'random1of3', 'noLocalEndpoints'). */
  why: string;
  /**
   * nftables: the verdict-map element the packet's key found, in nft syntax: `map` names the map
   * (`service-ips`, or the anonymous `numgen random mod 3`), `element` is e.g.
   * "203.0.113.10 . tcp . 80 : goto external-…".
   */
  lookup?: { map: string; element: string };
}

/** 'ICMP' is the port-unreachable answer of kube-proxy's REJECT rule. */
export type PacketKind = 'SYN' | 'SYN-ACK' | 'ACK' | 'DATA' | 'RST' | 'ICMP';

/** A place on the diagram: a client, the LB, a node (its kube-proxy / data path) or a pod. */
export type PlaceId = string;

/**
 * Semantic tags on a hop, so lessons can say "play until the DNAT" without step numbers. 'arp':
 * no LB device (MetalLB L2), the node answered ARP for the LB IP and the client's frame goes
 * straight to it; 'noArp': nobody answered, so the SYN never left the client (from === to).
 */
export type HopMark =
  | 'toLb'
  | 'lbPick'
  | 'arp'
  | 'noArp'
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
  | 'established'
  /** eBPF DSR: the packet carries the Service address to the backend node (IP option or Geneve). */
  | 'dsr'
  /** eBPF DSR: the backend node answers the client directly, from the Service address. */
  | 'dsrReturn';

/** One packet moving from one place to the next, with its header before and after. */
export interface Hop {
  /** Stable id, e.g. "c0-p1-h2" (connection 0, packet 1, hop 2). */
  id: string;
  connection: number;
  packet: number;
  kind: PacketKind;
  direction: 'request' | 'reply';
  from: PlaceId;
  /** Where the packet arrives; `from` itself when it never left (mark 'noArp'). */
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
  /** Client information in the payload (PROXY header, X-Forwarded-For), when there is some. */
  payload?: HopPayload;
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
  | {
      at: number;
      type: 'lb.backendDown';
      node: string;
      /**
       * Failed probes, the controller deregistered the node (AWS LBC, tainted), or another node
       * now answers ARP for the LB IP (MetalLB L2).
       */
      cause?: 'probe' | 'deregistered' | 'l2';
    }
  | {
      at: number;
      type: 'lb.backendUp';
      node: string;
      /** This node now answers ARP for the LB IP (MetalLB L2). */
      cause?: 'l2';
    }
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

/** eBPF flow stability, measured by ebpf/stability.ts (counts; the views turn them into shares). */
export interface FlowStability {
  algorithm: 'random' | 'maglev';
  /** Flows looked at (succeeded, through the t = 0 maps; at most ebpf/stability.ts SAMPLE). */
  flows: number;
  /** Of those, the ones the next node would send to the same backend. */
  sameOnOtherNode: number;
  /** Flows whose backend is still in the node's final maps, when those changed during the run. */
  kept: number;
  /** Of the kept ones, those a fresh lookup after the change sends to another backend. */
  moved: number;
}

export interface Summary {
  connections: number;
  succeeded: number;
  failed: number;
  /** Succeeded connections whose pod saw the client's own address. */
  clientIpPreserved: number;
  /** Succeeded connections whose application learned the client's address (any layer). */
  clientIpKnownToApp?: number;
  /** Share of succeeded connections per pod. */
  podShare: Record<string, number>;
  /** Share each pod is expected to get from the formula (1/P under Cluster, 1/(N·k_i) under Local). */
  expectedShare: Record<string, number>;
  disruption: { seconds: number; firstFailureAt: number | null; lastFailureAt: number | null };
  nodes: Record<string, NodeSummary>;
  /** Failed connections per reason. */
  failedByReason?: Partial<Record<OutcomeReason, number>>;
  /** Connections that failed while being set up (these define the disruption window). */
  failedNew?: number;
  /** Established connections cut later ('nodeWentDown', 'lbReset'); not in the window. */
  brokenEstablished?: number;
  /** eBPF data path only: how flows keep their backend (src/sim/ebpf/stability.ts). */
  flows?: FlowStability;
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
  /** LB rotation at t=0 (the LB has probed long before the run starts). */
  initialLbRotation?: Record<string, boolean>;
}

/** Parameters of an input issue: data for the message each view writes in its language. */
export interface IssueParams {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  unit?: string;
  /** Allowed values (enum members, keys, ids). */
  values?: string[];
  /** What a missing field should be: 'number', 'integer', 'id', 'ip', 'cidr', 'oneOf', 'object', … */
  expectedKind?: string;
  /** A short, safe rendering of the offending value. */
  received?: string;
  /** The other field a cross-field rule compares with (a dotted path). */
  other?: string;
  /** The closest allowed value, for "did you mean". */
  suggestion?: string;
}

/** A validation problem in a scenario file, an override or a CLI flag. */
export interface InputIssue {
  /** Dotted path of the offending field, e.g. "loadBalancer.probe.interval" or "--seed". */
  path: string;
  /** Code of the problem (codes.ts ISSUE_CODES), translated by the caller. */
  code: IssueCode;
  params?: IssueParams;
}
