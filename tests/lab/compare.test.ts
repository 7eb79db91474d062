import { describe, expect, it } from 'vitest';
import { compareClasses, expectedKind, sharesAgree } from '../../src/lab/compare.ts';
import { eng, lab } from './records.ts';

describe('engine versus kernel comparison', () => {
  it('maps engine outcomes to what a client sees', () => {
    expect(expectedKind('dropped')).toBe('timeout');
    expect(expectedKind('reset')).toBe('refused');
  });
  it('requires a deterministic share (0 or 1) to match exactly', () => {
    expect(sharesAgree(1, 1000, 1, 50)).toBe(true);
    expect(sharesAgree(1, 1000, 49 / 50, 50)).toBe(false);
    expect(sharesAgree(0, 1000, 1 / 50, 50)).toBe(false);
  });
  it('accepts random shares within 4.5 standard errors and rejects beyond', () => {
    // p = 1/3, n_l = 200, n_e = 6000: σ ≈ 0.0339, 4.5σ ≈ 0.153.
    expect(sharesAgree(1 / 3, 6000, 0.45, 200)).toBe(true);
    expect(sharesAgree(1 / 3, 6000, 0.5, 200)).toBe(false);
  });
  it('agrees on identical data and flags a wrong source address', () => {
    const e = eng(100, () => ({}));
    expect(
      compareClasses(
        e,
        lab(50, () => ({})),
      ).every((r) => r.ok),
    ).toBe(true);
    const wrong = compareClasses(
      e,
      lab(50, (i) => (i === 7 ? { src: '192.0.2.10' } : {})),
    );
    expect(wrong[0]?.checks.find((c) => c.what === 'source')?.ok).toBe(false);
  });
  it('flags a kernel outcome the engine never predicted, and an unexpected class', () => {
    const e = eng(100, () => ({}));
    const rows = compareClasses(
      e,
      lab(50, (i) => (i < 3 ? { kind: 'timeout', pod: null, src: null } : {})),
    );
    expect(rows[0]?.checks.find((c) => c.what === 'outcome')?.ok).toBe(false);
    const extra = compareClasses(e, [
      ...lab(50, () => ({})),
      ...lab(5, () => ({ ingressNode: 'node-3' })),
    ]);
    expect(extra.find((r) => r.key === 'client-1 → node-3')?.ok).toBe(false);
  });
  it('treats an RST and ICMP port unreachable as the same refusal', () => {
    const e = eng(10, () => ({
      outcome: 'reset',
      reason: 'noEndpoints',
      pod: null,
      sourceSeenByPod: null,
    }));
    const l = lab(10, (i) => ({ kind: i % 2 ? 'refused' : 'reset', pod: null, src: null }));
    expect(compareClasses(e, l).every((r) => r.ok)).toBe(true);
  });
});
