/**
 * Which source-list entry (src/lib/sources) backs each number of PRESETS and each flag of
 * LB_BEHAVIOUR, per preset, policy and field. Declared data, apart from presets.ts so that no page
 * bundle carries it; tests/lib/sources.test.ts fails when a field has no entry or an id is unknown.
 */
import type { LbBehaviour } from './presets.ts';
import type { CloudPreset, ExternalTrafficPolicy, ProbeSpec } from './types.ts';

/** The probe fields every preset sets, each backed by a source-list entry. */
type ProbeField = keyof ProbeSpec;
const PROBE_FIELDS = ['kind', 'interval', 'timeout', 'unhealthyThreshold', 'healthyThreshold'];
/** One source id for every field of one probe, or per field where they differ. */
const all = (id: string, per: Partial<Record<ProbeField, string>> = {}) =>
  Object.fromEntries(PROBE_FIELDS.map((f) => [f, per[f as ProbeField] ?? id])) as Record<
    ProbeField,
    string
  >;

/**
 * The source-list entry (src/lib/sources) behind every number of PRESETS, per preset, policy and
 * field. tests/lib/sources.test.ts fails when a preset value has no entry or an id does not exist.
 */
export const PRESET_SOURCES: Record<
  CloudPreset,
  Record<ExternalTrafficPolicy, Record<ProbeField, string>>
> = {
  azure: {
    Cluster: all('azure-probe-defaults', { timeout: 'azure-probe-timeout' }),
    Local: all('azure-probe-defaults', { timeout: 'azure-probe-timeout' }),
  },
  'azure-2023': {
    Cluster: all('azure-2023-threshold', { kind: 'azure-probe-defaults' }),
    Local: all('azure-2023-threshold', {
      kind: 'azure-probe-defaults',
      unhealthyThreshold: 'azure-http-probe-down',
      timeout: 'azure-probe-timeout',
    }),
  },
  'azure-shared': {
    Cluster: all('azure-shared-probe', { timeout: 'azure-probe-timeout' }),
    Local: all('azure-probe-defaults', { timeout: 'azure-probe-timeout' }),
  },
  gcp: { Cluster: all('gcp-legacy-probe'), Local: all('gcp-legacy-probe') },
  'gcp-l4': { Cluster: all('gcp-l4-probe'), Local: all('gcp-l4-probe') },
  'aws-nlb': { Cluster: all('aws-nlb-probe'), Local: all('aws-nlb-probe') },
  'aws-shared': { Cluster: all('aws-shared-probe'), Local: all('aws-nlb-probe') },
  'aws-lbc': { Cluster: all('aws-lbc-probe'), Local: all('aws-lbc-probe') },
  'aws-clb': { Cluster: all('aws-clb-probe'), Local: all('aws-clb-probe') },
  'metallb-l2': { Cluster: all('custom-neutral-probe'), Local: all('custom-neutral-probe') },
  custom: { Cluster: all('custom-neutral-probe'), Local: all('custom-neutral-probe') },
};

/** The source-list entry behind every flag of LB_BEHAVIOUR, per preset and field. */
export const LB_BEHAVIOUR_SOURCES: Record<CloudPreset, Record<keyof LbBehaviour, string>> = (() => {
  const azure: Record<keyof LbBehaviour, string> = {
    delivery: 'azure-floating-ip',
    failOpen: 'azure-fail-closed',
    resetFlowsOnUnhealthy: 'azure-fail-closed',
    deregistersTaintedNodes: 'k8s-cordon-stays-in-lb',
    crossZone: 'azure-zone-redundant',
    publishesIp: 'k8s-ipmode',
    selection: 'azure-probe-defaults',
  };
  const gcp: Record<keyof LbBehaviour, string> = {
    delivery: 'gcp-passthrough-vip',
    failOpen: 'gcp-fail-open',
    resetFlowsOnUnhealthy: 'gcp-fail-open',
    deregistersTaintedNodes: 'k8s-cordon-stays-in-lb',
    crossZone: 'gcp-regional',
    publishesIp: 'k8s-ipmode',
    selection: 'gcp-legacy-probe',
  };
  const nlb: Record<keyof LbBehaviour, string> = {
    delivery: 'aws-instance-nodeport',
    failOpen: 'aws-nlb-fail-open',
    resetFlowsOnUnhealthy: 'aws-nlb-reset-flows',
    deregistersTaintedNodes: 'k8s-cordon-stays-in-lb',
    crossZone: 'aws-nlb-cross-zone-default',
    publishesIp: 'aws-lb-hostname-only',
    selection: 'aws-nlb-probe',
  };
  const metallb: Record<keyof LbBehaviour, string> = {
    delivery: 'metallb-l2-election',
    failOpen: 'metallb-l2-no-endpoints',
    resetFlowsOnUnhealthy: 'metallb-l2-election',
    deregistersTaintedNodes: 'metallb-l2-eligible-nodes',
    crossZone: 'metallb-l2-election',
    publishesIp: 'metallb-l2-election',
    selection: 'metallb-l2-election',
  };
  return {
    azure,
    'azure-2023': azure,
    'azure-shared': azure,
    gcp,
    'gcp-l4': gcp,
    'aws-nlb': nlb,
    'aws-shared': nlb,
    'aws-lbc': { ...nlb, deregistersTaintedNodes: 'aws-lbc-deregisters-tainted' },
    'aws-clb': {
      ...nlb,
      failOpen: 'aws-clb-unhealthy-behaviour',
      resetFlowsOnUnhealthy: 'aws-clb-unhealthy-behaviour',
      selection: 'aws-clb-probe',
    },
    'metallb-l2': metallb,
    custom: { ...azure, delivery: 'custom-neutral-probe' },
  };
})();

/** The source-list entry behind L2_FAILOVER_DELAY. */
export const L2_FAILOVER_DELAY_SOURCE = 'metallb-l2-failover-delay';
