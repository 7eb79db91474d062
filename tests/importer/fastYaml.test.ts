/**
 * The fast reader for kubectl's YAML dialect must give exactly what the full `yaml` parser
 * gives whenever it accepts a text, and must give up (null) on what it does not know.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { parseKubectlYaml } from '../../src/importer/fastYaml.ts';
import { samples } from '../../src/importer/samples/index.ts';
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

describe('parseKubectlYaml', () => {
  it('agrees with the full parser on everything it accepts (random documents)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(0, 40, 80),
        (docs, lineWidth) => {
          const src = docs
            .map((d) => stringify(d, { indentSeq: false, lineWidth, minContentWidth: 0 }))
            .join('---\n');
          const fast = parseKubectlYaml(src);
          if (fast === null) return;
          accepted++;
          expect(fast).toEqual(full(src));
        },
      ),
      { numRuns: 2000 },
    );
    // The test is worthless if the fast path gave up on everything.
    expect(accepted).toBeGreaterThan(1000);
  });

  it('accepts kubectl dumps (the speed path is really taken) and matches the full parser', () => {
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

  it('on mutated kubectl dumps it either gives up or agrees with the full parser', () => {
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
          if (fast === null) return;
          const docs = parseAllDocuments(t);
          // Where the full parser sees an error, the fast reader must not have accepted it.
          expect(docs.every((d) => d.errors.length === 0)).toBe(true);
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
    // Line 1 holds ": " in a plain scalar: not the dialect, so the fast path must give up.
    expect(parseKubectlYaml(src)).toBeNull();
    const ok = src.replace(
      'message: 0/3 nodes are available: 3',
      'message: 0/3 nodes are available 3',
    );
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
    ['a tab', 'a:\n\tb: 1\n'],
    ['CRLF', 'a: 1\r\nb: 2\r\n'],
    ['a folded scalar', 'a: >\n  x\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['bad indentation', 'a:\n    b: 1\n  c: 2\n'],
    ['an unterminated quote', 'a: "x\n'],
  ])('gives up on %s', (_, src) => {
    expect(parseKubectlYaml(src)).toBeNull();
  });
});
