import type { Scenario } from '../types.ts';
import { clusterSnat } from './clusterSnat.ts';

/** The what-if without KUBE-MARK-MASQ: cross-node replies go straight back and are discarded. */
export const clusterNoSnat: Scenario = {
  ...clusterSnat,
  id: 'cluster-no-snat',
  masquerade: false,
  featuredSelectors: [
    { kind: 'firstOutcome', outcome: 'timeout', reason: 'directReturnMismatch' },
    { kind: 'firstSameNode' },
  ],
};
