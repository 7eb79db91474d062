/**
 * Hostile input across every surface that takes outside input: URL parameters (playground and
 * embed), scenario files and CLI flags. Thousands of random and malicious values; the contract
 * is always the same: no throw, no hang, a clear message that names the field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main';
import { parseUrlState } from '../../src/view/flow/urlState';
import { embedParamNames, parseEmbedParams } from '../../src/lib/embedParams';
import {
  applyOverrides,
  getScenario,
  overrideKeys,
  runScenario,
  validateScenario,
} from '../../src/sim';

const nasty = fc.oneof(
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '1e308',
    '9'.repeat(400),
    '0x10',
    '',
    ' ',
    '__proto__',
    'constructor',
    '%00',
    '%',
    '%E0%A4%A',
    '\u0000',
    '\u202e',
    '💥'.repeat(50),
    'Ä'.repeat(1000),
    'true',
    'false',
    'Local',
    'Cluster',
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.double().map(String),
  fc.integer().map(String),
);

// Keys whose valid values could make a run legitimately large are left out of random runs;
// the validator's connection bound is tested directly in tests/sim/inputs.test.ts.
const cheapKeys = overrideKeys.map((k) => k.key).filter((k) => !k.startsWith('traffic.'));
const anyKey = fc.oneof(
  fc.constantFrom(...cheapKeys),
  fc.constantFrom('__proto__', 'constructor', 'a.b.c', ''),
  fc.string({ maxLength: 20 }),
);

describe('URL parameters', () => {
  it('the playground URL parser never throws and reports bad parameters as data', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('step', 't', 'speed', 'set', 'conn', ...cheapKeys),
              fc.string({ maxLength: 12 }),
            ),
            nasty,
          ),
          { maxLength: 8 },
        ),
        (pairs) => {
          const query =
            '?' +
            pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const { state, issues } = parseUrlState(query);
          expect(typeof state).toBe('object');
          for (const issue of issues) expect(typeof JSON.stringify(issue)).toBe('string');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('the embed parser never throws, on raw and on encoded input, including 10 MB', () => {
    const context = { controls: ['policy', 'snat', 'drain'] };
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...embedParamNames), fc.string({ maxLength: 12 })),
            nasty,
          ),
          { maxLength: 8 },
        ),
        fc.boolean(),
        (pairs, raw) => {
          const query = pairs
            .map(([k, v]) =>
              raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
            )
            .join('&');
          const { issues } = parseEmbedParams(query, context);
          for (const issue of issues) expect(typeof issue.path).toBe('string');
        },
      ),
      { numRuns: 3000 },
    );
    const huge = parseEmbedParams('step=' + '9'.repeat(10 * 1024 * 1024), context);
    expect(huge.issues.some((i) => i.code === 'tooLong')).toBe(true);
  });
});

const found = getScenario('cluster-snat');
if (!found) throw new Error('cluster-snat scenario missing');
const base = found;

describe('scenario files', () => {
  it('the validator never throws on arbitrary JSON, and names a field for every problem', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const r = validateScenario(value);
        if (!r.ok) for (const issue of r.issues) expect(typeof issue.path).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('survives mutated real scenarios: any field replaced by a hostile value', () => {
    const paths: string[][] = [];
    const walk = (v: unknown, p: string[]): void => {
      if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...p, k]);
      else paths.push(p);
    };
    walk(base, []);
    fc.assert(
      fc.property(
        fc.constantFrom(...paths),
        fc.oneof(nasty, fc.jsonValue({ maxDepth: 3 })),
        (p, value) => {
          const copy = structuredClone(base) as unknown as Record<string, unknown>;
          let at: Record<string, unknown> = copy;
          for (const k of p.slice(0, -1)) at = at[k] as Record<string, unknown>;
          at[p[p.length - 1] ?? ''] = value;
          const r = validateScenario(copy);
          if (!r.ok) expect(r.issues.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rejects deep nesting, huge strings and prototype keys with issues, not exceptions', () => {
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { nested: deep };
    expect(validateScenario({ ...base, extra: deep }).ok).toBe(false);
    expect(validateScenario({ ...base, id: 'x'.repeat(10 * 1024 * 1024) }).ok).toBe(false);
    expect(validateScenario(JSON.parse(`{"__proto__": {"polluted": true}, "id": "a"}`)).ok).toBe(
      false,
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('overrides never throw and never pollute prototypes', () => {
    fc.assert(
      fc.property(fc.dictionary(anyKey, nasty, { maxKeys: 6 }), (overrides) => {
        const r = applyOverrides(base, overrides);
        if (!r.ok) for (const issue of r.issues) expect(typeof issue.path).toBe('string');
      }),
      { numRuns: 3000 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('CLI flags', () => {
  const io = (files: Record<string, string> = {}) => {
    const out = { stdout: '', stderr: '' };
    const cli: CliIo = {
      stdout: (t) => void (out.stdout += t),
      stderr: (t) => void (out.stderr += t),
      fileSize: (p) => (p in files ? Buffer.byteLength(files[p] ?? '') : null),
      readFile: (p) => files[p] ?? null,
      env: {},
      cwd: '/',
    };
    return { cli, out };
  };
  const token = fc.oneof(
    fc.constantFrom(
      '--seed',
      '--set',
      '--json',
      '--lang',
      '--list',
      '--schema',
      '--help',
      '-x',
      '--',
      'cluster-snat',
      'local',
      'nope',
      'de',
      'en',
      'file.json',
    ),
    nasty,
    fc.tuple(anyKey, nasty).map(([k, v]) => `${k}=${v}`),
  );

  it('any argument list ends with exit 0 or 2 and never prints a stack trace', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 7 }), (argv) => {
        const { cli, out } = io({ 'file.json': '{"id": 1}' });
        const code = main(argv, cli);
        expect([0, 2]).toContain(code);
        expect(out.stderr).not.toMatch(/\n\s+at .+:\d+/);
        if (code === 2) expect(out.stderr.trim().length).toBeGreaterThan(0);
      }),
      { numRuns: 600 },
    );
  });

  it('rejects a 10 MB file and a deeply nested file with a message', () => {
    const big = io({ 'big.json': ' '.repeat(10 * 1024 * 1024 + 1) });
    expect(main(['big.json'], big.cli)).toBe(2);
    expect(big.out.stderr).toMatch(/big\.json|10/);
    const deep = io({ 'deep.json': '['.repeat(200_000) + ']'.repeat(200_000) });
    expect(main(['deep.json'], deep.cli)).toBe(2);
    expect(deep.out.stderr).not.toMatch(/\n\s+at /);
  });

  it('a valid run still works after all that (no shared state was corrupted)', () => {
    const r = runScenario('cluster-snat', { seed: 1 });
    expect(r.ok && r.result.summary.connections).toBeGreaterThan(0);
  });
});
