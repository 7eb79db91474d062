/** Which data path a scenario's nodes run (the implementations behind the seam in dataPath.ts). */
import type { DataPath, DataPathKind } from './dataPath.ts';
import { IPTABLES } from './iptablesPath.ts';
import { NFTABLES } from './nftablesPath.ts';
import type { Scenario } from './types.ts';

/** The data path a scenario declares: kube-proxy's `mode` (iptables unless set). */
export function dataPathOf(s: Pick<Scenario, 'kubeProxy'>): DataPath {
  return s.kubeProxy?.mode === 'nftables' ? NFTABLES : IPTABLES;
}

/** The data path kind a scenario runs, for labels (the diagram's chip, the CLI). */
export function dataPathKindOf(s: Pick<Scenario, 'kubeProxy'>): DataPathKind {
  return dataPathOf(s).kind;
}
