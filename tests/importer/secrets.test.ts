/**
 * Values that look like secrets never leave the importer: not in the scenario, not in the
 * report, not in what the CLI prints. The dump carries them where real dumps do.
 */
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { importKubectl } from '../../src/importer/index.ts';
import { toKubectlJson, toKubectlYaml } from './dump.ts';
import { baseDef, find, objectsOf, set } from './helpers.ts';

type Obj = Record<string, unknown>;

const SECRETS = {
  secretData: 'c3VwZXItc2VjcmV0LWRiLXBhc3N3b3JkLTQy',
  stringData: 'hunter2-plain-password-7f3a',
  lastApplied: 'pa55w0rd-in-last-applied-9c1e',
  managed: 'managedfield-token-b8d2',
  env: 'env-api-key-0d4f71',
  jwt: 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEyMyJ9.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQifQ.c2lnbmF0dXJl',
  pem: 'MIIBszCCAVmgAwIBAgIUQ3m0',
  tokenName: 'q7x2v9k4m1n8b5c3z6l0p2w4e7r9t1y3',
  label: 'ghp_labeltoken1234567890abcdefABCDEF',
};

function secretDump(): Obj[] {
  const objects = objectsOf(baseDef());
  const svc = find(objects, 'Service', 'shop');
  set(svc, 'metadata.annotations', {
    ...(svc['metadata'] as { annotations: Obj }).annotations,
    'kubectl.kubernetes.io/last-applied-configuration': `{"kind":"Service","metadata":{"annotations":{"db-password":"${SECRETS.lastApplied}"}}}\n`,
    'service.beta.kubernetes.io/azure-load-balancer-health-probe-request-path': `/${SECRETS.jwt}`,
    'service.beta.kubernetes.io/azure-load-balancer-health-probe-interval': SECRETS.jwt,
    'service.beta.kubernetes.io/port_80_health-probe_port': SECRETS.tokenName,
    'example.com/api-token': SECRETS.jwt,
  });
  set(svc, 'spec.loadBalancerClass', undefined);
  const pod = find(objects, 'Pod', 'shop-7d9c6b5f4-aaaaa');
  const container = (pod['spec'] as { containers: Obj[] }).containers[0] ?? {};
  container['env'] = [
    { name: 'API_KEY', value: SECRETS.env },
    { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { key: 'password', name: 'db' } } },
  ];
  set(pod, 'metadata.labels.token', SECRETS.label);
  set(pod, 'metadata.managedFields', [
    {
      apiVersion: 'v1',
      fieldsType: 'FieldsV1',
      fieldsV1: { [`f:${SECRETS.managed}`]: {} },
      manager: 'x',
      operation: 'Update',
    },
  ]);
  const node = find(objects, 'Node', 'node-1');
  set(
    node,
    'metadata.annotations.cert',
    `-----BEGIN CERTIFICATE-----\n${SECRETS.pem}\n-----END CERTIFICATE-----\n`,
  );
  // A Pod whose very name looks like a token: skipped, never shown.
  const tokenPod = structuredClone(find(objects, 'Pod', 'shop-7d9c6b5f4-ccccc'));
  set(tokenPod, 'metadata.name', SECRETS.tokenName);
  set(tokenPod, 'status.podIP', '10.244.3.50');
  objects.push(
    tokenPod,
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'default' },
      type: 'Opaque',
      data: { password: SECRETS.secretData },
      stringData: { plain: SECRETS.stringData },
    },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-root-ca.crt', namespace: 'default' },
      data: {
        'ca.crt': `-----BEGIN CERTIFICATE-----\n${SECRETS.pem}\n-----END CERTIFICATE-----\n`,
      },
    },
  );
  return objects;
}

const leaks = (text: string): string[] =>
  Object.entries(SECRETS)
    .filter(([, v]) => text.includes(v) || text.includes(v.slice(0, 16)))
    .map(([k]) => k);

describe('secrets', () => {
  it.each([
    ['YAML', toKubectlYaml],
    ['JSON', toKubectlJson],
  ])('never appear in the scenario or the report (%s)', (_, print) => {
    const r = importKubectl(print(secretDump()));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(leaks(JSON.stringify({ scenario: r.scenario, report: r.report }))).toEqual([]);
    // The token-named Pod is skipped with a notice that names neither the name nor the value.
    expect(r.report.items.some((i) => i.code === 'nameRedacted')).toBe(true);
    expect(r.report.items.some((i) => i.code === 'secretsSkipped')).toBe(true);
    expect(r.report.items.some((i) => i.code === 'annotationRejected')).toBe(true);
  });

  it('never appear in error issues either', () => {
    const objects = secretDump();
    set(find(objects, 'Service', 'shop'), 'spec.type', 'ClusterIP');
    const r = importKubectl(toKubectlYaml(objects), { port: SECRETS.jwt, service: SECRETS.jwt });
    expect(r.ok).toBe(false);
    expect(leaks(JSON.stringify(r))).toEqual([]);
  });

  it('never appear in what the CLI prints, in any mode', () => {
    const dump = toKubectlYaml(secretDump());
    for (const flags of [
      [],
      ['--json'],
      ['--print-scenario'],
      ['--lang', 'de'],
      ['--port', SECRETS.jwt],
    ]) {
      let out = '';
      const io: CliIo = {
        stdout: (t) => void (out += t),
        stderr: (t) => void (out += t),
        fileSize: () => dump.length,
        readFile: () => dump,
        env: {},
        cwd: '/',
      };
      main(['--from-kubectl', 'dump.yaml', ...flags], io);
      expect(leaks(out), flags.join(' ')).toEqual([]);
    }
  });
});
