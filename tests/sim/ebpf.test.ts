/**
 * The eBPF data path (src/sim/ebpf/): DSR keeps the client's address where lesson 3's no-SNAT
 * run fails; SNAT mode gives kube-proxy's Cluster outcomes; hybrid splits by protocol; Maglev
 * picks the same backend on every node and moves few flows when a backend leaves; runs are
 * deterministic; and properties hold over random topologies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  getScenario,
  simulate,
  traceConnection,
  validateScenario,
  type Scenario,
  type SimResult,
} from '../../src/sim/index.ts';
import { MAGLEV_TABLE_SIZE, maglevTable } from '../../src/sim/ebpf/maglev.ts';
import { EBPF_RULE_CODES, EBPF_WHY_CODES } from '../../src/sim/ebpf/codes.ts';
import { RULE_CODES, RULE_WHYS } from '../../src/sim/codes.ts';
import { run } from './helpers.ts';

const EBPF = { dataPath: 'ebpf' } as const;
const dsr = { ...EBPF, 'ebpf.lbMode': 'dsr' };

/** The reasons failed connections failed for, with counts. */
const reasons = (r: SimResult): Record<string, number> => ({ ...r.summary.failedByReason });

describe('DSR against lesson 3', () => {
  it("keeps the client's address with every connection succeeding where no SNAT fails", () => {
    const noSnat = run('cluster-no-snat');
    expect(noSnat.summary.failedByReason?.directReturnMismatch ?? 0).toBeGreaterThan(0);
    const withDsr = run('cluster-no-snat', dsr);
    expect(withDsr.summary.failed).toBe(0);
    expect(withDsr.summary.succeeded).toBe(withDsr.summary.connections);
    expect(withDsr.summary.clientIpPreserved).toBe(withDsr.summary.connections);
  });

  it('answers from the backend node straight to the client, from the LB address', () => {
    const r = run('cluster-snat', dsr);
    const cross = r.connections.find((c) => c.podNode !== c.ingressNode && c.outcome === 'ok');
    expect(cross).toBeDefined();
    const t = traceConnection(r, cross?.id ?? -1);
    const synAck = t?.hops.filter((h) => h.kind === 'SYN-ACK') ?? [];
    // Pod → its node (source rewritten to the Service address) → the client: no return hop.
    expect(synAck.map((h) => h.to)).toEqual([cross?.podNode, 'client-1']);
    expect(synAck[1]?.before.src).toEqual({ ip: '203.0.113.100', port: 80 });
    expect(synAck[1]?.marks).toContain('dsrReturn');
    const syn = t?.hops.find((h) => h.kind === 'SYN' && h.to === cross?.podNode);
    expect(syn?.payload?.dsr).toEqual({
      service: { ip: '203.0.113.100', port: 80 },
      dispatch: 'opt',
    });
    // Only the SYN carries the Service address; the ACK follows the recorded entry.
    const ack = t?.hops.find((h) => h.kind === 'ACK' && h.to === cross?.podNode);
    expect(ack?.payload?.dsr).toBeUndefined();
  });

  it('fails behind an LB that rewrites the destination to the nodePort (the reply carries it)', () => {
    const r = run('cluster-snat', { ...dsr, 'loadBalancer.preset': 'aws-nlb' });
    for (const c of r.connections) {
      if (c.podNode === c.ingressNode) expect(c.outcome).toBe('ok');
      else expect(c.reason).toBe('dsrReplyMismatch');
    }
    expect(r.summary.failed).toBeGreaterThan(0);
  });

  it('names the dispatch mechanism: Geneve instead of the IP option', () => {
    const r = run('cluster-snat', { ...dsr, 'ebpf.dsrDispatch': 'geneve' });
    const cross = r.connections.find((c) => c.podNode !== c.ingressNode && c.outcome === 'ok');
    const t = traceConnection(r, cross?.id ?? -1);
    const rules = t?.hops.flatMap((h) => h.rules.map((x) => x.chain)) ?? [];
    expect(rules).toContain('encap_geneve_dsr_opt4');
    expect(t?.hops.some((h) => h.payload?.dsr?.dispatch === 'geneve')).toBe(true);
  });
});

describe('SNAT mode against kube-proxy under Cluster', () => {
  const cases = ['cluster-snat', 'drain-cluster-nodeport-probe', 'drain-local-hcnp'];
  for (const id of cases) {
    it(`gives kube-proxy's outcomes in ${id}, connection for connection`, () => {
      const kp = run(id);
      const eb = run(id, { ...EBPF, 'ebpf.lbMode': 'snat' });
      // Both draw their uniform pick alike, so the same seed picks the same Pod.
      const view = (r: SimResult) => r.connections.map((c) => [c.outcome, c.reason, c.pod]);
      expect(view(eb)).toEqual(view(kp));
      expect(eb.summary.disruption).toEqual(kp.summary.disruption);
    });
  }

  it('rejects every SYN to a Service without backends itself (no kernel ICMP rate limit)', () => {
    const kp = run('cluster-no-endpoints');
    const eb = run('cluster-no-endpoints', EBPF);
    expect(eb.summary.failed).toBe(kp.summary.failed);
    expect(kp.summary.failedByReason?.icmpRateLimited ?? 0).toBeGreaterThan(0);
    expect(reasons(eb)).toEqual({ noEndpoints: eb.summary.failed });
  });

  it('keeps a tainted node in rotation: its /healthz ignores the autoscaler taint', () => {
    // kube-proxy answers 503 from the taint on and the LB drains node-1 before it goes; the
    // replacement's /healthz looks at the agent only, so SYNs still reach node-1 as it leaves.
    const kp = run('drain-cluster-healthz-probe');
    const eb = run('drain-cluster-healthz-probe', EBPF);
    expect(kp.summary.failed).toBe(0);
    expect(eb.summary.failedByReason?.nodeOffline ?? 0).toBeGreaterThan(0);
  });

  it('routes replies of remote backends back through the ingress node, like kube-proxy', () => {
    const r = run('cluster-snat', { ...EBPF, 'ebpf.lbMode': 'snat' });
    for (const c of r.connections.filter((x) => x.outcome === 'ok')) {
      // A local backend keeps the client (no SNAT); a remote one sees the ingress node.
      const ingressIp = r.resolved.nodes.find((n) => n.id === c.ingressNode)?.ip;
      expect(c.sourceSeenByPod).toBe(c.podNode === c.ingressNode ? c.clientAddr.ip : ingressIp);
      const t = traceConnection(r, c.id);
      const reply = t?.hops.filter((h) => h.kind === 'SYN-ACK').map((h) => h.to) ?? [];
      expect(reply).toContain(c.ingressNode);
    }
  });
});

describe('hybrid mode', () => {
  const hybrid = { ...EBPF, 'ebpf.lbMode': 'hybrid' };
  it('uses DSR for TCP', () => {
    const r = run('cluster-snat', hybrid);
    const ok = r.connections.filter((c) => c.outcome === 'ok');
    expect(ok.every((c) => c.sourceSeenByPod === c.clientAddr.ip)).toBe(true);
  });
  it('uses SNAT for UDP: remote backends see the ingress node, replies pass it', () => {
    const r = run('cluster-snat', { ...hybrid, 'service.protocol': 'UDP' });
    const cross = r.connections.filter((c) => c.outcome === 'ok' && c.podNode !== c.ingressNode);
    expect(cross.length).toBeGreaterThan(0);
    for (const c of cross) expect(c.sourceSeenByPod).not.toBe(c.clientAddr.ip);
    const t = traceConnection(r, cross[0]?.id ?? -1);
    expect(t?.hops[0]?.kind).toBe('DATA');
    expect(t?.hops.some((h) => h.marks.includes('dsrReturn'))).toBe(false);
    expect(t?.hops.some((h) => h.rules.some((x) => x.rule === 'bpf-revnat'))).toBe(true);
  });
  it('refuses UDP on kube-proxy (the rule model is TCP only)', () => {
    const base = getScenario('cluster-snat');
    if (!base) throw new Error('missing');
    const a = applyOverrides(base, { 'service.protocol': 'UDP' });
    expect(!a.ok && a.issues.some((i) => i.path === 'dataPath' && i.code === 'required')).toBe(
      true,
    );
    // The set grammar no longer offers kubeProxy; a scenario file saying so is refused.
    const b = applyOverrides(base, { 'service.protocol': 'UDP', dataPath: 'kubeProxy' });
    expect(!b.ok && b.issues.some((i) => i.path === 'dataPath')).toBe(true);
    const file = {
      ...base,
      dataPath: 'kubeProxy',
      service: { ...base.service, protocol: 'UDP' },
    };
    const v = validateScenario(file);
    expect(!v.ok && v.issues.some((i) => i.code === 'requiresEbpf')).toBe(true);
  });
});

describe('Maglev', () => {
  it('fills a prime table evenly from any backend list', () => {
    const names = ['10.244.1.5:8080', '10.244.2.7:8080', '10.244.3.9:8080', '10.244.1.15:8080'];
    const table = maglevTable(names);
    expect(table.length).toBe(MAGLEV_TABLE_SIZE);
    const counts = new Array<number>(names.length).fill(0);
    for (const b of table) counts[b] = (counts[b] ?? 0) + 1;
    for (const c of counts) expect(Math.abs(c - MAGLEV_TABLE_SIZE / names.length)).toBeLessThan(2);
  });

  it('moves few slots of the other backends when one leaves', () => {
    const names = Array.from({ length: 6 }, (_, i) => `10.244.${i + 1}.5:8080`);
    const before = maglevTable(names);
    const after = maglevTable(names.slice(1));
    let kept = 0;
    let moved = 0;
    for (let i = 0; i < before.length; i++) {
      const b = before[i] ?? -1;
      if (b === 0) continue;
      kept++;
      // The table after has lost index 0, so backend b is at b − 1.
      if ((after[i] ?? -1) !== b - 1) moved++;
    }
    expect(moved / kept).toBeLessThan(0.02);
  });

  it('picks the same backend whichever node receives a flow, and keeps it when a node drains', () => {
    const maglev = run('drain-cluster-nodeport-probe', { ...dsr, 'ebpf.algorithm': 'maglev' });
    const random = run('drain-cluster-nodeport-probe', { ...dsr, 'ebpf.algorithm': 'random' });
    const m = maglev.summary.flows;
    const r = random.summary.flows;
    expect(m && r).toBeTruthy();
    if (!m || !r) return;
    expect(m.sameOnOtherNode).toBe(m.flows);
    expect(m.kept).toBeGreaterThan(0);
    expect(m.moved / m.kept).toBeLessThan(0.02);
    // Random: a node without the flow's conntrack entry draws again.
    expect(r.sameOnOtherNode / r.flows).toBeLessThan(0.3);
    expect(r.moved / r.kept).toBeGreaterThan(0.6);
  });

  it('loses the cross-node agreement when the LB rewrites to each node’s own nodePort', () => {
    const r = run('cluster-snat', {
      ...EBPF,
      'ebpf.algorithm': 'maglev',
      'loadBalancer.preset': 'aws-nlb',
      'traffic.duration': '20',
    });
    const f = r.summary.flows;
    expect(f).toBeDefined();
    if (f) expect(f.sameOnOtherNode).toBeLessThan(f.flows);
  });
});

describe('Local policy and health checks', () => {
  it('drops at a node without local backends, and its health server says 503', () => {
    const r = run('local', EBPF);
    const fails = reasons(r);
    expect(Object.keys(fails).every((k) => k === 'noLocalEndpoints')).toBe(true);
    const probes = r.events.filter((e) => e.type === 'probe.result');
    const bad = probes.find((e) => e.type === 'probe.result' && !e.ok);
    if (bad && bad.type === 'probe.result') {
      expect(bad.status).toBe(503);
      expect(bad.localEndpoints).toBe(0);
      expect(bad.serviceProxyHealthy).toBeUndefined();
    }
    const ok = r.connections.filter((c) => c.outcome === 'ok');
    expect(ok.every((c) => c.sourceSeenByPod === c.clientAddr.ip)).toBe(true);
  });
});

describe('codes', () => {
  it('lists every eBPF step and why-code with the engine’s codes (written out twice for the bundle)', () => {
    for (const c of EBPF_RULE_CODES) expect(RULE_CODES).toContain(c);
    for (const c of EBPF_WHY_CODES) expect(RULE_WHYS).toContain(c);
  });

  it('lists every step and why-code the eBPF traces show with the engine’s codes (so the locales cover them)', () => {
    const families = /^(maglevSlot\d+|pick\d+of\d+)$/;
    const seen = new Set<string>();
    for (const id of [
      'ebpf-snat',
      'ebpf-dsr',
      'ebpf-dsr-nodeport',
      'ebpf-hybrid-udp',
      'ebpf-drain-maglev',
      'ebpf-drain-random',
    ]) {
      const r = run(id);
      for (const c of r.connections.slice(0, 40))
        for (const h of traceConnection(r, c.id)?.hops ?? [])
          for (const hit of h.rules) {
            seen.add(hit.rule);
            expect(RULE_CODES).toContain(hit.rule);
            if (!families.test(hit.why)) expect(RULE_WHYS).toContain(hit.why);
          }
    }
    expect([...seen].filter((c) => c.startsWith('bpf-')).length).toBeGreaterThan(3);
  });
});

describe('determinism', () => {
  it('gives the same run for the same seed, and the same traces', () => {
    const a = run('drain-cluster-nodeport-probe', { ...dsr, 'ebpf.algorithm': 'maglev' }, 7);
    const b = run('drain-cluster-nodeport-probe', { ...dsr, 'ebpf.algorithm': 'maglev' }, 7);
    expect(JSON.stringify(a.summary)).toBe(JSON.stringify(b.summary));
    expect(JSON.stringify(a.featured)).toBe(JSON.stringify(b.featured));
    expect(a.connections.map((c) => c.pod)).toEqual(b.connections.map((c) => c.pod));
  });
});

/** A random valid topology on the canonical scenario, on the eBPF data path. */
const topology = fc.record({
  nodes: fc.integer({ min: 1, max: 6 }),
  replicas: fc.integer({ min: 0, max: 12 }),
  policy: fc.constantFrom('Cluster', 'Local' as const),
  mode: fc.constantFrom('snat', 'dsr', 'hybrid' as const),
  algorithm: fc.constantFrom('random', 'maglev' as const),
  seed: fc.integer({ min: 0, max: 1000 }),
});
type Topology = typeof topology extends fc.Arbitrary<infer T> ? T : never;

function build(t: Topology): Scenario {
  const base = getScenario('cluster-snat');
  if (!base) throw new Error('missing');
  const s = applyOverrides(base, {
    ...EBPF,
    'ebpf.lbMode': t.mode,
    'ebpf.algorithm': t.algorithm,
    'service.externalTrafficPolicy': t.policy,
    'placement.strategy': 'none',
    'placement.replicas': String(t.replicas),
    'traffic.rate': '40',
    'traffic.duration': '5',
  });
  if (!s.ok) throw new Error(JSON.stringify(s.issues));
  const sc = s.scenario;
  sc.nodes = Array.from({ length: t.nodes }, (_, i) => ({
    id: `node-${i + 1}`,
    ip: `198.51.100.${11 + i}`,
    podCidr: `10.244.${i + 1}.0/24`,
  }));
  const v = validateScenario(sc);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.scenario;
}

describe('properties over random topologies', () => {
  it('client address, reply path and failures follow the mode', () => {
    fc.assert(
      fc.property(topology, (t) => {
        const s = build(t);
        const r = simulate(s, { seed: t.seed });
        expect(r.summary.succeeded + r.summary.failed).toBe(r.summary.connections);
        for (const c of r.connections) {
          if (c.outcome !== 'ok') {
            // Azure keeps the frontend address: DSR never meets a rewritten destination.
            expect(['noLocalEndpoints', 'noEndpoints', 'noHealthyBackends']).toContain(c.reason);
            continue;
          }
          const local = c.podNode === c.ingressNode;
          const keeps = local || t.mode !== 'snat';
          expect(c.sourceSeenByPod === c.clientAddr.ip).toBe(keeps);
          if (t.policy === 'Local') expect(local).toBe(true);
        }
        const f = r.summary.flows;
        // Under Cluster every node holds the same table for the LB address.
        if (f && t.algorithm === 'maglev' && t.policy === 'Cluster')
          expect(f.sameOnOtherNode).toBe(f.flows);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
