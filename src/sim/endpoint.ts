/**
 * An endpoint as a node's data path holds it (kube-proxy's EndpointSlice view; the eBPF agent's
 * backends). A leaf module: the data path model, kube-proxy's rules and the BPF maps share it.
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
