import { describe, expect, it } from 'vitest';
import { REASON_MAX, parseProgress } from '../../src/scripts/progress';
import { verdictKey } from '../../src/scripts/predict';

describe('stored progress', () => {
  it('reads what earlier versions stored (answered with a correct flag only)', () => {
    const p = parseProgress(
      JSON.stringify({
        visited: { 'en/lessons/why-snat': true },
        answered: { a: { correct: true }, b: { correct: false } },
      }),
    );
    expect(p).toEqual({
      visited: { 'en/lessons/why-snat': true },
      answered: { a: { correct: true }, b: { correct: false } },
      skipped: {},
      readAll: {},
      reasons: {},
    });
  });

  it('keeps picks, skips, the switch and the reasons, within their limits', () => {
    const p = parseProgress(
      JSON.stringify({
        answered: { a: { correct: false, picks: [0, 2, 1] }, b: { picks: [-1, 1.5, 'x', 99] } },
        skipped: { c: true, d: 'yes' },
        readAll: { 'lessons/why-snat': true, 'lessons/x': 1 },
        reasons: { a: 'x'.repeat(500), b: '   ', c: 7 },
      }),
    );
    expect(p.answered).toEqual({ a: { correct: false, picks: [0, 2] }, b: { correct: false } });
    expect(p.skipped).toEqual({ c: true });
    expect(p.readAll).toEqual({ 'lessons/why-snat': true });
    expect(p.reasons).toEqual({ a: 'x'.repeat(REASON_MAX) });
  });

  it('starts empty on anything malformed', () => {
    for (const raw of [null, '', '{', 'null', '[]', '"x"', '{"answered":[1]}']) {
      const p = parseProgress(raw);
      expect(Object.keys(p.answered)).toEqual([]);
      expect(p.skipped).toEqual({});
    }
  });
});

describe('the verdict after settling', () => {
  it('says how the question was settled', () => {
    expect(verdictKey([2], 2)).toBe('msgRight');
    expect(verdictKey([0, 2], 2)).toBe('msgRight2');
    expect(verdictKey([0, 1], 2)).toBe('msgWrong');
    // The same wrong answer twice is a decision too, and it is wrong.
    expect(verdictKey([0, 0], 2)).toBe('msgWrong');
    // "Show me", before or after a first wrong answer.
    expect(verdictKey([], 2)).toBe('msgShown');
    expect(verdictKey([1], 2)).toBe('msgShown');
  });
});
