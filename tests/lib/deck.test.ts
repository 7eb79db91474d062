import { describe, expect, it } from 'vitest';
import {
  castVote,
  clampPosition,
  forRoom,
  formatElapsed,
  lastStep,
  nextPosition,
  parseDeckHash,
  prevPosition,
  revealed,
  stopAt,
  toDeckHash,
  voteShares,
  type DeckDiagram,
  type DeckStop,
  type Slide,
} from '../../src/lib/deck';

const stop = (step: number): DeckStop => ({
  step,
  label: `Step ${step} of 3`,
  caption: `caption ${step}`,
  narration: `narration ${step}`,
});
const diagram: DeckDiagram = {
  scenario: 'cluster-snat',
  overrides: {},
  title: 'Cluster policy',
  mode: 'steps',
  chart: false,
  steps: 3,
  designs: [{ width: 1100, height: 435 }],
};
const slides: Slide[] = [
  { kind: 'title', title: 'T', subtitle: '', meta: '', notes: 'n' },
  { kind: 'diagram', heading: 'H', diagram, stops: [stop(0), stop(1), stop(2)], notes: 'n' },
  {
    kind: 'question',
    heading: 'Predict',
    id: 'q1',
    question: 'Where?',
    options: ['a', 'b', 'c'],
    answer: 1,
    explanations: [],
    diagram,
    reveal: '0:delivered',
    stops: [stop(3)],
    notes: 'n',
  },
  {
    kind: 'question',
    heading: 'Recall',
    id: 'q2',
    question: 'What?',
    options: ['x', 'y'],
    answer: 0,
    explanations: [],
    stops: [],
    notes: 'n',
  },
  { kind: 'end', heading: 'E', text: '', notes: 'n' },
];

describe('deck navigation', () => {
  it('knows every slide’s steps from the build', () => {
    expect(slides.map(lastStep)).toEqual([0, 2, 1, 1, 0]);
    expect(stopAt(slides[1], 2)?.step).toBe(2);
    // A question: step 0 is asked (no diagram), step 1 the answer at its moment.
    expect(stopAt(slides[2], 0)).toBeNull();
    expect(stopAt(slides[2], 1)?.step).toBe(3);
    expect(revealed(slides[2], 0)).toBe(false);
    expect(revealed(slides[2], 1)).toBe(true);
    expect(revealed(slides[1], 1)).toBe(false);
  });

  it('walks every step, then the next slide, and back into a slide at its end', () => {
    let pos = { slide: 0, step: 0 };
    const seen: string[] = [];
    for (let i = 0; i < 9; i++) {
      pos = nextPosition(pos, slides);
      seen.push(`${pos.slide}.${pos.step}`);
    }
    expect(seen).toEqual(['1.0', '1.1', '1.2', '2.0', '2.1', '3.0', '3.1', '4.0', '4.0']);
    expect(prevPosition({ slide: 2, step: 0 }, slides)).toEqual({ slide: 1, step: 2 });
    expect(prevPosition({ slide: 4, step: 0 }, slides)).toEqual({ slide: 3, step: 1 });
    expect(prevPosition({ slide: 2, step: 1 }, slides)).toEqual({ slide: 2, step: 0 });
    expect(prevPosition({ slide: 0, step: 0 }, slides)).toEqual({ slide: 0, step: 0 });
  });

  it('clamps positions from the URL into the slide', () => {
    expect(clampPosition({ slide: 99, step: 4 }, slides)).toEqual({ slide: 4, step: 0 });
    expect(clampPosition({ slide: 1, step: 40 }, slides)).toEqual({ slide: 1, step: 2 });
    expect(clampPosition({ slide: -3, step: 4 }, slides)).toEqual({ slide: 0, step: 0 });
    expect(clampPosition({ slide: Number.NaN, step: 1 }, slides)).toEqual({ slide: 0, step: 0 });
  });

  it('reads and writes the hash', () => {
    expect(parseDeckHash('#slide=3&step=2')).toEqual({ slide: 2, step: 2 });
    expect(parseDeckHash('#slide=1')).toEqual({ slide: 0, step: 0 });
    expect(parseDeckHash('#<script>')).toBeUndefined();
    expect(toDeckHash({ slide: 1, step: 2 }, slides)).toBe('#slide=2&step=2');
    expect(toDeckHash({ slide: 0, step: 0 }, slides)).toBe('#slide=1');
    expect(toDeckHash({ slide: 2, step: 1 }, slides)).toBe('#slide=3&step=1');
  });

  it('counts votes per option, within bounds', () => {
    let v = castVote([], 3, 1);
    v = castVote(v, 3, 1);
    v = castVote(v, 3, 0);
    expect(v).toEqual([1, 2, 0]);
    expect(castVote(v, 3, 2, -1)).toEqual([1, 2, 0]);
    expect(castVote(v, 3, 7)).toEqual([1, 2, 0]);
    expect(castVote([999], 1, 0)).toEqual([999]);
    expect(voteShares([1, 3, 0])).toEqual([0.25, 0.75, 0]);
    expect(voteShares([0, 0])).toEqual([0, 0]);
  });

  it('leaves the notes and full narrations out of the room’s page', () => {
    const lean = forRoom(slides);
    expect(lean.every((s) => s.notes === '')).toBe(true);
    expect(JSON.stringify(lean)).not.toContain('narration 1');
    expect(JSON.stringify(lean)).toContain('caption 1');
  });

  it('formats the timer', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});
