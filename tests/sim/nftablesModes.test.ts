/**
 * kube-proxy's two modes tell the same story: the same scenario and seed give every connection
 * the same ingress node, Pod, outcome, reason and source the Pod saw, whether the nodes run the
 * iptables chains or the nftables table. Only the rules a packet walks differ.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  getScenario,
  scenarioIds,
  simulate,
  traceConnection,
  type ConnectionTrace,
  type Scenario,
  type SimResult,
} from '../../src/sim/index.ts';
import { run } from './helpers.ts';

/** What a learner can observe about a connection, without the rule names. */
function classes(r: SimResult): string[] {
  return r.connections.map((c) =>
    [c.ingressNode, c.pod, c.outcome, c.reason, c.sourceSeenByPod, c.clientSeenByApp].join('|'),
  );
}

/** A trace's hops with their headers and marks, without the rules. */
function shape(t: ConnectionTrace | undefined): unknown[] {
  return (t?.hops ?? []).map((h) => [h.from, h.to, h.kind, h.before, h.after, h.marks, h.end]);
}

function bothModes(s: Scenario, seed: number): { ipt: SimResult; nft: SimResult } {
  const nftScenario = applyOverrides(s, { 'kubeProxy.mode': 'nftables' });
  if (!nftScenario.ok) throw new Error(JSON.stringify(nftScenario.issues));
  return { ipt: simulate(s, { seed }), nft: simulate(nftScenario.scenario, { seed }) };
}

function expectSameStory(ipt: SimResult, nft: SimResult, label: string): void {
  expect(classes(nft), label).toEqual(classes(ipt));
  expect(nft.summary, label).toEqual(ipt.summary);
  expect(nft.events, label).toEqual(ipt.events);
  expect(
    nft.featured.map((t) => shape(t)),
    label,
  ).toEqual(ipt.featured.map((t) => shape(t)));
}

describe('iptables and nftables mode agree', () => {
  it.each(scenarioIds)('%s: every connection, event and featured trace', (id) => {
    const s = getScenario(id);
    if (!s) throw new Error(id);
    const { ipt, nft } = bothModes(s, 3);
    expect(ipt.connections.length).toBeGreaterThan(0);
    expectSameStory(ipt, nft, id);
    // The nftables run really walked the nftables table.
    const rules = nft.featured.flatMap((t) => t.hops.flatMap((h) => h.rules.map((x) => x.rule)));
    expect(rules.some((r) => r.startsWith('KUBE-'))).toBe(false);
  });

  /** A random but valid variation of a built-in scenario. */
  const variation = fc.record({
    base: fc.constantFrom(
      'cluster-snat',
      'local',
      'local-imbalance',
      'drain-cluster-nodeport-probe',
      'drain-local-hcnp',
      'pod-to-lb-vip',
      'metallb-l2-local',
      'cluster-no-endpoints',
    ),
    policy: fc.constantFrom('Cluster', 'Local'),
    masquerade: fc.boolean(),
    replicas: fc.integer({ min: 0, max: 9 }),
    strategy: fc.constantFrom('none', 'antiAffinityPreferred', 'topologySpread'),
    delivery: fc.constantFrom('nodePort', 'vip'),
    ipMode: fc.constantFrom('VIP', 'Proxy'),
    cni: fc.constantFrom('bridge', 'routed'),
    drain: fc.constantFrom('none', 'node-1', 'node-2'),
    seed: fc.integer({ min: 0, max: 10_000 }),
  });

  it('over random topologies: the same outcome and source class for every connection', () => {
    let compared = 0;
    fc.assert(
      fc.property(variation, (v) => {
        const base = getScenario(v.base);
        if (!base) throw new Error(v.base);
        const metallb = base.loadBalancer.preset === 'metallb-l2';
        const o = applyOverrides(base, {
          'service.externalTrafficPolicy': v.policy,
          masquerade: String(v.masquerade),
          'placement.strategy': v.strategy,
          'placement.replicas': String(v.replicas),
          cni: v.cni,
          drain: v.drain,
          'traffic.duration': '8',
          // MetalLB L2 can only deliver to the LB IP in VIP mode (a declared condition).
          ...(metallb
            ? {}
            : { 'loadBalancer.delivery': v.delivery, 'loadBalancer.ipMode': v.ipMode }),
        });
        if (!o.ok) return; // a combination the validator refuses for this base
        const { ipt, nft } = bothModes(o.scenario, v.seed);
        expectSameStory(ipt, nft, JSON.stringify(v));
        compared += ipt.connections.length;
      }),
      { numRuns: 40 },
    );
    expect(compared).toBeGreaterThan(1000);
  }, 120_000);

  it('traces the same hops for sampled connections, failed ones included', () => {
    for (const id of ['local', 'cluster-no-endpoints', 'cluster-no-snat', 'drain-local-hcnp']) {
      const s = getScenario(id);
      if (!s) throw new Error(id);
      const { ipt, nft } = bothModes(s, 1);
      for (let i = 0; i < ipt.connections.length; i += 5) {
        expect(shape(traceConnection(nft, i)), `${id} #${i}`).toEqual(
          shape(traceConnection(ipt, i)),
        );
      }
    }
  });

  it('is chosen per scenario: kubeProxy.mode, iptables unless set', () => {
    const ipt = run('cluster-snat');
    const nft = run('cluster-snat', { 'kubeProxy.mode': 'nftables' });
    expect(ipt.resolved.kubeProxy).toBeUndefined();
    expect(nft.resolved.kubeProxy).toEqual({ mode: 'nftables' });
    const first = (r: SimResult) => r.featured[0]?.hops.flatMap((h) => h.rules.map((x) => x.rule));
    expect(first(ipt)).toContain('KUBE-SVC');
    expect(first(nft)).toContain('service');
  });
});
