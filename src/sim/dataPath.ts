/**
 * The seam between the engine and a data path: where a node handles a packet. Each data path
 * (kube-proxy in iptables mode, kube-proxy in nftables mode, an eBPF replacement) compiles its own model for one
 * node from the same inputs, and the compiled object answers four questions the engine asks:
 * where does a new connection's first packet go (`evaluate`, the fast path), which steps did a
 * recorded connection take (`trace`), is its source masqueraded on the way out (`masquerade`),
 * and what does a real kernel load to do the same (`kernel`, for the lab). Everything else the
 * engine reads (probes, shares, the inspector) is the endpoint view every data path keeps.
 *
 * To add a data path: one module with a `DataPath` (its compiler returns `NodeDataPath`s), and
 * one line in `dataPathOf` (dataPaths.ts). Nothing in route.ts, trace.ts or the lab changes.
 */
import type { EbpfMaps } from './ebpf/maps.ts';
import type { Endpoint, NodeEndpointView } from './endpoint.ts';
import type { RuleHit, Scenario, ServiceSpec } from './types.ts';

/** The data paths the engine can walk (views label them with the key `dataPath.<kind>`). */
export const DATA_PATH_KINDS = ['iptables', 'nftables', 'ebpf'] as const;
export type DataPathKind = (typeof DATA_PATH_KINDS)[number];

/**
 * The data path a scenario declares: the eBPF replacement when `dataPath` is ebpf, else
 * kube-proxy's `mode`, iptables unless set (kube-proxy's default, source:
 * kube-proxy-default-mode). Light on purpose: views label a diagram with it without loading any
 * data path (dataPaths.ts maps the kind to its implementation).
 */
export function dataPathKindOf(s: Pick<Scenario, 'kubeProxy' | 'dataPath'>): DataPathKind {
  if (s.dataPath === 'ebpf') return 'ebpf';
  return s.kubeProxy?.mode === 'nftables' ? 'nftables' : 'iptables';
}

/** The header fields a data path looks at. */
export interface PacketView {
  srcIp: string;
  /** srcIp as a 32-bit number (callers cache it per client). */
  srcInt: number;
  dstIp: string;
  dstPort: number;
  /**
   * The node itself sent the packet (it enters at the output hook; iptables' `--src-type LOCAL`,
   * nftables' `fib saddr type local`). Every packet the engine routes arrives from outside; the
   * tests use node-local packets for the differences between the modes (127.0.0.1 NodePorts).
   */
  srcLocal: boolean;
}

/** What a node's data path decided for a new connection's first packet. */
export interface Verdict {
  kind: 'dnat' | 'drop' | 'reject' | 'accept';
  /** Endpoint index into `NodeDataPath.endpoints` for 'dnat'. */
  endpoint: number;
  /** The packet carries the masquerade mark (its source is rewritten on the way out). */
  marked: boolean;
}

/** A random draw that succeeds with `probability` (the seeded generator decides). */
export type Draw = (probability: number) => boolean;

/** What one sync of one node starts from: the same for every data path. */
export interface DataPathInput {
  /** Index of this compiled set in the run (RuleHit and lab file names refer to it). */
  id: number;
  service: ServiceSpec;
  node: string;
  nodeIp: string;
  frontendIp: string;
  /** false: the teaching what-if that leaves out the masquerade mark under Cluster. */
  masquerade: boolean;
  /** The EndpointSlice as kube-proxy reads it (one array until an endpoint changes). */
  endpoints: Endpoint[];
  /** The local-traffic detector's CIDR (`clusterCidrOf` the nodes' podCIDRs), or null for none. */
  clusterCidr: string | null;
  /** Name of the Service port (default '': the scenario's single port is unnamed). */
  portName?: string;
  /** false when the LB reports `ipMode: Proxy` (KEP-1860): no rule captures the LB IP. */
  capturesLbIp?: boolean;
}

/** The text a kernel loads to run the same data path, and which tool loads it. */
export interface KernelProgram {
  /** `iptables-restore` (iptables-nft-restore) input, or an `nft -f` script. */
  loader: 'iptables-restore' | 'nft';
  text: string;
  /** Rules in `text` (the lab compares it with what the kernel lists back). */
  rules: number;
}

/** One node's data path as compiled at one sync: its endpoint view and how to walk and print it. */
export interface NodeDataPath extends NodeEndpointView {
  readonly kind: DataPathKind;
  /** The first packet of a new connection; `rand` draws the random choices (flow-cached). */
  evaluate(p: PacketView, rand: () => number): Verdict;
  /** The same walk for a connection that chose `endpoint`, with its steps pushed to `hits`. */
  trace(p: PacketView, endpoint: number, hits: RuleHit[]): Verdict;
  /** Leaving toward the endpoint: true when the source is masqueraded (steps pushed to `hits`). */
  masquerade(marked: boolean, sameNode: boolean, hits: RuleHit[] | null): boolean;
  /** The kernel text that programs this node's rules into an empty network namespace. */
  kernel(header?: readonly string[]): KernelProgram;
  /**
   * The eBPF data path only: the node's BPF maps. The engine routes and traces such a node with
   * ebpf/route.ts and ebpf/trace.ts instead of the three walks above, and the lab refuses it.
   */
  readonly ebpf?: EbpfMaps;
}

/** A compiler for one run: it may share work between nodes compiled from the same endpoints. */
export type Compile = (input: DataPathInput) => NodeDataPath;

/** A data path: its kind and a fresh compiler per run. */
export interface DataPath {
  readonly kind: DataPathKind;
  compiler(): Compile;
}

/**
 * Random numbers that make a walk take the recorded choice: both kube-proxy modes pick an
 * endpoint with draws of probability 1/n, 1/(n−1), … (iptables' statistic rules; the nftables
 * model samples `numgen` that way, nftables.ts), so the draw at `position` succeeds and every
 * other one fails. A negative position fails every draw: the walk takes the last endpoint.
 */
export function scriptedDraws(position: number): () => number {
  let call = 0;
  return () => (call++ === position ? 0 : 1);
}
