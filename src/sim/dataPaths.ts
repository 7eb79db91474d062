/** The implementations behind the seam in dataPath.ts, by the kind a scenario declares. */
import { dataPathKindOf, type DataPath } from './dataPath.ts';
import { ebpfConfigOf } from './ebpf/config.ts';
import { ebpfDataPath } from './ebpf/program.ts';
import { IPTABLES } from './iptablesPath.ts';
import { NFTABLES } from './nftablesPath.ts';
import type { Scenario } from './types.ts';

/** The data path a scenario's nodes run (the eBPF one carries the scenario's settings). */
export function dataPathOf(
  s: Pick<Scenario, 'kubeProxy' | 'dataPath' | 'ebpf' | 'service'>,
): DataPath {
  const kind = dataPathKindOf(s);
  if (kind === 'ebpf') return ebpfDataPath(ebpfConfigOf(s));
  return kind === 'nftables' ? NFTABLES : IPTABLES;
}
