import { presetProbe } from '../presets.ts';
import type { Scenario } from '../types.ts';
import { clusterSnat } from './clusterSnat.ts';

/**
 * A Service without any endpoint: KUBE-EXTERNAL-SERVICES REJECTs the SYN and the client gets an
 * error at once. The LB probes kube-proxy's /healthz (healthy), so nodes stay in rotation and
 * every connection shows the REJECT.
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
