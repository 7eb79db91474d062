/**
 * Which cloud load balancer sits in front of the Service, how it delivers packets and how it
 * probes the nodes: inferred from Node `spec.providerID`, the Service's `loadBalancerClass` and
 * its annotations, mapped onto the engine's presets (src/sim/presets.ts) with explicit numbers
 * where annotations override them (source: k8s-kube-proxy-healthz, azure-floating-ip,
 * aws-lbc-takes-over, aws-clb-probe, azure-probe-annotations); cloud-provider-azure
 * `azure_loadbalancer_healthprobe.go`; cloud-provider-aws `buildNLBHealthCheckConfiguration`
 * and `EnsureLoadBalancer`; aws-load-balancer-controller annotations.
 */
import { LB_BEHAVIOUR, presetProbe } from '../sim/presets.ts';
import type { CloudPreset, ExternalTrafficPolicy, LbDelivery, ProbeSpec } from '../sim/types.ts';
import { get, str } from './read.ts';
import { applyAws, applyAzure } from './probeAnnotations.ts';
import { ANNOTATIONS, type CloudInput } from './cloudInput.ts';

export { ANNOTATIONS, type CloudInput } from './cloudInput.ts';
import { inferOwner, type Owner } from './lbOwner.ts';
import type { ImportReport, LbFacts, ReportBuilder } from './report.ts';

const B = 'service.beta.kubernetes.io/';

export interface CloudOutput {
  preset: CloudPreset;
  delivery: LbDelivery;
  probe: ProbeSpec;
  source: ImportReport['cloud']['source'];
  alternatives: CloudPreset[];
  /** What stands in front of the nodes, and how it reaches the Pods (see LbFacts). */
  lb: LbFacts;
  /** Set when an annotation turns cross-zone load balancing on or off. */
  crossZone: boolean | undefined;
}

const ALTERNATIVES: Record<CloudPreset, CloudPreset[]> = {
  // Shared probe mode is a cloud-provider setting (clusterServiceLoadBalancerHealthProbeMode),
  // invisible in the Service (source: azure-shared-probe); it changes Cluster Services only.
  azure: ['azure-shared'],
  'azure-2023': ['azure'],
  'azure-shared': ['azure'],
  // Without l4-rbs or a class GKE documents a target-pool NetLB, with them a backend-service one;
  // which one a given cluster builds is worth a what-if (source: gke-lb-classes).
  gcp: ['gcp-l4'],
  'gcp-l4': ['gcp'],
  'aws-nlb': ['aws-lbc', 'aws-shared'],
  'aws-shared': ['aws-nlb'],
  'aws-lbc': ['aws-nlb'],
  'aws-clb': ['aws-nlb'],
  'metallb-l2': ['custom'],
  custom: ['metallb-l2', 'azure', 'gcp', 'aws-lbc'],
};

/** Alternatives that change something for this policy (shared probe modes touch Cluster only). */
function alternativesFor(preset: CloudPreset, policy: ExternalTrafficPolicy): CloudPreset[] {
  return ALTERNATIVES[preset].filter(
    (p) => !(policy === 'Local' && (p === 'azure-shared' || p === 'aws-shared')),
  );
}

/** Infer the preset, delivery and probe; every choice and override goes into the report. */
export function inferCloud(input: CloudInput, r: ReportBuilder): CloudOutput {
  const ann = (key: string): string | undefined => str(get(input.annotations, key), 256);
  const owner = inferOwner(input, r);
  const { preset, source } = owner;
  const awsType = ann(ANNOTATIONS.awsType)?.toLowerCase();
  const family = preset.startsWith('azure')
    ? 'azure'
    : preset.startsWith('aws')
      ? 'aws'
      : preset.startsWith('gcp')
        ? 'gcp'
        : 'custom';
  const probe = presetProbe(preset, input.policy);
  // k3s ServiceLB and MetalLB: packets arrive addressed to the published IP, which kube-proxy
  // captures (source: k3s-servicelb); the clouds as their preset says.
  let delivery: LbDelivery = owner.kind === 'cloud' ? LB_BEHAVIOUR[preset].delivery : 'vip';
  if (owner.kind === 'unknown') delivery = 'nodePort';

  if (family === 'azure') {
    // Floating IP is on by default: packets arrive addressed to the frontend IP (source: azure-floating-ip).
    const noFloating = ann(ANNOTATIONS.azureNoFloatingIp)?.toLowerCase() === 'true';
    delivery = noFloating ? 'nodePort' : 'vip';
    if (noFloating)
      r.add(
        'annotationUsed',
        { annotation: ANNOTATIONS.azureNoFloatingIp, value: 'true' },
        input.ref,
      );
    if (preset === 'azure') applyAzure(input, probe, ann, r);
  } else if (family === 'aws' && source !== 'option') {
    applyAws(input, probe, ann, r);
  }
  const lb = lbFactsOf(owner, awsType, ann, input, r);
  r.add('deliveryInferred', { delivery, preset });
  const crossZone = crossZoneOf(preset, family, ann, input, r);

  // Annotations of another cloud than the one simulated do nothing there: say so.
  const keys = Object.keys(input.annotations);
  const foreign = keys.filter((k) =>
    family === 'azure'
      ? k.startsWith(`${B}aws-`)
      : family === 'aws'
        ? k.startsWith(`${B}azure-`) || /^service\.beta\.kubernetes\.io\/port_\d+_/.test(k)
        : family === 'gcp'
          ? k.startsWith(`${B}aws-`) || k.startsWith(`${B}azure-`)
          : false,
  );
  if (foreign.length > 0)
    r.add('annotationsOtherCloud', { preset, count: foreign.length }, input.ref);
  for (const k of keys) {
    const m = /^service\.beta\.kubernetes\.io\/port_(\d+)_no_(lb|probe)_rule$/.exec(k);
    if (m && family === 'azure' && str(get(input.annotations, k))?.toLowerCase() === 'true')
      r.add('noProbeRule', { annotation: k }, input.ref);
  }
  if (ann('networking.gke.io/weighted-load-balancing') === 'pods-per-node')
    r.add('weightedLb', { annotation: 'networking.gke.io/weighted-load-balancing' }, input.ref);

  const alternatives = alternativesFor(preset, input.policy);
  if (source !== 'option' && alternatives.length > 0)
    r.add('presetAlternative', { preset, alternatives: alternatives.join(', ') });
  return { preset, delivery, probe, source, alternatives, lb, crossZone };
}

/** How the load balancer reaches the Pods, and what the Pod then sees (AWS attributes). */
function lbFactsOf(
  owner: Owner,
  awsType: string | undefined,
  ann: (k: string) => string | undefined,
  input: CloudInput,
  r: ReportBuilder,
): LbFacts {
  const target = ann(ANNOTATIONS.awsTargetType)?.toLowerCase();
  const ip =
    owner.preset.startsWith('aws') &&
    (awsType === 'nlb-ip' || target === 'ip' || (owner.autoMode && target !== 'instance'));
  const attrs = `${ann(ANNOTATIONS.awsTgAttributes) ?? ''},${ann(ANNOTATIONS.awsLbAttributes) ?? ''}`;
  const preserve = /preserve_client_ip\.enabled\s*=\s*(true|false)/.exec(attrs)?.[1];
  const proxyProtocol =
    owner.preset.startsWith('aws') &&
    (ann(ANNOTATIONS.awsProxyProtocol) === '*' ||
      /proxy_protocol_v2\.enabled\s*=\s*true/.test(attrs));
  if (ip) {
    const why =
      awsType === 'nlb-ip'
        ? ANNOTATIONS.awsType
        : target
          ? ANNOTATIONS.awsTargetType
          : 'eks.amazonaws.com/nlb';
    r.add('targetTypeIp', { source: why }, input.ref);
    if (preserve) r.add('ipTargetsPreserveSet', { onOff: preserve === 'true' ? 'on' : 'off' });
    else r.add('ipTargetsPreserveDefault', { annotation: ANNOTATIONS.awsTgAttributes });
  }
  if (proxyProtocol)
    r.add('proxyProtocol', { annotation: ANNOTATIONS.awsProxyProtocol }, input.ref);
  return {
    kind: owner.kind,
    targetType: ip ? 'ip' : 'instance',
    // Instance targets always keep the client's address; IP targets (TCP) only when told to.
    preserveClientIp: ip ? preserve === 'true' : true,
    proxyProtocol,
  };
}

/**
 * Cross-zone load balancing: AWS NLBs route within each zone unless it is turned on (source:
 * aws-nlb-cross-zone-default); the others spread over every zone. Only worth a line when zones differ.
 */
function crossZoneOf(
  preset: CloudPreset,
  family: string,
  ann: (k: string) => string | undefined,
  input: CloudInput,
  r: ReportBuilder,
): boolean | undefined {
  let explicit: boolean | undefined;
  let annotation = '';
  if (family === 'aws') {
    const lbc = /load_balancing\.cross_zone\.enabled\s*=\s*(true|false)/.exec(
      ann(ANNOTATIONS.awsLbAttributes) ?? '',
    )?.[1];
    const inTree = ann(ANNOTATIONS.awsCrossZone)?.toLowerCase();
    if (lbc) {
      explicit = lbc === 'true';
      annotation = ANNOTATIONS.awsLbAttributes;
    } else if (inTree === 'true' || inTree === 'false') {
      explicit = inTree === 'true';
      annotation = ANNOTATIONS.awsCrossZone;
    }
  }
  const on = explicit ?? LB_BEHAVIOUR[preset].crossZone;
  if (explicit !== undefined) r.add('crossZoneSet', { annotation, onOff: on ? 'on' : 'off' });
  else if (input.zonal)
    r.add(on ? 'crossZoneOnDefault' : 'crossZoneOffDefault', {
      preset,
      annotation: ANNOTATIONS.awsLbAttributes,
    });
  return explicit;
}
