import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  getScenario,
  overrideKeys,
  simulate,
  traceConnection,
  validateScenario,
  type Scenario,
} from '../../src/sim/index.ts';
import { run } from './helpers.ts';

describe('determinism', () => {
  it('same seed → deep-equal results; another seed → different connections', () => {
    const a = run('drain-cluster-nodeport-probe', {}, 7);
    const b = run('drain-cluster-nodeport-probe', {}, 7);
    expect(b).toEqual(a);
    // The records are built lazily (not an own field), so compare them on their own.
    expect(b.connections).toEqual(a.connections);
    const c = run('drain-cluster-nodeport-probe', {}, 8);
    expect(c.connections.map((x) => x.ingressNode)).not.toEqual(
      a.connections.map((x) => x.ingressNode),
    );
  });
  it('traces are recomputed identically after a structured clone', () => {
    const a = run('cluster-snat');
    const clone = structuredClone(a);
    expect(traceConnection(clone, 5)).toEqual(traceConnection(a, 5));
  });
});

describe('the fast path and the packet trace tell the same story', () => {
  it.each([
    'cluster-snat',
    'cluster-no-snat',
    'local',
    'cluster-no-endpoints',
    'drain-cluster-nodeport-probe',
    'drain-local-hcnp',
  ])(
    '%s',
    (id) => {
      const overrides: Record<string, string> =
        id === 'drain-local-hcnp' ? { 'lifecycle.preStopSeconds': '0' } : {};
      const r = run(id, { ...overrides, 'traffic.connectionDuration': '2' });
      const sample = r.connections
        .filter((_, i) => i % 7 === 0 || r.connections[i]?.outcome !== 'ok')
        .slice(0, 400);
      expect(sample.length).toBeGreaterThan(0);
      for (const c of sample) {
        const trace = traceConnection(r, c.id);
        if (!trace) throw new Error('no trace');
        // The trace is rebuilt from the rules, not from the record's outcome: its hops must end
        // where the fast path said the connection ended.
        const ends = trace.hops.filter((h) => h.end !== undefined);
        const established = trace.hops.some((h) => h.marks.includes('established'));
        if (c.outcome === 'ok' || c.reason === 'nodeWentDown' || c.reason === 'lbReset') {
          expect(established).toBe(true);
          expect(ends).toEqual([]);
        } else {
          expect(established).toBe(false);
          // Every packet that went no further ended the way the record says (a REJECTed SYN
          // and the ICMP answer both do).
          expect(ends.length).toBeGreaterThan(0);
          for (const h of ends) expect([h.end, h.reason]).toEqual([c.outcome, c.reason]);
        }
      }
    },
    30_000,
  );
});

/** A random but valid topology built on the canonical scenario. */
const topology = fc.record({
  nodes: fc.integer({ min: 1, max: 6 }),
  replicas: fc.integer({ min: 0, max: 14 }),
  strategy: fc.constantFrom(
    'none',
    'antiAffinityPreferred',
    'antiAffinityRequired',
    'topologySpread' as const,
  ),
  policy: fc.constantFrom('Cluster', 'Local' as const),
  masquerade: fc.boolean(),
  seed: fc.integer({ min: 0, max: 1000 }),
  drain: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
});

type Topology = typeof topology extends fc.Arbitrary<infer T> ? T : never;

function build(t: Topology): Scenario {
  const base = getScenario('cluster-snat');
  if (!base) throw new Error('missing');
  const s = applyOverrides(base, {
    'service.externalTrafficPolicy': t.policy,
    masquerade: String(t.masquerade),
    'placement.strategy': t.strategy,
    'placement.replicas': String(t.replicas),
    'traffic.rate': '50',
    'traffic.duration': '12',
  });
  if (!s.ok) throw new Error(JSON.stringify(s.issues));
  const sc = s.scenario;
  sc.nodes = Array.from({ length: t.nodes }, (_, i) => ({
    id: `node-${i + 1}`,
    ip: `198.51.100.${11 + i}`,
    podCidr: `10.244.${i + 1}.0/24`,
  }));
  if (t.drain !== undefined) sc.timeline = [{ at: t.drain, type: 'drainNode', node: 'node-1' }];
  const v = validateScenario(sc);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.scenario;
}

describe('properties over random topologies', () => {
  it('terminal outcomes, counts, shares and client-IP rules hold', () => {
    fc.assert(
      fc.property(topology, (t) => {
        const s = build(t);
        const r = simulate(s, { seed: t.seed });
        const sum = r.summary;
        expect(sum.succeeded + sum.failed).toBe(sum.connections);
        for (const c of r.connections) {
          expect(['ok', 'timeout', 'reset', 'dropped']).toContain(c.outcome);
          expect(typeof c.reason).toBe('string');
          expect((c.outcome === 'ok') === (c.reason === 'served')).toBe(true);
        }
        if (sum.succeeded > 0) {
          const total = Object.values(sum.podShare).reduce((a, b) => a + b, 0);
          expect(total).toBeCloseTo(1, 9);
        }
        const ok = r.connections.filter((c) => c.outcome === 'ok');
        if (s.service.externalTrafficPolicy === 'Local') {
          expect(ok.every((c) => c.sourceSeenByPod === c.clientAddr.ip)).toBe(true);
        } else if (s.masquerade) {
          expect(ok.every((c) => c.sourceSeenByPod !== c.clientAddr.ip)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('the validator never throws and rejects arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (v) => {
        const r = validateScenario(v);
        expect(r.ok).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('the validator survives deep nesting, __proto__ keys and huge strings', () => {
    let deep: unknown = {};
    for (let i = 0; i < 5000; i++) deep = { nodes: [deep] };
    expect(validateScenario(deep).ok).toBe(false);
    const proto = JSON.parse('{"__proto__": {"polluted": true}, "id": "x"}') as unknown;
    expect(validateScenario(proto).ok).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const base = getScenario('cluster-snat');
    expect(validateScenario({ ...base, id: 'a'.repeat(1_000_000) })).toMatchObject({
      ok: false,
      issues: [{ path: 'id', code: 'tooLong' }],
    });
    expect(validateScenario(null).ok).toBe(false);
    expect(validateScenario([]).ok).toBe(false);
  });

  it('mutating single fields of a valid scenario never throws', () => {
    const base = getScenario('drain-local-hcnp');
    fc.assert(
      fc.property(
        fc.constantFrom(
          'service',
          'traffic',
          'lifecycle',
          'loadBalancer',
          'timeline',
          'pods',
          'nodes',
          'masquerade',
          'featured',
        ),
        fc.jsonValue(),
        (key, value) => {
          const r = validateScenario({ ...base, [key]: value });
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('overrides never throw for any keys and values', () => {
    const base = getScenario('local');
    if (!base) throw new Error('missing');
    const keys = fc.oneof(fc.constantFrom(...overrideKeys.map((k) => k.key)), fc.string());
    fc.assert(
      fc.property(fc.dictionary(keys, fc.oneof(fc.string(), fc.anything())), (o) => {
        const r = applyOverrides(base, o);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
