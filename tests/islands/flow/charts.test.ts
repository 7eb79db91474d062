import { describe, expect, it } from 'vitest';
import { failTicks, probeMarks, sharesAt } from '../../../src/islands/flow/Charts';
import { runForDiagram } from '../../../src/view/flow/run';

const x = (t: number): number => 10 + t * 2;

describe('drain chart paths', () => {
  it('draws one mark per probe of the asked kind, centred on its moment', () => {
    const probes = [
      { at: 0, ok: true },
      { at: 5, ok: false },
      { at: 10, ok: true },
    ];
    const ok = probeMarks(probes, true, x, 20);
    const fail = probeMarks(probes, false, x, 20);
    expect(ok.match(/M/g)).toHaveLength(2);
    // A cross is two strokes.
    expect(fail.match(/M/g)).toHaveLength(2);
    expect(ok.startsWith('M6 20')).toBe(true); // x(0) = 10, the tick starts 4 px left
    expect(fail).toContain('M16.5 16.5'); // x(5) = 20, 3.5 px up and left
    expect(probeMarks([], true, x, 20)).toBe('');
  });

  it('merges failures that land on the same half pixel into one tick', () => {
    const times = [1, 1.1, 1.2, 3, 3];
    const d = failTicks(times, x, 40, 52);
    // x = 12, 12.2, 12.4, 16, 16 → half pixels 12, 12, 12.5, 16, 16
    expect(d).toBe('M12 40V52M12.5 40V52M16 40V52');
    expect(failTicks([], x, 0, 1)).toBe('');
  });

  it('scales with the run, not with the number of failures', () => {
    const many = Array.from({ length: 12_000 }, (_, i) => i / 1000);
    const ticks = failTicks(many, x, 0, 1).match(/M/g)?.length ?? 0;
    expect(ticks).toBeLessThanOrEqual(2 * 2 * 12 + 1);
  });
});

describe('sharesAt', () => {
  it('counts only the connections that succeeded before t', () => {
    const m = new Map([
      ['a', [1, 2, 3]],
      ['b', [2, 10]],
    ]);
    const s = sharesAt(m, 2.5);
    expect(s.get('a')).toBeCloseTo(2 / 3);
    expect(s.get('b')).toBeCloseTo(1 / 3);
  });
  it('at step 0 (t = 0) nothing has been sent: no share at all, not 100 % for the first Pod', () => {
    const m = new Map([
      ['a', [0, 0.01]],
      ['b', [0.02]],
    ]);
    expect([...sharesAt(m, 0).values()]).toEqual([0, 0]);
  });
});

describe('drain chart data', () => {
  it('draws failed setups inside the disruption window and cut connections at the cut', () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['drain-local-hcnp', { 'lifecycle.preStopSeconds': '0' }],
      ['drain-cluster-nodeport-probe', { 'traffic.duration': '90' }],
    ];
    for (const [id, set] of cases) {
      const out = runForDiagram(id, set);
      if (!out.ok) throw new Error(`${id} did not run`);
      const { summary, resolved } = out.run.result;
      const { firstFailureAt: first, lastFailureAt: last } = summary.disruption;
      expect(first).not.toBeNull();
      const marks = Object.values(out.run.charts.failedAt).flat();
      expect(marks.length).toBe(summary.failed);
      // Setup failures are marked at their SYN, so the marks lie in the window the chart shades
      // (not a connect timeout later); cut connections may lie outside it, before the timeout.
      const outside = marks.filter((t) => t < (first ?? 0) - 1e-9 || t > (last ?? 0) + 1e-9);
      expect(outside.length).toBeLessThanOrEqual(summary.brokenEstablished ?? 0);
      for (const t of marks) expect(t).toBeLessThanOrEqual(resolved.traffic.duration + 1e-9);
    }
  });
});
