/**
 * Who builds the Service's load balancer, read from the dump: the loadBalancerClass, a
 * controller's finalizer or annotation, the address the load balancer published, the nodes'
 * spec.providerID. Each decision names what decided it (the report item), and the report's
 * sentence says what would change it. Sources: ingress-gce pkg/utils/common/finalizer.go and
 * service.go (source: gke-l4-finalizers, gke-lb-classes), EKS Auto Mode docs
 * (source: eks-auto-mode-nlb), MetalLB controller/service.go (source: metallb-pool-annotation),
 * k3s docs and pkg/cloudprovider/servicelb.go (source: k3s-servicelb).
 */
import type { CloudPreset } from '../sim/types.ts';
import { get, safeToken, str, type Obj } from './read.ts';
import type { ObjectRef, ReportBuilder } from './report.ts';

const B = 'service.beta.kubernetes.io/';
/** Annotation keys this module reads. */
export const OWNER_ANNOTATIONS = {
  awsType: `${B}aws-load-balancer-type`,
  gkeRbs: 'cloud.google.com/l4-rbs',
  metallbPool: 'metallb.io/ip-allocated-from-pool',
  metallbPoolOld: 'metallb.universe.tf/ip-allocated-from-pool',
} as const;

/** What kind of thing stands in front of the nodes. */
export type LbKind = 'cloud' | 'serviceLb' | 'metallb' | 'unknown';

export interface OwnerInput {
  providerIds: string[];
  annotations: Obj;
  finalizers: string[];
  loadBalancerClass: string | undefined;
  ingressHostnames: string[];
  /** Published load-balancer IPs that are node addresses (k3s ServiceLB publishes those). */
  ingressNodeIps: number;
  preset: CloudPreset | undefined;
  ref: ObjectRef;
}

export interface Owner {
  preset: CloudPreset;
  source: 'option' | 'providerId' | 'annotation' | 'loadBalancerClass' | 'finalizer' | 'none';
  kind: LbKind;
  /** No aws-load-balancer-type annotation on AWS: the in-tree Classic Load Balancer. */
  classicElb: boolean;
  /** EKS Auto Mode: IP targets unless annotated otherwise. */
  autoMode: boolean;
}

type Provider = 'azure' | 'gcp' | 'aws' | 'k3s' | 'other';

function providerOf(id: string): Provider {
  if (id.startsWith('azure://')) return 'azure';
  if (id.startsWith('gce://')) return 'gcp';
  if (id.startsWith('aws://')) return 'aws';
  if (id.startsWith('k3s://')) return 'k3s';
  return 'other';
}

/** GKE load-balancer classes (ingress-gce pkg/utils/common/service.go); source: gke-lb-classes. */
const GKE_CLASSES: Record<string, CloudPreset> = {
  'networking.gke.io/l4-regional-internal': 'gcp-l4',
  'networking.gke.io/l4-regional-external': 'gcp-l4',
  'networking.gke.io/l4-regional-internal-legacy': 'gcp',
  'networking.gke.io/l4-regional-external-legacy': 'gcp',
};
/** AWS classes: the Load Balancer Controller's and EKS Auto Mode's; source: eks-auto-mode-nlb. */
const AWS_CLASSES = ['service.k8s.aws/nlb', 'eks.amazonaws.com/nlb'];

/** The provider most nodes name (several: reported as a contradiction). */
function providerFrom(ids: readonly string[], r: ReportBuilder): Provider {
  const counts = new Map<Provider, number>();
  for (const id of ids) {
    const p = providerOf(id);
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const known = [...counts.entries()].filter(([p]) => p !== 'other').sort((a, b) => b[1] - a[1]);
  if (known.length > 1) r.add('cloudMixed', { providers: known.map(([p]) => p).join(', ') });
  return known[0]?.[0] ?? 'other';
}

/** Infer who builds the load balancer; every decision goes into the report. */
export function inferOwner(input: OwnerInput, r: ReportBuilder): Owner {
  const ann = (key: string): string | undefined => str(get(input.annotations, key), 256);
  const provider = providerFrom(input.providerIds, r);
  const owner = (
    preset: CloudPreset,
    source: Owner['source'],
    kind: LbKind = 'cloud',
    extra: Partial<Owner> = {},
  ): Owner => ({ preset, source, kind, classicElb: false, autoMode: false, ...extra });
  if (input.preset) {
    r.add('presetFromOption', { preset: input.preset });
    return owner(input.preset, 'option');
  }
  const cls = input.loadBalancerClass;
  if (cls !== undefined) {
    const shown = safeToken(cls, 128) ?? '?';
    const gke = GKE_CLASSES[cls];
    if (gke) {
      r.add('gcpByClass', { class: shown, preset: gke }, input.ref, 'spec.loadBalancerClass');
      return owner(gke, 'loadBalancerClass');
    }
    if (AWS_CLASSES.includes(cls)) {
      const autoMode = cls === 'eks.amazonaws.com/nlb';
      r.add(
        'cloudFromClass',
        { class: shown, preset: 'aws-lbc', controller: autoMode ? 'eksAutoMode' : 'awsLbc' },
        input.ref,
        'spec.loadBalancerClass',
      );
      return owner('aws-lbc', 'loadBalancerClass', 'cloud', { autoMode });
    }
    // Some other controller (Cilium, a vendor) owns this LB: its probes are unknown.
    r.add('lbClassUnknown', { class: shown }, input.ref, 'spec.loadBalancerClass');
    return owner('custom', 'loadBalancerClass', 'unknown');
  }
  const pool = ann(OWNER_ANNOTATIONS.metallbPool) ?? ann(OWNER_ANNOTATIONS.metallbPoolOld);
  if (pool !== undefined) {
    const annotation =
      ann(OWNER_ANNOTATIONS.metallbPool) !== undefined
        ? OWNER_ANNOTATIONS.metallbPool
        : OWNER_ANNOTATIONS.metallbPoolOld;
    r.add('metallbByAnnotation', { annotation, pool: safeToken(pool, 63) ?? '…' }, input.ref);
    return owner('metallb-l2', 'annotation', 'metallb');
  }
  if (provider === 'k3s' && input.ingressNodeIps > 0) {
    r.add('k3sServiceLb', { count: input.ingressNodeIps }, input.ref, 'status.loadBalancer');
    return owner('custom', 'providerId', 'serviceLb');
  }
  const awsType = ann(OWNER_ANNOTATIONS.awsType)?.toLowerCase();
  const awsHost = input.ingressHostnames.find((h) => h.endsWith('.amazonaws.com'));
  if (provider === 'aws' || awsType !== undefined || awsHost !== undefined) {
    if (awsHost && provider !== 'aws')
      r.add('awsByHostname', { hostname: awsHost, lbKind: hostKind(awsHost) }, input.ref);
    if (awsType === 'external' || awsType === 'nlb-ip') {
      r.add(
        'cloudFromAnnotation',
        { annotation: OWNER_ANNOTATIONS.awsType, value: awsType, preset: 'aws-lbc' },
        input.ref,
      );
      return owner('aws-lbc', 'annotation');
    }
    if (awsType === 'nlb') {
      r.add(
        'cloudFromAnnotation',
        { annotation: OWNER_ANNOTATIONS.awsType, value: awsType, preset: 'aws-nlb' },
        input.ref,
      );
      return owner('aws-nlb', 'annotation');
    }
    // No type annotation: the in-tree controller builds a Classic Load Balancer (source: aws-clb-probe).
    if (provider === 'aws') r.add('cloudFromProviderId', { provider: 'aws://', preset: 'aws-clb' });
    r.add('awsClassicElb', { preset: 'aws-clb', annotation: OWNER_ANNOTATIONS.awsType });
    return owner('aws-clb', provider === 'aws' ? 'providerId' : 'none', 'cloud', {
      classicElb: true,
    });
  }
  if (provider === 'azure') {
    r.add('cloudFromProviderId', { provider: 'azure://', preset: 'azure' });
    return owner('azure', 'providerId');
  }
  if (provider === 'gcp') return gcpOwner(input, ann, r, owner);
  r.add('cloudUnknown', { preset: 'custom' });
  return owner('custom', 'none', 'unknown');
}

/** "nlb" for name-id.elb.region.amazonaws.com, "clb" for name-id.region.elb.amazonaws.com. */
function hostKind(host: string): 'nlb' | 'clb' | 'elb' {
  if (/\.elb\.[a-z0-9-]+\.amazonaws\.com$/.test(host)) return 'nlb';
  if (/\.[a-z0-9-]+\.elb\.amazonaws\.com$/.test(host)) return 'clb';
  return 'elb';
}

/**
 * GKE: the finalizer says which controller manages the LB (source: gke-l4-finalizers): -v2 and
 * -v3 are the newer L4 controllers (ingress-gce), -v1 the older service controller (target pool,
 * or the legacy internal LB). Without a finalizer: the annotation, else the legacy default.
 */
function gcpOwner(
  input: OwnerInput,
  ann: (k: string) => string | undefined,
  r: ReportBuilder,
  owner: (p: CloudPreset, s: Owner['source']) => Owner,
): Owner {
  const newer = input.finalizers.find((f) => /^gke\.networking\.io\/l4-(netlb|ilb)-v[23]$/.test(f));
  const legacy = input.finalizers.find((f) => /^gke\.networking\.io\/l4-(netlb|ilb)-v1$/.test(f));
  if (newer) {
    r.add('gcpByFinalizer', { finalizer: newer, preset: 'gcp-l4', controller: 'gkeL4' }, input.ref);
    return owner('gcp-l4', 'finalizer');
  }
  if (legacy) {
    r.add(
      'gcpByFinalizer',
      { finalizer: legacy, preset: 'gcp', controller: 'gkeLegacy' },
      input.ref,
    );
    return owner('gcp', 'finalizer');
  }
  if (ann(OWNER_ANNOTATIONS.gkeRbs) === 'enabled') {
    r.add('gcpByAnnotation', { annotation: OWNER_ANNOTATIONS.gkeRbs, preset: 'gcp-l4' }, input.ref);
    return owner('gcp-l4', 'annotation');
  }
  r.add('cloudFromProviderId', { provider: 'gce://', preset: 'gcp' });
  r.add('gcpDefault', { preset: 'gcp', alternative: 'gcp-l4' });
  return owner('gcp', 'providerId');
}
