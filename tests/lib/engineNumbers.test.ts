import { describe, expect, it } from 'vitest';
import { engineNumber } from '../../src/lib/engineNumbers';
import { runScenario } from '../../src/sim/index';

describe('numbers lessons quote from the engine', () => {
  it('reads a run’s summary and events', () => {
    const r = runScenario('drain-cluster-nodeport-probe');
    if (!r.ok) throw new Error('run failed');
    expect(engineNumber({ scenario: 'drain-cluster-nodeport-probe', metric: 'failed' })).toEqual({
      ok: true,
      value: r.result.summary.failed,
    });
    expect(
      engineNumber({
        scenario: 'drain-cluster-nodeport-probe',
        metric: 'event',
        event: 'node.offline',
        node: 'node-1',
      }),
    ).toEqual({ ok: true, value: 18 });
  });
  it('applies overrides in the one set grammar', () => {
    const a = engineNumber({
      scenario: 'drain-local-hcnp',
      metric: 'failed',
      set: 'lifecycle.preStopSeconds=0',
    });
    expect(a.ok && a.value > 0).toBe(true);
  });
  it('gives the band over the probe phase', () => {
    const b = engineNumber({
      scenario: 'drain-cluster-nodeport-probe',
      metric: 'disruption',
      overPhase: true,
    });
    expect(b.ok && b.band && b.band[0] < b.band[1]).toBe(true);
    if (b.ok && b.band) {
      expect(b.band[0]).toBeGreaterThanOrEqual(10);
      expect(b.band[1]).toBeLessThanOrEqual(15.01);
    }
  });
  it('refuses what the engine does not give', () => {
    expect(engineNumber({ scenario: 'nope', metric: 'failed' }).ok).toBe(false);
    expect(engineNumber({ scenario: 'local', metric: 'share', pod: 'pod-z' }).ok).toBe(false);
    expect(engineNumber({ scenario: 'local', metric: 'failed', set: 'foo=1' }).ok).toBe(false);
  });
});
