import { describe, expect, it } from 'vitest';
import {
  attribute,
  countWords,
  mdxBlocks,
  proseText,
  scanTag,
  VALUE_MARK,
} from '../../src/lib/mdxBlocks';

const body = [
  "import { Diagram, Predict } from '~/components/mdx';",
  '',
  '## Who picks the Pod?',
  '',
  'The load balancer picks a node. <Term id="x">kube-proxy</Term> writes',
  '<EngineNumber scenario="s" metric="share" pod="pod-a" />, of them.',
  '',
  '<Predict',
  '  id="q1"',
  '  question="Is 1 > 0 and does {n} /> stay text?"',
  '  options={["a > b", "It\'s {braced}", "say \\"hi\\" />"]}',
  '  keyPhrase="kernel|rules"',
  '  answer={1}',
  '/>',
  '',
  '- one item',
  '  continued',
  '',
  '- second item',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```text',
  '<Predict id="not-a-block" />',
  '',
  'still code',
  '```',
  '',
  '<Callout type="note">',
  'Inside the callout.',
  '',
  '1. a list',
  '</Callout>',
  '',
  '<Compare title="x">',
  '  <Diagram id="d2" scenario="s" />',
  '  <Diagram id="d3" scenario="s" set="a=b" />',
  '</Compare>',
  '',
  '<Term id="y">Inline</Term> at the start of a paragraph.',
  '> A quote',
].join('\n');

describe('mdxBlocks', () => {
  const blocks = mdxBlocks(body);

  it('splits the body into the blocks a reader sees, in order, with their lines', () => {
    expect(blocks.map((b) => `${b.line}:${b.kind}${b.name ? `:${b.name}` : ''}`)).toEqual([
      '1:esm',
      '3:heading',
      '5:paragraph',
      '8:component:Predict',
      '16:list',
      '21:table',
      '25:code',
      '31:component:Callout',
      '37:component:Compare',
      '42:paragraph',
      '43:quote',
    ]);
  });

  it('keeps a multi-line tag with >, /> and braces inside its values in one block', () => {
    const predict = blocks[3];
    expect(predict?.source.split('\n')).toHaveLength(7);
    expect(predict && attribute(predict, 'keyPhrase')).toBe('kernel|rules');
    expect(predict && attribute(predict, 'question')).toBe('Is 1 > 0 and does {n} /> stay text?');
    expect(predict && attribute(predict, 'missing')).toBeUndefined();
  });

  it('parses the content of container components as blocks, with file line numbers', () => {
    const callout = blocks.find((b) => b.name === 'Callout');
    expect(callout?.children?.map((b) => `${b.line}:${b.kind}`)).toEqual([
      '32:paragraph',
      '34:list',
    ]);
    const compare = blocks.find((b) => b.name === 'Compare');
    expect(compare?.children?.map((b) => b.name)).toEqual(['Diagram', 'Diagram']);
  });

  it('treats a component followed by text on its line as inline, and code as code', () => {
    expect(blocks[9]?.source).toContain('Inline</Term> at the start');
    expect(blocks.filter((b) => b.name === 'Predict')).toHaveLength(1);
  });

  it('keeps a list together over a blank line before the next item', () => {
    expect(blocks[4]?.source).toContain('second item');
  });

  it('finds the end of a tag, and whether it closes itself', () => {
    expect(scanTag('<A b="x>" c={{ d: "}" }} />rest', 0)).toEqual({
      end: 27,
      selfClosing: true,
      name: 'A',
    });
    expect(scanTag('<details open>', 0)).toEqual({ end: 14, selfClosing: false, name: 'details' });
  });
});

describe('proseText and countWords', () => {
  it('keeps the words a reader sees and drops markup, targets and attributes', () => {
    const text = proseText(
      '- **Azure** ([docs](https://x.example/a)): `KUBE-SVL` and <Term id="t">a term</Term>, <EngineNumber metric="share" /> each',
    );
    expect(text).toBe(`Azure (docs): KUBE-SVL and a term, ${VALUE_MARK} each`);
    expect(countWords(text)).toBe(8);
  });

  it('reads table cells but not the separator row', () => {
    expect(proseText('| a | b |\n|---|:--:|\n| one two | 1/3 |')).toBe('a b one two 1/3');
  });

  it('drops MDX comments, on a line of their own or inside a paragraph', () => {
    expect(proseText('{/* accuracy (issue 29): zones. A self-contained block. */}')).toBe('');
    expect(proseText('one {/* a note\nfor authors */} two')).toBe('one two');
  });

  it('counts numbers with units as words, symbols not', () => {
    expect(countWords('5 s × 2 → 10 s – done')).toBe(6);
  });
});
