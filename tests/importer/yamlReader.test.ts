/**
 * The importer's one YAML reader (js-yaml, YAML 1.2 core schema, in parse.ts) reads kubectl's
 * output exactly as the `yaml` package, the reference it replaced, does: on random documents
 * printed the way kubectl prints, on the samples and test dumps, and on mutated dumps (where it
 * either agrees or reports a syntax error, never a different object).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { CORE_SCHEMA, loadAll } from 'js-yaml';
import { samples } from '../../src/clusterCheck/samples.ts';
import { bigCluster, dumpObjects, toKubectlYaml, toYamlDocuments } from './dump.ts';

const full = (text: string): unknown[] => parseAllDocuments(text).map((d) => d.toJS() as unknown);

// Strings that stress quoting, folding and escapes.
const text = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    'False',
    '~',
    '12',
    '-7',
    '0x1f',
    '0o17',
    '1e3',
    '.5',
    '.inf',
    '- a',
    '#hash',
    'a #b',
    'a: b',
    'k:{"a":"b"}',
    "it's",
    'line1\nline2',
    'line1\n\nline3\n',
    ' lead',
    'tail ',
    'tab\there',
    '"quoted"',
    '\\back\\slash',
    'ä ö ü 💥',
    `${'word '.repeat(40)}end`,
  ),
);
const key = fc.oneof(
  text.filter((s) => s.length > 0),
  fc.constantFrom('f:metadata', 'k:{"type":"Ready"}', '.', 'apiVersion', '__proto__'),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
})).node;

/** parse.ts's call (the same options). */
const parseKubectlYaml = (src: string): unknown[] | null => {
  try {
    return loadAll(src, null, { schema: CORE_SCHEMA, json: true });
  } catch {
    return null;
  }
};

describe('the YAML reader', () => {
  it('agrees with the yaml package on random documents printed as kubectl prints', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        // kubectl prints objects: a document is a mapping (js-yaml 4 refuses a document that
        // is a bare block scalar at column 0, which the yaml package prints and reads).
        fc.array(fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constantFrom(0, 40, 80),
        (docs, lineWidth) => {
          const src = docs
            .map((d) => stringify(d, { indentSeq: false, lineWidth, minContentWidth: 0 }))
            .join('---\n');
          const fast = parseKubectlYaml(src);
          if (fast === null) return;
          accepted++;
          // JSON has no -0: js-yaml reads "-0" as 0, the yaml package as -0; kubectl writes neither.
          expect(JSON.parse(JSON.stringify(fast))).toEqual(JSON.parse(JSON.stringify(full(src))));
        },
      ),
      { numRuns: 2000 },
    );
    // Every printed document is valid YAML: the reader must have read them all.
    expect(accepted).toBe(2000);
  }, 60_000);

  it('reads the samples and kubectl dumps exactly as the yaml package does', () => {
    const dumps = [
      ...samples.map((s) => s.text),
      toKubectlYaml(dumpObjects(bigCluster(5, 12, 'Local'))),
      toYamlDocuments(dumpObjects(bigCluster(2, 3, 'Cluster'))),
    ];
    for (const d of dumps) {
      const fast = parseKubectlYaml(d);
      expect(fast).not.toBeNull();
      expect(fast).toEqual(full(d));
    }
  });

  it('on mutated kubectl dumps it either fails or agrees with the yaml package', () => {
    const base = samples[0]?.text ?? '';
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            text: fc.oneof(
              fc.string({ maxLength: 6 }),
              fc.constantFrom(
                ' ',
                '  ',
                '\n',
                ':',
                ': ',
                '- ',
                '"',
                "'",
                '|',
                '#',
                '{}',
                '[]',
                '\\',
              ),
            ),
            drop: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (edits) => {
          let t = base;
          for (const e of edits) {
            const i = Math.floor(e.at * t.length);
            t = t.slice(0, i) + e.text + t.slice(i + e.drop);
          }
          const fast = parseKubectlYaml(t);
          const docs = parseAllDocuments(t);
          // Valid YAML is read alike; on invalid YAML js-yaml may fail or be lenient (it reads
          // `: a: 1` as a null key), and the importer's readers then find no objects in it.
          if (fast === null || docs.some((d) => d.errors.length > 0)) return;
          // An empty key (kubectl never writes one) is null: yaml names it "", js-yaml "null".
          if (/^\s*(- )?:(\s|$)/m.test(t)) return;
          expect(fast).toEqual(docs.map((d) => d.toJS() as unknown));
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('reads wrapped plain and quoted scalars like go-yaml writes them', () => {
    const src = [
      'message: 0/3 nodes are available: 3 node(s) didn',
      "  't match pod anti-affinity rules.",
      "reason: 'containers with unready status: [app] and a very long tail that wraps",
      "  onto the next line'",
      'escaped: "a\\tb \\u00e4\\',
      '  c"',
      'block: |-',
      '  {"a": 1}',
      '',
      '  last',
    ].join('\n');
    // ": " inside a plain scalar is not YAML: both readers refuse it (kubectl quotes it).
    expect(parseKubectlYaml(src)).toBeNull();
    const ok = src.replace('available: 3', 'available 3');
    expect(parseKubectlYaml(ok)).toEqual(full(ok));
    expect(parseKubectlYaml(ok)?.[0]).toMatchObject({
      reason:
        'containers with unready status: [app] and a very long tail that wraps onto the next line',
      escaped: 'a\tb äc',
      block: '{"a": 1}\n\nlast',
    });
  });

  it.each([
    ['an anchor', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a flow sequence', 'a: [1, 2]\n'],
    ['a flow mapping', 'a: {b: 1}\n'],
    ['a comment', '# dump\na: 1\n'],
    ['a trailing comment', 'a: 1 # one\n'],
    ['CRLF', 'a: 1\r\nb: 2\r\n'],
    ['a folded scalar', 'a: >\n  x\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
  ])('reads %s as the yaml package does', (_, src) => {
    expect(parseKubectlYaml(src)).toEqual(full(src));
  });

  it.each([
    ['a tab as indentation', 'a:\n\tb: 1\n'],
    ['bad indentation', 'a:\n    b: 1\n  c: 2\n'],
    ['an unterminated quote', 'a: "x\n'],
  ])('refuses %s, as the yaml package does', (_, src) => {
    expect(parseKubectlYaml(src)).toBeNull();
    expect(parseAllDocuments(src).some((d) => d.errors.length > 0)).toBe(true);
  });
});
