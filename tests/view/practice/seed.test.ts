/** The practice page's `?seed=`: what counts as a puzzle number and what is refused. */
import { describe, expect, it } from 'vitest';
import {
  freshSeed,
  MAX_SEED,
  parseFamily,
  parseSeed,
  withSeed,
} from '../../../src/view/practice/seed';

describe('parseSeed', () => {
  it('reads whole numbers from 0 to 2^31 − 1', () => {
    expect(parseSeed('7')).toEqual({ ok: true, seed: 7 });
    expect(parseSeed(' 0 ')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed(String(MAX_SEED))).toEqual({ ok: true, seed: MAX_SEED });
    expect(parseSeed('007')).toEqual({ ok: true, seed: 7 });
  });
  it('tells a missing seed from a bad one', () => {
    expect(parseSeed(null)).toEqual({ ok: false, reason: 'missing' });
    expect(parseSeed('')).toEqual({ ok: false, reason: 'missing' });
    for (const bad of [
      '-1',
      '7.5',
      '1e3',
      '0x10',
      'abc',
      '7abc',
      String(MAX_SEED + 1),
      '99999999999',
    ])
      expect(parseSeed(bad), bad).toMatchObject({ ok: false, reason: 'invalid', received: bad });
  });
  it('echoes at most 40 characters of what it refused', () => {
    const r = parseSeed('x'.repeat(500));
    expect(r.ok).toBe(false);
    if (!r.ok && r.reason === 'invalid') expect(r.received).toHaveLength(40);
  });
});

describe('freshSeed', () => {
  it('gives a valid seed, never the one to avoid', () => {
    expect(parseSeed(String(freshSeed(() => 0)))).toEqual({ ok: true, seed: 1 });
    expect(freshSeed(() => 0.999999999)).toBeLessThanOrEqual(MAX_SEED);
    expect(freshSeed(() => 0, 1)).not.toBe(1);
    let i = 0;
    const seq = [0, 0, 0.5];
    expect(freshSeed(() => seq[i++] ?? 0.5, 1)).toBe(1 + Math.floor(0.5 * (MAX_SEED - 1)));
  });
});

describe('withSeed', () => {
  it('sets the seed and keeps the rest of the address', () => {
    expect(withSeed('https://x.example/en/practice/?seed=3&a=1#q', 9)).toBe(
      '/en/practice/?seed=9&a=1#q',
    );
    expect(withSeed('https://x.example/de/practice/', 7)).toBe('/de/practice/?seed=7');
  });
  it('sets the family, or removes it for a mixed round', () => {
    expect(withSeed('https://x.example/en/practice/?seed=3', 9, 'drain')).toBe(
      '/en/practice/?seed=9&family=drain',
    );
    expect(withSeed('https://x.example/en/practice/?seed=3&family=drain', 9, null)).toBe(
      '/en/practice/?seed=9',
    );
  });
});

describe('parseFamily', () => {
  it('reads a family, treats none and "mixed" as a mixed round, refuses the rest', () => {
    expect(parseFamily('zones')).toEqual({ ok: true, family: 'zones' });
    expect(parseFamily(null)).toEqual({ ok: true, family: null });
    expect(parseFamily('mixed')).toEqual({ ok: true, family: null });
    expect(parseFamily('<script>')).toEqual({ ok: false, received: '<script>' });
    expect(parseFamily('x'.repeat(99))).toEqual({ ok: false, received: 'x'.repeat(40) });
  });
});
