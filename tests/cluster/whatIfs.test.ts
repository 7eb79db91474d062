/** What-ifs on imported scenarios: what they offer, what they change, and untrusted choices. */
import { describe, expect, it } from 'vitest';
import {
  DRAIN_AT,
  applyWhatIf,
  applyWhatIfs,
  parseWhatIfs,
  whatIfOptions,
} from '../../src/cluster/whatIfs.ts';
import { importKubectl } from '../../src/importer/index.ts';
import { samples } from '../../src/importer/samples/index.ts';
import type { Scenario } from '../../src/sim/index.ts';

function scenarioOf(id: string): Scenario {
  const r = importKubectl(samples.find((s) => s.id === id)?.text ?? '');
  if (!r.ok) throw new Error(id);
  return r.scenario;
}

describe('whatIfOptions', () => {
  it('offers the other policy, spreading, every node to drain, the other presets and data path', () => {
    const s = scenarioOf('aks-cluster');
    const o = whatIfOptions(s, ['azure-shared']);
    expect(o.map((x) => x.kind)).toEqual(['policy', 'spread', 'drain', 'preset', 'dataPath']);
    expect(o[0]?.values).toEqual(['Local']);
    expect(o[2]?.values).toHaveLength(3);
    // The preset the dump cannot rule out comes first; the current one is not offered.
    expect(o[3]?.values[0]).toBe('azure-shared');
    expect(o[3]?.values).not.toContain('azure');
  });
  it('puts the node the dump marks for removal first among the drain targets', () => {
    const o = whatIfOptions(scenarioOf('eks-drain'));
    expect(o.find((x) => x.kind === 'drain')?.values[0]).toBe('ip-198-51-100-33');
  });
});

describe('applyWhatIf', () => {
  const s = scenarioOf('gke-local');
  it('policy: switches and re-derives the probe (no hcnp under Cluster)', () => {
    const r = applyWhatIf(s, { kind: 'policy', value: 'Cluster' });
    if (!r.ok) throw new Error('policy');
    expect(r.scenario.service.externalTrafficPolicy).toBe('Cluster');
    expect(r.scenario.service.healthCheckNodePort).toBeUndefined();
    expect(r.scenario.loadBalancer.probe.kind).not.toBe('httpHealthCheckNodePort');
  });
  it('spread: the same number of Pods, placed by topologySpread with maxSkew 1', () => {
    const r = applyWhatIf(s, { kind: 'spread', value: 'topologySpread' });
    if (!r.ok) throw new Error('spread');
    expect(r.scenario.placement).toEqual({
      strategy: 'topologySpread',
      replicas: s.pods.length,
      maxSkew: 1,
    });
  });
  it('drain: adds kubectl drain and the shutdown after the dump’s own states', () => {
    const e = scenarioOf('eks-drain');
    const r = applyWhatIf(e, { kind: 'drain', value: 'ip-198-51-100-31' });
    if (!r.ok) throw new Error('drain');
    expect(r.scenario.timeline.slice(0, e.timeline.length)).toEqual(e.timeline);
    expect(r.scenario.timeline.slice(e.timeline.length)).toEqual([
      { at: DRAIN_AT, type: 'drainNode', node: 'ip-198-51-100-31' },
      { at: DRAIN_AT + 10, type: 'shutdownNode', node: 'ip-198-51-100-31' },
    ]);
    expect(r.scenario.traffic.duration).toBeGreaterThanOrEqual(60);
  });
  it('drain of an unknown node, or an unknown preset: issues, no scenario', () => {
    expect(applyWhatIf(s, { kind: 'drain', value: 'nope' }).ok).toBe(false);
    expect(applyWhatIf(s, { kind: 'preset', value: 'nope' }).ok).toBe(false);
  });
  it('several at once: preset and drain together', () => {
    const e = scenarioOf('eks-drain');
    const r = applyWhatIfs(e, [
      { kind: 'drain', value: 'ip-198-51-100-33' },
      { kind: 'preset', value: 'aws-nlb' },
    ]);
    if (!r.ok) throw new Error('both');
    expect(r.scenario.loadBalancer.preset).toBe('aws-nlb');
    expect(r.scenario.timeline.some((a) => a.type === 'drainNode')).toBe(true);
  });
});

describe('parseWhatIfs (share links)', () => {
  it('reads known kinds with short values, one per kind', () => {
    expect(parseWhatIfs([{ kind: 'policy', value: 'Local' }])).toEqual([
      { kind: 'policy', value: 'Local' },
    ]);
  });
  it.each([
    ['not an array', { kind: 'policy', value: 'Local' }],
    ['unknown kind', [{ kind: 'rm', value: 'x' }]],
    [
      'a kind twice',
      [
        { kind: 'policy', value: 'Local' },
        { kind: 'policy', value: 'Cluster' },
      ],
    ],
    ['a hostile value', [{ kind: 'drain', value: '<img src=x onerror=alert(1)>' }]],
    ['too long', [{ kind: 'drain', value: 'a'.repeat(64) }]],
    ['too many', Array.from({ length: 5 }, () => ({ kind: 'policy', value: 'Local' }))],
  ])('refuses %s', (_, v) => {
    expect(parseWhatIfs(v)).toBeNull();
  });
});
