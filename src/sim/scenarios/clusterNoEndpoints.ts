import { presetProbe } from '../presets.ts';
import type { Scenario } from '../types.ts';
import { clusterSnat } from './clusterSnat.ts';

/**
 * A Service without any endpoint: KUBE-EXTERNAL-SERVICES REJECTs the SYN and the client gets an
 * error at once, as long as the node's ICMP rate limit allows (6 errors at once, then 1 per
 * second per client address; src/sim/icmp.ts): at 10 connections per second some SYNs get no
 * answer at all. The LB probes kube-proxy's /healthz (healthy), so nodes stay in rotation.
 */
export const clusterNoEndpoints: Scenario = {
  ...clusterSnat,
  id: 'cluster-no-endpoints',
  pods: [],
  loadBalancer: {
    ...clusterSnat.loadBalancer,
    preset: 'azure-shared',
    probe: presetProbe('azure-shared', 'Cluster'),
  },
  featuredSelectors: [{ kind: 'firstOutcome', outcome: 'reset', reason: 'noEndpoints' }],
};
