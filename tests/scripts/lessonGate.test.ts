/**
 * The lesson-step check that scripts/check-site.mjs runs on every built lesson: a page built by
 * the real step marking (src/lib/lessonSteps.ts) passes, and each way a lesson could leak an
 * answer or hide its explanation is found.
 */
import { describe, expect, it } from 'vitest';
import { lessonSteps, markSteps, stepsCss } from '../../src/lib/lessonSteps';
import { lessonStepProblems } from '../../scripts/lib/lessonGate.mjs';

const predict = (id: string, diagram?: string, kind = 'predict'): string =>
  `<section class="hop-predict hop-predict--${kind}" data-predict="${id}"${
    diagram ? ` data-diagram="${diagram}"` : ''
  }><p>Q ${id}?</p></section>`;
const diagram = (id: string): string =>
  `<div class="hop-diagram not-content" data-diagram="${id}"><svg></svg></div>`;

/** A question before its diagram, one after it, a recall question, a diagram in a figure. */
const body = [
  '<p>Intro</p>',
  predict('who', 'd1'),
  '<p>Between</p>',
  diagram('d1'),
  predict('dnat', 'd1'),
  '<p>The DNAT rule rewrote it.</p>',
  predict('recall-1', undefined, 'recall'),
  `<figure class="hop-compare">${diagram('d2')}</figure>`,
  predict('free'),
  '<p>The end.</p>',
].join('\n');

/** The page as the build writes it: the marked body and the page's rules. */
function built(html = body, edit: (css: string) => string = (c) => c): string {
  const s = lessonSteps(html);
  return `<html><head><style>${edit(stepsCss(s))}</style></head><body><main><div class="sl-markdown-content">${markSteps(html, s)}</div></main></body></html>`;
}

describe('lessonStepProblems', () => {
  it('passes a lesson marked by the build', () => {
    expect(lessonStepProblems(built())).toEqual([]);
  });

  it('finds a block that shows before the question above it is settled', () => {
    const page = built().replace('<p data-hop-step="3">The end.', '<p>The end.');
    expect(lessonStepProblems(page)).toEqual(['p "The end." shows before question 3 is settled']);
  });

  it('finds a block that waits for a question after it', () => {
    const page = built().replace('<p data-hop-step="1">Between', '<p data-hop-step="2">Between');
    expect(lessonStepProblems(page)).toEqual([
      'p "Between" waits for 2 questions, 1 come before it',
    ]);
  });

  it('finds a question whose rule does not hide a later step', () => {
    const page = built(body, (css) => css.replace(':is([data-hop-step="2"],', ':is('));
    expect(lessonStepProblems(page)).toEqual(['question 2 (dnat) does not hold back step 2']);
  });

  it('finds a diagram whose giveaways show before its question is settled', () => {
    const page = built(body, (css) => css.replaceAll('[data-hop-settled~="dnat"]', '[x]'));
    expect(lessonStepProblems(page)).toEqual([
      'question dnat: its diagram d1 shows :is(.hop-panels, .hop-transcript) before it is settled',
      'question dnat: its diagram d1 shows .hop-giveaway before it is settled',
    ]);
  });

  it('finds a lesson without questions', () => {
    expect(lessonStepProblems(built('<p>Only text</p>'))).toEqual([
      'no "Predict, then check" question',
    ]);
  });
});
