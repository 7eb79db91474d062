/** What-ifs on imported scenarios: what they offer, what they change, and untrusted choices. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/clusterCheck/analyze.ts';
import {
  DRAIN_AT,
  applyWhatIf,
  applyWhatIfs,
  parseWhatIfs,
  whatIfOptions,
} from '../../src/clusterCheck/whatIfs.ts';
import { preStopSeconds } from '../../src/clusterCheck/remedies.ts';
import { importKubectl } from '../../src/importer/index.ts';
import { samples } from '../../src/clusterCheck/samples.ts';
import type { Scenario } from '../../src/sim/index.ts';

function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`no item ${i}`);
  return x;
}

function scenarioOf(id: string): Scenario {
  const r = importKubectl(samples.find((s) => s.id === id)?.text ?? '');
  if (!r.ok) throw new Error(id);
  return r.scenario;
}

describe('whatIfOptions', () => {
  it('offers the other policy, spreading, every node to drain, another probe, a preStop sleep, the other presets and data path', () => {
    const s = scenarioOf('aks-cluster');
    const o = whatIfOptions(s, ['azure-shared']);
    expect(o.map((x) => x.kind)).toEqual([
      'policy',
      'spread',
      'drain',
      'taint',
      'probe',
      'preStop',
      'preset',
      'dataPath',
    ]);
    expect(o[0]?.values).toEqual(['Local']);
    expect(o[2]?.values).toHaveLength(3);
    expect(o[3]?.values).toEqual(['first']);
    // Under Cluster the healthCheckNodePort is no probe target; the current kind is not offered.
    expect(o[4]?.values).toEqual(['httpKubeProxyHealthz']);
    // The sleep that covers Azure's 5 s × 2 (timeout 5 s) and one sync comes first.
    expect(o[5]?.values[0]).toBe('17');
    // The preset the dump cannot rule out comes first; the current one is not offered.
    expect(o[6]?.values[0]).toBe('azure-shared');
    expect(o[6]?.values).not.toContain('azure');
  });
  it('AWS: cross-zone and PROXY protocol, when the nodes span zones', () => {
    const o = whatIfOptions(scenarioOf('eks-drain'));
    expect(o.map((x) => x.kind)).toEqual(expect.arrayContaining(['crossZone', 'proxyProtocol']));
  });
  it('IP targets: only spreading the Pods and cross-zone change what the verdicts read', () => {
    const r = analyzeText(
      readFileSync(new URL('../fixtures/kubectl/eks-lbc-ip-targets.yaml', import.meta.url), 'utf8'),
    );
    if (!r.ok) throw new Error('import');
    expect(r.analysis.options.map((o) => o.kind)).toEqual(['spread', 'crossZone']);
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
  it('drain: adds kubectl drain and the shutdown once the Pods are gone, after the dump’s own states', () => {
    const e = scenarioOf('eks-drain');
    const r = applyWhatIf(e, { kind: 'drain', value: 'ip-198-51-100-31' });
    if (!r.ok) throw new Error('drain');
    expect(r.scenario.timeline.slice(0, e.timeline.length)).toEqual(e.timeline);
    // kubectl drain returns when the Pods have exited: preStop + app shutdown, capped by grace.
    const lc = e.lifecycle;
    const gone = Math.min(
      lc.terminationGracePeriodSeconds,
      lc.preStopSeconds + (lc.appShutdownSeconds ?? 0),
    );
    expect(r.scenario.timeline.slice(e.timeline.length)).toEqual([
      { at: DRAIN_AT, type: 'drainNode', node: 'ip-198-51-100-31' },
      { at: DRAIN_AT + Math.max(10, gone + 1), type: 'shutdownNode', node: 'ip-198-51-100-31' },
    ]);
    expect(r.scenario.traffic.duration).toBeGreaterThanOrEqual(60);
  });
  it('preStop after a drain moves the shutdown behind the longer sleep', () => {
    const r = applyWhatIfs(s, [
      { kind: 'drain', value: at(s.nodes, 0).id },
      { kind: 'preStop', value: '30' },
    ]);
    if (!r.ok) throw new Error('preStop');
    const down = r.scenario.timeline.find((a) => a.type === 'shutdownNode');
    expect(down?.at).toBe(DRAIN_AT + 31);
    expect(r.scenario.traffic.duration).toBeGreaterThanOrEqual(DRAIN_AT + 31 + 45);
  });
  it('taint first: ToBeDeletedByClusterAutoscaler at the drain’s time, the drain and shutdown later by the detection time', () => {
    const node = at(s.nodes, 0).id;
    const drained = applyWhatIfs(s, [{ kind: 'drain', value: node }]);
    const tainted = applyWhatIfs(s, [
      { kind: 'drain', value: node },
      { kind: 'taint', value: 'first' },
    ]);
    if (!drained.ok || !tainted.ok) throw new Error('taint');
    const when = (sc: typeof s, type: string) =>
      sc.timeline.find((a) => a.type === type && a.at > 0)?.at;
    const wait = preStopSeconds(s);
    expect(when(tainted.scenario, 'taintToBeDeleted')).toBe(DRAIN_AT);
    expect(when(tainted.scenario, 'drainNode')).toBe(DRAIN_AT + wait);
    expect(when(tainted.scenario, 'shutdownNode')).toBe(
      (when(drained.scenario, 'shutdownNode') ?? 0) + wait,
    );
    // Nothing to taint without a drain.
    expect(applyWhatIf(s, { kind: 'taint', value: 'first' }).ok).toBe(false);
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
