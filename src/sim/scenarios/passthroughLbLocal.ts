import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('passthrough-lb-local', 'Local');

/**
 * The contrasting twin of proxy-lb-local: the same NLB with instance targets keeps the client's
 * address (client IP preservation is on by default for instance targets), so under ETP Local the
 * Pod sees the client.
 */
export const passthroughLbLocal: Scenario = {
  ...base,
  loadBalancer: { ...base.loadBalancer, mode: 'passthrough' },
};
