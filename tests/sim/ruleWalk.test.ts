import { describe, expect, it } from 'vitest';
import { getScenario, scenarioIds, simulate, type Scenario } from '../../src/sim/index.ts';
import { ipToInt } from '../../src/sim/ip.ts';
import { evaluateNew, evaluateRules, type PacketView } from '../../src/sim/ruleWalk.ts';
import { createRng } from '../../src/sim/rng.ts';
import { iptablesRuleSets } from './helpers.ts';

/** Headers a node's rules can meet: each client to the LB frontend and to the NodePort, a Pod source, the node itself. */
function headersFor(s: Scenario, nodeIp: string): PacketView[] {
  const sources = [...s.clients.map((c) => c.ip), '10.244.1.77', nodeIp];
  const out: PacketView[] = [];
  for (const src of sources) {
    for (const [dstIp, dstPort] of [
      [s.loadBalancer.frontendIp, s.service.port],
      [nodeIp, s.service.nodePort],
      [nodeIp, 1],
    ] as const) {
      out.push({ srcIp: src, srcInt: ipToInt(src), dstIp, dstPort, srcLocal: src === nodeIp });
    }
  }
  return out;
}

describe('the flow cache in front of the rule walk', () => {
  it('gives every built-in scenario the walk’s verdicts with the same random draws', () => {
    let compared = 0;
    for (const id of scenarioIds) {
      const s = getScenario(id);
      // An eBPF node has no kube-proxy rules to walk.
      if (!s || s.dataPath === 'ebpf') continue;
      const sets = Object.values(iptablesRuleSets(simulate(s))).flat();
      for (const rs of sets) {
        const headers = headersFor(s, rs.nodeIp);
        // Two generators with one seed: the cached and the uncached walk must consume them alike.
        const a = createRng(rs.id + 7, 3);
        const b = createRng(rs.id + 7, 3);
        const draw = (p: number): boolean => b.next() < p;
        for (let i = 0; i < 120; i++) {
          const h = headers[i % headers.length];
          if (!h) continue;
          const cached = evaluateNew(rs, h, () => a.next(), null);
          const walked = evaluateRules(rs, h, draw, null);
          expect(cached, `${s.id} node ${rs.node} packet ${i}`).toEqual(walked);
          compared++;
        }
        expect(a.next(), `${s.id}: draws consumed`).toBe(b.next());
      }
    }
    expect(compared).toBeGreaterThan(9000);
  });

  it('spreads over the endpoints as the statistic rules say, cached or not', () => {
    const s = getScenario('local-imbalance');
    if (!s) throw new Error('scenario missing');
    const [rs] = Object.values(iptablesRuleSets(simulate(s))).flat();
    if (!rs) throw new Error('no rules');
    const rng = createRng(1, 0);
    const client = s.clients[0];
    if (!client) throw new Error('no client');
    const h: PacketView = {
      srcIp: client.ip,
      srcInt: ipToInt(client.ip),
      dstIp: rs.nodeIp,
      dstPort: s.service.nodePort,
      srcLocal: false,
    };
    const counts = new Map<number, number>();
    for (let i = 0; i < 30_000; i++) {
      const v = evaluateNew(rs, h, () => rng.next(), null);
      counts.set(v.endpoint, (counts.get(v.endpoint) ?? 0) + 1);
    }
    // Every endpoint the chain spreads over gets about its equal share.
    const spread = rs.localEndpoints.length > 0 ? rs.localEndpoints : rs.clusterEndpoints;
    expect(counts.size).toBe(spread.length);
    for (const n of counts.values()) expect(n / 30_000).toBeCloseTo(1 / spread.length, 1);
  });
});
