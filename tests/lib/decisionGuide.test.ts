import { describe, expect, it } from 'vitest';
import { checkGuide, codeParts, walkGuide, type GuideQuestion } from '../../src/lib/decisionGuide';

const questions: GuideQuestion[] = [
  {
    id: 'a',
    text: 'A?',
    options: [
      { label: 'yes', next: 'b' },
      { label: 'no', next: 'r1' },
    ],
  },
  {
    id: 'b',
    text: 'B?',
    options: [
      { label: 'yes', next: 'r1' },
      { label: 'no', next: 'r2' },
    ],
  },
];
const results = [
  { id: 'r1', title: 'One', text: '1' },
  { id: 'r2', title: 'Two', text: '2' },
];

describe('decision guide', () => {
  it('accepts a sound guide', () => {
    expect(checkGuide('my-guide', questions, results)).toEqual([]);
  });
  it('names what is wrong', () => {
    expect(
      checkGuide(
        'Bad Id',
        [{ id: 'a', text: '?', options: [{ label: 'x', next: 'nowhere' }] }],
        [
          { id: 'a', title: 't', text: 't' },
          { id: 'lost', title: 't', text: 't' },
        ],
      ),
    ).toEqual([
      { code: 'badId', id: 'Bad Id' },
      { code: 'duplicateId', id: 'a' },
      { code: 'tooFewOptions', question: 'a' },
      { code: 'unknownTarget', question: 'a', target: 'nowhere' },
      { code: 'unreachable', id: 'lost' },
    ]);
    expect(checkGuide('g', [], [])).toEqual([{ code: 'noQuestions' }]);
  });
  it('walks forward, back and to the start', () => {
    let w = { current: 'a', history: [] as string[] };
    w = walkGuide(w, { type: 'choose', next: 'b' }, 'a');
    w = walkGuide(w, { type: 'choose', next: 'r2' }, 'a');
    expect(w).toEqual({ current: 'r2', history: ['a', 'b'] });
    w = walkGuide(w, { type: 'back' }, 'a');
    expect(w).toEqual({ current: 'b', history: ['a'] });
    expect(walkGuide(w, { type: 'restart' }, 'a')).toEqual({ current: 'a', history: [] });
    expect(walkGuide({ current: 'a', history: [] }, { type: 'back' }, 'a')).toEqual({
      current: 'a',
      history: [],
    });
  });
  it('reads backticks as inline code and nothing else', () => {
    expect(codeParts('set `Local` <b>now</b>')).toEqual([
      { code: false, text: 'set ' },
      { code: true, text: 'Local' },
      { code: false, text: ' <b>now</b>' },
    ]);
  });
});
