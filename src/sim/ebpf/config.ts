/** The eBPF data path's settings of a scenario, with Cilium's defaults filled in. */
import { DATA_PATH_DEFAULTS } from '../params.ts';
import type { Scenario } from '../types.ts';

/** The resolved settings (Cilium Helm names: loadBalancer.mode, .algorithm, .dsrDispatch). */
export interface EbpfConfig {
  lbMode: 'snat' | 'dsr' | 'hybrid';
  algorithm: 'random' | 'maglev';
  dsrDispatch: 'opt' | 'geneve';
  protocol: 'TCP' | 'UDP';
}

/** True when the scenario's nodes run the eBPF data path instead of kube-proxy. */
export function usesEbpf(s: Pick<Scenario, 'dataPath'>): boolean {
  return (s.dataPath ?? DATA_PATH_DEFAULTS.dataPath) === 'ebpf';
}

/** The eBPF settings of a scenario (defaults: snat, random, opt, TCP). */
export function ebpfConfigOf(s: Pick<Scenario, 'ebpf' | 'service'>): EbpfConfig {
  return {
    lbMode: s.ebpf?.lbMode ?? DATA_PATH_DEFAULTS.lbMode,
    algorithm: s.ebpf?.algorithm ?? DATA_PATH_DEFAULTS.algorithm,
    dsrDispatch: s.ebpf?.dsrDispatch ?? DATA_PATH_DEFAULTS.dsrDispatch,
    protocol: s.service.protocol ?? DATA_PATH_DEFAULTS.protocol,
  };
}

/**
 * Does a new flow to a remote backend use DSR? `dsr` always; `hybrid` for TCP only, UDP takes
 * the SNAT path (source: cilium-hybrid, nodeport.h `nodeport_uses_dsr`).
 */
export function usesDsr(c: EbpfConfig): boolean {
  return c.lbMode === 'dsr' || (c.lbMode === 'hybrid' && c.protocol === 'TCP');
}
