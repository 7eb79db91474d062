import type { Scenario } from '../types.ts';
import { localImbalance } from './localImbalance.ts';

/** ETP Local with topologySpreadConstraints maxSkew 1: 6 replicas land 2/2/2, shares even. */
export const localSpread: Scenario = {
  ...localImbalance,
  id: 'local-spread',
  pods: [],
  placement: { strategy: 'topologySpread', maxSkew: 1, replicas: 6 },
};
