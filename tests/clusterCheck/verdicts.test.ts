/**
 * Verdicts from engine results: each rule on its own from hand-made facts (client IP, the load
 * against the policy's own expectation and its threshold, every node's role with its mechanism,
 * failures, the drain window), then from real imported dumps run by the engine, with remedies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText, outcomeOf } from '../../src/clusterCheck/analyze.ts';
import { UNEVEN_RATIO } from '../../src/clusterCheck/codes.ts';
import type { NodeFacts } from '../../src/clusterCheck/facts.ts';
import { DEFAULT_LB, spansOf, verdictsOf, type RunFacts } from '../../src/clusterCheck/verdicts.ts';
import { applyWhatIf } from '../../src/clusterCheck/whatIfs.ts';
import { samples } from '../../src/clusterCheck/samples.ts';

const sample = (id: string): string => samples.find((s) => s.id === id)?.text ?? '';
const fixture = (id: string): string =>
  readFileSync(new URL(`../fixtures/kubectl/${id}.yaml`, import.meta.url), 'utf8');

const node = (i: number, over: Partial<NodeFacts> = {}): NodeFacts => ({
  id: `node-${i}`,
  zone: null,
  ingress: 100,
  pods: 1,
  readyPods: 1,
  usable: 1,
  terminatingServing: 0,
  inRotation: true,
  markedDownAt: null,
  cordoned: false,
  toBeDeleted: false,
  excluded: false,
  ...over,
});

/** Facts of a healthy three-node Cluster run; tests change what they look at. */
function facts(over: Partial<RunFacts> = {}): RunFacts {
  return {
    policy: 'Cluster',
    preset: 'azure',
    probeKind: 'tcpNodePort',
    probeInterval: 5,
    probeThreshold: 2,
    masquerade: true,
    crossZone: true,
    l2: false,
    connections: 300,
    succeeded: 300,
    failed: 0,
    clientIpPreserved: 0,
    failedByReason: {},
    brokenEstablished: 0,
    shares: ['a', 'b', 'c'].map((p, i) => ({
      pod: `pod-${p}`,
      node: `node-${i + 1}`,
      state: 'ready' as const,
      share: 1 / 3,
      expected: 1 / 3,
    })),
    nodes: [1, 2, 3].map((i) => node(i)),
    disruption: { seconds: 0, from: null, to: null },
    spans: [],
    rate: 100,
    drain: null,
    ...over,
  };
}

const byId = (f: RunFacts, id: string, lb = DEFAULT_LB) =>
  verdictsOf(f, lb).find((v) => v.id === id);

describe('client IP', () => {
  it('Cluster with SNAT: kept no, with the masquerade named', () => {
    expect(byId(facts(), 'clientIp')?.code).toBe('clientIpLostCluster');
  });
  it('Local with every source kept: kept yes, Local', () => {
    const f = facts({ policy: 'Local', clientIpPreserved: 300 });
    expect(byId(f, 'clientIp')).toMatchObject({ code: 'clientIpKeptLocal', tone: 'good' });
  });
  it('some kept: the percentage of succeeded connections', () => {
    const f = facts({ clientIpPreserved: 75 });
    expect(byId(f, 'clientIp')).toMatchObject({ code: 'clientIpPartly', params: { percent: 25 } });
  });
  it('a PROXY protocol header carries it past the SNAT', () => {
    const lb = { ...DEFAULT_LB, proxyProtocol: true };
    expect(byId(facts(), 'clientIp', lb)).toMatchObject({
      code: 'clientIpProxyProtocol',
      tone: 'good',
    });
  });
  it('no connection succeeded: says so instead', () => {
    const f = facts({ succeeded: 0, failed: 300 });
    expect(byId(f, 'clientIp')).toMatchObject({ code: 'noTraffic', tone: 'bad' });
  });
});

describe('load, against the policy’s own expectation', () => {
  it('even shares: even, with the count and the threshold', () => {
    expect(byId(facts(), 'share')).toMatchObject({
      code: 'shareEven',
      params: { count: 3, percent: 33.3, threshold: UNEVEN_RATIO },
    });
  });
  it('measured shares that scatter around an even formula stay even (50.6 / 49.4 %)', () => {
    const f = facts({
      shares: [
        { pod: 'a', node: 'node-1', state: 'ready', share: 0.506, expected: 0.5 },
        { pod: 'b', node: 'node-2', state: 'ready', share: 0.494, expected: 0.5 },
      ],
    });
    expect(byId(f, 'share')?.code).toBe('shareEven');
  });
  it('exactly the threshold is still even; beyond it is uneven, naming both ends', () => {
    const mk = (big: number) =>
      facts({
        policy: 'Local',
        nodes: [node(1, { usable: 1 }), node(2, { usable: 2, pods: 2, readyPods: 2 })],
        shares: [
          { pod: 'big', node: 'node-1', state: 'ready', share: big, expected: big },
          { pod: 'small', node: 'node-2', state: 'ready', share: 0.25, expected: 0.25 },
        ],
      });
    expect(byId(mk(0.375), 'share')?.code).toBe('shareEven');
    expect(byId(mk(0.5), 'share')).toMatchObject({
      code: 'shareUnevenLocal',
      params: { pod: 'big', percent: 50, minPod: 'small', minPercent: 25, ratio: 2 },
    });
  });
  it('a zonal load balancer with one Pod per node: uneven because of the zones', () => {
    const f = facts({
      policy: 'Local',
      crossZone: false,
      nodes: [node(1, { zone: 'a' }), node(2, { zone: 'b' }), node(3, { zone: 'b' })],
      shares: [
        { pod: 'a1', node: 'node-1', state: 'ready', share: 0.5, expected: 0.5 },
        { pod: 'b1', node: 'node-2', state: 'ready', share: 0.25, expected: 0.25 },
        { pod: 'b2', node: 'node-3', state: 'ready', share: 0.25, expected: 0.25 },
      ],
    });
    expect(byId(f, 'share')).toMatchObject({ code: 'shareUnevenZones', params: { zones: 2 } });
  });
  it('a ready Pod the formula gives nothing is idle; a terminating one is not', () => {
    const f = facts({
      shares: [
        { pod: 'a', node: 'node-1', state: 'ready', share: 0.5, expected: 0.5 },
        { pod: 'b', node: 'node-2', state: 'ready', share: 0.5, expected: 0.5 },
        { pod: 'c', node: 'node-3', state: 'ready', share: 0, expected: 0 },
        { pod: 'd', node: 'node-3', state: 'terminating', share: 0, expected: 0 },
      ],
    });
    expect(byId(f, 'share')?.code).toBe('shareEven');
    expect(byId(f, 'idle')).toMatchObject({ code: 'podsIdle', params: { count: 1 } });
  });
});

describe('every node’s role, with its mechanism', () => {
  it.each([
    ['a Pod, in rotation', {}, 'Cluster', 'nodePods'],
    [
      'no Pod under Cluster: forwards',
      { pods: 0, readyPods: 0, usable: 0 },
      'Cluster',
      'nodeForwardsOnly',
    ],
    ['cordoned with a Pod: still in rotation', { cordoned: true }, 'Cluster', 'nodeCordonedPods'],
    [
      'cordoned without a serving Pod: forwards',
      { cordoned: true, readyPods: 0, usable: 0 },
      'Cluster',
      'nodeCordonedForwards',
    ],
    [
      'excluded by label',
      { excluded: true, inRotation: false, ingress: 0 },
      'Cluster',
      'nodeExcluded',
    ],
    [
      'no ready Pod under Local: out by the health check',
      { pods: 0, readyPods: 0, usable: 0, inRotation: false, ingress: 0 },
      'Local',
      'nodeOutLocal',
    ],
    [
      'a terminating, serving Pod under Local: out (ready endpoints only)',
      { readyPods: 0, terminatingServing: 1, inRotation: false, ingress: 0 },
      'Local',
      'nodeOutTerminating',
    ],
    [
      'marked for deletion: out',
      { toBeDeleted: true, inRotation: false, ingress: 0 },
      'Cluster',
      'nodeOutTainted',
    ],
    [
      'no ready Pod under Local, but in rotation: drops',
      { pods: 0, readyPods: 0, usable: 0 },
      'Local',
      'nodeDropsLocal',
    ],
  ] as const)('%s', (_name, over, policy, code) => {
    const f = facts({ policy, nodes: [node(1, over), node(2), node(3)] });
    expect(byId(f, 'node:node-1')?.code).toBe(code);
  });
  it('k3s ServiceLB: a node it does not list', () => {
    const f = facts({ nodes: [node(1, { excluded: true, inRotation: false }), node(2)] });
    expect(byId(f, 'node:node-1', { ...DEFAULT_LB, kind: 'serviceLb' })?.code).toBe(
      'nodeNotListed',
    );
  });
  it('MetalLB layer 2: one announcer, the others on standby', () => {
    const f = facts({
      l2: true,
      nodes: [
        node(1, { inRotation: false, ingress: 0 }),
        node(2, { ingress: 300 }),
        node(3, { inRotation: false, ingress: 0 }),
      ],
    });
    const v = verdictsOf(f);
    expect(v.filter((x) => x.code === 'nodeL2Announcer').map((x) => x.id)).toEqual(['node:node-2']);
    expect(v.filter((x) => x.code === 'nodeL2Standby')).toHaveLength(2);
  });
  it('beyond twelve nodes the rest are counted by role', () => {
    const nodes = Array.from({ length: 30 }, (_, i) =>
      node(i, i % 2 ? { pods: 0, readyPods: 0, usable: 0 } : {}),
    );
    const v = verdictsOf(facts({ nodes }));
    expect(v.filter((x) => x.id.startsWith('node:'))).toHaveLength(12);
    expect(v.find((x) => x.id === 'more:nodePods')?.params).toMatchObject({ count: 9 });
    expect(v.find((x) => x.id === 'more:nodeForwardsOnly')?.params).toMatchObject({ count: 9 });
  });
  it('taken out during a drain what-if: the time it left the rotation', () => {
    const f = facts({ nodes: [node(1, { markedDownAt: 28.19 }), node(2), node(3)] });
    expect(byId(f, 'out:node-1')).toMatchObject({ code: 'nodeTakenOut', params: { at: 28.2 } });
  });
});

describe('IP targets: what follows from the dump, not the node path', () => {
  const ip = { ...DEFAULT_LB, targetType: 'ip' as const, preserveClientIp: false };
  it('the path, the client IP by the target group attribute, no node roles', () => {
    const v = verdictsOf(facts(), ip);
    expect(v.map((x) => x.code)).toEqual([
      'ipTargetsPath',
      'clientIpIpTargetsLost',
      'shareEven',
      'nodesNotInPath',
    ]);
    expect(verdictsOf(facts(), { ...ip, preserveClientIp: true })[1]?.code).toBe(
      'clientIpIpTargetsKept',
    );
  });
});

describe('failures and the drain', () => {
  it('failed new connections with their most common reason; cut ones apart', () => {
    const f = facts({
      failed: 40,
      brokenEstablished: 10,
      failedByReason: { nodeOffline: 20, endpointGone: 10, nodeWentDown: 10 },
    });
    expect(byId(f, 'failures')).toMatchObject({
      code: 'failuresSome',
      params: { failed: 30, reason: 'nodeOffline' },
    });
    expect(byId(f, 'cut')).toMatchObject({ params: { count: 10 } });
  });
  it('a drain with failures: the stretches and their total', () => {
    const f = facts({
      drain: { node: 'node-1', at: 5 },
      spans: [
        [5, 5.99],
        [18, 28.19],
      ],
      disruption: { seconds: 23.2, from: 5, to: 28.19 },
    });
    const v = byId(f, 'drain');
    expect(v?.code).toBe('drainWindow');
    // (5.99 − 5 + 0.01) + (28.19 − 18 + 0.01) = 11.2
    expect(v?.params['seconds']).toBe(11.2);
    expect(v?.spans).toEqual([
      [5, 6],
      [18, 28.2],
    ]);
  });
  it('behind an AWS NLB the window is an upper bound (passive health checks)', () => {
    const f = facts({
      preset: 'aws-nlb',
      drain: { node: 'node-1', at: 5 },
      spans: [[15, 40]],
      disruption: { seconds: 25, from: 15, to: 40 },
    });
    expect(byId(f, 'drain')?.code).toBe('drainWindowUpperBound');
  });
  it('a drain without failures: no loss; no drain: no drain verdict', () => {
    expect(byId(facts({ drain: { node: 'node-2', at: 5 } }), 'drain')?.code).toBe('drainNoLoss');
    expect(byId(facts(), 'drain')).toBeUndefined();
  });
});

describe('spansOf', () => {
  it('merges failures closer than the gap and keeps separate stretches apart', () => {
    expect(spansOf([18, 5, 5.5, 6.4, 19, 30])).toEqual([
      [5, 6.4],
      [18, 19],
      [30, 30],
    ]);
    expect(spansOf([])).toEqual([]);
  });
});

describe('from engine runs of imported dumps', () => {
  it('the AKS sample: Cluster, client IP lost with a Local remedy, even load, nothing fails', () => {
    const r = analyzeText(sample('aks-cluster'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const { verdicts, remedies } = r.analysis.today;
    expect(verdicts.find((v) => v.id === 'clientIp')?.code).toBe('clientIpLostCluster');
    expect(verdicts.find((v) => v.id === 'share')?.code).toBe('shareEven');
    expect(verdicts.find((v) => v.id === 'failures')?.code).toBe('failuresNone');
    const local = remedies.find((x) => x.remedy.code === 'localSpread');
    expect(local?.after).toMatchObject({ code: 'clientIpKeptLocal' });
    expect(local?.remedy.patch.text).toContain('externalTrafficPolicy: Local');
  });

  it('the EKS sample: the tainted node was deregistered before the run; its Pod idles', () => {
    const r = analyzeText(sample('eks-drain'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const v = r.analysis.today.verdicts;
    expect(v.find((x) => x.id === 'node:ip-198-51-100-33')).toMatchObject({
      code: 'nodeOutTainted',
      params: { probe: 'deregistered' },
    });
    expect(v.find((x) => x.id === 'idle')?.params['count']).toBe(1);
    expect(v.find((x) => x.id === 'failures')?.code).toBe('failuresNone');
  });

  it('a drain what-if without a preStop: a window, and a preStop remedy that closes it', () => {
    const r = analyzeText(fixture('aks-cni-overlay'));
    if (!r.ok) throw new Error('import');
    const today = r.analysis.today;
    const applied = applyWhatIf(today.scenario, {
      kind: 'drain',
      value: 'aks-nodepool1-12345678-vmss000001',
    });
    if (!applied.ok) throw new Error('what-if');
    const out = outcomeOf(applied.scenario, r.analysis.meta);
    const drain = out.verdicts.find((v) => v.id === 'drain');
    expect(drain?.code).toBe('drainWindow');
    expect(Number(drain?.params['seconds'])).toBeLessThanOrEqual(
      out.facts.disruption.seconds + 0.05,
    );
    // Azure 5 s × 2, timeout 5, sync 1: a 17 s sleep keeps the Pod serving until the node is out.
    const fix = out.remedies.find((x) => x.remedy.for === 'drain' && x.remedy.code === 'preStop');
    expect(fix?.remedy.params).toMatchObject({ seconds: 17, threshold: 2, interval: 5 });
    expect(fix?.failedAfter).toBe(0);
    expect(fix?.after?.code).toBe('drainNoLoss');
    expect(fix?.remedy.patch.text).toContain('seconds: 17');
    expect(fix?.remedy.patch.text).toContain('name: storefront');
  });

  it('a drain under Cluster: the node forwards until it shuts down; tainting it first (the probe on /healthz) closes the window', () => {
    const r = analyzeText(fixture('gke-dpv2'));
    if (!r.ok) throw new Error('import');
    const node = 'gke-prod-pool-1-8f3a2b1c-z1z1';
    const applied = applyWhatIf(r.analysis.today.scenario, { kind: 'drain', value: node });
    if (!applied.ok) throw new Error('what-if');
    const out = outcomeOf(applied.scenario, r.analysis.meta);
    expect(out.verdicts.find((v) => v.id === 'drain')?.code).toBe('drainWindow');
    expect(out.facts.failed).toBeGreaterThan(0);
    // GKE already probes kube-proxy's /healthz under Cluster: the taint alone is the change.
    const fix = out.remedies.find(
      (x) => x.remedy.code === 'taintFirst' && x.remedy.for === 'drain',
    );
    expect(fix?.failedAfter).toBe(0);
    expect(fix?.after?.code).toBe('drainNoLoss');
    expect(fix?.remedy.patch.format).toBe('shell');
    expect(fix?.remedy.patch.text).toContain(
      `kubectl taint node ${node} ToBeDeletedByClusterAutoscaler=$(date +%s):NoSchedule`,
    );
    expect(fix?.remedy.patch.text).toContain(`sleep ${String(fix?.remedy.params['wait'])}`);
    // A preStop sleep alone does not help: the node goes down while the LB still sends to it.
    expect(out.remedies.some((x) => x.remedy.for === 'drain' && x.remedy.code === 'preStop')).toBe(
      false,
    );
  });

  it('a drain under Cluster on Azure: the taint and the /healthz probe annotation together', () => {
    const r = analyzeText(sample('aks-cluster'));
    if (!r.ok) throw new Error('import');
    const node = r.analysis.options.find((o) => o.kind === 'drain')?.values[0] ?? '';
    const applied = applyWhatIf(r.analysis.today.scenario, { kind: 'drain', value: node });
    if (!applied.ok) throw new Error('what-if');
    const out = outcomeOf(applied.scenario, r.analysis.meta);
    const fix = out.remedies.find((x) => x.remedy.code === 'taintFirst');
    expect(fix?.remedy.choices).toEqual([
      { kind: 'taint', value: 'first' },
      { kind: 'probe', value: 'httpKubeProxyHealthz' },
    ]);
    expect(fix?.remedy.patch.text).toContain('health-probe_request-path=/healthz');
    expect(fix?.failedAfter ?? Infinity).toBeLessThan(out.facts.failed / 4);
  });
});
