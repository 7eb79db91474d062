/**
 * An endpoint as a node's data path holds it (kube-proxy's EndpointSlice view; the eBPF agent's
 * backends) and the per-node view built from them. A leaf module: the data path model, kube-proxy's rules and the BPF maps share it.
 */

/** One endpoint as kube-proxy's EndpointSlice view holds it. */
export interface Endpoint {
  /** Index of the pod in the run's pod table. */
  pod: number;
  podId: string;
  ip: string;
  node: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

/**
 * One node's endpoint view at one sync, as every data path model keeps it (iptables' and
 * nftables' compiled tables, and the NodeDataPath seam over them and the eBPF maps).
 */
export interface NodeEndpointView {
  id: number;
  node: string;
  nodeIp: string;
  endpoints: Endpoint[];
  /** Endpoints the Cluster policy spreads over, in kube-proxy's order. */
  clusterEndpoints: Endpoint[];
  /** Usable endpoints on this node, in kube-proxy's order. */
  localEndpoints: Endpoint[];
  /** Ready local endpoints, as the healthCheckNodePort server counts them (terminating excluded). */
  localReady: number;
  /** The local-traffic detector's CIDR (null: no detector, no "pod traffic" rule). */
  clusterCidr: string | null;
  /** kube-proxy's ServicePortName, e.g. "default/shop" (the comments name it). */
  portName: string;
}

/** A node's endpoint view from its compile input and the endpoint lists kube-proxy spreads over. */
export function endpointView(
  input: { id: number; nodeIp: string; endpoints: Endpoint[]; clusterCidr: string | null },
  node: string,
  clusterEndpoints: Endpoint[],
  localEndpoints: Endpoint[],
  portName: string,
): NodeEndpointView {
  return {
    id: input.id,
    node,
    nodeIp: input.nodeIp,
    endpoints: input.endpoints,
    clusterEndpoints,
    localEndpoints,
    localReady: input.endpoints.filter((e) => e.node === node && e.ready).length,
    clusterCidr: input.clusterCidr,
    portName,
  };
}
