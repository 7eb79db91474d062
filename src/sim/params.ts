/**
 * The one declaration of every scenario parameter: type, range, enum values, unit, whether it
 * can be overridden and which what-if control shows it. The Scenario types (types.ts), the
 * validator (validate.ts), the JSON Schema (`--schema`), the override keys and the `set`
 * grammar (overrides.ts) and the what-if controls (controls.ts) are all derived from here.
 */
import { OUTCOME_REASONS, OUTCOMES } from './outcomes.ts';
import {
  int,
  list,
  num,
  obj,
  oneOf,
  opt,
  record,
  req,
  str,
  union,
  bool,
  type Field,
  type NumberSpec,
} from './spec.ts';

export const LIMITS = {
  nodes: 256,
  clients: 64,
  pods: 4096,
  /** Longest simulated time, in seconds, anywhere (timeline, traffic, URL `t`). */
  timeMax: 3600,
  connections: 2_000_000,
  rateMax: 100_000,
  timeline: 1000,
  featured: 16,
  direct: 100,
  idLength: 63,
} as const;

export const POLICIES = ['Cluster', 'Local'] as const;
export const PRESET_NAMES = [
  'azure',
  'azure-2023',
  'azure-shared',
  'gcp',
  'gcp-l4',
  'aws-nlb',
  'aws-shared',
  'aws-lbc',
  'aws-clb',
  'metallb-l2',
  'custom',
] as const;
/**
 * How the Pod network is wired, which decides the SNAT source a same-node Pod sees: a bridge
 * (cni0, its .1 address) or routed point-to-point links (the node's own address).
 */
export const CNI_LAYOUTS = ['bridge', 'routed'] as const;
export const DELIVERIES = ['nodePort', 'vip'] as const;
/**
 * kube-proxy's `--proxy-mode` on Linux that the engine models: `iptables` (kube-proxy's default,
 * source: kube-proxy-default-mode) or `nftables` (GA since 1.33, source: kep-3866-nftables-ga).
 */
export const KUBE_PROXY_MODES = ['iptables', 'nftables'] as const;
/**
 * Whether the load balancer forwards the client's packets ('passthrough': the client's address
 * stays in the IP header) or terminates the client's TCP connection and opens its own from its own
 * address ('proxy': AWS NLB IP targets with client-IP preservation off, classic ELB in TCP mode,
 * any L7 load balancer).
 */
export const LB_MODES = ['passthrough', 'proxy'] as const;
/** PROXY protocol header the load balancer puts in front of the payload ('none': no header). */
export const PROXY_PROTOCOLS = ['none', 'v1', 'v2'] as const;
/** `status.loadBalancer.ingress[].ipMode` (KEP-1860): does kube-proxy capture the LB IP? */
export const IP_MODES = ['VIP', 'Proxy'] as const;
/** What listens in the Service's Pods: the app itself, or an ingress controller (an L7 proxy). */
export const APP_KINDS = ['plain', 'ingressController'] as const;
export const STRATEGIES = [
  'none',
  'antiAffinityPreferred',
  'antiAffinityRequired',
  'topologySpread',
] as const;
export const PROBE_KIND_NAMES = [
  'tcpNodePort',
  'httpKubeProxyHealthz',
  'httpHealthCheckNodePort',
] as const;
/** A Pod's settled state at t = 0 (EndpointSlice: ready=false; serving per the name). */
export const POD_START_STATES = ['notReady', 'terminating', 'terminatingServing'] as const;
/** Timeline actions on a node; `deletePod` is the one action on a Pod. */
export const NODE_ACTION_TYPES = [
  'drainNode',
  'stopKubeProxy',
  'startKubeProxy',
  'cordonNode',
  'uncordonNode',
  'shutdownNode',
  'powerOffNode',
  'powerOnNode',
  'taintToBeDeleted',
] as const;
export const ACTION_TYPES = [...NODE_ACTION_TYPES, 'deletePod'] as const;

// ---- data paths (the eBPF replacement: src/sim/ebpf/) -----------------------------------------
/** Which program translates Services on the nodes: kube-proxy, or an eBPF replacement at eth0. */
export const DATA_PATHS = ['kubeProxy', 'ebpf'] as const;
/** Cilium's `loadBalancer.mode` (source: cilium-lb-mode): SNAT, DSR, or DSR for TCP only. */
export const EBPF_LB_MODES = ['snat', 'dsr', 'hybrid'] as const;
/** Cilium's `loadBalancer.algorithm` (source: cilium-maglev): random, or Maglev hashing. */
export const EBPF_ALGORITHMS = ['random', 'maglev'] as const;
/** Cilium's `loadBalancer.dsrDispatch` (source: cilium-dsr-dispatch): an IP option or Geneve. */
export const EBPF_DSR_DISPATCHES = ['opt', 'geneve'] as const;
/** The Service port's protocol; UDP is modelled on the eBPF data path only (hybrid mode). */
export const PROTOCOLS = ['TCP', 'UDP'] as const;
/** The eBPF settings apply only when the eBPF data path runs. */
const onEbpf = { path: 'dataPath', equals: 'ebpf' } as const;

const T = LIMITS.timeMax;
const id = str('id', LIMITS.idLength);
const ip = str('ip', 15);
const seconds = (max: number = T): NumberSpec => num(0, max, { unit: 'seconds' });
const positiveSeconds = (max: number): NumberSpec =>
  num(0, max, { minExclusive: true, unit: 'seconds' });
const nodePort = int(30000, 32767, 'port');
const port = int(1, 65535, 'port');
/** A number field that overrides may set. */
const over = <S extends NumberSpec>(spec: S, control?: string, choices?: readonly number[]) =>
  req(spec, { override: true, ...(control ? { control } : {}), ...(choices ? { choices } : {}) });
const overOpt = (spec: NumberSpec) => opt(spec, { override: true });

const nodeActions = Object.fromEntries(
  NODE_ACTION_TYPES.map((t) => [t, { at: req(seconds()), node: req(id) }]),
) as {
  readonly [K in (typeof NODE_ACTION_TYPES)[number]]: {
    at: Field<NumberSpec, false>;
    node: Field<typeof id, false>;
  };
};

const noFields = {} as const;

/** One timeline action: on a node, or `deletePod`. */
export const actionSpec = union('type', {
  ...nodeActions,
  deletePod: { at: req(seconds()), pod: req(id) },
});

/** A featured connection picked by property at run time. */
export const featuredSelectorSpec = union('kind', {
  firstCrossNode: noFields,
  firstSameNode: noFields,
  firstOutcome: { outcome: req(oneOf(OUTCOMES)), reason: opt(oneOf(OUTCOME_REASONS)) },
  firstOnNode: { node: req(id) },
  firstDirect: noFields,
});

/** The declaration of a scenario file. */
export const scenarioSpec = obj({
  /** Stable kebab-case id. */
  id: req(id),
  clients: req(
    list(
      obj({
        id: req(id),
        ip: req(ip),
        /** Set for a Pod inside the cluster (running on this node) that calls the LB IP. */
        node: opt(id),
        // accuracy (issue 29): X-Forwarded-For trust (source: ingress-nginx-real-ip).
        /** An X-Forwarded-For header the client sends itself: any client can write any address. */
        xForwardedFor: opt(ip),
      }),
      1,
      LIMITS.clients,
    ),
  ),
  /** Nodes; each pod CIDR's first address is the bridge (cni0). */
  nodes: req(
    list(
      obj({
        id: req(id),
        ip: req(ip),
        podCidr: req(str('cidr', 18)),
        /** topology.kubernetes.io/zone; zonal load balancers route within it. */
        zone: opt(id),
        // accuracy (issue 29): node state MetalLB's election reads (source: metallb-l2-eligible-nodes).
        /**
         * The Node condition NetworkUnavailable is True. MetalLB's speakers leave the node out of
         * the L2 election; nothing else in the engine reads it.
         */
        networkUnavailable: opt(bool),
        // States a dump shows, settled long before t = 0 (the importer's; nothing replays them).
        /** spec.unschedulable: cordoned. Changes nothing for traffic (LB pools keep it since 1.19). */
        cordoned: opt(bool),
        /**
         * Tainted ToBeDeletedByClusterAutoscaler or being deleted: kube-proxy's /healthz answers
         * 503 from the start (KEP-3836), and the AWS LBC has already deregistered it.
         */
        toBeDeleted: opt(bool),
        /**
         * The label node.kubernetes.io/exclude-from-external-load-balancers: the service
         * controller keeps the node out of every cloud LB's targets, MetalLB out of its election.
         */
        excludedFromLb: opt(bool),
      }),
      1,
      LIMITS.nodes,
    ),
  ),
  /** Explicit placement; when `placement` is set as well, pods are generated instead. */
  pods: req(
    list(
      obj({
        id: req(id),
        node: opt(id),
        ip: opt(ip),
        /**
         * The Pod's state at t = 0 as a dump shows it, settled long before the run (default
         * running and ready): not passing readiness, or deleted and terminating (serving or not).
         * When a terminating Pod exits is not known, so it stays terminating.
         */
        state: opt(oneOf(POD_START_STATES)),
      }),
      0,
      LIMITS.pods,
    ),
  ),
  placement: opt(
    obj({
      strategy: req(oneOf(STRATEGIES), { override: true, control: 'placement' }),
      replicas: req(int(0, LIMITS.pods, 'count'), {
        override: true,
        control: 'replicas',
        controlRange: [1, 12],
      }),
      /** topologySpreadConstraints maxSkew (only for strategy 'topologySpread'). */
      maxSkew: opt(int(1, 64, 'count'), { override: true }),
    }),
  ),
  service: req(
    obj({
      name: req(id),
      namespace: req(id),
      port: req(port),
      targetPort: req(port),
      nodePort: req(nodePort),
      externalTrafficPolicy: req(oneOf(POLICIES), { override: true, control: 'policy' }),
      /** Allocated by the API server only for type LoadBalancer with externalTrafficPolicy Local. */
      healthCheckNodePort: opt(nodePort),
      /** The port's protocol (default TCP); UDP only with `dataPath: ebpf`. */
      protocol: opt(oneOf(PROTOCOLS), { override: true, control: 'protocol', appliesWhen: onEbpf }),
    }),
  ),
  loadBalancer: req(
    obj({
      frontendIp: req(ip),
      delivery: req(oneOf(DELIVERIES), { override: true, control: 'delivery' }),
      preset: req(oneOf(PRESET_NAMES), { override: true, control: 'preset' }),
      probe: req(
        obj({
          kind: req(oneOf(PROBE_KIND_NAMES), { override: true, control: 'probe' }),
          /** Seconds between probes. */
          interval: over(positiveSeconds(300), 'interval', [1, 2, 3, 5, 8, 10, 15, 30]),
          /** Seconds a probe waits for an answer before it counts as failed. */
          timeout: over(positiveSeconds(300)),
          /** Consecutive failures that take a backend out of rotation. */
          unhealthyThreshold: over(int(1, 100, 'count'), 'threshold', [1, 2, 3, 4, 5]),
          /** Consecutive successes that put it back. */
          healthyThreshold: over(int(1, 100, 'count')),
        }),
      ),
      /**
       * Seconds after t=0 of each node's first probe. Missing nodes get a deterministic phase in
       * [0, interval) derived from the seed; set 0 to align all probes.
       */
      probePhase: opt(record(seconds(), LIMITS.nodes)),
      /**
       * Route across zones (default per preset: AWS NLB and classic ELB off, the others regional;
       * source: aws-nlb-cross-zone-default).
       */
      crossZone: opt(bool, { override: true, control: 'crossZone' }),
      /** 'passthrough' (default) or 'proxy': the LB opens its own connection from `sourceIp`. */
      mode: opt(oneOf(LB_MODES), { override: true, control: 'lbMode' }),
      /** The proxying LB's own (private) address, the source of its connections to the nodes. */
      sourceIp: opt(ip),
      /** PROXY protocol header in front of the payload (default 'none'). */
      proxyProtocol: opt(oneOf(PROXY_PROTOCOLS), { override: true, control: 'proxyProtocol' }),
      /**
       * The LB puts the PROXY header on its health-check connections too (AWS NLB does; Azure
       * Private Link Service does, kubernetes#121819). Default false.
       */
      proxyProtocolOnProbes: opt(bool, { override: true }),
      /** ingress[].ipMode (default 'VIP': kube-proxy short-circuits in-cluster calls to the LB IP). */
      ipMode: opt(oneOf(IP_MODES), { override: true, control: 'ipMode' }),
      /**
       * An L7 load balancer (mode 'proxy': AWS ALB, Azure Application Gateway) appends the address
       * it saw to X-Forwarded-For. Default false; a passthrough LB cannot.
       */
      setsXForwardedFor: opt(bool, { override: true }),
      /**
       * MetalLB L2 only: seconds from the announcing node losing its claim (speaker gone, or no
       * local endpoint that can serve under Local) to clients sending to the new one (its
       * gratuitous ARP).
       */
      l2FailoverDelay: opt(seconds(), { override: true }),
    }),
  ),
  /** What the Service's Pods run (default: a plain app that reads the IP header). */
  app: opt(
    obj({
      /** 'plain' (default) or 'ingressController' (a second hop: a new connection to the app). */
      kind: opt(oneOf(APP_KINDS)),
      /** The listener parses a PROXY protocol header (ingress-nginx `use-proxy-protocol`). */
      expectsProxyProtocol: opt(bool, { override: true, control: 'appProxyProtocol' }),
      // accuracy (issue 29): ingress-nginx's realip settings (source: ingress-nginx-real-ip).
      /** ingress-nginx `use-forwarded-headers` (ingress controller only; default false). */
      useForwardedHeaders: opt(bool, { override: true }),
      /**
       * ingress-nginx `proxy-real-ip-cidr`: the addresses trusted to report the client (ingress
       * controller only). Absent: the default 0.0.0.0/0, every address.
       */
      proxyRealIpCidr: opt(list(str('cidr', 18), 1, 16)),
    }),
  ),
  /** The Pod network's layout (default bridge). */
  cni: opt(oneOf(CNI_LAYOUTS), { override: true, control: 'cni' }),
  /**
   * kube-proxy's configuration: `mode` is its data path (default 'iptables'); not read when
   * `dataPath` is ebpf (no kube-proxy runs then).
   */
  kubeProxy: opt(
    obj({
      mode: opt(oneOf(KUBE_PROXY_MODES), { override: true, control: 'proxyMode' }),
    }),
  ),
  /**
   * The nodes' Service data path (default kubeProxy). `ebpf` replaces kube-proxy with a program
   * at each node's eth0, modelled on Cilium's kube-proxy replacement (src/sim/ebpf/).
   */
  dataPath: opt(oneOf(DATA_PATHS), { override: true, control: 'dataPath' }),
  /** Settings of the eBPF data path, named as Cilium's Helm values `loadBalancer.*`. */
  ebpf: opt(
    obj({
      /** snat (default), dsr, or hybrid (DSR for TCP, SNAT for UDP). */
      lbMode: opt(oneOf(EBPF_LB_MODES), {
        override: true,
        control: 'ebpfLbMode',
        appliesWhen: onEbpf,
      }),
      /** random (default) or maglev. */
      algorithm: opt(oneOf(EBPF_ALGORITHMS), {
        override: true,
        control: 'ebpfAlgorithm',
        appliesWhen: onEbpf,
      }),
      /** How DSR carries the Service address to the backend node: opt (default) or geneve. */
      dsrDispatch: opt(oneOf(EBPF_DSR_DISPATCHES), { override: true, appliesWhen: onEbpf }),
    }),
  ),
  /** Teaching what-if: false skips KUBE-MARK-MASQ (not a kube-proxy option). */
  // kube-proxy masquerades external traffic only under Cluster; Local never does.
  masquerade: req(bool, {
    override: true,
    control: 'snat',
    appliesWhen: { path: 'service.externalTrafficPolicy', equals: 'Cluster' },
  }),
  traffic: req(
    obj({
      /** New connections per second, spread evenly over the clients. */
      rate: req(num(0, LIMITS.rateMax, { minExclusive: true, unit: 'perSecond' }), {
        override: true,
      }),
      /** Seconds of simulated time during which new connections start. */
      duration: over(seconds()),
      /** Seconds a client waits for a SYN-ACK before it gives up (after its retries). */
      connectTimeout: over(positiveSeconds(300)),
      /**
       * Seconds an established connection stays open (default 0 = a short request/response).
       * Connections still open when a node on their path goes offline break ('nodeWentDown').
       */
      connectionDuration: overOpt(seconds()),
    }),
  ),
  /** Pod termination and node shutdown settings used by drain scenarios. */
  lifecycle: req(
    obj({
      terminationGracePeriodSeconds: over(seconds()),
      /** Seconds a preStop hook sleeps before the app gets SIGTERM. */
      preStopSeconds: over(seconds()),
      /** true: the pod keeps passing readiness while terminating (serving=true). */
      servesWhileTerminating: req(bool, { override: true }),
      /** kubelet shutdownGracePeriod (seconds). */
      shutdownGracePeriod: over(seconds()),
      /** kubelet shutdownGracePeriodCriticalPods (seconds); kube-proxy stops in this phase. */
      shutdownGracePeriodCriticalPods: over(seconds()),
      /** Seconds kube-proxy needs to apply an EndpointSlice change. */
      proxySyncDelay: over(seconds(600)),
      /** Seconds a powered-on node needs until kubelet and kube-proxy run again (default 30). */
      bootSeconds: overOpt(seconds()),
      /**
       * Seconds after an abrupt power-off until the node controller marks its pods not ready
       * (default 50, kube-controller-manager --node-monitor-grace-period since 1.32).
       */
      nodeMonitorGracePeriod: overOpt(seconds()),
      /** Seconds until the node controller acts on a NotReady the kubelet reported (default 5). */
      nodeMonitorPeriod: overOpt(seconds()),
      /** Seconds the app needs after SIGTERM before it exits (default 0). */
      appShutdownSeconds: overOpt(seconds()),
      /**
       * Seconds the operating system keeps forwarding after the kubelet released its inhibitor
       * lock (default 3): not a Kubernetes setting, an assumption to state.
       */
      osShutdownSeconds: overOpt(seconds()),
      /** The readiness probe's periodSeconds (default 10). */
      readinessPeriodSeconds: overOpt(positiveSeconds(300)),
      /** The readiness probe's failureThreshold (default 3). */
      readinessFailureThreshold: opt(int(1, 100, 'count'), { override: true }),
    }),
  ),
  /** Scheduled actions such as "drain node-1 at t=10 s". */
  timeline: req(list(actionSpec, 0, LIMITS.timeline)),
  /** Connections the diagram walks through packet by packet (indices into the run). */
  featured: req(list(int(0, LIMITS.connections), 0, LIMITS.featured)),
  /** Featured connections picked by property at run time. */
  featuredSelectors: opt(list(featuredSelectorSpec, 0, LIMITS.featured)),
  /** Connections sent straight to one node's NodePort, bypassing the LB. */
  directConnections: opt(
    list(obj({ at: req(seconds()), client: req(id), node: req(id) }), 0, LIMITS.direct),
  ),
});

/** Defaults of the optional lifecycle settings (Kubernetes defaults, or stated assumptions). */
export const LIFECYCLE_DEFAULTS = {
  // An assumption, not a Kubernetes setting (source: k8s-boot-seconds).
  bootSeconds: 30,
  // kube-controller-manager --node-monitor-grace-period, 50 s since 1.32 (source: k8s-node-monitor).
  nodeMonitorGracePeriod: 50,
  // --node-monitor-period 5 s: how soon the controller sees a NotReady the kubelet posted
  // (source: k8s-node-monitor).
  nodeMonitorPeriod: 5,
  appShutdownSeconds: 0,
  // An assumption: a few seconds of systemd shutdown after the kubelet lets go
  // (source: linux-os-shutdown-seconds).
  osShutdownSeconds: 3,
  // Kubernetes' readiness probe defaults (source: k8s-readiness-during-termination).
  readinessPeriodSeconds: 10,
  readinessFailureThreshold: 3,
} as const;

/**
 * Defaults of the data-path settings: kube-proxy; for the eBPF data path Cilium's own defaults
 * (source: cilium-lb-mode, cilium-maglev, cilium-dsr-dispatch); TCP.
 */
export const DATA_PATH_DEFAULTS = {
  dataPath: 'kubeProxy',
  lbMode: 'snat',
  algorithm: 'random',
  dsrDispatch: 'opt',
  protocol: 'TCP',
} as const;

/** Top-level keys a scenario file may carry besides the declared ones. */
export const EXTRA_ROOT_KEYS = ['$schema'] as const;

/**
 * Rules between fields that JSON Schema can state (if/then): the validator checks them after the
 * structure, the schema writes them as `allOf` conditions.
 */
export interface Condition {
  when: { path: string; equals: string };
  then:
    | { path: string; rule: 'required' }
    | { path: string; rule: 'absent'; code: 'onlyForLocal' }
    | {
        path: string;
        rule: 'notOneOf';
        values: readonly string[];
        code: 'requiresLocal' | 'notWithPreset' | 'requiresEbpf';
      };
}

export const CONDITIONS: readonly Condition[] = [
  {
    when: { path: 'service.externalTrafficPolicy', equals: 'Local' },
    then: { path: 'service.healthCheckNodePort', rule: 'required' },
  },
  {
    when: { path: 'service.externalTrafficPolicy', equals: 'Cluster' },
    then: { path: 'service.healthCheckNodePort', rule: 'absent', code: 'onlyForLocal' },
  },
  {
    when: { path: 'service.externalTrafficPolicy', equals: 'Cluster' },
    then: {
      path: 'loadBalancer.probe.kind',
      rule: 'notOneOf',
      values: ['httpHealthCheckNodePort'],
      code: 'requiresLocal',
    },
  },
  // MetalLB in layer-2 mode is no device: packets reach the elected node unchanged, addressed to
  // the LB IP. It cannot hand them to a NodePort, proxy them, write a PROXY header, or report
  // `ipMode: Proxy` (MetalLB speaker/layer2_controller.go announces the IP, nothing more).
  ...(
    [
      ['loadBalancer.delivery', ['nodePort']],
      ['loadBalancer.mode', ['proxy']],
      ['loadBalancer.proxyProtocol', ['v1', 'v2']],
      ['loadBalancer.ipMode', ['Proxy']],
    ] as const
  ).map(([path, values]): Condition => ({
    when: { path: 'loadBalancer.preset', equals: 'metallb-l2' },
    then: { path, rule: 'notOneOf', values, code: 'notWithPreset' },
  })),
  // AWS load balancers publish a hostname, never an ip, and ipMode may only be set with an ip
  // (source: aws-lb-hostname-only, k8s-ipmode).
  ...(['aws-nlb', 'aws-shared', 'aws-lbc', 'aws-clb'] as const).map((preset): Condition => ({
    when: { path: 'loadBalancer.preset', equals: preset },
    then: {
      path: 'loadBalancer.ipMode',
      rule: 'notOneOf',
      values: IP_MODES,
      code: 'notWithPreset',
    },
  })),
  // kube-proxy's rule model is TCP only; a UDP port needs the eBPF data path named explicitly.
  {
    when: { path: 'service.protocol', equals: 'UDP' },
    then: { path: 'dataPath', rule: 'required' },
  },
  {
    when: { path: 'service.protocol', equals: 'UDP' },
    then: { path: 'dataPath', rule: 'notOneOf', values: ['kubeProxy'], code: 'requiresEbpf' },
  },
];

/**
 * What a change of one field sets in others, declared beside CONDITIONS; overrides.ts carries
 * each `effect` out after the overrides are applied. A field in `sets` that is overridden as
 * well keeps its override. `readFirst`: the trigger is read before the other keys, since
 * CONDITIONS narrow their values by it (no healthCheckNodePort probe under Cluster).
 */
export interface Derivation {
  /** Fields whose change triggers it. */
  readonly when: readonly string[];
  /** The fields it writes. */
  readonly sets: readonly string[];
  readonly effect: 'healthCheckNodePort' | 'presetDelivery' | 'presetProbe';
  readonly readFirst?: true;
}

/** The probe fields a preset and policy derive (presets.ts presetProbe). */
export const PROBE_FIELDS = [
  'kind',
  'interval',
  'timeout',
  'unhealthyThreshold',
  'healthyThreshold',
] as const;

export const DERIVATIONS: readonly Derivation[] = [
  // The API server allocates a healthCheckNodePort exactly under Local (32000 when none is given).
  {
    when: ['service.externalTrafficPolicy'],
    sets: ['service.healthCheckNodePort'],
    effect: 'healthCheckNodePort',
    readFirst: true,
  },
  // Another cloud delivers differently (Azure and GCP keep the LB IP, AWS rewrites to the nodePort).
  { when: ['loadBalancer.preset'], sets: ['loadBalancer.delivery'], effect: 'presetDelivery' },
  // A preset's health check depends on the policy (kind and numbers).
  {
    when: ['loadBalancer.preset', 'service.externalTrafficPolicy'],
    sets: PROBE_FIELDS.map((f) => `loadBalancer.probe.${f}`),
    effect: 'presetProbe',
  },
];

/**
 * The order the playground's toolbar shows the what-if controls in. Each control is declared on
 * its field (`control`); controls.ts `controlIds` lists the declared ones in this order.
 */
export const CONTROL_ORDER = [
  'policy',
  'snat',
  'replicas',
  'placement',
  'drain',
  'preset',
  'probe',
  'interval',
  'threshold',
  'delivery',
  'cni',
  'lbMode',
  'proxyProtocol',
  'appProxyProtocol',
  'ipMode',
  'crossZone',
  'proxyMode',
  'dataPath',
  'ebpfLbMode',
  'ebpfAlgorithm',
  'protocol',
] as const;

/** A what-if control's id. */
export type ControlId = (typeof CONTROL_ORDER)[number];

/**
 * What-ifs that change more than one field, declared beside the fields: their value type and
 * control. Their effect is in overrides.ts.
 */
export const COMPOUND_OVERRIDES = {
  /** Drain a node (moves the scenario's drain, or adds drain + shutdown), or `none`. */
  drain: { value: { kind: 'nodeOrNone' }, control: 'drain' },
  /** One probe phase for every node (e.g. 0 aligns all probes). */
  'loadBalancer.probePhase': { value: { kind: 'number', spec: seconds() } },
} as const;

export type CompoundKey = keyof typeof COMPOUND_OVERRIDES;
