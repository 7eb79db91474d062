/** The implementations behind the seam in dataPath.ts, by the kind a scenario declares. */
import { dataPathKindOf, type DataPath, type DataPathKind } from './dataPath.ts';
import { IPTABLES } from './iptablesPath.ts';
import { NFTABLES } from './nftablesPath.ts';
import type { Scenario } from './types.ts';

const DATA_PATHS: Record<DataPathKind, DataPath> = { iptables: IPTABLES, nftables: NFTABLES };

/** The data path a scenario's nodes run. */
export function dataPathOf(s: Pick<Scenario, 'kubeProxy'>): DataPath {
  return DATA_PATHS[dataPathKindOf(s)];
}
