/**
 * What the eBPF data path holds on one node after its agent synced an EndpointSlice change: the
 * Service's BPF maps, modelled on Cilium's (source: cilium-lb-maps). The frontend entry of the
 * external scope lists the backends north-south traffic may use on this node (every usable
 * endpoint under Cluster, the node's own under Local, source: cilium-etp-local); the internal
 * scope lists every usable endpoint (east-west traffic ignores externalTrafficPolicy). With
 * Maglev the node also holds the lookup table over the external scope.
 *
 * It is returned as the engine's per-node data path (dataPath.ts) of kind 'ebpf': such a node has
 * no KUBE-* rule for the Service (source: cilium-kpr-device). Everything the engine reads from a
 * node's view of the slice (endpoint lists, the ready count its health server reports) stays in
 * the seam's fields; the maps are `ebpf`. The engine routes and traces these nodes with
 * ebpf/route.ts and ebpf/trace.ts, which read the maps directly.
 */
import { ipToInt } from '../ip.ts';
import type { DataPath, NodeDataPath } from '../dataPath.ts';
import { usableEndpoints, type Endpoint } from '../kubeProxy.ts';
import type { ServiceSpec } from '../types.ts';
import type { EbpfConfig } from './config.ts';
import { MAGLEV_TABLE_SIZE, maglevTable } from './maglev.ts';

export type { EbpfMaps, Frontend } from './maps.ts';

/** What a node's agent compiles from. */
export interface EbpfCompileInput {
  id: number;
  service: ServiceSpec;
  node: string;
  nodeIp: string;
  endpoints: Endpoint[];
  config: EbpfConfig;
  /** The load balancer's frontend address. */
  frontendIp: string;
}

/** The backend name Maglev hashes: address and port, as the agent keys its backends. */
export const backendName = (e: Endpoint, port: number): string => `${e.ip}:${port}`;

/** Maglev tables by their backend list: nodes with the same list share one (a pure memo). */
const tables = new Map<string, Int32Array>();

function tableFor(names: readonly string[]): Int32Array {
  const key = names.join(',');
  let t = tables.get(key);
  if (!t) {
    if (tables.size >= 64) tables.clear();
    t = maglevTable(names, MAGLEV_TABLE_SIZE);
    tables.set(key, t);
  }
  return t;
}

/** Build one node's view after a sync: no iptables or nftables rules, its BPF maps. */
export function compileEbpf(input: EbpfCompileInput): NodeDataPath {
  const { service, node, config } = input;
  const port = service.targetPort;
  const sorted = [...input.endpoints].sort((a, b) =>
    backendName(a, port) < backendName(b, port) ? -1 : 1,
  );
  // Active backends first; terminating but serving ones only when none is active (assumed to
  // match kube-proxy's KEP-1669 fallback; source: cilium-terminating).
  const clusterEndpoints = usableEndpoints(sorted);
  const localEndpoints = usableEndpoints(sorted.filter((e) => e.node === node));
  const extBackends = service.externalTrafficPolicy === 'Local' ? localEndpoints : clusterEndpoints;
  const maglev =
    config.algorithm === 'maglev' ? tableFor(extBackends.map((e) => backendName(e, port))) : null;
  return {
    kind: 'ebpf',
    id: input.id,
    node,
    nodeIp: input.nodeIp,
    evaluate: notThisWay,
    trace: notThisWay,
    masquerade: notThisWay,
    kernel: () => {
      throw new Error(NO_KERNEL);
    },
    endpoints: input.endpoints,
    clusterEndpoints,
    localEndpoints,
    // The health server counts active local backends, terminating ones not (source:
    // cilium-hcnp-server).
    localReady: input.endpoints.filter((e) => e.node === node && e.ready).length,
    clusterCidr: null,
    portName: `${service.namespace}/${service.name}`,
    ebpf: {
      config,
      extBackends,
      intBackends: clusterEndpoints,
      maglev,
      extIndex: Int32Array.from(extBackends, (e) => input.endpoints.indexOf(e)),
      intIndex: Int32Array.from(clusterEndpoints, (e) => input.endpoints.indexOf(e)),
      vip: { ip: input.frontendIp, int: ipToInt(input.frontendIp), port: service.port },
      nodePort: { ip: input.nodeIp, int: ipToInt(input.nodeIp), port: service.nodePort },
    },
  };
}

const NO_KERNEL =
  'The eBPF data path has no kernel text: the lab loads iptables or nftables rules only.';

/**
 * The rule-walk entry points of the seam: the engine never calls them on an eBPF node, because
 * simulate.ts and trace.ts hand such nodes to ebpf/route.ts and ebpf/trace.ts. Reaching one is
 * a bug in that dispatch, so it throws rather than answer with a made-up verdict.
 */
function notThisWay(): never {
  throw new Error('An eBPF node is routed by ebpf/route.ts, not by a rule walk.');
}

/** The eBPF data path behind the seam, with the scenario's settings (Cilium's Helm values). */
export function ebpfDataPath(config: EbpfConfig): DataPath {
  return {
    kind: 'ebpf',
    compiler: () => (input) =>
      compileEbpf({
        id: input.id,
        service: input.service,
        node: input.node,
        nodeIp: input.nodeIp,
        endpoints: input.endpoints,
        config,
        frontendIp: input.frontendIp,
      }),
  };
}
