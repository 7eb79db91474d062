/** Registry of the built-in scenarios, keyed by their stable kebab-case id. */
import type { Scenario } from '../types.ts';
import { clusterNoEndpoints } from './clusterNoEndpoints.ts';
import { clusterNoSnat } from './clusterNoSnat.ts';
import { clusterSnat } from './clusterSnat.ts';
import { drainClusterHealthzProbe } from './drainClusterHealthzProbe.ts';
import { drainClusterNodeportProbe } from './drainClusterNodeportProbe.ts';
import { drainLocalHcnp } from './drainLocalHcnp.ts';
import { local } from './local.ts';
import { localImbalance } from './localImbalance.ts';
import { localSpread } from './localSpread.ts';
import { localZonesNlb } from './localZonesNlb.ts';
import { metallbL2Local } from './metallbL2Local.ts';
import { ingressCluster } from './ingressCluster.ts';
import { ingressLocal } from './ingressLocal.ts';
import { ingressXffSpoof, ingressXffTrusted } from './ingressXffSpoof.ts';
import { passthroughLbLocal } from './passthroughLbLocal.ts';
import { podToLbProxy } from './podToLbProxy.ts';
import { podToLbVip } from './podToLbVip.ts';
import { proxyLbLocal } from './proxyLbLocal.ts';
import { proxyProtocolApp } from './proxyProtocolApp.ts';
import { proxyProtocolHealthz } from './proxyProtocolHealthz.ts';
import { proxyProtocolUnexpected } from './proxyProtocolUnexpected.ts';
import {
  ebpfDrainMaglev,
  ebpfDrainRandom,
  ebpfDsr,
  ebpfDsrNodePort,
  ebpfHybridTcp,
  ebpfHybridUdp,
  ebpfSnat,
} from './ebpf.ts';

export const scenarios: Readonly<Record<string, Scenario>> = Object.freeze({
  'cluster-snat': clusterSnat,
  'cluster-no-snat': clusterNoSnat,
  'cluster-no-endpoints': clusterNoEndpoints,
  local,
  'local-imbalance': localImbalance,
  'local-spread': localSpread,
  'local-zones-nlb': localZonesNlb,
  'drain-cluster-nodeport-probe': drainClusterNodeportProbe,
  'drain-cluster-healthz-probe': drainClusterHealthzProbe,
  'drain-local-hcnp': drainLocalHcnp,
  'metallb-l2-local': metallbL2Local,
  'proxy-lb-local': proxyLbLocal,
  'passthrough-lb-local': passthroughLbLocal,
  'proxy-protocol-app': proxyProtocolApp,
  'proxy-protocol-unexpected': proxyProtocolUnexpected,
  'proxy-protocol-healthz': proxyProtocolHealthz,
  'ingress-cluster': ingressCluster,
  'ingress-local': ingressLocal,
  'pod-to-lb-vip': podToLbVip,
  'pod-to-lb-proxy': podToLbProxy,
  'ingress-xff-spoof': ingressXffSpoof,
  'ingress-xff-trusted': ingressXffTrusted,
  'ebpf-snat': ebpfSnat,
  'ebpf-dsr': ebpfDsr,
  'ebpf-dsr-nodeport': ebpfDsrNodePort,
  'ebpf-hybrid-tcp': ebpfHybridTcp,
  'ebpf-hybrid-udp': ebpfHybridUdp,
  'ebpf-drain-maglev': ebpfDrainMaglev,
  'ebpf-drain-random': ebpfDrainRandom,
});

/** Ids of the built-in scenarios in registry order. */
export const scenarioIds: readonly string[] = Object.keys(scenarios);

/** The built-in scenario with this id (a deep copy), or undefined. */
export function getScenario(id: string): Scenario | undefined {
  if (!Object.prototype.hasOwnProperty.call(scenarios, id)) return undefined;
  const s = scenarios[id];
  return s ? structuredClone(s) : undefined;
}
