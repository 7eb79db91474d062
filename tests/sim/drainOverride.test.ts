import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim';

const run = (id: string, overrides: Record<string, string>) => {
  const r = runScenario(id, { seed: 1, overrides });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result;
};

describe('the drain what-if', () => {
  it('moves a drain scenario to another node: only that node leaves rotation and fails', () => {
    const r = run('drain-cluster-nodeport-probe', { drain: 'node-3' });
    expect(r.summary.nodes['node-3']?.markedDownAt).not.toBeNull();
    expect(r.summary.nodes['node-1']?.markedDownAt).toBeNull();
    const failed = r.connections.filter((c) => c.outcome !== 'ok');
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed.map((c) => c.ingressNode))).toEqual(new Set(['node-3']));
  });

  it('removes the drain with none: nothing fails', () => {
    const r = run('drain-cluster-nodeport-probe', { drain: 'none' });
    expect(r.summary.failed).toBe(0);
    expect(Object.values(r.summary.nodes).every((n) => n.markedDownAt === null)).toBe(true);
  });

  it('adds a drain to a scenario without one, and rejects a node that does not exist', () => {
    const r = run('local', { drain: 'node-1' });
    expect(r.events.some((e) => e.type === 'node.cordoned' && e.node === 'node-1')).toBe(true);
    const bad = runScenario('cluster-snat', { overrides: { drain: 'node-4' } });
    expect(bad.ok).toBe(false);
    // The reader sees the what-if's own key and the scenario's nodes, never an internal path.
    expect(bad).toEqual({
      ok: false,
      issues: [
        {
          path: 'drain',
          code: 'expectedOneOf',
          params: { values: ['none', 'node-1', 'node-2', 'node-3'], received: '"node-4"' },
        },
      ],
    });
  });
});
