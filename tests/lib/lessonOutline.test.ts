import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lessonOutline, propNumber, propString, propStrings } from '../../src/lib/lessonOutline';

describe('lessonOutline', () => {
  it('reads elements in order with string, literal and boolean props', () => {
    const src = [
      '---',
      'title: "<Diagram scenario=\\"no\\" />"',
      '---',
      "import { Diagram } from '~/components/mdx';",
      '',
      '## First part',
      '',
      '<Diagram id="d1" scenario="cluster-snat" controls="" autoplay step={3} />',
      '',
      '<Predict',
      '  id="q-one"',
      '  diagram="d1"',
      '  {/* a comment */}',
      '  options={["a \\"quoted\\" one", \'single\', `tick`,]}',
      '  answer={1}',
      '  extra={{ key: [1, -2.5e1, true, null], "q": \'x\' }}',
      '/>',
      '',
      '### Second part with `code` and <Term id="x">a term</Term>',
      '<Predict id="q-two" options={["x", "y"]} answer={0} /> and <Diagram id="d2" scenario="local" />',
    ].join('\n');
    const { elements, issues } = lessonOutline(src);
    expect(issues).toEqual([]);
    expect(elements.map((e) => [e.name, e.props['id'], e.section, e.line])).toEqual([
      ['Diagram', 'd1', 'First part', 8],
      ['Predict', 'q-one', 'First part', 10],
      ['Predict', 'q-two', 'Second part with code and a term', 20],
      ['Diagram', 'd2', 'Second part with code and a term', 20],
    ]);
    expect(elements[0]?.props).toEqual({
      id: 'd1',
      scenario: 'cluster-snat',
      controls: '',
      autoplay: true,
      step: 3,
    });
    expect(elements[1]?.props).toMatchObject({
      options: ['a "quoted" one', 'single', 'tick'],
      answer: 1,
      extra: { key: [1, -25, true, null], q: 'x' },
    });
  });

  it('skips code fences, inline code and other components', () => {
    const src = [
      '```mdx',
      '<Diagram id="in-fence" scenario="x" />',
      '```',
      'Write `<Predict id="inline" />` in a lesson.',
      '<Diagrams id="other" />',
      '<Diagram id="real" scenario="local" />',
    ].join('\n');
    expect(lessonOutline(src).elements.map((e) => e.props['id'])).toEqual(['real']);
  });

  it('reports an expression it cannot read and keeps going', () => {
    const src =
      '<Predict id="a" options={makeOptions()} answer={0} />\n<Diagram id="b" scenario="local" />';
    const { elements, issues } = lessonOutline(src);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/line 1 <Predict>: options/);
    expect(elements.map((e) => e.props['id'])).toEqual(['a', 'b']);
    expect(elements[0]?.props['answer']).toBe(0);
  });

  it('reports an unclosed tag without throwing', () => {
    const { elements, issues } = lessonOutline('<Predict id="a" options={["x"');
    expect(elements).toEqual([]);
    expect(issues.length).toBeGreaterThan(0);
  });

  it('converts props', () => {
    expect(propString(3)).toBe('3');
    expect(propString(['x'])).toBeUndefined();
    expect(propNumber('2')).toBe(2);
    expect(propNumber('')).toBeUndefined();
    expect(propStrings(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(propStrings('a')).toEqual([]);
  });

  // Every lesson, as it is written today: each <Diagram> and <Predict> is read, with the props
  // decks need.
  for (const lang of ['en', 'de']) {
    const dir = `content/lessons/${lang}`;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
      it(`reads ${lang}/${file} completely`, () => {
        const src = readFileSync(`${dir}/${file}`, 'utf8');
        const { elements, issues } = lessonOutline(src);
        expect(issues).toEqual([]);
        const count = (name: string) =>
          src.replace(/```[\s\S]*?```/g, '').split(new RegExp(`<${name}[\\s/>]`)).length - 1;
        const of = (name: string) => elements.filter((e) => e.name === name);
        expect(of('Diagram')).toHaveLength(count('Diagram'));
        expect(of('Predict')).toHaveLength(count('Predict'));
        const ids = new Set(of('Diagram').map((e) => e.props['id']));
        for (const d of of('Diagram')) expect(typeof d.props['scenario']).toBe('string');
        for (const q of of('Predict')) {
          const options = propStrings(q.props['options']);
          expect(options.length).toBeGreaterThanOrEqual(2);
          expect(propNumber(q.props['answer'])).toBeLessThan(options.length);
          expect(typeof q.props['question']).toBe('string');
          const diagram = propString(q.props['diagram']);
          if (diagram !== undefined) expect(ids.has(diagram)).toBe(true);
        }
      });
    }
  }
});
