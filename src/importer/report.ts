/**
 * The importer's report: what it used, inferred, ignored, could not simulate, found
 * contradictory, or could not read at all, as codes with parameters. Views turn each item into a
 * sentence with the i18n key `importer.item.<code>` (src/i18n/locales/importer).
 */
import type { CloudPreset, ExternalTrafficPolicy, PlacementStrategy } from '../sim/types.ts';
import type { DATA_PATHS } from '../sim/params.ts';

/** What a dump showed about the data path, as the report and the page's what-if read it. */
export interface DataPathHint {
  /** The data path the scenario runs (kube-proxy unless the dump points to eBPF). */
  dataPath: (typeof DATA_PATHS)[number];
  /** The evidence: agent Pods, kube-proxy Pods, only Cilium's Node annotations, or none. */
  source: 'ciliumPods' | 'anetdPods' | 'kubeProxyPods' | 'ciliumAnnotations' | 'none';
}

/** The six groups a report item belongs to; `error` items stop the import. */
export const REPORT_KINDS = [
  'used',
  'inferred',
  'ignored',
  'notSimulated',
  'contradiction',
  'error',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Every report code with its group. The i18n test checks a key for each in both languages. */
export const REPORT_CODES = {
  // Fatal: nothing to simulate.
  inputEmpty: 'error',
  inputTooLarge: 'error',
  inputTooDeep: 'error',
  yamlSyntax: 'error',
  yamlAliases: 'error',
  notKubernetes: 'error',
  tooManyObjects: 'error',
  noService: 'error',
  noExternalService: 'error',
  serviceNotFound: 'error',
  portNotFound: 'error',
  noTcpPort: 'error',
  presetUnknown: 'error',
  tooManyNodes: 'error',
  tooManyPods: 'error',
  noNodes: 'error',
  scenarioInvalid: 'error',
  // Read and used as they are.
  serviceUsed: 'used',
  yamlLarge: 'used',
  portUsed: 'used',
  frontendUsed: 'used',
  hcnpUsed: 'used',
  nodesUsed: 'used',
  endpointsUsed: 'used',
  annotationUsed: 'used',
  lifecycleUsed: 'used',
  nodeCordoned: 'used',
  excludedFromLb: 'used',
  endpointNotReady: 'used',
  zones: 'used',
  k3sNodeNotListed: 'used',
  lbcDeregistersTainted: 'used',
  nodeTaintedToBeDeleted: 'used',
  nodeDeleting: 'used',
  podTerminating: 'used',
  podPending: 'used',
  servesWhileTerminatingUsed: 'used',
  // Inferred or assumed.
  serviceChosen: 'inferred',
  portChosen: 'inferred',
  cloudFromProviderId: 'inferred',
  cloudFromAnnotation: 'inferred',
  cloudFromClass: 'inferred',
  presetFromOption: 'inferred',
  cloudUnknown: 'inferred',
  presetAlternative: 'inferred',
  awsClassicElb: 'inferred',
  deliveryInferred: 'inferred',
  targetPortResolved: 'inferred',
  targetPortAssumed: 'inferred',
  frontendSynthesized: 'inferred',
  clientsSynthesized: 'inferred',
  nodeIpSynthesized: 'inferred',
  nodesSynthesized: 'inferred',
  podCidrInferred: 'inferred',
  podIpAllocated: 'inferred',
  hcnpSynthesized: 'inferred',
  nodePortSynthesized: 'inferred',
  probeTimeoutAssumed: 'inferred',
  probeApproximated: 'inferred',
  endpointsFromSelector: 'inferred',
  endpointsFromEndpoints: 'inferred',
  placementSpread: 'inferred',
  placementAntiAffinity: 'inferred',
  lifecycleAssumed: 'inferred',
  servesWhileTerminatingAssumed: 'inferred',
  trafficAssumed: 'inferred',
  settledAtStart: 'inferred',
  podCidrStandIn: 'inferred',
  gcpByFinalizer: 'inferred',
  gcpByClass: 'inferred',
  gcpByAnnotation: 'inferred',
  gcpDefault: 'inferred',
  awsByHostname: 'inferred',
  metallbByAnnotation: 'inferred',
  k3sServiceLb: 'inferred',
  crossZoneOffDefault: 'inferred',
  crossZoneOnDefault: 'inferred',
  crossZoneSet: 'used',
  ipTargetsPreserveDefault: 'inferred',
  ipTargetsPreserveSet: 'used',
  nodePortServiceLb: 'inferred',
  idRenamed: 'inferred',
  // The data path the dump suggests (src/importer/dataPath.ts).
  dataPathKubeProxy: 'inferred',
  dataPathBoth: 'inferred',
  dataPathCilium: 'inferred',
  dataPathAnetd: 'inferred',
  dataPathCiliumElsewhere: 'inferred',
  dataPathCiliumNodes: 'inferred',
  dataPathNoAgent: 'inferred',
  dataPathAssumed: 'inferred',
  // Read and left out.
  serviceIgnored: 'ignored',
  otherPods: 'ignored',
  kindIgnored: 'ignored',
  secretsSkipped: 'ignored',
  ipv6Ignored: 'ignored',
  portIgnored: 'ignored',
  sliceIgnored: 'ignored',
  slicesOtherServices: 'ignored',
  endpointDuplicate: 'ignored',
  objectInvalid: 'ignored',
  nameRedacted: 'ignored',
  itemsCapped: 'ignored',
  // Read, but the engine does not model it (yet).
  internalTrafficPolicy: 'notSimulated',
  sessionAffinity: 'notSimulated',
  sourceRanges: 'notSimulated',
  ipMode: 'notSimulated',
  dataplaneV2: 'notSimulated',
  weightedLb: 'notSimulated',
  topologyRouting: 'notSimulated',
  taintOther: 'notSimulated',
  karpenterDisrupted: 'notSimulated',
  nodeNotReady: 'notSimulated',
  proxyProtocol: 'notSimulated',
  targetTypeIp: 'notSimulated',
  externalIps: 'notSimulated',
  lbClassUnknown: 'notSimulated',
  noNodePorts: 'notSimulated',
  azureLocalPortProbe: 'notSimulated',
  noProbeRule: 'notSimulated',
  hostNetworkPod: 'notSimulated',
  placementZoneRule: 'notSimulated',
  placementSoft: 'notSimulated',
  probeTargetUnknown: 'notSimulated',
  // Contradictions inside the dump, explained.
  endpointNoPod: 'contradiction',
  endpointNodeMismatch: 'contradiction',
  endpointIpMismatch: 'contradiction',
  podUnknownNode: 'contradiction',
  endpointUnknownNode: 'contradiction',
  endpointNoNode: 'contradiction',
  podReadyNotInSlice: 'contradiction',
  endpointReadyPodNotReady: 'contradiction',
  cloudMixed: 'contradiction',
  nodeIpDuplicate: 'contradiction',
  hcnpMissing: 'contradiction',
  hcnpWithCluster: 'contradiction',
  lbIngressMissing: 'contradiction',
  podIpOutsideCidr: 'contradiction',
  annotationRejected: 'contradiction',
  annotationsOtherCloud: 'contradiction',
  targetPortDiffers: 'contradiction',
  nodePortOutOfRange: 'contradiction',
} as const satisfies Record<string, ReportKind>;

export type ReportCode = keyof typeof REPORT_CODES;

/** The Kubernetes object an item is about (names are validated; `index` for nameless ones). */
export interface ObjectRef {
  kind: string;
  namespace?: string;
  name?: string;
  /** Position of the object in the input (0-based), when it has no usable name. */
  index?: number;
}

/** One line of the report: a code with data; the sentence comes from i18n. */
export interface ReportItem {
  kind: ReportKind;
  code: ReportCode;
  object?: ObjectRef;
  /** Field path inside the object, e.g. "spec.ports[1].nodePort". */
  field?: string;
  params: Record<string, string | number>;
}

/** A LoadBalancer or NodePort Service found in the dump (a page offers them as choices). */
export interface ServiceChoice {
  namespace: string;
  name: string;
  type: string;
  chosen: boolean;
  /** Why it cannot be simulated (absent when it can). */
  unusable?: 'clusterIP' | 'headless' | 'externalName' | 'ipv6Only' | 'noTcpPort';
}

/** One port of the chosen Service (a page offers the TCP ones as choices). */
export interface PortChoice {
  name: string;
  port: number;
  protocol: string;
  nodePort: number | null;
  chosen: boolean;
}

/** The placement rule the Service's Pods carry, mapped to an engine strategy for what-ifs. */
export interface PlacementHint {
  strategy: PlacementStrategy;
  replicas: number;
  maxSkew?: number;
  /** Which Pod field the rule came from. */
  source: 'topologySpreadConstraints' | 'podAntiAffinity' | 'none';
  topologyKey?: string;
  /** true for DoNotSchedule / requiredDuringScheduling…. */
  hard?: boolean;
}

/**
 * What stands in front of the nodes and how it reaches the Pods: the facts the verdicts need
 * besides the engine's run (kept in share links too).
 */
export interface LbFacts {
  /** A cloud's load balancer, k3s ServiceLB, MetalLB, or unknown (another controller, none). */
  kind: 'cloud' | 'serviceLb' | 'metallb' | 'unknown';
  /** Instance targets go through the nodes; IP targets straight to the Pods (AWS). */
  targetType: 'instance' | 'ip';
  /** The Pod sees the client's address in the IP header (AWS preserve_client_ip). */
  preserveClientIp: boolean;
  /** The load balancer writes a PROXY protocol v2 header (AWS). */
  proxyProtocol: boolean;
}

/** The controller that owns the Service's Pods, for patches (a Deployment's name, its container). */
export interface Workload {
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'ReplicaSet';
  name: string;
  container: string;
  /** The Service's selector (matchLabels of a spread constraint). */
  labels: Record<string, string>;
}

/** Everything the importer can tell about what it did, as data. */
export interface ImportReport {
  service: {
    namespace: string;
    name: string;
    type: string;
    externalTrafficPolicy: ExternalTrafficPolicy;
  };
  services: ServiceChoice[];
  ports: PortChoice[];
  cloud: {
    preset: CloudPreset;
    source: 'option' | 'providerId' | 'annotation' | 'loadBalancerClass' | 'finalizer' | 'none';
    /** Presets the dump cannot tell apart from the chosen one. */
    alternatives: CloudPreset[];
  };
  /** Engine id → Kubernetes name, for every node and pod in the scenario. */
  names: { nodes: Record<string, string>; pods: Record<string, string> };
  placement: PlacementHint;
  lb: LbFacts;
  /** Who owns the Pods (null: no controller found, or the owners differ). */
  workload: Workload | null;
  /** The data path the dump suggests and the evidence (the scenario runs it). */
  dataPath: DataPathHint;
  /** Engine ids of nodes that are cordoned, tainted for deletion or being deleted. */
  drainCandidates: string[];
  counts: {
    objects: number;
    services: number;
    endpointSlices: number;
    pods: number;
    nodes: number;
  };
  items: ReportItem[];
}

/** At most this many items per code; the rest are counted in one `itemsCapped` item. */
const PER_CODE = 20;

/** Collects report items, capping repetitive codes. */
export class ReportBuilder {
  readonly items: ReportItem[] = [];
  private readonly counts = new Map<ReportCode, number>();

  add(
    code: ReportCode,
    params: Record<string, string | number> = {},
    object?: ObjectRef,
    field?: string,
  ): void {
    const n = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, n);
    if (n > PER_CODE) return;
    const item: ReportItem = { kind: REPORT_CODES[code], code, params };
    if (object) item.object = object;
    if (field !== undefined) item.field = field;
    this.items.push(item);
  }

  has(code: ReportCode): boolean {
    return this.counts.has(code);
  }

  /** The items in group order, with one `itemsCapped` line per code that overflowed. */
  finish(): ReportItem[] {
    for (const [code, n] of this.counts) {
      if (n > PER_CODE) {
        this.items.push({
          kind: REPORT_CODES[code],
          code: 'itemsCapped',
          params: { code, count: n - PER_CODE },
        });
      }
    }
    const order = (k: ReportKind): number => REPORT_KINDS.indexOf(k);
    return this.items
      .map((item, i) => ({ item, i }))
      .sort((a, b) => order(a.item.kind) - order(b.item.kind) || a.i - b.i)
      .map((x) => x.item);
  }
}

/** "Service default/shop", "Node node-1", "Pod #12" — object names are Kubernetes vocabulary. */
export function formatRef(ref: ObjectRef | undefined): string {
  if (!ref) return '';
  if (ref.name === undefined) return `${ref.kind} #${(ref.index ?? 0) + 1}`;
  return ref.namespace ? `${ref.kind} ${ref.namespace}/${ref.name}` : `${ref.kind} ${ref.name}`;
}

/** The i18n key of an item's sentence. */
export function itemKey(item: ReportItem): string {
  return `importer.item.${item.code}`;
}

/** Params whose values are codes themselves, with the key prefix that translates them. */
export const CODE_PARAMS = {
  reason: 'importer.reason.',
  delivery: 'importer.delivery.',
  controller: 'importer.controller.',
  basis: 'importer.basis.',
  lbKind: 'importer.hostKind.',
  serving: 'importer.serving.',
  onOff: 'importer.onOff.',
} as const;

/**
 * The placeholders an item's sentence may use: its params plus `object` and `field`; with `t`,
 * code-valued params (CODE_PARAMS) are translated first.
 */
export function itemParams(
  item: ReportItem,
  t?: (key: string) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {
    ...item.params,
    object: formatRef(item.object),
    field: item.field ?? '',
  };
  if (t) {
    for (const [name, prefix] of Object.entries(CODE_PARAMS)) {
      const v = out[name];
      if (typeof v === 'string') out[name] = t(`${prefix}${v}`);
    }
  }
  return out;
}
