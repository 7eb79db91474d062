/**
 * Scenarios on the eBPF data path (src/sim/ebpf/), one per load-balancer mode on the lessons'
 * topology (Azure keeps the frontend address), DSR behind an LB that rewrites to the nodePort,
 * and a drain pair that differs only in the backend selection (Maglev vs random).
 */
import type { Scenario } from '../types.ts';
import { clusterSnat } from './clusterSnat.ts';
import { drainClusterNodeportProbe } from './drainClusterNodeportProbe.ts';
import { loadBalancer } from './common.ts';

const onEbpf = (
  base: Scenario,
  id: string,
  ebpf: NonNullable<Scenario['ebpf']>,
  more: Partial<Scenario> = {},
): Scenario => ({ ...base, id, dataPath: 'ebpf', ebpf, ...more });

/** SNAT mode (Cilium's default): like kube-proxy, except that a local backend sees the client. */
export const ebpfSnat = onEbpf(clusterSnat, 'ebpf-snat', { lbMode: 'snat' });

/** DSR with the IP option: every Pod sees the client, replies leave the backend node directly. */
export const ebpfDsr = onEbpf(clusterSnat, 'ebpf-dsr', { lbMode: 'dsr' });

/** DSR behind AWS NLB instance targets: the reply carries nodeIP:nodePort and is discarded. */
export const ebpfDsrNodePort = onEbpf(
  clusterSnat,
  'ebpf-dsr-nodeport',
  { lbMode: 'dsr' },
  {
    loadBalancer: loadBalancer('aws-nlb', 'Cluster'),
    featuredSelectors: [
      { kind: 'firstOutcome', outcome: 'timeout', reason: 'dsrReplyMismatch' },
      { kind: 'firstSameNode' },
    ],
  },
);

/** Hybrid mode, a TCP Service: DSR. */
export const ebpfHybridTcp = onEbpf(clusterSnat, 'ebpf-hybrid-tcp', { lbMode: 'hybrid' });

/** Hybrid mode, a UDP Service (DNS, QUIC): SNAT, the reply returns through the ingress node. */
export const ebpfHybridUdp = onEbpf(
  clusterSnat,
  'ebpf-hybrid-udp',
  { lbMode: 'hybrid' },
  { service: { ...clusterSnat.service, protocol: 'UDP' } },
);

/**
 * node-1 is drained and shut down (as in drain-cluster-nodeport-probe) on the eBPF data path with
 * DSR. The pair differs only in the selection: with Maglev every node would pick the same
 * backend for a flow, before and after node-1's Pods leave; with random selection a node
 * without the flow's conntrack entry draws again (summary.flows measures both).
 */
// 100 connections per second (half the kube-proxy drain's): enough flows to measure.
const drainTraffic = { traffic: { ...drainClusterNodeportProbe.traffic, rate: 100 } };
export const ebpfDrainMaglev = onEbpf(
  drainClusterNodeportProbe,
  'ebpf-drain-maglev',
  { lbMode: 'dsr', algorithm: 'maglev' },
  drainTraffic,
);
export const ebpfDrainRandom = onEbpf(
  drainClusterNodeportProbe,
  'ebpf-drain-random',
  { lbMode: 'dsr', algorithm: 'random' },
  drainTraffic,
);
