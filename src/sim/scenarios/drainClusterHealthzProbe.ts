import { presetProbe } from '../presets.ts';
import type { Scenario } from '../types.ts';
import { drainClusterNodeportProbe } from './drainClusterNodeportProbe.ts';

/**
 * A cluster-autoscaler scale-down with Azure's shared probe on kube-proxy :10256/healthz: the
 * autoscaler taints node-1 ToBeDeletedByClusterAutoscaler at t=5 and drains it, and the VM is
 * shut down at t=15. kube-proxy's /healthz answers 503 from the taint on (KEP-3836), so the LB
 * marks node-1 down within 10 s, while the node still forwards: no new connection fails.
 * Without the taint (`drain` alone, as in a node upgrade) /healthz turns red only when
 * kube-proxy exits at the shutdown, 3 s before the node goes: then it is hardly better than the
 * nodePort probe.
 */
export const drainClusterHealthzProbe: Scenario = {
  ...drainClusterNodeportProbe,
  id: 'drain-cluster-healthz-probe',
  loadBalancer: {
    ...drainClusterNodeportProbe.loadBalancer,
    preset: 'azure-shared',
    probe: presetProbe('azure-shared', 'Cluster'),
  },
  timeline: [
    { at: 5, type: 'taintToBeDeleted', node: 'node-1' },
    { at: 5, type: 'drainNode', node: 'node-1' },
    { at: 15, type: 'shutdownNode', node: 'node-1' },
  ],
  featuredSelectors: [{ kind: 'firstOnNode', node: 'node-1' }],
};
