import { describe, expect, it } from 'vitest';
import { runScenario, scenarioIds } from '../../src/sim/index';
import type { SimResult } from '../../src/sim/types';
import { isTimeMode } from '../../src/view/flow/steps';
import { momentsOf, sharesBefore, toDeckMoments, type MomentCode } from '../../src/lib/moments';
import { resources } from '../../src/i18n';
import { fixed } from '../../src/i18n/number';

/** The drain and balance decks' moments: the instants a trainer talks through on a slide. */

function run(id: string): SimResult {
  const r = runScenario(id, { seed: 1 });
  if (!r.ok) throw new Error(id);
  return r.result;
}

const codesOf = (id: string): MomentCode[] => {
  const r = run(id);
  return momentsOf(r, isTimeMode(r));
};

const tFor =
  (lang: 'en' | 'de') =>
  (key: string, vars: Record<string, string | number> = {}): string =>
    (resources[lang][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, v: string) =>
      String(vars[v] ?? ''),
    );

const firstEvent = (r: SimResult, type: string, node: string): number | undefined =>
  r.events.find((e) => e.type === type && 'node' in e && e.node === node)?.at;

const drains = scenarioIds.filter((id) => (getTimeline(id)?.length ?? 0) > 0);
function getTimeline(id: string) {
  return run(id).resolved.timeline;
}

describe('momentsOf', () => {
  it('has no moments for a hop-by-hop run', () => {
    expect(codesOf('cluster-snat')).toEqual([]);
    expect(codesOf('local')).toEqual([]);
  });

  it('tells the Local drain from the eviction to the load balancer taking node-1 out', () => {
    const r = run('drain-local-hcnp');
    const codes = codesOf('drain-local-hcnp');
    const firstFail = r.events.find(
      (e) => e.type === 'probe.result' && e.node === 'node-1' && !e.ok,
    );
    expect(codes.map((c) => c.code)).toEqual([
      'drain.start',
      'drain.deletePod.serving',
      'drain.proxySynced',
      'drain.probeFail.httpHealthCheckNodePort',
      'drain.lbDown',
      'drain.podExited',
      'drain.end.none',
    ]);
    const at = (code: string) => codes.find((c) => c.code === code);
    expect(at('drain.deletePod.serving')).toMatchObject({ at: 10, vars: { pod: 'pod-a' } });
    expect(at('drain.probeFail.httpHealthCheckNodePort')).toMatchObject({
      at: firstFail?.at,
      vars: { node: 'node-1', status: 503, local: 0 },
    });
    expect(at('drain.lbDown')?.at).toBe(r.summary.nodes['node-1']?.markedDownAt);
    expect(at('drain.end.none')?.vars).toMatchObject({ failed: 0, total: r.summary.connections });
  });

  it('marks where new connections start and stop failing behind a NodePort probe', () => {
    const r = run('drain-cluster-nodeport-probe');
    const codes = codesOf('drain-cluster-nodeport-probe');
    const d = r.summary.disruption;
    expect(d.firstFailureAt).not.toBeNull();
    expect(codes.find((c) => c.code === 'drain.failStart')).toMatchObject({
      at: d.firstFailureAt,
      vars: { node: 'node-1', reason: 'nodeOffline' },
    });
    expect(codes.find((c) => c.code === 'drain.failEnd')?.at).toBe(d.lastFailureAt);
    expect(codes.find((c) => c.code === 'drain.offline')?.at).toBe(
      firstEvent(r, 'node.offline', 'node-1'),
    );
    expect(codes.at(-1)).toMatchObject({ code: 'drain.end.failed', vars: { seconds: d.seconds } });
  });

  it('gives every drain its drain, its failed probe and the load balancer taking the node out, in time order', () => {
    expect(drains.length).toBeGreaterThanOrEqual(3);
    for (const id of drains) {
      const codes = codesOf(id);
      const times = codes.map((c) => c.at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const drainAt = codes.find((c) => /^drain\.(drainNode|deletePod)/.test(c.code))?.at ?? -1;
      expect(drainAt, id).toBeGreaterThan(0);
      if (run(id).resolved.loadBalancer.preset === 'metallb-l2') {
        // No probes: the IP moves (down and up at the same moment) after the drain.
        const l2Down = codes.find((c) => c.code === 'drain.l2Down')?.at ?? -1;
        expect(l2Down, id).toBeGreaterThan(drainAt);
        expect(codes.find((c) => c.code === 'drain.l2Up')?.at, id).toBe(l2Down);
        continue;
      }
      const probeAt = codes.find((c) => c.code.startsWith('drain.probeFail'))?.at ?? -1;
      const downAt = codes.find((c) => c.code === 'drain.lbDown')?.at ?? -1;
      expect(probeAt, id).toBeGreaterThan(drainAt);
      expect(downAt, id).toBeGreaterThan(probeAt);
    }
  });

  it('compares the shares of a balance run with the formula', () => {
    const uneven = codesOf('local-imbalance');
    expect(uneven.map((c) => c.code)).toEqual([
      'balance.start.Local',
      'balance.early.uneven',
      'balance.end.uneven',
    ]);
    const r = run('local-imbalance');
    const end = uneven.at(-1)?.vars ?? {};
    const hi = String(end['hi']);
    expect(end['hiShare']).toBeCloseTo((r.summary.podShare[hi] ?? 0) * 100, 1);
    expect(end['hiExpected']).toBeCloseTo((r.summary.expectedShare[hi] ?? 0) * 100, 1);
    expect(codesOf('local-spread').map((c) => c.code)).toContain('balance.end.even');
  });

  it('counts shares only among connections started before the moment', () => {
    const c = [
      { at: 0, outcome: 'ok' as const, pod: 'a' },
      { at: 1, outcome: 'ok' as const, pod: 'b' },
      { at: 2, outcome: 'timeout' as const, pod: null },
      { at: 9, outcome: 'ok' as const, pod: 'b' },
    ];
    expect(sharesBefore(c, ['a', 'b'], 5)).toEqual({ count: 2, share: { a: 0.5, b: 0.5 } });
  });
});

describe('toDeckMoments', () => {
  it('writes one sentence per instant, in both languages, with no raw key left', () => {
    for (const lang of ['en', 'de'] as const) {
      for (const id of scenarioIds) {
        const r = run(id);
        const m = toDeckMoments(momentsOf(r, isTimeMode(r)), tFor(lang), (n) => fixed(lang, n, 1));
        for (const x of m) {
          expect(x.text, `${lang} ${id}`).not.toMatch(/present\.|reason\.|\{\{|undefined/);
          expect(x.text).toMatch(/^t = \d+[.,]\d\u00a0s: /);
        }
      }
    }
  });

  it('joins what happens at one instant and formats numbers for the reader', () => {
    const codes: MomentCode[] = [
      { at: 45, code: 'drain.offline', vars: { node: 'node-1' } },
      { at: 45.02, code: 'drain.failStart', vars: { node: 'node-1', reason: 'nodeOffline' } },
      { at: 58.18, code: 'drain.failEnd', vars: { seconds: 13.165, failed: 839 } },
    ];
    const de = toDeckMoments(codes, tFor('de'), (n) => fixed('de', n, 1));
    expect(de).toHaveLength(2);
    // The later instant of a group: the failing packet is on the picture there.
    expect(de[0]?.time).toBe(45.02);
    expect(de[0]?.text).toContain('node-1 schaltet ab');
    expect(de[0]?.text).toContain(resources.de['reason.nodeOffline']);
    expect(de[1]?.text).toMatch(/^t = 58,2\u00a0s: .*13,2\u00a0s/);
  });
});
