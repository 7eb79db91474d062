/**
 * Every code the importer can emit has a sentence in both languages, and every sentence's
 * placeholders are filled by the items that use it (a misnamed param would show as a gap).
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_PARAMS,
  importKubectl,
  itemKey,
  itemParams,
  REPORT_CODES,
  REPORT_KINDS,
  type ReportItem,
} from '../../src/importer/index.ts';
import { SAMPLE_IDS, samples } from '../../src/clusterCheck/samples.ts';
import de from '../../src/i18n/locales/importer/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/importer/en.json' with { type: 'json' };
import { resources } from '../../src/i18n/index.ts';
import { bigCluster, dumpObjects, toKubectlYaml } from './dump.ts';
import { FIXTURES } from '../fixtures/kubectl/fixtures.ts';
import { dataPathDumps } from './dataPathDumps.ts';
import { baseDef, find, objectsOf, set } from './helpers.ts';

const locales: Record<string, Record<string, string>> = { en, de };
const placeholders = (s: string): string[] =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');

/** Code-valued params and every value the importer gives them. */
const CODE_VALUES: Record<keyof typeof CODE_PARAMS, string[]> = {
  reason: [
    'clusterIP',
    'headless',
    'externalName',
    'ipv6Only',
    'noTcpPort',
    'notChosen',
    'pending',
    'hostname',
    'ipv6',
    'nodePort',
    'nodeAddresses',
  ],
  delivery: ['vip', 'nodePort'],
  controller: ['awsLbc', 'eksAutoMode', 'gkeL4', 'gkeLegacy'],
  basis: ['nodeSubnet', 'neighbours', 'default'],
  lbKind: ['nlb', 'clb', 'elb'],
  serving: ['true', 'false'],
  onOff: ['on', 'off'],
};

/** One dump that trips as many report codes as possible at once. */
function kitchenSink(): ReportItem[] {
  const A = 'service.beta.kubernetes.io/';
  const def = baseDef({ slices: 2 });
  const svc = def.services[0];
  if (!svc) return [];
  Object.assign(svc, {
    policy: 'Local',
    internalTrafficPolicy: 'Local',
    sessionAffinity: 'ClientIP',
    sourceRanges: ['192.0.2.0/24'],
    ipMode: 'Proxy',
    annotations: {
      [`${A}aws-load-balancer-healthcheck-interval`]: '5',
      [`${A}port_80_health-probe_port`]: '10256',
      [`${A}azure-load-balancer-health-probe-num-of-probe`]: 'x',
      'service.kubernetes.io/topology-mode': 'Auto',
    },
  });
  svc.ports.push({ name: 'dns', port: 53, targetPort: 53, nodePort: 30053, protocol: 'UDP' });
  svc.ports.push({ name: 'admin', port: 81, targetPort: 'admin', nodePort: 40081 });
  def.services.push({
    ...svc,
    name: 'other',
    ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 31111 }],
  });
  const pods = def.pods['shop'] ?? [];
  Object.assign(pods[0] ?? {}, { ready: false });
  Object.assign(pods[1] ?? {}, { terminating: true, serving: false });
  pods.push({ name: 'shop-7d9c6b5f4-ppppp' });
  const [a, b, c] = def.nodes;
  Object.assign(a ?? {}, {
    unschedulable: true,
    taints: [{ key: 'ToBeDeletedByClusterAutoscaler', effect: 'NoSchedule' }],
  });
  Object.assign(b ?? {}, {
    ready: false,
    taints: [
      { key: 'dedicated', effect: 'NoSchedule' },
      { key: 'karpenter.sh/disrupted', effect: 'NoSchedule' },
    ],
    labels: { 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
    zone: 'z1',
  });
  Object.assign(c ?? {}, { zone: 'z2', podCidr: '10.240.0.0/24' });
  def.podSpec = {
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'ScheduleAnyway',
      },
    ],
    hostNetwork: false,
  };
  const objects = objectsOf(def);
  const slice = find(objects, 'EndpointSlice');
  const eps = slice['endpoints'] as Array<Record<string, unknown>>;
  set(eps[0] ?? {}, 'targetRef.name', 'shop-gone');
  set(find(objects, 'Node', 'node-3'), 'metadata.deletionTimestamp', '2026-11-30T10:00:00Z');
  objects.push(
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } },
  );
  const out: ReportItem[] = [];
  for (const preset of [undefined, 'aws-lbc', 'azure']) {
    const r = importKubectl(toKubectlYaml(objects), preset ? { preset } : {});
    if (r.ok) out.push(...r.report.items);
  }
  return out;
}

type O = Record<string, unknown>;

/** Small dumps and options that reach the remaining codes, one or two each. */
function variants(): ReportItem[] {
  const A = 'service.beta.kubernetes.io/';
  const out: ReportItem[] = [];
  const take = (text: string, options: Parameters<typeof importKubectl>[1] = {}): void => {
    const r = importKubectl(text, options);
    out.push(...(r.ok ? r.report.items : r.issues));
  };
  const base = (): O[] => objectsOf(baseDef());
  const svcOf = (objects: O[]): O => find(objects, 'Service', 'shop');
  const nodeless = (objects: O[]): O[] => objects.filter((o) => o['kind'] !== 'Node');
  const sliceless = (objects: O[]): O[] => objects.filter((o) => o['kind'] !== 'EndpointSlice');
  take(`# ${'x'.repeat(10 * 1024 * 1024)}`);
  take(
    `a: &a [1,1,1,1,1,1,1,1,1,1]\n${Array.from(
      { length: 10 },
      (_, i) =>
        `b${i}: &b${i} [${Array(10)
          .fill(i ? `*b${i - 1}` : '*a')
          .join(',')}]`,
    ).join('\n')}\n`,
  );
  take('apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n');
  take(toKubectlYaml(base()), { service: 'nope', preset: 'nope' });
  take(toKubectlYaml(base()), { service: 'nope' });
  take(toKubectlYaml(base()), { port: 'nope' });
  let o = base();
  set(svcOf(o), 'spec.ports', [
    { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53, nodePort: 30053 },
  ]);
  take(toKubectlYaml(o), { service: 'default/shop' });
  const big = baseDef();
  big.nodes = Array.from({ length: 257 }, (_, i) => ({
    name: `n-${i}`,
    ip: `198.51.${100 + (i >> 7)}.${(i & 127) + 1}`,
    podCidr: '10.244.0.0/24',
  }));
  take(toKubectlYaml(objectsOf({ ...big, pods: { shop: [] } })));
  o = nodeless(base()).filter((x) => x['kind'] !== 'Pod');
  for (const e of find(o, 'EndpointSlice')['endpoints'] as O[]) delete e['nodeName'];
  take(toKubectlYaml(o));
  o = base();
  for (const n of o.filter((x) => x['kind'] === 'Node'))
    set(n, 'spec.providerID', 'aws:///eu-central-1a/i-0');
  set(svcOf(o), 'metadata.annotations', {});
  take(toKubectlYaml(o));
  o = base();
  set(svcOf(o), 'metadata.annotations', { [`${A}azure-load-balancer-health-probe-interval`]: '4' });
  set(find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'spec.affinity', {
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        { podAffinityTerm: { topologyKey: 'kubernetes.io/hostname' }, weight: 100 },
      ],
    },
  });
  const stray = find(o, 'EndpointSlice')['endpoints'] as O[];
  stray.push({ addresses: ['10.244.2.200'], conditions: { ready: true }, nodeName: 'node-9' });
  stray.push({ addresses: ['10.244.2.201'], conditions: { ready: true } });
  take(toKubectlYaml(o));
  // Inferred, ignored, not simulated, contradictions.
  o = base();
  set(svcOf(o), 'metadata.annotations', {
    [`${A}aws-load-balancer-type`]: 'nlb',
    [`${A}aws-load-balancer-proxy-protocol`]: '*',
    [`${A}aws-load-balancer-healthcheck-port`]: '12345',
    [`${A}aws-load-balancer-healthcheck-protocol`]: 'HTTP',
  });
  take(toKubectlYaml(o));
  o = base();
  for (const n of o.filter((x) => x['kind'] === 'Node'))
    set(n, 'spec.providerID', 'aws:///eu-central-1a/i-0');
  set(svcOf(o), 'metadata.annotations', {
    [`${A}aws-load-balancer-nlb-target-type`]: 'ip',
    [`${A}aws-load-balancer-type`]: 'nlb-ip',
  });
  set(svcOf(o), 'spec.externalIPs', ['192.0.2.99']);
  take(toKubectlYaml(o));
  o = base();
  for (const n of o.filter((x) => x['kind'] === 'Node'))
    set(n, 'spec.providerID', 'aws:///eu-central-1a/i-0');
  set(find(o, 'Node', 'node-2'), 'spec.providerID', 'gce://p/z/n');
  set(svcOf(o), 'spec.ports', [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'web' }]);
  set(svcOf(o), 'spec.allocateLoadBalancerNodePorts', false);
  set(svcOf(o), 'spec.loadBalancerClass', 'metallb.io/metallb');
  set(svcOf(o), 'spec.healthCheckNodePort', 32000);
  set(svcOf(o), 'status.loadBalancer', {});
  for (const sl of o.filter((x) => x['kind'] === 'EndpointSlice')) set(sl, 'ports', []);
  take(toKubectlYaml(o));
  o = base();
  set(svcOf(o), 'metadata.annotations', {
    [`${A}azure-load-balancer-health-probe-protocol`]: 'http',
    [`${A}port_80_no_probe_rule`]: 'true',
  });
  set(find(o, 'Node', 'node-1'), 'status.addresses', [
    { address: '2001:db8::1', type: 'InternalIP' },
  ]);
  set(find(o, 'Node', 'node-2'), 'status.addresses', [
    { address: '198.51.100.13', type: 'InternalIP' },
  ]);
  set(find(o, 'Pod', 'shop-7d9c6b5f4-bbbbb'), 'spec.hostNetwork', true);
  set(find(o, 'Pod', 'shop-7d9c6b5f4-bbbbb'), 'spec.nodeName', 'node-3');
  const eps = find(o, 'EndpointSlice')['endpoints'] as O[];
  set(eps[0] ?? {}, 'targetRef.name', 'shop-gone');
  set(eps[0] ?? {}, 'addresses', ['192.168.7.7']);
  set(eps[2] ?? {}, 'addresses', ['10.244.2.7']);
  delete eps[1]?.['nodeName'];
  o.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'Bad_Name' } });
  o.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'q7x2v9k4m1n8b5c3z6l0p2w4e7r9t1y3' } });
  o.push({
    ...structuredClone(find(o, 'EndpointSlice')),
    addressType: 'FQDN',
    metadata: {
      name: 'fqdn',
      namespace: 'default',
      labels: { 'kubernetes.io/service-name': 'shop' },
    },
  });
  o.push({
    ...structuredClone(find(o, 'EndpointSlice')),
    metadata: {
      name: 'dup',
      namespace: 'default',
      labels: { 'kubernetes.io/service-name': 'shop' },
    },
  });
  o.push({
    ...structuredClone(find(o, 'EndpointSlice')),
    metadata: {
      name: 'other',
      namespace: 'default',
      labels: { 'kubernetes.io/service-name': 'x' },
    },
  });
  take(toKubectlYaml(o));
  o = base();
  set(find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'status.conditions', []);
  set(find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'spec.nodeName', 'node-2');
  set(find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'status.podIP', '10.244.1.66');
  set(find(o, 'Pod', 'shop-7d9c6b5f4-bbbbb'), 'status.podIP', '10.244.1.5');
  set(find(o, 'Pod', 'shop-7d9c6b5f4-ccccc'), 'spec.affinity', {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname' }],
    },
  });
  set(find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa'), 'spec.topologySpreadConstraints', [
    { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway' },
  ]);
  const extra = structuredClone(find(o, 'Pod', 'shop-7d9c6b5f4-ccccc'));
  set(extra, 'metadata.name', 'shop-7d9c6b5f4-eeeee');
  set(extra, 'status.podIP', '10.244.3.44');
  o.push(extra);
  const elsewhere = structuredClone(extra);
  set(elsewhere, 'metadata.name', 'shop-7d9c6b5f4-fffff');
  set(elsewhere, 'spec.nodeName', 'node-9');
  o.push(elsewhere);
  take(toKubectlYaml(o));
  for (const sl of o.filter((x) => x['kind'] === 'EndpointSlice'))
    set(sl, 'ports', [{ name: 'http', port: 8080 }]);
  const second = structuredClone(find(o, 'EndpointSlice'));
  set(second, 'metadata.name', 'shop-b');
  set(second, 'ports', [{ name: 'http', port: 9090 }]);
  set(second, 'endpoints', [
    { addresses: ['10.244.3.77'], conditions: { ready: true }, nodeName: 'node-3' },
  ]);
  o.push(second);
  take(toKubectlYaml(o));
  take(toKubectlYaml(sliceless(base())));
  take(
    toKubectlYaml([
      ...sliceless(base()),
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: { name: 'shop', namespace: 'default' },
        subsets: [
          {
            addresses: [{ ip: '10.244.1.5', nodeName: 'node-1' }],
            ports: [{ name: 'http', port: 8080 }],
          },
        ],
      },
    ]),
  );
  take(toKubectlYaml(nodeless(base())));
  o = base();
  set(svcOf(o), 'spec.type', 'NodePort');
  set(svcOf(o), 'spec.healthCheckNodePort', 31000);
  take(toKubectlYaml(o));
  o = base();
  set(svcOf(o), 'spec.externalTrafficPolicy', 'Local');
  set(svcOf(o), 'spec.healthCheckNodePort', 50000);
  for (const n of o.filter((x) => x['kind'] === 'Node')) set(n, 'spec.providerID', undefined);
  const many = structuredClone(find(o, 'EndpointSlice'));
  set(many, 'metadata.name', 'many');
  set(
    many,
    'endpoints',
    Array.from({ length: 30 }, (_, i) => ({
      addresses: [`10.244.1.${100 + i}`],
      conditions: { ready: false },
      nodeName: 'node-1',
    })),
  );
  o.push(many);
  take(toKubectlYaml(o));
  o = base();
  const pa = find(o, 'Pod', 'shop-7d9c6b5f4-aaaaa');
  set(pa, 'status.podIP', '10.244.1.5');
  const odd = structuredClone(pa);
  set(odd, 'metadata.name', 'shop-odd');
  set(odd, 'status.podIP', '172.16.0.9');
  o.push(odd);
  const e0 = (find(o, 'EndpointSlice')['endpoints'] as O[])[0];
  (find(o, 'EndpointSlice')['endpoints'] as O[]).push({
    ...structuredClone(e0),
    addresses: ['172.16.0.9'],
    targetRef: { kind: 'Pod', name: 'shop-odd' },
  });
  take(toKubectlYaml(o));
  // Who builds the load balancer, and the zone and target-group settings it reads.
  const gce = (): O[] => {
    const g = base();
    for (const n of g.filter((x) => x['kind'] === 'Node')) set(n, 'spec.providerID', 'gce://p/z/n');
    return g;
  };
  o = gce();
  set(svcOf(o), 'metadata.finalizers', ['gke.networking.io/l4-netlb-v2']);
  take(toKubectlYaml(o));
  o = gce();
  set(svcOf(o), 'spec.loadBalancerClass', 'networking.gke.io/l4-regional-external');
  take(toKubectlYaml(o));
  o = gce();
  set(svcOf(o), 'metadata.finalizers', []);
  set(svcOf(o), 'metadata.annotations', {
    'cloud.google.com/l4-rbs': 'enabled',
    'networking.gke.io/weighted-load-balancing': 'pods-per-node',
  });
  take(toKubectlYaml(o));
  o = base();
  for (const n of o.filter((x) => x['kind'] === 'Node')) set(n, 'spec.providerID', undefined);
  set(svcOf(o), 'status.loadBalancer', {
    ingress: [{ hostname: 'a1b2c3d4e5f6-1234567890.eu-west-1.elb.amazonaws.com' }],
  });
  take(toKubectlYaml(o));
  o = base();
  o.filter((x) => x['kind'] === 'Node').forEach((n, i) => {
    const z = ['a', 'b', 'c'][i] ?? 'a';
    set(n, 'spec.providerID', `aws:///eu-west-1${z}/i-0`);
    set(n, 'metadata.labels', { 'topology.kubernetes.io/zone': `eu-west-1${z}` });
  });
  set(svcOf(o), 'metadata.annotations', {
    [`${A}aws-load-balancer-type`]: 'external',
    [`${A}aws-load-balancer-nlb-target-type`]: 'ip',
    [`${A}aws-load-balancer-attributes`]: 'load_balancing.cross_zone.enabled=true',
    [`${A}aws-load-balancer-target-group-attributes`]: 'preserve_client_ip.enabled=true',
  });
  take(toKubectlYaml(o));
  // A YAML dump over 2 MB gets the hint to use -o json.
  take(toKubectlYaml(dumpObjects({ ...bigCluster(50, 500, 'Local'), managedFields: true })));
  // The test dumps (the 100-node one adds no code, only time).
  for (const f of FIXTURES) if (f.id !== 'hundred-nodes') take(toKubectlYaml(dumpObjects(f.def)));
  for (const dump of dataPathDumps()) take(toKubectlYaml(dump));
  return out;
}

describe('importer i18n', () => {
  it('has a sentence for every code, group, code-valued param and sample, in both languages', () => {
    const keys = [
      ...Object.keys(REPORT_CODES).map((code) => `importer.item.${code}`),
      ...REPORT_KINDS.map((k) => `importer.kind.${k}`),
      ...Object.entries(CODE_VALUES).flatMap(([param, values]) =>
        values.map((v) => `${CODE_PARAMS[param as keyof typeof CODE_PARAMS]}${v}`),
      ),
      ...SAMPLE_IDS.flatMap((id) => [
        `importer.sample.${id}.title`,
        `importer.sample.${id}.description`,
      ]),
    ];
    for (const lang of ['en', 'de'])
      for (const k of keys) expect(locales[lang]?.[k], `${lang} ${k}`).toBeTruthy();
    for (const s of samples) expect(resources.de[s.titleKey]).toBeTruthy();
  });

  it(
    'fills every placeholder of every item it emits (samples and edge cases)',
    { timeout: 60_000 },
    () => {
      const corpus: ReportItem[] = [];
      for (const s of samples) {
        const r = importKubectl(s.text);
        if (r.ok) corpus.push(...r.report.items);
      }
      corpus.push(...kitchenSink());
      const def = baseDef();
      Object.assign(def.services[0] ?? {}, { type: 'ClusterIP' });
      for (const text of ['', 'a: [', 'x', toKubectlYaml(objectsOf(def)), `${'['.repeat(300)}`]) {
        const r = importKubectl(text);
        if (!r.ok) corpus.push(...r.issues);
      }
      corpus.push(...variants());
      const missing = Object.keys(REPORT_CODES).filter((c) => !corpus.some((i) => i.code === c));
      // Codes no test input reaches (a 100,000-object dump, a 4,097-Pod Service, an internal
      // validation failure) are the only ones allowed to be missing from the corpus.
      expect(missing.sort()).toEqual(['scenarioInvalid', 'tooManyObjects', 'tooManyPods']);
      for (const item of corpus) {
        for (const lang of ['en', 'de']) {
          const sentence = locales[lang]?.[itemKey(item)] ?? '';
          const params = itemParams(item, (k) => locales[lang]?.[k] ?? k);
          for (const p of placeholders(sentence))
            expect(params[p], `${lang} ${item.code} {{${p}}}`).not.toBeUndefined();
          for (const name of Object.keys(CODE_PARAMS)) {
            const v = item.params[name];
            if (typeof v === 'string')
              expect(CODE_VALUES[name as keyof typeof CODE_PARAMS]).toContain(v);
          }
        }
      }
    },
  );
});
