/**
 * The importer, table by table, on inputs shaped exactly like kubectl output (managedFields,
 * status, annotations, several ports and slices): what it reads into the scenario, what it
 * reports as used / inferred / ignored / not simulated / contradictory, and what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { importKubectl, REPORT_CODES } from '../../src/importer/index.ts';
import { samples } from '../../src/clusterCheck/samples.ts';
import { presetProbe, simulate, validateScenario } from '../../src/sim/index.ts';
import { toKubectlJson, toKubectlYaml, toYamlDocuments } from './dump.ts';
import { baseDef, codes, find, importFails, importOk, items, objectsOf, set } from './helpers.ts';

type Obj = Record<string, unknown>;

const sample = (id: string): string => samples.find((s) => s.id === id)?.text ?? '';

describe('the three sample dumps', () => {
  it('AKS, Cluster: Azure preset, VIP delivery, every Pod sees a node or bridge address', () => {
    const r = importKubectl(sample('aks-cluster'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const { scenario, report } = r;
    expect(scenario.service).toEqual({
      name: 'storefront',
      namespace: 'shop',
      port: 80,
      targetPort: 8080,
      nodePort: 31380,
      externalTrafficPolicy: 'Cluster',
    });
    expect(scenario.loadBalancer).toMatchObject({
      frontendIp: '203.0.113.100',
      delivery: 'vip',
      preset: 'azure',
      probe: presetProbe('azure', 'Cluster'),
    });
    expect(scenario.nodes.map((n) => [n.id, n.ip, n.podCidr])).toEqual([
      ['aks-nodepool1-38290117-vmss000000', '198.51.100.4', '10.244.0.0/24'],
      ['aks-nodepool1-38290117-vmss000001', '198.51.100.5', '10.244.1.0/24'],
      ['aks-nodepool1-38290117-vmss000002', '198.51.100.6', '10.244.2.0/24'],
    ]);
    expect(scenario.pods).toHaveLength(3);
    expect(report.cloud).toEqual({
      preset: 'azure',
      source: 'providerId',
      alternatives: ['azure-shared'],
    });
    expect(report.ports.map((p) => [p.name, p.chosen])).toEqual([
      ['http', true],
      ['https', false],
    ]);
    expect(codes(report)).toEqual(
      expect.arrayContaining(['portChosen', 'targetPortResolved', 'serviceIgnored', 'zones']),
    );
    expect(items(report, 'serviceIgnored')[0]?.params).toEqual({
      type: 'ClusterIP',
      reason: 'clusterIP',
    });
    const run = simulate(scenario);
    expect(run.summary.failed).toBe(0);
    expect(run.summary.clientIpPreserved).toBe(0);
  });

  it('GKE, Local 3/1/1: the single Pods expect 1/3 each, the three on one node 1/9', () => {
    const r = importKubectl(sample('gke-local'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.scenario.loadBalancer.preset).toBe('gcp');
    expect(r.scenario.loadBalancer.probe.kind).toBe('httpHealthCheckNodePort');
    expect(r.scenario.service.healthCheckNodePort).toBe(31842);
    const shares = Object.values(simulate(r.scenario).summary.expectedShare).sort();
    expect(shares.map((s) => Math.round(s * 900))).toEqual([100, 100, 100, 300, 300]);
    expect(codes(r.report)).toContain('placementZoneRule');
  });

  it('EKS, Local behind LBC: node 3 starts cordoned and tainted (settled, not replayed), preStop and grace read', () => {
    const r = importKubectl(sample('eks-drain'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const { scenario, report } = r;
    expect(scenario.loadBalancer).toMatchObject({ preset: 'aws-lbc', delivery: 'nodePort' });
    // healthcheck-interval 10 and unhealthy-threshold 2 are the LBC's Local defaults anyway.
    expect(scenario.loadBalancer.probe).toEqual(presetProbe('aws-lbc', 'Local'));
    expect(scenario.nodes.map((n) => n.id)).toEqual([
      'ip-198-51-100-31',
      'ip-198-51-100-32',
      'ip-198-51-100-33',
    ]);
    expect(report.names.nodes['ip-198-51-100-33']).toBe(
      'ip-198-51-100-33.eu-central-1.compute.internal',
    );
    expect(scenario.timeline).toEqual([]);
    expect(scenario.nodes[2]).toMatchObject({ cordoned: true, toBeDeleted: true });
    expect(report.drainCandidates).toEqual(['ip-198-51-100-33']);
    expect(scenario.lifecycle).toMatchObject({
      terminationGracePeriodSeconds: 45,
      preStopSeconds: 15,
      servesWhileTerminating: true,
    });
    expect(report.placement).toMatchObject({ strategy: 'topologySpread', maxSkew: 1, hard: true });
    expect(items(report, 'frontendSynthesized')[0]?.params).toMatchObject({ reason: 'hostname' });
    expect(codes(report)).toContain('lbcDeregistersTainted');
    // No podCIDR on the nodes (VPC CNI): blocks around the Pods' addresses.
    expect(scenario.nodes.map((n) => n.podCidr)).toEqual([
      '10.244.20.0/24',
      '10.244.21.0/24',
      '10.244.22.0/24',
    ]);
  });

  it('EKS: the controller takes the tainted node out at once; without that a 15 s preStop loses connections', () => {
    const r = importKubectl(sample('eks-drain'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.scenario.loadBalancer.preset).toBe('aws-lbc');
    const drain = (preStop: number, preset?: 'aws-nlb') => {
      const s = structuredClone(r.scenario);
      s.traffic.duration = 60;
      s.lifecycle.preStopSeconds = preStop;
      if (preset) s.loadBalancer.preset = preset;
      s.timeline.push({ at: 5, type: 'drainNode', node: r.report.drainCandidates[0] ?? '' });
      return simulate(s).summary;
    };
    // The AWS Load Balancer Controller deregisters a ToBeDeletedByClusterAutoscaler node
    // (source: aws-lbc-deregisters-tainted).
    expect(drain(15).failed).toBe(0);
    // The in-tree NLB does not: the hcnp answers 503 from ~6 s, two failed 10 s probes, the Pod
    // exits at 20 s.
    const short = drain(15, 'aws-nlb');
    expect(short.failed).toBeGreaterThan(0);
    expect(short.disruption.firstFailureAt).toBeCloseTo(20, 0);
    expect(short.disruption.seconds).toBeLessThan(5);
    expect(drain(25, 'aws-nlb').failed).toBe(0);
  });

  it('every sample validates and has both-language titles', () => {
    for (const s of samples) {
      const r = importKubectl(s.text);
      expect(r.ok, s.id).toBe(true);
      if (r.ok) expect(validateScenario(r.scenario).ok).toBe(true);
    }
  });
});

describe('input formats give the same result', () => {
  const objects = objectsOf(baseDef({ slices: 2 }));
  const reference = importKubectl(toKubectlYaml(objects));
  it.each([
    ['JSON (kubectl -o json)', toKubectlJson(objects)],
    ['several YAML documents', toYamlDocuments(objects)],
    [
      'YAML with a comment (full parser)',
      `# kubectl get svc,endpointslices,pods,nodes -o yaml\n${toKubectlYaml(objects)}`,
    ],
    [
      'a bare items sequence',
      toKubectlYaml(objects).split('\nitems:\n')[1]?.split('\nkind: List')[0] ?? '',
    ],
  ])('%s', (_, text) => {
    expect(importKubectl(text)).toEqual(reference);
  });
});

describe('Service and port choice', () => {
  it('takes the first LoadBalancer, lists the others, and honours --service', () => {
    const def = baseDef();
    const second = {
      ...def.services[0],
      name: 'admin',
      ports: [{ name: 'http', port: 8080, targetPort: 8080, nodePort: 31000 }],
    };
    def.services.push(second as (typeof def.services)[number]);
    const objects = objectsOf(def);
    const first = importOk(objects);
    expect(first.scenario.service.name).toBe('shop');
    expect(items(first.report, 'serviceChosen')[0]?.params).toMatchObject({
      others: 'default/admin',
      count: 1,
    });
    expect(first.report.services.map((s) => [s.name, s.chosen])).toEqual([
      ['shop', true],
      ['admin', false],
    ]);
    expect(importOk(objects, { service: 'default/admin' }).scenario.service.nodePort).toBe(31000);
    expect(importOk(objects, { service: 'admin' }).scenario.service.nodePort).toBe(31000);
    const missing = importFails(objects, { service: 'default/nope' });
    expect(missing[0]).toMatchObject({
      code: 'serviceNotFound',
      params: { available: 'default/shop, default/admin' },
    });
  });

  it('picks http among several ports, or the one asked for; UDP ports are ignored', () => {
    const def = baseDef();
    const svc = def.services[0];
    if (!svc) throw new Error('no service');
    svc.ports = [
      { name: 'dns', port: 53, targetPort: 53, nodePort: 30053, protocol: 'UDP' },
      { name: 'admin', port: 9000, targetPort: 9000, nodePort: 30900 },
      { name: 'http', port: 80, targetPort: 8080, nodePort: 30080 },
    ];
    const objects = objectsOf(def);
    const r = importOk(objects);
    expect(r.scenario.service.port).toBe(80);
    expect(items(r.report, 'portChosen')[0]?.params).toEqual({
      name: 'http',
      port: 80,
      others: 'admin',
    });
    expect(codes(r.report)).toContain('portIgnored');
    expect(importOk(objects, { port: 'admin' }).scenario.service).toMatchObject({
      port: 9000,
      nodePort: 30900,
    });
    expect(importOk(objects, { port: '9000' }).scenario.service.port).toBe(9000);
    expect(importFails(objects, { port: 'dns' })[0]).toMatchObject({
      code: 'portNotFound',
      params: { port: 'dns', available: 'admin, http' },
    });
  });

  it.each([
    ['ClusterIP', { type: 'ClusterIP' }, 'clusterIP'],
    ['headless', { type: 'ClusterIP', clusterIp: 'None' }, 'headless'],
    ['ExternalName', { type: 'ExternalName' }, 'externalName'],
  ])('a %s Service only: a clear error naming it', (_, patch, reason) => {
    const def = baseDef();
    Object.assign(def.services[0] ?? {}, patch);
    const issues = importFails(objectsOf(def));
    expect(issues[0]?.code).toBe('noExternalService');
    expect(issues[1]).toMatchObject({
      code: 'serviceIgnored',
      object: { kind: 'Service', namespace: 'default', name: 'shop' },
      field: 'spec.type',
      params: { reason },
    });
  });

  it('no Service at all', () => {
    const objects = objectsOf(baseDef()).filter((o) => o['kind'] !== 'Service');
    expect(importFails(objects)[0]).toMatchObject({
      code: 'noService',
      params: { count: objects.length },
    });
  });

  it('type NodePort: simulated with a load balancer in front, reported', () => {
    const def = baseDef();
    Object.assign(def.services[0] ?? {}, { type: 'NodePort', lbIp: undefined });
    const r = importOk(objectsOf(def));
    expect(codes(r.report)).toEqual(
      expect.arrayContaining(['nodePortServiceLb', 'frontendSynthesized']),
    );
    expect(items(r.report, 'frontendSynthesized')[0]?.params['reason']).toBe('nodePort');
  });
});

describe('probe annotations', () => {
  const withAnnotations = (
    annotations: Record<string, string>,
    patch: Partial<NonNullable<ReturnType<typeof baseDef>['services'][number]>> = {},
    providerPrefix?: string,
  ) => {
    const def = baseDef();
    Object.assign(def.services[0] ?? {}, { annotations, ...patch });
    if (providerPrefix) for (const n of def.nodes) n.providerId = `${providerPrefix}${n.name}`;
    return importOk(objectsOf(def));
  };
  const A = 'service.beta.kubernetes.io/';

  it.each([
    [
      'Azure global interval and num-of-probe',
      {
        [`${A}azure-load-balancer-health-probe-interval`]: '10',
        [`${A}azure-load-balancer-health-probe-num-of-probe`]: '3',
      },
      {
        kind: 'tcpNodePort',
        interval: 10,
        timeout: 10,
        unhealthyThreshold: 3,
        healthyThreshold: 3,
      },
    ],
    [
      'Azure per-port wins over global',
      {
        [`${A}azure-load-balancer-health-probe-interval`]: '10',
        [`${A}port_80_health-probe_interval`]: '7',
      },
      { interval: 7 },
    ],
    [
      'Azure per-port probe on kube-proxy 10256 /healthz',
      {
        [`${A}port_80_health-probe_port`]: '10256',
        [`${A}port_80_health-probe_protocol`]: 'http',
        [`${A}port_80_health-probe_request-path`]: '/healthz',
      },
      { kind: 'httpKubeProxyHealthz', interval: 5, unhealthyThreshold: 2 },
    ],
    [
      'Azure num-of-probe below 2 is refused',
      { [`${A}azure-load-balancer-health-probe-num-of-probe`]: '1' },
      { unhealthyThreshold: 2 },
    ],
    [
      'Azure interval × num ≥ 120 is refused',
      {
        [`${A}azure-load-balancer-health-probe-interval`]: '60',
        [`${A}azure-load-balancer-health-probe-num-of-probe`]: '2',
      },
      { interval: 5, unhealthyThreshold: 2 },
    ],
  ])('%s', (_, annotations, probe) => {
    const r = withAnnotations(annotations);
    expect(r.scenario.loadBalancer.probe).toMatchObject(probe);
  });

  it('refused annotations are contradictions naming the annotation', () => {
    const r = withAnnotations({ [`${A}azure-load-balancer-health-probe-num-of-probe`]: 'lots' });
    expect(items(r.report, 'annotationRejected')[0]?.params).toEqual({
      annotation: `${A}azure-load-balancer-health-probe-num-of-probe`,
      value: 'lots',
      expected: '2–59',
    });
  });

  it('Azure: floating IP off → nodeIP:nodePort; an HTTP probe on the nodePort is approximated', () => {
    const r = withAnnotations({
      [`${A}azure-disable-load-balancer-floating-ip`]: 'true',
      [`${A}azure-load-balancer-health-probe-protocol`]: 'http',
    });
    expect(r.scenario.loadBalancer.delivery).toBe('nodePort');
    expect(r.scenario.loadBalancer.probe.kind).toBe('tcpNodePort');
    expect(codes(r.report)).toContain('probeApproximated');
  });

  it('Azure Local: the hcnp probe stays; a per-port probe port is reported as not simulated', () => {
    const r = withAnnotations(
      {
        [`${A}port_80_health-probe_port`]: '10256',
        [`${A}azure-load-balancer-health-probe-interval`]: '15',
      },
      { policy: 'Local', healthCheckNodePort: 32000 },
    );
    expect(r.scenario.loadBalancer.probe).toEqual(presetProbe('azure', 'Local'));
    expect(codes(r.report)).toContain('azureLocalPortProbe');
  });

  it.each([
    [
      'no type annotation: Classic ELB numbers',
      {},
      'aws-clb',
      { kind: 'tcpNodePort', interval: 10, timeout: 5, unhealthyThreshold: 6, healthyThreshold: 2 },
    ],
    [
      'type nlb: cloud-provider-aws NLB',
      { [`${A}aws-load-balancer-type`]: 'nlb' },
      'aws-nlb',
      presetProbe('aws-nlb', 'Cluster'),
    ],
    [
      'type external: LBC',
      { [`${A}aws-load-balancer-type`]: 'external' },
      'aws-lbc',
      presetProbe('aws-lbc', 'Cluster'),
    ],
    [
      'LBC with healthcheck numbers',
      {
        [`${A}aws-load-balancer-type`]: 'external',
        [`${A}aws-load-balancer-healthcheck-interval`]: '5',
        [`${A}aws-load-balancer-healthcheck-timeout`]: '3',
        [`${A}aws-load-balancer-healthcheck-healthy-threshold`]: '2',
        [`${A}aws-load-balancer-healthcheck-unhealthy-threshold`]: '2',
      },
      'aws-lbc',
      { kind: 'tcpNodePort', interval: 5, timeout: 3, healthyThreshold: 2, unhealthyThreshold: 2 },
    ],
    [
      'LBC probing kube-proxy',
      {
        [`${A}aws-load-balancer-type`]: 'external',
        [`${A}aws-load-balancer-healthcheck-protocol`]: 'HTTP',
        [`${A}aws-load-balancer-healthcheck-port`]: '10256',
        [`${A}aws-load-balancer-healthcheck-path`]: '/healthz',
      },
      'aws-lbc',
      { kind: 'httpKubeProxyHealthz' },
    ],
  ])('AWS %s', (_, annotations, preset, probe) => {
    const r = withAnnotations(annotations, {}, 'aws:///eu-central-1a/i-0');
    expect(r.scenario.loadBalancer.preset).toBe(preset);
    expect(r.scenario.loadBalancer.delivery).toBe('nodePort');
    expect(r.scenario.loadBalancer.probe).toMatchObject(probe);
  });

  it('AWS IP targets and PROXY protocol are read, not simulated', () => {
    const r = withAnnotations(
      {
        [`${A}aws-load-balancer-type`]: 'external',
        [`${A}aws-load-balancer-nlb-target-type`]: 'ip',
        [`${A}aws-load-balancer-proxy-protocol`]: '*',
      },
      {},
      'aws:///x/i-0',
    );
    expect(codes(r.report)).toEqual(expect.arrayContaining(['targetTypeIp', 'proxyProtocol']));
  });

  it('GKE: RBS annotation → gcp-l4; no providerID → custom; another loadBalancerClass → custom', () => {
    expect(
      withAnnotations({ 'cloud.google.com/l4-rbs': 'enabled' }, {}, 'gce://p/z/').scenario
        .loadBalancer.preset,
    ).toBe('gcp-l4');
    expect(withAnnotations({}, {}, 'kind://docker/kind/').report.cloud).toMatchObject({
      preset: 'custom',
      source: 'none',
    });
    const metallb = withAnnotations({}, { loadBalancerClass: 'metallb.io/metallb' });
    expect(metallb.scenario.loadBalancer.preset).toBe('custom');
    expect(codes(metallb.report)).toContain('lbClassUnknown');
  });

  it('--preset wins over the inference and is reported as chosen', () => {
    const r = importOk(objectsOf(baseDef()), { preset: 'azure-shared' });
    expect(r.scenario.loadBalancer.probe.kind).toBe('httpKubeProxyHealthz');
    expect(r.report.cloud.source).toBe('option');
    expect(importFails(objectsOf(baseDef()), { preset: 'oracle' })[0]).toMatchObject({
      code: 'presetUnknown',
    });
  });

  it('annotations of another cloud are reported', () => {
    const r = withAnnotations({ [`${A}aws-load-balancer-type`]: 'nlb' });
    // Azure nodes, but an AWS annotation: the AWS annotation names the LB, Azure ones would not.
    expect(r.scenario.loadBalancer.preset).toBe('aws-nlb');
    const azure = withAnnotations({ [`${A}aws-load-balancer-healthcheck-interval`]: '5' });
    expect(azure.scenario.loadBalancer.preset).toBe('azure');
    expect(items(azure.report, 'annotationsOtherCloud')[0]?.params).toEqual({
      preset: 'azure',
      count: 1,
    });
  });
});

describe('endpoints, Pods and their contradictions', () => {
  it('not-ready and terminating endpoints start in their state (settled), nothing replayed', () => {
    const def = baseDef();
    const pods = def.pods['shop'] ?? [];
    Object.assign(pods[0] ?? {}, { ready: false });
    Object.assign(pods[1] ?? {}, { terminating: true, serving: true });
    const r = importOk(objectsOf(def));
    expect(r.scenario.pods.map((p) => [p.id, p.state])).toEqual([
      ['shop-7d9c6b5f4-aaaaa', 'notReady'],
      ['shop-7d9c6b5f4-bbbbb', 'terminatingServing'],
      ['shop-7d9c6b5f4-ccccc', undefined],
    ]);
    expect(r.scenario.timeline).toEqual([]);
    expect(r.scenario.lifecycle.servesWhileTerminating).toBe(true);
    expect(codes(r.report)).toEqual(
      expect.arrayContaining(['endpointNotReady', 'podTerminating', 'settledAtStart']),
    );
  });

  it('a Pending Pod of the selector is kept without a node', () => {
    const def = baseDef();
    def.pods['shop']?.push({ name: 'shop-7d9c6b5f4-ddddd' });
    const r = importOk(objectsOf(def));
    expect(r.scenario.pods.at(-1)).toEqual({ id: 'shop-7d9c6b5f4-ddddd' });
    expect(codes(r.report)).toContain('podPending');
  });

  it('explains slices that disagree with the Pods and the nodes', () => {
    const objects = objectsOf(baseDef());
    const slice = find(objects, 'EndpointSlice');
    const eps = slice['endpoints'] as Obj[];
    // Endpoint 0 names a Pod the dump lacks; endpoint 1 a node the dump lacks; 2: other IP.
    set(eps[0] ?? {}, 'targetRef.name', 'shop-gone-zzzzz');
    set(eps[0] ?? {}, 'addresses', ['10.244.1.77']);
    set(eps[1] ?? {}, 'nodeName', 'node-9');
    const pod = find(objects, 'Pod', 'shop-7d9c6b5f4-ccccc');
    set(pod, 'status.podIP', '10.244.3.99');
    const r = importOk(objects);
    expect(codes(r.report)).toEqual(
      expect.arrayContaining([
        'endpointNoPod',
        'endpointUnknownNode',
        'endpointIpMismatch',
        'podReadyNotInSlice',
      ]),
    );
    expect(items(r.report, 'endpointUnknownNode')[0]).toMatchObject({
      params: { node: 'node-9' },
      field: 'endpoints[].nodeName',
    });
    // The slice is what kube-proxy programs: its address wins.
    expect(r.scenario.pods.map((p) => p.ip)).toEqual(['10.244.1.77', '10.244.3.9']);
  });

  it('a Pod listed twice (two slices during an update) counts once', () => {
    const objects = objectsOf(baseDef());
    const slice = find(objects, 'EndpointSlice');
    objects.splice(1, 0, {
      ...structuredClone(slice),
      metadata: { ...(slice['metadata'] as Obj), name: 'shop-dup' },
    });
    const r = importOk(objects);
    expect(r.scenario.pods).toHaveLength(3);
    expect(codes(r.report)).toContain('endpointDuplicate');
  });

  it('no EndpointSlice: Endpoints, else the selector', () => {
    const objects = objectsOf(baseDef()).filter((o) => o['kind'] !== 'EndpointSlice');
    const viaSelector = importOk(objects);
    expect(viaSelector.scenario.pods).toHaveLength(3);
    expect(codes(viaSelector.report)).toContain('endpointsFromSelector');
    const legacy = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'shop', namespace: 'default' },
      subsets: [
        {
          addresses: [
            {
              ip: '10.244.1.5',
              nodeName: 'node-1',
              targetRef: { kind: 'Pod', name: 'shop-7d9c6b5f4-aaaaa' },
            },
          ],
          notReadyAddresses: [{ ip: '10.244.2.7', nodeName: 'node-2' }],
          ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
        },
      ],
    };
    const viaEndpoints = importOk([...objects, legacy]);
    // The not-ready address starts not ready: kube-proxy sends it nothing.
    expect(viaEndpoints.scenario.pods.map((p) => [p.ip, p.state])).toEqual([
      ['10.244.1.5', undefined],
      ['10.244.2.7', 'notReady'],
    ]);
    expect(codes(viaEndpoints.report)).toContain('endpointsFromEndpoints');
  });

  it('Pods outside their node’s podCIDR (VPC / Azure CNI): a covering block is inferred', () => {
    const def = baseDef();
    for (const n of def.nodes) n.podCidr = '10.240.0.0/24';
    const r = importOk(objectsOf(def));
    expect(r.scenario.nodes.map((n) => n.podCidr)).toEqual([
      '10.244.1.0/24',
      '10.244.2.0/24',
      '10.244.3.0/24',
    ]);
    expect(items(r.report, 'podIpOutsideCidr')).toHaveLength(3);
  });

  it('no Node objects (namespaced RBAC): nodes come from the endpoints, with stand-in addresses', () => {
    const objects = objectsOf(baseDef()).filter((o) => o['kind'] !== 'Node');
    const r = importOk(objects);
    expect(r.scenario.nodes.map((n) => [n.id, n.ip])).toEqual([
      ['node-1', '198.51.100.1'],
      ['node-2', '198.51.100.2'],
      ['node-3', '198.51.100.3'],
    ]);
    expect(codes(r.report)).toContain('nodesSynthesized');
    expect(r.report.cloud.preset).toBe('custom');
  });

  it('a Pod on a node the dump lacks is left out (selector path)', () => {
    const objects = objectsOf(baseDef()).filter((o) => o['kind'] !== 'EndpointSlice');
    set(find(objects, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'spec.nodeName', 'node-7');
    const r = importOk(objects);
    // The selector path turns the Pod into an endpoint on node-7, which does not exist.
    expect(r.scenario.pods).toHaveLength(2);
    expect(codes(r.report)).toContain('endpointUnknownNode');
  });
});

describe('nodes and Service fields', () => {
  it('node states: cordon, taints, deletion, NotReady, LB exclusion', () => {
    const def = baseDef();
    const [a, b, c] = def.nodes;
    Object.assign(a ?? {}, {
      unschedulable: true,
      taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }],
    });
    Object.assign(b ?? {}, {
      taints: [
        { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
        { key: 'karpenter.sh/disrupted', effect: 'NoSchedule' },
      ],
      ready: false,
    });
    Object.assign(c ?? {}, {
      labels: { 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
    });
    const objects = objectsOf(def);
    set(find(objects, 'Node', 'node-3'), 'metadata.deletionTimestamp', '2026-11-30T10:00:00Z');
    const r = importOk(objects);
    expect(r.scenario.timeline).toEqual([]);
    expect(r.scenario.nodes.map((n) => [n.cordoned, n.toBeDeleted, n.excludedFromLb])).toEqual([
      [true, undefined, undefined],
      [undefined, undefined, undefined],
      [undefined, true, true],
    ]);
    expect(codes(r.report)).toEqual(
      expect.arrayContaining([
        'nodeCordoned',
        'nodeDeleting',
        'taintOther',
        'karpenterDisrupted',
        'nodeNotReady',
        'excludedFromLb',
      ]),
    );
    expect(items(r.report, 'taintOther')).toHaveLength(1);
    expect(r.report.drainCandidates).toEqual(['node-1', 'node-3']);
  });

  it('fields the engine does not model are reported with their values', () => {
    const def = baseDef();
    Object.assign(def.services[0] ?? {}, {
      internalTrafficPolicy: 'Local',
      sessionAffinity: 'ClientIP',
      sourceRanges: ['192.0.2.0/24', '203.0.113.0/24'],
      ipMode: 'Proxy',
      annotations: { 'service.kubernetes.io/topology-mode': 'Auto' },
    });
    const r = importOk(objectsOf(def));
    const p = (code: Parameters<typeof items>[1]) => items(r.report, code)[0]?.params;
    expect(p('internalTrafficPolicy')).toEqual({ value: 'Local' });
    expect(p('sessionAffinity')).toEqual({ value: 'ClientIP', seconds: 10800 });
    expect(p('sourceRanges')).toEqual({ ranges: '192.0.2.0/24, 203.0.113.0/24', count: 2 });
    expect(p('ipMode')).toEqual({ value: 'Proxy' });
    expect(p('topologyRouting')).toEqual({ mode: 'Auto' });
    for (const i of r.report.items.filter((x) =>
      ['internalTrafficPolicy', 'sessionAffinity'].includes(x.code),
    ))
      expect(i.kind).toBe('notSimulated');
  });

  it('Local without a healthCheckNodePort, an LB still pending: contradictions, stand-ins', () => {
    const def = baseDef();
    Object.assign(def.services[0] ?? {}, { policy: 'Local', lbIp: undefined });
    const r = importOk(objectsOf(def));
    expect(r.scenario.service.healthCheckNodePort).toBe(32000);
    expect(r.scenario.loadBalancer.frontendIp).toBe('203.0.113.100');
    expect(codes(r.report)).toEqual(
      expect.arrayContaining(['hcnpMissing', 'hcnpSynthesized', 'lbIngressMissing']),
    );
  });

  it('a nodePort outside 30000–32767 is replaced and reported', () => {
    const def = baseDef();
    const port = def.services[0]?.ports[0];
    if (port) port.nodePort = 40080;
    const r = importOk(objectsOf(def));
    expect(r.scenario.service.nodePort).toBe(30080);
    expect(items(r.report, 'nodePortOutOfRange')[0]?.params).toEqual({ nodePort: 40080 });
  });

  it('dual stack: IPv6 slices and node addresses are ignored, IPv4 is simulated', () => {
    const objects = objectsOf(baseDef());
    const slice = find(objects, 'EndpointSlice');
    objects.splice(2, 0, {
      ...structuredClone(slice),
      addressType: 'IPv6',
      metadata: { ...(slice['metadata'] as Obj), name: 'shop-v6' },
      endpoints: [{ addresses: ['2001:db8::5'], conditions: { ready: true }, nodeName: 'node-1' }],
    });
    const node = find(objects, 'Node', 'node-1');
    (node['status'] as { addresses: Obj[] }).addresses.push({
      address: '2001:db8::11',
      type: 'InternalIP',
    });
    const r = importOk(objects);
    expect(r.scenario.pods).toHaveLength(3);
    expect(codes(r.report)).toEqual(expect.arrayContaining(['sliceIgnored', 'ipv6Ignored']));
  });

  it('kinds it does not need are counted; Secrets are skipped unread', () => {
    const objects = [
      ...objectsOf(baseDef()),
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'c', namespace: 'default' },
        data: { a: 'b' },
      },
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 's', namespace: 'default' },
        data: { token: 'dG9r' },
      },
    ];
    const r = importOk(objects);
    expect(items(r.report, 'kindIgnored')[0]?.params).toEqual({ kind: 'ConfigMap', count: 1 });
    expect(items(r.report, 'secretsSkipped')[0]?.params).toEqual({ count: 1 });
  });

  it('the placement rules of the Pods become what-if hints', () => {
    const anti = baseDef({
      podSpec: {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                labelSelector: { matchLabels: { app: 'shop' } },
                topologyKey: 'kubernetes.io/hostname',
              },
            ],
          },
        },
      },
    });
    expect(importOk(objectsOf(anti)).report.placement).toEqual({
      strategy: 'antiAffinityRequired',
      replicas: 3,
      source: 'podAntiAffinity',
      topologyKey: 'kubernetes.io/hostname',
      hard: true,
    });
    const soft = baseDef({
      podSpec: {
        topologySpreadConstraints: [
          {
            maxSkew: 2,
            topologyKey: 'kubernetes.io/hostname',
            whenUnsatisfiable: 'ScheduleAnyway',
          },
        ],
      },
    });
    const r = importOk(objectsOf(soft));
    expect(r.report.placement).toMatchObject({
      strategy: 'topologySpread',
      maxSkew: 2,
      hard: false,
    });
    expect(codes(r.report)).toContain('placementSoft');
    expect(importOk(objectsOf(baseDef())).report.placement).toEqual({
      strategy: 'none',
      replicas: 3,
      source: 'none',
    });
  });

  it('item kinds follow the code table', () => {
    const r = importKubectl(sample('eks-drain'));
    if (!r.ok) throw new Error('sample');
    for (const i of r.report.items)
      if (i.code !== 'itemsCapped') expect(i.kind).toBe(REPORT_CODES[i.code]);
  });
});

describe('bad input gets a message, never a throw', () => {
  it.each([
    ['empty', 'inputEmpty', ''],
    ['whitespace', 'inputEmpty', ' \n\t\n'],
    ['a YAML syntax error', 'yamlSyntax', 'apiVersion: v1\nkind: List\nitems: [\n'],
    ['plain text', 'notKubernetes', 'hello world, this is not kubectl'],
    ['JSON numbers', 'notKubernetes', '[1, 2, 3]'],
    ['objects without apiVersion', 'notKubernetes', '{"kind": "Pod", "metadata": {"name": "x"}}'],
    ['only Pods', 'noService', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n'],
    ['deep YAML nesting', 'inputTooDeep', `items: ${'['.repeat(5000)}${']'.repeat(5000)}`],
    [
      'deep JSON nesting (parsed, nothing in it)',
      'notKubernetes',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    ],
    [
      'deep indentation',
      'inputTooDeep',
      Array.from({ length: 1200 }, (_, i) => `${' '.repeat(i)}k:`).join('\n'),
    ],
    [
      'an alias bomb',
      'yamlAliases',
      `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from(
        { length: 12 },
        (_, i) =>
          `b${i}: &b${i} [${Array(9)
            .fill(i === 0 ? '*a' : `*b${i - 1}`)
            .join(',')}]`,
      ).join('\n')}\n`,
    ],
    ['10 MB', 'inputTooLarge', `# ${'x'.repeat(10 * 1024 * 1024)}`],
  ])('%s → %s', (_, code, text) => {
    const r = importKubectl(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.code).toBe(code);
  });

  it('the size limit counts UTF-8 bytes', () => {
    const r = importKubectl('ä'.repeat(6 * 1024 * 1024));
    expect(r.ok ? '' : r.issues[0]?.code).toBe('inputTooLarge');
    if (!r.ok) expect(r.issues[0]?.params['bytes']).toBe(12 * 1024 * 1024);
  });

  it('too many nodes for the engine: a message with the count', () => {
    const def = baseDef();
    def.nodes = Array.from({ length: 300 }, (_, i) => ({
      name: `n-${i}`,
      ip: `198.51.${100 + Math.floor(i / 200)}.${(i % 200) + 1}`,
      podCidr: `10.${10 + Math.floor(i / 250)}.${i % 250}.0/24`,
    }));
    expect(importFails(objectsOf({ ...def, pods: { shop: [] } }))[0]).toMatchObject({
      code: 'tooManyNodes',
      params: { count: 300, max: 256 },
    });
  });
});
