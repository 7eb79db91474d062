/**
 * The shape of the BPF maps a node's agent compiles (program.ts builds them). Types only, in
 * their own module because the node's data path (dataPath.ts) holds them and program.ts builds
 * on that data path.
 */
import type { Endpoint } from '../endpoint.ts';
import type { EbpfConfig } from './config.ts';

/** The BPF maps of the Service on one node. */
export interface EbpfMaps {
  config: EbpfConfig;
  /** Backends of the external scope, in slot order (indices the Maglev table holds). */
  extBackends: Endpoint[];
  /** Backends of the internal scope (socket LB for Pods on the node). */
  intBackends: Endpoint[];
  /** Maglev lookup table over `extBackends`; null with random selection. */
  maglev: Int32Array | null;
  /** Each external / internal backend's index in the node's `endpoints`. */
  extIndex: Int32Array;
  intIndex: Int32Array;
  /** The two frontends a packet can arrive for (the flow hash's destination, parsed once). */
  vip: Frontend;
  nodePort: Frontend;
}

/** A Service frontend on this node: address, the address as a number, port. */
export interface Frontend {
  ip: string;
  int: number;
  port: number;
}
