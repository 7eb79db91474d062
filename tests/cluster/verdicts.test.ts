/**
 * Verdicts from engine results: the facts a run folds into, and the plain verdicts they give,
 * both from hand-made facts (each rule on its own) and from real imported dumps run by the engine.
 */
import { describe, expect, it } from 'vitest';
import { analyzeText, outcomeOf } from '../../src/cluster/analyze.ts';
import { spansOf, verdictsOf, type RunFacts } from '../../src/cluster/verdicts.ts';
import { applyWhatIf } from '../../src/cluster/whatIfs.ts';
import { samples } from '../../src/importer/samples/index.ts';
import { baseDef, importOk, objectsOf } from '../importer/helpers.ts';

/** The i-th element, or a failed test. */
function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`no element ${i}`);
  return x;
}

const sample = (id: string): string => samples.find((s) => s.id === id)?.text ?? '';

/** Facts of a healthy three-node Cluster run; tests change what they look at. */
function facts(over: Partial<RunFacts> = {}): RunFacts {
  return {
    policy: 'Cluster',
    probeKind: 'tcpNodePort',
    probeInterval: 5,
    probeThreshold: 2,
    masquerade: true,
    connections: 300,
    succeeded: 300,
    failed: 0,
    clientIpPreserved: 0,
    failedByReason: {},
    brokenEstablished: 0,
    shares: ['a', 'b', 'c'].map((p, i) => ({
      pod: `pod-${p}`,
      node: `node-${i + 1}`,
      share: 1 / 3,
      expected: 1 / 3,
    })),
    nodes: [1, 2, 3].map((i) => ({
      id: `node-${i}`,
      ingress: 100,
      localEndpoints: 1,
      pods: 1,
      markedDownAt: null,
      cordonedAtStart: false,
      taintedAtStart: false,
    })),
    disruption: { seconds: 0, from: null, to: null },
    spans: [],
    rate: 100,
    drain: null,
    ...over,
  };
}

const byId = (f: RunFacts, id: string) => verdictsOf(f).find((v) => v.id === id);

describe('client IP', () => {
  it('Cluster with SNAT: kept no, because of the extra hop', () => {
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
  it('no connection succeeded: says so instead', () => {
    const f = facts({ succeeded: 0, failed: 300 });
    expect(byId(f, 'clientIp')).toMatchObject({ code: 'noTraffic', tone: 'bad' });
  });
});

describe('load', () => {
  it('even shares: even, with 1/P', () => {
    expect(byId(facts(), 'share')).toMatchObject({
      code: 'shareEven',
      params: { pods: 3, percent: 33.3 },
    });
  });
  it('a 1.5× spread under Local: uneven, naming the busiest and the least busy Pod', () => {
    const f = facts({
      policy: 'Local',
      shares: [
        { pod: 'big', node: 'n1', share: 0.5, expected: 0.5 },
        { pod: 'small', node: 'n2', share: 0.25, expected: 0.25 },
        { pod: 'small2', node: 'n2', share: 0.25, expected: 0.25 },
      ],
    });
    expect(byId(f, 'share')).toMatchObject({
      code: 'shareUnevenLocal',
      params: { pod: 'big', percent: 50, minPod: 'small', minPercent: 25 },
    });
  });
  it('many Pods even by the formula stay even although their measured shares scatter', () => {
    const f = facts({
      shares: Array.from({ length: 100 }, (_, i) => ({
        pod: `p-${i}`,
        node: `n-${i % 20}`,
        share: (i % 3 === 0 ? 1.6 : 0.7) / 100,
        expected: 0.01,
      })),
    });
    expect(byId(f, 'share')?.code).toBe('shareEven');
  });
  it('a placed Pod without a connection makes the load uneven and is counted', () => {
    const f = facts({
      shares: [
        { pod: 'a', node: 'n1', share: 0.5, expected: 1 / 3 },
        { pod: 'b', node: 'n2', share: 0.5, expected: 1 / 3 },
        { pod: 'c', node: 'n3', share: 0, expected: 1 / 3 },
      ],
    });
    expect(byId(f, 'share')?.code).toBe('shareUneven');
    expect(byId(f, 'idle')).toMatchObject({ code: 'podsIdle', params: { count: 1 } });
  });
});

describe('nodes', () => {
  it('Local, no local endpoint, no traffic: the health check answers 503', () => {
    const f = facts({ policy: 'Local', probeKind: 'httpHealthCheckNodePort' });
    f.nodes[2] = { ...at(f.nodes, 2), ingress: 0, localEndpoints: 0, pods: 0 };
    expect(byId(f, 'node:node-3')).toMatchObject({
      code: 'nodeNoTrafficLocal',
      params: { node: 'node-3', probe: '503' },
    });
    expect(byId(f, 'nodes')).toMatchObject({ params: { count: 2, total: 3 } });
  });
  it('tainted for deletion at the start: named as the reason', () => {
    const f = facts();
    f.nodes[0] = { ...at(f.nodes, 0), ingress: 0, taintedAtStart: true, markedDownAt: 0 };
    expect(byId(f, 'node:node-1')?.code).toBe('nodeNoTrafficTainted');
  });
  it('Cluster, a node without Pods that gets traffic: forwards it (extra hop)', () => {
    const f = facts();
    f.nodes[1] = { ...at(f.nodes, 1), localEndpoints: 0, pods: 0, ingress: 150 };
    expect(byId(f, 'node:node-2')).toMatchObject({
      code: 'nodeForwardsOnly',
      params: { percent: 50 },
    });
  });
  it('taken out later (a drain): the time it left the rotation', () => {
    const f = facts();
    f.nodes[0] = { ...at(f.nodes, 0), markedDownAt: 28.19 };
    expect(byId(f, 'node:node-1')).toMatchObject({ code: 'nodeTakenOut', params: { at: 28.2 } });
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
  it('a drain without failures: no loss', () => {
    expect(byId(facts({ drain: { node: 'node-2', at: 5 } }), 'drain')?.code).toBe('drainNoLoss');
  });
  it('no drain: no drain verdict', () => {
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
  it('Local with a node that holds no Pod: that node gets no traffic, health check 503', () => {
    const def = baseDef();
    at(def.services, 0).policy = 'Local';
    at(def.services, 0).healthCheckNodePort = 31000;
    def.pods['shop'] = (def.pods['shop'] ?? []).filter((p) => p.node !== 'node-3');
    const { scenario } = importOk(objectsOf(def));
    const out = outcomeOf(scenario);
    expect(out.facts.nodes.find((n) => n.id === 'node-3')).toMatchObject({
      ingress: 0,
      localEndpoints: 0,
    });
    expect(out.verdicts.find((v) => v.id === 'node:node-3')).toMatchObject({
      code: 'nodeNoTrafficLocal',
      params: { probe: '503' },
    });
    expect(out.verdicts.find((v) => v.id === 'clientIp')?.code).toBe('clientIpKeptLocal');
  });

  it('the AKS sample: Cluster, client IP lost, even load, nothing fails', () => {
    const r = analyzeText(sample('aks-cluster'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const codes = r.analysis.today.verdicts.map((v) => v.code);
    expect(codes).toEqual(['clientIpLostCluster', 'shareEven', 'nodesServing', 'failuresNone']);
    expect(r.analysis.today.facts.clientIpPreserved).toBe(0);
  });

  it('the EKS sample: the tainted node gets nothing and its Pod idles', () => {
    const r = analyzeText(sample('eks-drain'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const v = r.analysis.today.verdicts;
    expect(v.find((x) => x.id === 'node:ip-198-51-100-33')?.code).toBe('nodeNoTrafficTainted');
    expect(v.find((x) => x.id === 'idle')?.params['count']).toBe(1);
  });

  it('a drain what-if on the AKS sample gives a disruption window from the engine', () => {
    const r = analyzeText(sample('aks-cluster'));
    if (!r.ok) throw new Error('import');
    const node = at(r.analysis.today.scenario.nodes, 0).id;
    const applied = applyWhatIf(r.analysis.today.scenario, { kind: 'drain', value: node });
    if (!applied.ok) throw new Error('what-if');
    const out = outcomeOf(applied.scenario);
    const drain = out.verdicts.find((v) => v.id === 'drain');
    expect(drain?.code).toBe('drainWindow');
    expect(out.facts.spans.length).toBeGreaterThan(0);
    // The window never exceeds the engine's first-to-last failure time.
    expect(Number(drain?.params['seconds'])).toBeLessThanOrEqual(
      out.facts.disruption.seconds + 0.05,
    );
  });
});
