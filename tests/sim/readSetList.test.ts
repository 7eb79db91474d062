import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  getScenario,
  LB_BEHAVIOUR,
  presetProbe,
  readSetList,
  SET_LIMITS,
} from '../../src/sim/index';
import type { Scenario } from '../../src/sim/types';

const s = (id: string): Scenario => {
  const x = getScenario(id);
  if (!x) throw new Error(id);
  return x;
};

describe('readSetList, the one reader of the set grammar', () => {
  it('reads key=value and the old key:value, trims, skips blank items', () => {
    expect(
      readSetList([
        'masquerade=false',
        ' service.externalTrafficPolicy : Local ',
        '',
        '   ',
        'placement.replicas=4',
      ]),
    ).toEqual({
      overrides: {
        masquerade: 'false',
        'service.externalTrafficPolicy': 'Local',
        'placement.replicas': '4',
      },
      issues: [],
    });
  });

  it('keeps the last value of a key given twice (like Helm’s --set)', () => {
    const r = readSetList(['masquerade=true', 'masquerade=false']);
    expect(r).toEqual({ overrides: { masquerade: 'false' }, issues: [] });
  });

  it('names an unknown key with the closest known one, and leaves it out', () => {
    const r = readSetList(['masqerade=false', 'traffic.rate=5']);
    expect(r.overrides).toEqual({ 'traffic.rate': '5' });
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({
      path: 'masqerade',
      code: 'unknownKey',
      params: { suggestion: 'masquerade' },
    });
    expect(r.issues[0]?.params?.values).toContain('service.externalTrafficPolicy');
  });

  it.each([
    ['masquerade', 'set', 'expectedKeyValue'],
    ['=false', 'set', 'expectedKeyValue'],
    ['masquerade=maybe', 'masquerade', 'expectedBoolean'],
    ['traffic.rate=fast', 'traffic.rate', 'expectedNumber'],
    ['traffic.rate=0', 'traffic.rate', 'outOfRange'],
    ['placement.replicas=2.5', 'placement.replicas', 'expectedInteger'],
    ['service.externalTrafficPolicy=Locale', 'service.externalTrafficPolicy', 'expectedOneOf'],
    ['drain=Node_1', 'drain', 'expectedId'],
    [`masquerade=${'x'.repeat(SET_LIMITS.value + 1)}`, 'masquerade', 'tooLong'],
  ])('%s → %s: %s', (item, path, code) => {
    const r = readSetList([item]);
    expect(r.overrides).toEqual({});
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ path, code });
  });

  it('suggests the closest value of an enum', () => {
    const [issue] = readSetList(['service.externalTrafficPolicy=Locale']).issues;
    expect(issue?.params?.suggestion).toBe('Local');
    expect(issue?.params?.values).toEqual(['Cluster', 'Local']);
  });

  it('checks values against a scenario when it has one', () => {
    expect(readSetList(['drain=node-4']).issues).toEqual([]);
    const [issue] = readSetList(['drain=node-4'], { scenario: s('cluster-snat') }).issues;
    expect(issue).toMatchObject({
      path: 'drain',
      code: 'expectedOneOf',
      params: { values: ['none', 'node-1', 'node-2', 'node-3'] },
    });
    // Under Cluster no healthCheckNodePort probe (CONDITIONS narrow the enum).
    expect(
      readSetList(['loadBalancer.probe.kind=httpHealthCheckNodePort'], {
        scenario: s('cluster-snat'),
      }).issues[0]?.code,
    ).toBe('expectedOneOf');
  });

  it('holds its size limits: items, item length, value length', () => {
    const many = Array.from({ length: SET_LIMITS.items + 5 }, () => 'masquerade=false');
    const r = readSetList(many);
    expect(r.overrides).toEqual({ masquerade: 'false' });
    expect(r.issues).toEqual([
      {
        path: 'set',
        code: 'tooMany',
        params: { max: SET_LIMITS.items, received: String(SET_LIMITS.items + 5) },
      },
    ]);
    const long = `masquerade=${' '.repeat(SET_LIMITS.item)}false`;
    expect(readSetList([long]).issues).toEqual([
      { path: 'set', code: 'tooLong', params: { max: SET_LIMITS.item } },
    ]);
    // A long unknown key is shortened in the issue, never echoed whole.
    const key = `k${'e'.repeat(150)}=1`;
    expect(readSetList([key]).issues[0]?.path.length).toBeLessThanOrEqual(SET_LIMITS.value);
  });

  it('puts issues under the surface’s parameter when it names one', () => {
    const r = readSetList(['nope=1', 'masquerade=maybe', 'x'], { param: 'set' });
    expect(r.issues.map((i) => [i.path, i.code, i.params?.received])).toEqual([
      ['set', 'unknownKey', 'nope'],
      ['set masquerade', 'expectedBoolean', '"maybe"'],
      ['set', 'expectedKeyValue', '"x"'],
    ]);
  });

  it('never throws and never reads prototype keys', () => {
    const r = readSetList(['__proto__=1', 'constructor=x', 'toString=1']);
    expect(Object.keys(r.overrides)).toEqual([]);
    expect(r.issues.map((i) => i.code)).toEqual(['unknownKey', 'unknownKey', 'unknownKey']);
  });
});

describe('declared derivations (params.ts DERIVATIONS) as applyOverrides carries them out', () => {
  const apply = (id: string, o: Record<string, string>): Scenario => {
    const r = applyOverrides(s(id), o);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.scenario;
  };

  it('Local gets a healthCheckNodePort and Cluster loses it', () => {
    const local = apply('cluster-snat', { 'service.externalTrafficPolicy': 'Local' });
    expect(local.service.healthCheckNodePort).toBe(32000);
    const cluster = apply('local', { 'service.externalTrafficPolicy': 'Cluster' });
    expect(cluster.service.healthCheckNodePort).toBeUndefined();
  });

  it('a new policy re-derives the preset’s probe, unless a probe field is set too', () => {
    const base = s('cluster-snat');
    const local = apply('cluster-snat', { 'service.externalTrafficPolicy': 'Local' });
    expect(local.loadBalancer.probe).toEqual(presetProbe(base.loadBalancer.preset, 'Local'));
    const kept = apply('cluster-snat', {
      'service.externalTrafficPolicy': 'Local',
      'loadBalancer.probe.interval': '7',
    });
    expect(kept.loadBalancer.probe.interval).toBe(7);
    expect(kept.loadBalancer.probe.kind).toBe(presetProbe(base.loadBalancer.preset, 'Local').kind);
  });

  it('a new preset brings its delivery, unless the delivery is set too', () => {
    const aws = apply('cluster-snat', { 'loadBalancer.preset': 'aws-nlb' });
    expect(aws.loadBalancer.delivery).toBe(LB_BEHAVIOUR['aws-nlb'].delivery);
    const vip = apply('cluster-snat', {
      'loadBalancer.delivery': 'vip',
      'loadBalancer.preset': 'aws-nlb',
    });
    expect(vip.loadBalancer.delivery).toBe('vip');
  });

  it('reads the policy first, so a probe only Local allows can come with it', () => {
    const r = apply('cluster-snat', {
      'loadBalancer.probe.kind': 'httpHealthCheckNodePort',
      'service.externalTrafficPolicy': 'Local',
    });
    expect(r.loadBalancer.probe.kind).toBe('httpHealthCheckNodePort');
  });

  it('leaves the derived fields alone when their trigger does not change', () => {
    const base = s('local');
    const same = apply('local', { 'service.externalTrafficPolicy': 'Local', masquerade: 'true' });
    expect(same.loadBalancer).toEqual(base.loadBalancer);
    expect(same.service.healthCheckNodePort).toBe(base.service.healthCheckNodePort);
  });
});
