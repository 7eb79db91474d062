import { describe, expect, it } from 'vitest';
import { runScenario, scenarioIds, simulate } from '../../src/sim/index.ts';
import type { Scenario } from '../../src/sim/types.ts';
import {
  aboveIpHeader,
  addressesOf,
  isLabAddress,
  podBlockBits,
  renumber,
} from '../../src/lab/renumber.ts';

const resolved = (id: string): Scenario => {
  const r = runScenario(id);
  if (!r.ok) throw new Error(id);
  return r.result.resolved;
};
const ok = (s: Scenario) => {
  const r = renumber(s);
  if (!r.ok) throw new Error(r.issue.code);
  return r.value;
};

// A client Pod lives in the Pod network: the lab cannot renumber it into a client range.
const withPodClient = scenarioIds.filter((id) =>
  resolved(id).clients.some((c) => c.node !== undefined),
);

// Lesson 8's layers above the IP header: the lab's packet-forwarding LB cannot play them.
const aboveHeader = scenarioIds.filter(
  (id) => !withPodClient.includes(id) && aboveIpHeader(resolved(id)) !== null,
);

// Lesson 9's eBPF data path: modelled from Cilium's source; the lab loads kube-proxy's rules.
const onEbpf = scenarioIds.filter((id) => resolved(id).dataPath === 'ebpf');

describe('renumbering into the documentation ranges', () => {
  it('finds the proxying LB, PROXY protocol and ingress scenarios, and only those', () => {
    expect(aboveHeader.length).toBeGreaterThanOrEqual(5);
    for (const id of aboveHeader) expect(id).toMatch(/^(proxy-|ingress-)/);
  });
  it.each(aboveHeader)('%s: refuses what happens above the IP header', (id) => {
    const r = renumber(resolved(id));
    expect(r.ok ? null : r.issue.code).toBe('aboveIpHeader');
  });
  it.each(onEbpf)('%s: refuses the eBPF data path', (id) => {
    const r = renumber(resolved(id));
    expect(r.ok ? null : r.issue.code).toBe('ebpfDataPath');
  });
  it.each(withPodClient)('%s: refuses a client inside the Pod network', (id) => {
    const r = renumber(resolved(id));
    expect(r.ok ? null : r.issue.code).toBe('clientInPodNetwork');
  });
  it.each(
    scenarioIds.filter(
      (id) => !withPodClient.includes(id) && !aboveHeader.includes(id) && !onEbpf.includes(id),
    ),
  )('%s: every lab address is in 192.0.2/24, 198.51.100/24 or 203.0.113/24', (id) => {
    const lab = ok(resolved(id)).scenario;
    const all = addressesOf(lab);
    expect(all.length).toBeGreaterThan(3);
    for (const ip of all) {
      expect(isLabAddress(ip), ip).toBe(true);
      expect(ip.startsWith('10.'), ip).toBe(false);
    }
  });
  it('keeps the canonical client, frontend and node addresses and moves the Pods', () => {
    const { scenario: lab, map } = ok(resolved('local-imbalance'));
    expect(lab.clients.map((c) => c.ip)).toEqual(['192.0.2.10', '203.0.113.25']);
    expect(lab.loadBalancer.frontendIp).toBe('203.0.113.100');
    expect(lab.nodes.map((n) => [n.ip, n.podCidr])).toEqual([
      ['198.51.100.11', '198.51.100.128/29'],
      ['198.51.100.12', '198.51.100.136/29'],
      ['198.51.100.13', '198.51.100.144/29'],
    ]);
    // node-1 carries 10.244.1.5, .15, .25; kube-proxy lists them as strings ("10.244.1.15:8080"
    // first), and the lab numbers them in that order so its rules list them the same way.
    expect(map['10.244.1.15']).toBe('198.51.100.130');
    expect(map['10.244.1.25']).toBe('198.51.100.131');
    expect(map['10.244.1.5']).toBe('198.51.100.132');
    expect(map['10.244.2.7']).toBe('198.51.100.138');
    // The bridge (.1 of each Pod CIDR) moves with it: the SNAT source toward a same-node Pod.
    expect(map['10.244.1.1']).toBe('198.51.100.129');
    expect(map['10.244.1.0/24']).toBe('198.51.100.128/29');
  });
  it('does not change what the engine predicts, only the addresses', () => {
    for (const id of ['cluster-snat', 'cluster-no-snat', 'local', 'local-spread']) {
      // Pods as placed once (the lab runs those, not a new placement per seed).
      const orig = { ...resolved(id) };
      delete orig.placement;
      const { scenario: lab, map } = ok(orig);
      const a = simulate(orig, { seed: 3 }).connections;
      const b = simulate(lab, { seed: 3 }).connections;
      expect(b.map((c) => [c.ingressNode, c.pod, c.outcome, c.reason])).toEqual(
        a.map((c) => [c.ingressNode, c.pod, c.outcome, c.reason]),
      );
      expect(b.map((c) => c.sourceSeenByPod)).toEqual(
        a.map((c) => (c.sourceSeenByPod === null ? null : (map[c.sourceSeenByPod] ?? 'unmapped'))),
      );
    }
  });
  it('moves clients outside the client ranges into 192.0.2.0/24', () => {
    const s = resolved('cluster-snat');
    s.clients = [
      { id: 'a', ip: '172.16.0.9' },
      { id: 'b', ip: '192.0.2.10' },
      { id: 'c', ip: '8.8.8.8' },
    ];
    const lab = ok(s).scenario;
    expect(lab.clients.map((c) => c.ip)).toEqual(['192.0.2.11', '192.0.2.10', '192.0.2.12']);
  });
  it('moves node addresses that collide with the LB or leave the node network', () => {
    const s = resolved('cluster-snat');
    s.nodes = s.nodes.map((n, i) => ({ ...n, ip: i === 0 ? '198.51.100.1' : `10.0.0.${i}` }));
    const lab = ok(s).scenario;
    expect(lab.nodes.map((n) => n.ip)).toEqual(['198.51.100.11', '198.51.100.12', '198.51.100.13']);
  });
  it('refuses a client inside a Pod network, too many Pods on a node and too many nodes', () => {
    const s = resolved('local');
    s.clients = [{ id: 'inside', ip: '10.244.2.50' }];
    expect(renumber(s)).toMatchObject({ ok: false, issue: { code: 'clientInPodNetwork' } });
    const crowded = resolved('cluster-snat');
    crowded.pods = Array.from({ length: 70 }, (_, i) => ({
      id: `p${i}`,
      node: 'node-1',
      ip: `10.244.1.${i + 2}`,
    }));
    expect(renumber(crowded)).toMatchObject({ ok: false, issue: { code: 'tooManyPodsOnNode' } });
    const wide = resolved('cluster-snat');
    wide.nodes = Array.from({ length: 40 }, (_, i) => ({
      id: `node-${i + 1}`,
      ip: `198.51.100.${20 + i}`,
      podCidr: `10.244.${i + 1}.0/24`,
    }));
    wide.pods = [];
    expect(renumber(wide)).toMatchObject({ ok: false, issue: { code: 'tooManyNodes' } });
  });
  it('sizes the Pod blocks from the busiest node and the node count', () => {
    expect(podBlockBits(3, 3)).toBe(29);
    expect(podBlockBits(3, 6)).toBe(28);
    expect(podBlockBits(8, 13)).toBe(28);
    expect(podBlockBits(9, 13)).toBeNull();
    expect(podBlockBits(32, 1)).toBe(30);
  });
});
