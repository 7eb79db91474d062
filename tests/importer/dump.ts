/**
 * Builds Kubernetes objects shaped exactly like `kubectl get svc,endpointslices,pods,nodes -o
 * yaml` prints them (managedFields, status, annotations, sorted keys, quoted timestamps), for
 * importer tests, the sample dumps and the benchmark. Only documentation address ranges.
 */
import { stringify } from 'yaml';

type Obj = Record<string, unknown>;

export interface NodeDef {
  name: string;
  ip: string;
  podCidr?: string;
  zone?: string;
  providerId?: string;
  unschedulable?: boolean;
  taints?: Array<{ key: string; effect: string; value?: string }>;
  ready?: boolean;
  labels?: Record<string, string>;
  externalIp?: string;
  /** metadata.deletionTimestamp set (the node is being deleted). */
  deleting?: boolean;
  /** How many container images status.images lists (kubectl prints them all). */
  images?: number;
}

export interface PodDef {
  name: string;
  node?: string;
  ip?: string;
  ready?: boolean;
  terminating?: boolean;
  serving?: boolean;
  labels?: Record<string, string>;
  phase?: string;
  /** Put this endpoint into slice number n (0-based) of its Service. */
  slice?: number;
}

export interface PortDef {
  name?: string;
  port: number;
  targetPort: number | string;
  nodePort?: number;
  protocol?: string;
  appProtocol?: string;
}

export interface ServiceDef {
  name: string;
  namespace: string;
  type?: string;
  policy?: 'Cluster' | 'Local';
  ports: PortDef[];
  healthCheckNodePort?: number;
  lbIp?: string;
  /** More load-balancer IPs after lbIp (k3s ServiceLB lists every node it runs on). */
  lbIps?: string[];
  lbHostname?: string;
  /** metadata.finalizers (default: the service controller's load-balancer-cleanup). */
  finalizers?: string[];
  ipMode?: string;
  annotations?: Record<string, string>;
  selector?: Record<string, string>;
  sessionAffinity?: string;
  loadBalancerClass?: string;
  sourceRanges?: string[];
  internalTrafficPolicy?: string;
  clusterIp?: string;
}

export interface DumpDef {
  services: ServiceDef[];
  /** Pods per Service name (endpoints of that Service). */
  pods: Record<string, PodDef[]>;
  nodes: NodeDef[];
  /** Pods of other workloads (no Service of theirs in the dump). */
  otherPods?: PodDef[];
  managedFields?: boolean;
  /** Pod spec extras for the Service's Pods (affinity, topologySpreadConstraints, …). */
  podSpec?: Obj;
  /** The app container's `lifecycle` (preStop hooks). */
  containerLifecycle?: Obj;
  containerPort?: { name: string; port: number };
  /** Slices per Service (endpoints are split round-robin unless PodDef.slice says). */
  slices?: number;
}

const TIME = '2026-11-30T09:12:44Z';

/** A deterministic pseudo-uid from a string (kubectl prints real ones). */
export function uid(seed: string): string {
  let h = 2166136261;
  const hex: string[] = [];
  for (let round = 0; round < 4; round++) {
    for (const ch of `${seed}#${round}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    hex.push(h.toString(16).padStart(8, '0'));
  }
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

const hashOf = (s: string): string => uid(s).replace(/-/g, '').slice(0, 10);

function managed(manager: string, fields: Obj, subresource?: string): Obj {
  return {
    apiVersion: 'v1',
    fieldsType: 'FieldsV1',
    fieldsV1: fields,
    manager,
    operation: 'Update',
    ...(subresource ? { subresource } : {}),
    time: TIME,
  };
}

export function serviceObject(s: ServiceDef, managedFields: boolean): Obj {
  const type = s.type ?? 'LoadBalancer';
  const applied = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { annotations: s.annotations ?? {}, name: s.name, namespace: s.namespace },
    spec: {
      externalTrafficPolicy: s.policy,
      ports: s.ports.map((p) => ({ name: p.name, port: p.port, targetPort: p.targetPort })),
      selector: s.selector,
      type,
    },
  };
  const external = type === 'LoadBalancer' || type === 'NodePort';
  const spec: Obj = {
    allocateLoadBalancerNodePorts: type === 'LoadBalancer' ? true : undefined,
    clusterIP: s.clusterIp ?? '10.0.142.17',
    clusterIPs: [s.clusterIp ?? '10.0.142.17'],
    externalTrafficPolicy: external ? (s.policy ?? 'Cluster') : undefined,
    healthCheckNodePort: s.healthCheckNodePort,
    internalTrafficPolicy: s.internalTrafficPolicy ?? 'Cluster',
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    loadBalancerClass: s.loadBalancerClass,
    loadBalancerSourceRanges: s.sourceRanges,
    ports: s.ports.map((p) => ({
      appProtocol: p.appProtocol,
      name: p.name,
      nodePort: external ? p.nodePort : undefined,
      port: p.port,
      protocol: p.protocol ?? 'TCP',
      targetPort: p.targetPort,
    })),
    selector: s.selector,
    sessionAffinity: s.sessionAffinity ?? 'None',
    type,
  };
  const ingress =
    s.lbIp || s.lbHostname
      ? [
          {
            hostname: s.lbHostname,
            ip: s.lbIp,
            ipMode: s.ipMode,
          },
          ...(s.lbIps ?? []).map((ip) => ({ ip, ipMode: s.ipMode })),
        ]
      : undefined;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      annotations: {
        ...s.annotations,
        'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify(prune(applied))}\n`,
      },
      creationTimestamp: TIME,
      finalizers:
        s.finalizers ??
        (type === 'LoadBalancer' ? ['service.kubernetes.io/load-balancer-cleanup'] : undefined),
      managedFields: managedFields
        ? [
            managed('kubectl-client-side-apply', {
              'f:metadata': {
                'f:annotations': {
                  '.': {},
                  'f:kubectl.kubernetes.io/last-applied-configuration': {},
                },
              },
              'f:spec': {
                'f:externalTrafficPolicy': {},
                'f:ports': {},
                'f:selector': {},
                'f:type': {},
              },
            }),
            managed(
              'cloud-controller-manager',
              { 'f:status': { 'f:loadBalancer': { 'f:ingress': {} } } },
              'status',
            ),
          ]
        : undefined,
      name: s.name,
      namespace: s.namespace,
      resourceVersion: '18342',
      uid: uid(`svc/${s.namespace}/${s.name}`),
    },
    spec,
    status: { loadBalancer: ingress ? { ingress } : {} },
  };
}

export function podObject(
  p: PodDef,
  namespace: string,
  labels: Record<string, string>,
  def: DumpDef,
  nodeIp: (node: string) => string | undefined,
): Obj {
  const ready = p.ready ?? true;
  const phase = p.phase ?? (p.node ? 'Running' : 'Pending');
  const rs = p.name.split('-').slice(0, -1).join('-') || p.name;
  const cp = def.containerPort ?? { name: 'http', port: 8080 };
  const conditions = p.node
    ? [
        {
          lastProbeTime: null,
          lastTransitionTime: TIME,
          status: 'True',
          type: 'PodReadyToStartContainers',
        },
        { lastProbeTime: null, lastTransitionTime: TIME, status: 'True', type: 'Initialized' },
        {
          lastProbeTime: null,
          lastTransitionTime: TIME,
          status: ready ? 'True' : 'False',
          type: 'Ready',
        },
        {
          lastProbeTime: null,
          lastTransitionTime: TIME,
          status: ready ? 'True' : 'False',
          type: 'ContainersReady',
        },
        { lastProbeTime: null, lastTransitionTime: TIME, status: 'True', type: 'PodScheduled' },
      ]
    : [
        {
          lastProbeTime: null,
          lastTransitionTime: TIME,
          message: "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.",
          reason: 'Unschedulable',
          status: 'False',
          type: 'PodScheduled',
        },
      ];
  const ip = nodeIp(p.node ?? '');
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      creationTimestamp: TIME,
      deletionGracePeriodSeconds: p.terminating ? 30 : undefined,
      deletionTimestamp: p.terminating ? '2026-11-30T10:02:11Z' : undefined,
      generateName: `${rs}-`,
      labels: { ...labels, 'pod-template-hash': rs.split('-').at(-1) ?? 'x' },
      managedFields: def.managedFields
        ? [
            managed('kube-controller-manager', {
              'f:metadata': {
                'f:generateName': {},
                'f:labels': { '.': {}, 'f:app': {} },
                'f:ownerReferences': {},
              },
              'f:spec': { 'f:containers': {}, 'f:terminationGracePeriodSeconds': {} },
            }),
            managed(
              'kubelet',
              { 'f:status': { 'f:conditions': {}, 'f:containerStatuses': {}, 'f:podIP': {} } },
              'status',
            ),
          ]
        : undefined,
      name: p.name,
      namespace,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          blockOwnerDeletion: true,
          controller: true,
          kind: 'ReplicaSet',
          name: rs,
          uid: uid(`rs/${rs}`),
        },
      ],
      resourceVersion: '20517',
      uid: uid(`pod/${namespace}/${p.name}`),
    },
    spec: {
      ...def.podSpec,
      containers: [
        {
          env: [{ name: 'LOG_LEVEL', value: 'info' }],
          image: 'registry.example/shop:1.4.2',
          imagePullPolicy: 'IfNotPresent',
          name: 'app',
          ports: [{ containerPort: cp.port, name: cp.name, protocol: 'TCP' }],
          readinessProbe: {
            failureThreshold: 3,
            httpGet: { path: '/ready', port: cp.name, scheme: 'HTTP' },
            periodSeconds: 5,
            successThreshold: 1,
            timeoutSeconds: 1,
          },
          resources: { limits: { memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [
            {
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              name: `kube-api-access-${hashOf(p.name).slice(0, 5)}`,
              readOnly: true,
            },
          ],
          ...(def.containerLifecycle ? { lifecycle: def.containerLifecycle } : {}),
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      nodeName: p.node,
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: def.podSpec?.['terminationGracePeriodSeconds'] ?? 30,
      tolerations: [
        {
          effect: 'NoExecute',
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          tolerationSeconds: 300,
        },
        {
          effect: 'NoExecute',
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          tolerationSeconds: 300,
        },
      ],
      volumes: [
        {
          name: `kube-api-access-${hashOf(p.name).slice(0, 5)}`,
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              {
                configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' },
              },
              {
                downwardAPI: {
                  items: [
                    {
                      fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' },
                      path: 'namespace',
                    },
                  ],
                },
              },
            ],
          },
        },
      ],
    },
    status: {
      conditions,
      containerStatuses: p.node
        ? [
            {
              containerID: `containerd://${hashOf(p.name)}${hashOf(`${p.name}x`)}`,
              image: 'registry.example/shop:1.4.2',
              imageID: `registry.example/shop@sha256:${hashOf('img')}`,
              lastState: {},
              name: 'app',
              ready,
              restartCount: 0,
              started: true,
              state: { running: { startedAt: TIME } },
            },
          ]
        : undefined,
      hostIP: ip,
      hostIPs: ip ? [{ ip }] : undefined,
      phase,
      podIP: p.ip,
      podIPs: p.ip ? [{ ip: p.ip }] : undefined,
      qosClass: 'Burstable',
      startTime: p.node ? TIME : undefined,
    },
  };
}

export function nodeObject(n: NodeDef, managedFields: boolean): Obj {
  const ready = n.ready ?? true;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      creationTimestamp: TIME,
      deletionTimestamp: n.deleting ? '2026-11-30T10:04:00Z' : undefined,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': n.name,
        'kubernetes.io/os': 'linux',
        'node.kubernetes.io/instance-type': 'Standard_D4s_v5',
        ...(n.zone ? { 'topology.kubernetes.io/zone': n.zone } : {}),
        ...n.labels,
      },
      managedFields: managedFields
        ? [managed('kubelet', { 'f:status': { 'f:addresses': {}, 'f:conditions': {} } }, 'status')]
        : undefined,
      name: n.name,
      resourceVersion: '19876',
      uid: uid(`node/${n.name}`),
    },
    spec: {
      podCIDR: n.podCidr,
      podCIDRs: n.podCidr ? [n.podCidr] : undefined,
      providerID: n.providerId,
      taints: n.taints,
      unschedulable: n.unschedulable,
    },
    status: {
      addresses: [
        { address: n.ip, type: 'InternalIP' },
        ...(n.externalIp ? [{ address: n.externalIp, type: 'ExternalIP' }] : []),
        { address: n.name, type: 'Hostname' },
      ],
      allocatable: {
        cpu: '3860m',
        'ephemeral-storage': '119703055367',
        memory: '12880580Ki',
        pods: '110',
      },
      capacity: { cpu: '4', 'ephemeral-storage': '129886128Ki', memory: '16375492Ki', pods: '110' },
      conditions: [
        {
          lastHeartbeatTime: TIME,
          lastTransitionTime: TIME,
          message: 'kubelet has sufficient memory available',
          reason: 'KubeletHasSufficientMemory',
          status: 'False',
          type: 'MemoryPressure',
        },
        {
          lastHeartbeatTime: TIME,
          lastTransitionTime: TIME,
          message: 'kubelet has no disk pressure',
          reason: 'KubeletHasNoDiskPressure',
          status: 'False',
          type: 'DiskPressure',
        },
        {
          lastHeartbeatTime: TIME,
          lastTransitionTime: TIME,
          message: 'kubelet has sufficient PID available',
          reason: 'KubeletHasSufficientPID',
          status: 'False',
          type: 'PIDPressure',
        },
        {
          lastHeartbeatTime: TIME,
          lastTransitionTime: TIME,
          message: ready
            ? 'kubelet is posting ready status'
            : 'Kubelet stopped posting node status.',
          reason: ready ? 'KubeletReady' : 'NodeStatusUnknown',
          status: ready ? 'True' : 'Unknown',
          type: 'Ready',
        },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      images: Array.from({ length: n.images ?? 3 }, (_, i) => ({
        names: [
          `registry.example/platform/component-${i}@sha256:${hashOf(`i${i}`)}${hashOf(`j${i}`)}`,
          `registry.example/platform/component-${i}:v1.${i}.0`,
        ],
        sizeBytes: 10_000_000 + i * 1_234_567,
      })),
      nodeInfo: {
        architecture: 'amd64',
        bootID: uid(`boot/${n.name}`),
        containerRuntimeVersion: 'containerd://1.7.22',
        kernelVersion: '6.8.0-1021',
        kubeProxyVersion: 'v1.31.3',
        kubeletVersion: 'v1.31.3',
        machineID: hashOf(n.name),
        operatingSystem: 'linux',
        osImage: 'Ubuntu 22.04.5 LTS',
        systemUUID: uid(`sys/${n.name}`),
      },
    },
  };
}

export function sliceObjects(
  s: ServiceDef,
  pods: PodDef[],
  count: number,
  portFor: (p: PortDef) => number,
  zoneOf: (node: string) => string | undefined,
  managedFields: boolean,
): Obj[] {
  const n = Math.max(1, count);
  return Array.from({ length: n }, (_, i) => {
    const name = `${s.name}-${hashOf(`${s.name}${i}`).slice(0, 5)}`;
    const mine = pods.filter(
      (p, j) => p.node && p.ip && p.phase !== 'Pending' && (p.slice ?? j % n) === i,
    );
    return {
      addressType: 'IPv4',
      apiVersion: 'discovery.k8s.io/v1',
      endpoints: mine.map((p) => {
        const ready = (p.ready ?? true) && !p.terminating;
        return {
          addresses: [p.ip],
          conditions: {
            ready,
            serving: p.serving ?? p.ready ?? true,
            terminating: p.terminating ?? false,
          },
          nodeName: p.node,
          targetRef: {
            kind: 'Pod',
            name: p.name,
            namespace: s.namespace,
            uid: uid(`pod/${s.namespace}/${p.name}`),
          },
          zone: zoneOf(p.node ?? ''),
        };
      }),
      kind: 'EndpointSlice',
      metadata: {
        annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': TIME },
        creationTimestamp: TIME,
        generateName: `${s.name}-`,
        generation: 4,
        labels: {
          'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
          'kubernetes.io/service-name': s.name,
        },
        managedFields: managedFields
          ? [
              managed('kube-controller-manager', {
                'f:addressType': {},
                'f:endpoints': {},
                'f:ports': {},
              }),
            ]
          : undefined,
        name,
        namespace: s.namespace,
        ownerReferences: [
          {
            apiVersion: 'v1',
            blockOwnerDeletion: true,
            controller: true,
            kind: 'Service',
            name: s.name,
            uid: uid(`svc/${s.namespace}/${s.name}`),
          },
        ],
        resourceVersion: '20611',
        uid: uid(`slice/${name}`),
      },
      ports: s.ports.map((p) => ({
        name: p.name ?? '',
        port: portFor(p),
        protocol: p.protocol ?? 'TCP',
      })),
    };
  });
}

/** Remove undefined values and sort keys the way kubectl's YAML printer does. */
export function prune(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(prune);
  if (v !== null && typeof v === 'object') {
    const out: Obj = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Obj)[k];
      if (x !== undefined) out[k] = prune(x);
    }
    return out;
  }
  return v;
}

/** All objects of a dump, in kubectl's order (services, slices, pods, nodes). */
export function dumpObjects(def: DumpDef): Obj[] {
  const mf = def.managedFields ?? true;
  const nodeIp = (name: string): string | undefined => def.nodes.find((n) => n.name === name)?.ip;
  const zoneOf = (name: string): string | undefined => def.nodes.find((n) => n.name === name)?.zone;
  const cp = def.containerPort ?? { name: 'http', port: 8080 };
  const objects: Obj[] = [];
  for (const s of def.services) objects.push(serviceObject(s, mf));
  for (const s of def.services) {
    const pods = def.pods[s.name];
    if (!pods || !s.selector) continue;
    objects.push(
      ...sliceObjects(
        s,
        pods,
        def.slices ?? 1,
        (p) => (typeof p.targetPort === 'number' ? p.targetPort : cp.port),
        zoneOf,
        mf,
      ),
    );
  }
  for (const s of def.services) {
    for (const p of def.pods[s.name] ?? [])
      objects.push(podObject(p, s.namespace, p.labels ?? s.selector ?? {}, def, nodeIp));
  }
  for (const p of def.otherPods ?? [])
    objects.push(podObject(p, 'default', p.labels ?? { app: 'other' }, def, nodeIp));
  for (const n of def.nodes) objects.push(nodeObject(n, mf));
  return objects.map((o) => prune(o) as Obj);
}

const kubectlStyle = (value: unknown): string =>
  stringify(value, { indentSeq: false, lineWidth: 0, minContentWidth: 0 })
    // kubectl quotes timestamps; the yaml library leaves them plain.
    .replace(/^(\s*(?:- )?[A-Za-z]+: )(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)$/gm, '$1"$2"');

/** The dump as `kubectl get … -o yaml` prints it: one List. */
export function toKubectlYaml(objects: Obj[]): string {
  return kubectlStyle({
    apiVersion: 'v1',
    items: objects,
    kind: 'List',
    metadata: { resourceVersion: '' },
  });
}

/** The objects as separate YAML documents (`---`), as several kubectl calls would give. */
export function toYamlDocuments(objects: Obj[]): string {
  return objects.map(kubectlStyle).join('---\n');
}

/** The dump as `kubectl get … -o json` prints it. */
export function toKubectlJson(objects: Obj[]): string {
  return `${JSON.stringify({ apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } }, null, 4)}\n`;
}

/** A generated cluster: `nodes` nodes, `pods` Pods of one Local or Cluster LB Service. */
export function bigCluster(
  nodes: number,
  pods: number,
  policy: 'Cluster' | 'Local' = 'Local',
): DumpDef {
  const nodeDefs: NodeDef[] = Array.from({ length: nodes }, (_, i) => ({
    name: `aks-pool-${String(i).padStart(4, '0')}`,
    ip: `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`,
    podCidr: `10.244.${i}.0/24`,
    zone: `westeurope-${(i % 3) + 1}`,
    providerId: `azure:///subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/mc_rg/providers/Microsoft.Compute/virtualMachineScaleSets/aks-pool/virtualMachines/${i}`,
    images: 20,
  }));
  const podDefs: PodDef[] = Array.from({ length: pods }, (_, i) => {
    const n = i % nodes;
    const k = Math.floor(i / nodes);
    return {
      name: `shop-7d9c6b5f4-${hashOf(`p${i}`).slice(0, 5)}`,
      node: nodeDefs[n]?.name ?? '',
      ip: `10.244.${n}.${k + 5}`,
    };
  });
  return {
    services: [
      {
        name: 'shop',
        namespace: 'shop',
        policy,
        ports: [
          { name: 'http', port: 80, targetPort: 'http', nodePort: 30080 },
          { name: 'https', port: 443, targetPort: 8443, nodePort: 30443 },
        ],
        ...(policy === 'Local' ? { healthCheckNodePort: 32000 } : {}),
        lbIp: '203.0.113.100',
        ipMode: 'VIP',
        selector: { app: 'shop' },
      },
    ],
    pods: { shop: podDefs },
    nodes: nodeDefs,
    managedFields: false,
    slices: Math.ceil(pods / 100),
  };
}
