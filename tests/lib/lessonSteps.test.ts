import { describe, expect, it } from 'vitest';
import {
  bootData,
  lessonSteps,
  markSteps,
  stepsCss,
  topLevelBlocks,
} from '../../src/lib/lessonSteps';

/** A question box as Predict.astro renders it (abridged), with the script that follows it. */
const predict = (id: string, diagram?: string, kind = 'predict'): string =>
  `<section class="hop-predict not-content hop-predict--${kind} astro-x" id="predict-${id}" data-predict="${id}"${
    diagram ? ` data-diagram="${diagram}"` : ''
  } data-msg-right="Right."><p>Q?</p><form><input type="radio" name="p" value="0"></form></section><script>(function(e){})(document.currentScript)</script>`;
const diagram = (id: string): string =>
  `<div class="hop-diagram not-content astro-y" data-diagram="${id}" data-hop-warm="{&quot;a&quot;:1}"><svg><path d="M0 0"/><g></g></svg><p class="hop-concealed-note">…</p></div>`;
const compare = (...ids: string[]): string =>
  `<figure class="hop-compare not-content"><figcaption>Pair</figcaption><div class="hop-compare__pair">${ids.map(diagram).join('')}</div></figure>`;

/** The lesson 1 shape: a question before its diagram, prose between, a pair further down. */
const lesson = [
  '<p>Intro</p>',
  '<h2 id="setup">The setup</h2>',
  '<p>Text with a <a href="#x">link</a> &lt;not a tag&gt;.</p>',
  predict('who', 'd1'),
  '<p>kube-proxy writes rules.</p>',
  '<!-- a comment with <div> inside -->',
  diagram('d1'),
  predict('dnat', 'd1'),
  '<p>The DNAT rule rewrote it.</p>',
  '<h3 id="source">What pod-c sees</h3>',
  predict('recall-1', undefined, 'recall'),
  '<hr>',
  compare('d2', 'd3'),
  predict('nodeport', 'd3'),
  '<aside class="hop-box"><h2 id="recap">Recap</h2><p>All.</p></aside>',
].join('\n');

describe('the top-level blocks of a rendered lesson', () => {
  it('finds each element once, with raw text, comments, void and self-closed tags', () => {
    const html = `<p a="x>y">1</p><script>if (a < b) document.write("</div>")</script><br><svg><path/></svg><div><div></div></div>`;
    expect(topLevelBlocks(html).map((b) => b.tag)).toEqual(['p', 'script', 'br', 'svg', 'div']);
    const [p] = topLevelBlocks(html);
    expect(html.slice(p?.start, p?.end)).toBe('<p a="x>y">1</p>');
  });
  it('covers the whole lesson with no overlap', () => {
    const blocks = topLevelBlocks(lesson);
    expect(blocks.map((b) => b.tag).filter((t) => t !== 'script')).toEqual([
      'p',
      'h2',
      'p',
      'section',
      'p',
      'div',
      'section',
      'p',
      'h3',
      'section',
      'hr',
      'figure',
      'section',
      'aside',
    ]);
    for (let i = 1; i < blocks.length; i++)
      expect(blocks[i]?.start).toBeGreaterThanOrEqual(blocks[i - 1]?.end ?? 0);
  });
});

describe('a lesson in steps', () => {
  const s = lessonSteps(lesson);
  const stepOf = (needle: string): number => {
    const b = s.blocks.findIndex((x) => lesson.slice(x.start, x.end).includes(needle));
    return s.steps[b] ?? -1;
  };

  it('orders the questions; only predict questions hold anything back', () => {
    expect(s.questions.map((q) => [q.id, q.kind, q.gate])).toEqual([
      ['who', 'predict', 0],
      ['dnat', 'predict', 1],
      ['recall-1', 'recall', -1],
      ['nodeport', 'predict', 2],
    ]);
    expect(s.gates).toEqual(['who', 'dnat', 'nodeport']);
  });

  it('a question ends a step: what follows waits for it, and for every question before it', () => {
    expect(stepOf('Intro')).toBe(0);
    expect(stepOf('id="predict-who"')).toBe(0);
    expect(stepOf('kube-proxy writes rules')).toBe(1);
    expect(stepOf('id="predict-dnat"')).toBe(1);
    expect(stepOf('The DNAT rule')).toBe(2);
    // A recall question is read in passing: the pair after it waits for "dnat" only.
    expect(stepOf('id="predict-recall-1"')).toBe(2);
    expect(stepOf('hop-compare')).toBe(2);
    expect(stepOf('Recap')).toBe(3);
  });

  it('the diagram a question is about shows with the question, even after prose it holds back', () => {
    expect(stepOf('data-diagram="d1"')).toBe(0);
    // Between the question and its diagram the explanation still waits.
    expect(stepOf('kube-proxy writes rules')).toBe(1);
  });

  it('knows the step of every anchor, headings inside blocks too', () => {
    expect(s.anchors).toMatchObject({
      setup: 0,
      'predict-who': 0,
      source: 2,
      'predict-nodeport': 2,
      recap: 3,
    });
    expect(bootData('lessons/x', s)).toEqual({
      l: 'lessons/x',
      q: ['who', 'dnat', 'recall-1', 'nodeport'],
      g: ['who', 'dnat', 'nodeport'],
      a: {
        'predict-dnat': 1,
        source: 2,
        'predict-recall-1': 2,
        'predict-nodeport': 2,
        recap: 3,
      },
    });
  });

  it('marks blocks by their step and changes nothing else (scripts keep their CSP hash)', () => {
    const marked = markSteps(lesson, s);
    expect(marked.replace(/ data-hop-step="\d+"/g, '')).toBe(lesson);
    expect(marked).toContain('<p data-hop-step="1">kube-proxy writes rules.</p>');
    expect(marked).toContain('<aside data-hop-step="3" class="hop-box">');
    expect(marked).not.toMatch(/<script data-hop-step/);
    expect(marked).toContain('<div class="hop-diagram not-content astro-y" data-diagram="d1"');
  });

  it('writes rules for the screen only, keyed on the open and settled questions', () => {
    const css = stepsCss(s);
    expect(css.startsWith('@media screen {')).toBe(true);
    expect(css).toContain(
      'html[data-hop-gate="on"]:not([data-hop-open~="who"]) .sl-markdown-content > :is([data-hop-step="1"],[data-hop-step="2"],[data-hop-step="3"])',
    );
    expect(css).toContain(
      'html[data-hop-gate="on"]:not([data-hop-open~="nodeport"]) .sl-markdown-content > :is([data-hop-step="3"])',
    );
    expect(css).toContain(
      'html[data-hop-gate="on"]:not([data-hop-settled~="dnat"]) .hop-diagram[data-diagram="d1"] .hop-giveaway',
    );
    expect(css).not.toContain('recall-1"]) .sl-markdown-content');
  });

  it('names a section in the table of contents only once it is open, and says more will come', () => {
    const css = stepsCss(s, 'More "soon"');
    const toc = ':is(starlight-toc, mobile-starlight-toc)';
    // "What pod-c sees" waits for both questions before it; "The setup" is open from the start.
    expect(css).toContain(
      `html[data-hop-gate="on"]:not([data-hop-open~="who"]) ${toc} a:is([href="#predict-dnat"],[href="#source"],[href="#predict-recall-1"],[href="#predict-nodeport"],[href="#recap"])`,
    );
    expect(css).toContain(
      `html[data-hop-gate="on"]:not([data-hop-open~="nodeport"]) ${toc} a:is([href="#recap"])`,
    );
    expect(css).not.toContain('[href="#setup"]');
    expect(css).toContain('{ content: "More \\"soon\\""; }');
    // Without a line to show, no content rule.
    expect(stepsCss(s)).not.toContain('content:');
  });

  it('a page without questions gets no rules; an unsafe id fails the build', () => {
    expect(stepsCss(lessonSteps('<p>Just text</p>'))).toBe('');
    expect(() => lessonSteps(predict('a b{x}'))).toThrow(/not a plain id/);
  });
});
