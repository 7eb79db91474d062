/**
 * The project's own source list (src/lib/sources): every entry well formed and public, every
 * `source: <id>` cited in src/ and tests/ present, and every preset number and load-balancer flag
 * the engine uses backed by an entry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_AREAS, SOURCES } from '../../src/lib/sources/index.ts';
import { LB_BEHAVIOUR, PRESETS } from '../../src/sim/presets.ts';
import {
  L2_FAILOVER_DELAY_SOURCE,
  LB_BEHAVIOUR_SOURCES,
  PRESET_SOURCES,
} from '../../src/sim/presetSources.ts';
import { PRESET_NAMES, POLICIES } from '../../src/sim/params.ts';

const ids = new Set(SOURCES.map((s) => s.id));
const root = path.resolve(__dirname, '../..');

/** Every .ts/.tsx/.astro file under a directory. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [p] : [];
  });
}

/** The ids after each `source:` in a text: a comma-separated list that may wrap comment lines. */
function citedIds(text: string): string[] {
  const out: string[] = [];
  const re = /source:((?:[\s*/]*[a-z0-9]+(?:-[a-z0-9]+)+,?)+)/g;
  for (const m of text.matchAll(re))
    for (const token of (m[1] ?? '').split(/[\s,*/]+/)) if (token) out.push(token);
  return out;
}

describe('the source list', () => {
  it('has unique kebab-case ids', () => {
    expect(SOURCES.length).toBeGreaterThan(50);
    expect(ids.size).toBe(SOURCES.length);
    for (const s of SOURCES) expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
  });

  it('gives every entry a public https URL, a version or date, a status and both languages', () => {
    for (const s of SOURCES) {
      const url = new URL(s.url);
      expect(url.protocol, s.id).toBe('https:');
      expect(url.hostname, s.id).toMatch(/\.[a-z]{2,}$/);
      expect(url.hostname, s.id).not.toMatch(/localhost|\.local$|\.internal$|^127\.|^10\./);
      expect(s.at.trim().length, s.id).toBeGreaterThan(3);
      expect(['verified', 'inferred', 'assumed'], s.id).toContain(s.status);
      expect(s.claim.en.trim().length, s.id).toBeGreaterThan(20);
      expect(s.claim.de.trim().length, s.id).toBeGreaterThan(20);
      expect(s.claim.de, s.id).not.toBe(s.claim.en);
    }
  });

  it('points nowhere outside the repository but to public URLs', () => {
    for (const s of SOURCES) {
      const text = JSON.stringify(s);
      expect(text, s.id).not.toMatch(/\/work\/|fact sheet|kubernetes-facts/i);
    }
  });

  it('lists every area once', () => {
    expect(SOURCE_AREAS.map((a) => a.area)).toEqual([
      'kubernetes',
      'linux',
      'clouds',
      'metallb',
      'ingress',
      'datapaths',
      'practice',
    ]);
  });
});

describe('citations in the code', () => {
  const sources = files(path.join(root, 'src')).filter(
    (f) => !f.includes(`${path.sep}lib${path.sep}sources${path.sep}`),
  );
  // Tests cite entries too (this file itself names the labels it looks for).
  const cited = [...sources, ...files(path.join(root, 'tests')).filter((f) => f !== __filename)];

  it('finds the citations it is meant to find', () => {
    expect(citedIds('// text (source: a-b, c-d)\n // and (source:\n // e-f, g-h).')).toEqual([
      'a-b',
      'c-d',
      'e-f',
      'g-h',
    ]);
    expect(citedIds("source: 0, source: 'option'")).toEqual([]);
  });

  it('cites only ids that exist', () => {
    const found = new Map<string, string>();
    for (const f of cited)
      for (const id of citedIds(readFileSync(f, 'utf8'))) found.set(id, path.relative(root, f));
    expect(found.size).toBeGreaterThan(30);
    const missing = [...found].filter(([id]) => !ids.has(id)).map(([id, f]) => `${f}: ${id}`);
    expect(missing).toEqual([]);
  });

  it('has no C<n> labels or pointers to the old fact sheet left', () => {
    const left: string[] = [];
    for (const f of cited) {
      const text = readFileSync(f, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/\(C\d+\b|\bC\d+\)|\bC\d+[,–-]C?\d|fact sheet|kubernetes-facts/.test(line))
          left.push(`${path.relative(root, f)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(left).toEqual([]);
  });
});

describe('every number and flag of the presets has a source', () => {
  it.each(PRESET_NAMES.flatMap((p) => POLICIES.map((pol) => [p, pol] as const)))(
    '%s / %s: every probe field',
    (preset, policy) => {
      const probe = PRESETS[preset][policy];
      const map = PRESET_SOURCES[preset][policy];
      for (const field of Object.keys(probe)) {
        const id = (map as Record<string, string | undefined>)[field];
        expect(id, `${preset} ${policy} ${field}`).toBeDefined();
        expect(ids.has(id ?? ''), `${preset} ${policy} ${field}: ${id}`).toBe(true);
      }
    },
  );

  it.each(PRESET_NAMES)('%s: every load-balancer flag', (preset) => {
    const map = LB_BEHAVIOUR_SOURCES[preset] as Record<string, string | undefined>;
    for (const field of Object.keys(LB_BEHAVIOUR[preset])) {
      const id = map[field];
      expect(ids.has(id ?? ''), `${preset} ${field}: ${id}`).toBe(true);
    }
  });

  it('L2_FAILOVER_DELAY has one, and it is labelled an assumption', () => {
    expect(SOURCES.find((s) => s.id === L2_FAILOVER_DELAY_SOURCE)?.status).toBe('assumed');
  });
});
