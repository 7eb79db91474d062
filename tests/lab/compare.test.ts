import { describe, expect, it } from 'vitest';
import {
  ALPHA,
  compareClasses,
  expectedKind,
  fisherTail,
  countsAgree,
} from '../../src/lab/compare.ts';
import { eng, lab } from './records.ts';

/** P(X = k), k = 0 … n, for X ~ Binomial(n, p), computed in log space. */
function binomialPmf(n: number, p: number): number[] {
  const logs = [n * Math.log1p(-p)];
  const step = Math.log(p) - Math.log1p(-p);
  for (let k = 0; k < n; k++) logs.push((logs[k] ?? 0) + Math.log((n - k) / (k + 1)) + step);
  return logs.map(Math.exp);
}

describe('engine versus kernel comparison', () => {
  it('maps engine outcomes to what a client sees', () => {
    expect(expectedKind('dropped')).toBe('timeout');
    expect(expectedKind('reset')).toBe('refused');
  });
  it('requires a deterministic share (0 or 1) to match exactly', () => {
    expect(countsAgree(1000, 1000, 50, 50)).toBe(true);
    expect(countsAgree(1000, 1000, 49, 50)).toBe(false);
    expect(countsAgree(0, 1000, 1, 50)).toBe(false);
  });
  it('tests random shares exactly: a kernel fluke at ten connections passes, a clear skew fails', () => {
    // The phase that failed a CI run: the engine 15 of 100 for pod-f, the kernel 7 of 10.
    expect(fisherTail(7, 10, 15, 100, true)).toBeGreaterThan(ALPHA / 2);
    expect(countsAgree(15, 100, 7, 10)).toBe(true);
    expect(countsAgree(50, 300, 10, 10)).toBe(false);
    expect(countsAgree(2000, 6000, 90, 200)).toBe(true);
    expect(countsAgree(2000, 6000, 110, 200)).toBe(false);
    expect(countsAgree(6800, 20400, 120, 600)).toBe(false);
  });
  it('fails a correct kernel at most about once in a million checks, at the class sizes the lab uses', () => {
    // Exact: the sum over every engine count y and kernel count x, both drawn from the same
    // share p, of the probability of the pairs the test rejects.
    for (const [nEngine, nLab] of [
      [100, 10],
      [300, 30],
      [2000, 200],
    ] as const)
      for (const p of [1 / 2, 1 / 3, 1 / 4, 1 / 6]) {
        const pe = binomialPmf(nEngine, p);
        const pl = binomialPmf(nLab, p);
        let rejected = 0;
        pe.forEach((py, y) => {
          if (py < 1e-13) return;
          pl.forEach((px, x) => {
            if (px > 1e-16 && !countsAgree(y, nEngine, x, nLab)) rejected += py * px;
          });
        });
        expect(rejected, `n ${nLab} / ${nEngine}, p ${p}`).toBeLessThan(1.5e-6);
      }
  });
  it('still finds a kernel that sends half its connections to a Pod the engine gives a sixth', () => {
    const pe = binomialPmf(2000, 1 / 6);
    const pl = binomialPmf(200, 1 / 2);
    let found = 0;
    pe.forEach((py, y) =>
      pl.forEach((px, x) => {
        if (py * px > 1e-16 && !countsAgree(y, 2000, x, 200)) found += py * px;
      }),
    );
    expect(found).toBeGreaterThan(0.999);
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
