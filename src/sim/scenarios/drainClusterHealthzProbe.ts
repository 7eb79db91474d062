import { presetProbe } from '../presets.ts';
import type { Scenario } from '../types.ts';
import { drainClusterNodeportProbe } from './drainClusterNodeportProbe.ts';

/**
 * The same drain with Azure's shared probe on kube-proxy :10256/healthz: kube-proxy exits at
 * t=35 (critical phase), the LB marks node-1 down within 10 s while the kernel rules still
 * forward, and the machine leaves at t=45: no new connection fails. Setting
 * lifecycle.shutdownGracePeriodCriticalPods below interval × threshold (10 s) shortens that
 * margin: depending on the probe phase the window is then zero or shorter than the nodePort one.
 */
export const drainClusterHealthzProbe: Scenario = {
  ...drainClusterNodeportProbe,
  id: 'drain-cluster-healthz-probe',
  loadBalancer: {
    ...drainClusterNodeportProbe.loadBalancer,
    preset: 'azure-shared',
    probe: presetProbe('azure-shared', 'Cluster'),
  },
  featuredSelectors: [{ kind: 'firstOnNode', node: 'node-1' }],
};
