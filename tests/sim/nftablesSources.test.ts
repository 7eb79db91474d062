import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCES } from '../../src/lib/sources/index.ts';

const files = [
  'nftables.ts',
  'nftablesCompile.ts',
  'nftablesWalk.ts',
  'nftablesText.ts',
  'nftablesPath.ts',
  'dataPath.ts',
  'params.ts',
];

describe("the nftables model's sources", () => {
  it('cites only entries of the source list, each with a URL pinned to a commit, tag or date', () => {
    const ids = new Set(SOURCES.map((s) => s.id));
    const cited = new Set<string>();
    for (const f of files) {
      const text = readFileSync(new URL(`../../src/sim/${f}`, import.meta.url), 'utf8').replace(
        /\n\s*(\/\/|\*)\s*/g,
        ' ',
      );
      for (const m of text.matchAll(/source: ([a-z0-9-]+(?:, [a-z0-9-]+)*)/g))
        for (const id of (m[1] ?? '').split(', ')) cited.add(id);
    }
    expect(cited.size).toBeGreaterThan(8);
    for (const id of cited) expect(ids, id).toContain(id);
    for (const s of SOURCES.filter((x) => cited.has(x.id))) {
      expect(s.url, s.id).toMatch(/^https:\/\//);
      expect(s.claim.en.length, s.id).toBeGreaterThan(20);
      expect(s.claim.de.length, s.id).toBeGreaterThan(20);
      expect(s.at, s.id).toMatch(/[0-9a-f]{8}|v\d|\d{4}-\d{2}-\d{2}|merged/);
    }
  });
});
