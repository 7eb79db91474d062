import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  getScenario,
  overrideKeys,
  scenarioIds,
  scenarios,
  validateScenario,
  PRESETS,
} from '../../src/sim/index.ts';

describe('scenarios and validation', () => {
  it.each(scenarioIds)('%s validates and round-trips', (id) => {
    const v = validateScenario(JSON.parse(JSON.stringify(scenarios[id])) as unknown);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.scenario).toEqual(JSON.parse(JSON.stringify(scenarios[id])));
  });
  it('names the offending field', () => {
    const s = getScenario('cluster-snat');
    const bad = {
      ...s,
      traffic: { rate: Number.NaN, duration: 5000, connectTimeout: 1 },
      nodes: [{ id: 'node-1', ip: '1.2.3', podCidr: 'x' }],
    };
    const v = validateScenario(bad);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      const paths = v.issues.map((i) => `${i.path}:${i.code}`);
      expect(paths).toContain('traffic.rate:expectedNumber');
      expect(paths).toContain('traffic.duration:outOfRange');
      expect(paths).toContain('nodes[0].ip:expectedIp');
      expect(paths).toContain('nodes[0].podCidr:expectedCidr');
      // One broken field, one message: Pods on the broken node are not also "unknown".
      expect(paths.some((p) => p.startsWith('pods['))).toBe(false);
    }
  });
  it('checks references once the structure is sound', () => {
    const s = getScenario('cluster-snat');
    const v = validateScenario({ ...s, pods: [{ id: 'pod-a', node: 'node-9', ip: '10.244.9.5' }] });
    expect(v).toMatchObject({
      ok: false,
      issues: [{ path: 'pods[0].node', code: 'unknownReference', params: { received: 'node-9' } }],
    });
  });
  it('bounds the number of connections', () => {
    const s = getScenario('cluster-snat');
    const v = validateScenario({
      ...s,
      traffic: { rate: 100000, duration: 3600, connectTimeout: 21 },
    });
    expect(v).toMatchObject({
      ok: false,
      issues: [{ path: 'traffic.rate', code: 'tooManyConnections' }],
    });
  });
});

describe('overrides', () => {
  const base = getScenario('drain-cluster-nodeport-probe');
  if (!base) throw new Error('missing');
  it('parses values by type and reports unknown keys / wrong types', () => {
    expect(applyOverrides(base, { 'loadBalancer.probe.interval': '10' })).toMatchObject({
      ok: true,
      scenario: { loadBalancer: { probe: { interval: 10 } } },
    });
    expect(applyOverrides(base, { nope: '1' })).toMatchObject({
      ok: false,
      issues: [{ path: 'nope', code: 'unknownKey' }],
    });
    expect(applyOverrides(base, { masquerade: 'yes' })).toMatchObject({
      ok: false,
      issues: [{ path: 'masquerade', code: 'expectedBoolean' }],
    });
    expect(applyOverrides(base, { 'placement.replicas': '2.5' })).toMatchObject({
      ok: false,
      issues: [{ code: 'expectedInteger' }],
    });
    expect(applyOverrides(base, { 'loadBalancer.probe.interval': '-1' })).toMatchObject({
      ok: false,
      issues: [{ path: 'loadBalancer.probe.interval', code: 'outOfRange' }],
    });
  });
  it('re-derives the preset probe when the policy or preset changes', () => {
    const local = applyOverrides(base, { 'service.externalTrafficPolicy': 'Local' });
    expect(local).toMatchObject({
      ok: true,
      scenario: {
        service: { healthCheckNodePort: 32000 },
        loadBalancer: { probe: PRESETS.azure.Local },
      },
    });
    const gcp = applyOverrides(base, { 'loadBalancer.preset': 'gcp' });
    expect(gcp).toMatchObject({
      ok: true,
      scenario: { loadBalancer: { probe: PRESETS.gcp.Cluster } },
    });
    const explicit = applyOverrides(base, {
      'loadBalancer.preset': 'aws-nlb',
      'loadBalancer.probe.kind': 'httpKubeProxyHealthz',
      'loadBalancer.probe.interval': '7',
    });
    expect(explicit).toMatchObject({
      ok: true,
      scenario: {
        loadBalancer: {
          probe: { kind: 'httpKubeProxyHealthz', interval: 7, timeout: 10, unhealthyThreshold: 3 },
        },
      },
    });
    const back = applyOverrides(getScenario('local') ?? base, {
      'service.externalTrafficPolicy': 'Cluster',
    });
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.scenario.service.healthCheckNodePort).toBeUndefined();
    expect(back.ok && back.scenario.loadBalancer.probe.kind).toBe('tcpNodePort');
  });
  it('lists every key with a type', () => {
    expect(overrideKeys.length).toBeGreaterThan(20);
    for (const k of overrideKeys)
      expect(['number', 'integer', 'boolean', 'enum', 'nodeOrNone']).toContain(k.type);
    expect(overrideKeys.find((k) => k.key === 'loadBalancer.preset')?.values).toContain('gcp-l4');
  });
});
