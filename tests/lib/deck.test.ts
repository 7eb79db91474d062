import { describe, expect, it } from 'vitest';
import {
  END_STEP,
  buildDeck,
  clampPosition,
  formatElapsed,
  nextPosition,
  parseDeckHash,
  prevPosition,
  resolveStep,
  settlePosition,
  toDeckHash,
  type DeckLesson,
} from '../../src/lib/deck';
import { resources } from '../../src/i18n';

const lesson: DeckLesson = {
  slug: 'why-snat',
  title: 'Why SNAT',
  description: 'What the Pod sees.',
  order: 3,
  minutes: 12,
  goals: ['Goal one', 'Goal two'],
  scenarios: ['cluster-snat', 'made-up-scenario'],
};

const strings = resources.en;
const t = (key: string, vars: Record<string, string | number> = {}) =>
  (strings[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
const has = (key: string) => key in strings;

describe('buildDeck', () => {
  const slides = buildDeck(lesson, t, has);

  it('orders title, goals, one slide per scenario, recap, end', () => {
    expect(slides.map((s) => s.kind)).toEqual([
      'title',
      'goals',
      'diagram',
      'diagram',
      'recap',
      'end',
    ]);
  });

  it('takes texts from the frontmatter and the present strings', () => {
    expect(slides[0]).toMatchObject({
      title: 'Why SNAT',
      subtitle: 'What the Pod sees.',
      meta: 'Lesson 3 · about 12 minutes',
    });
    expect(slides[1]).toMatchObject({ items: ['Goal one', 'Goal two'] });
    expect(slides[2]).toMatchObject({
      scenario: 'cluster-snat',
      heading: strings['present.scenario.cluster-snat'],
      index: 1,
      count: 2,
    });
    expect(slides[3]).toMatchObject({ heading: 'Diagram: made-up-scenario' });
    for (const s of slides) expect(s.notes.length).toBeGreaterThan(10);
  });

  it('has German texts for every slide', () => {
    const de = resources.de;
    const tDe = (key: string, vars: Record<string, string | number> = {}) =>
      (de[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
    const deck = buildDeck(lesson, tDe, (k) => k in de);
    expect(deck[0]).toMatchObject({ meta: 'Lektion 3 · etwa 12 Minuten' });
    expect(JSON.stringify(deck)).not.toMatch(/present\./);
  });
});

describe('navigation', () => {
  const slides = buildDeck(lesson, t, has);

  it('walks every hop of a diagram before the next slide', () => {
    let pos = { slide: 1, step: 0 };
    const visited: string[] = [];
    for (let i = 0; i < 6; i++) {
      pos = nextPosition(pos, slides, 3);
      visited.push(`${pos.slide}.${pos.step}`);
    }
    expect(visited).toEqual(['2.0', '2.1', '2.2', '2.3', '3.0', '3.1']);
  });

  it('goes back hop by hop and enters a previous diagram at its end', () => {
    expect(prevPosition({ slide: 2, step: 2 }, slides, 3)).toEqual({ slide: 2, step: 1 });
    expect(prevPosition({ slide: 2, step: 0 }, slides, 3)).toEqual({ slide: 1, step: 0 });
    expect(prevPosition({ slide: 4, step: 0 }, slides, 3)).toEqual({ slide: 3, step: END_STEP });
    expect(prevPosition({ slide: 3, step: END_STEP }, slides, 3)).toEqual({ slide: 3, step: 2 });
    expect(nextPosition({ slide: 3, step: END_STEP }, slides, 3)).toEqual({ slide: 4, step: 0 });
  });

  it('takes a press on a diagram that has not reported its length as its next hop', () => {
    // The diagram computes its run in a worker: "no steps known yet" is not "no steps".
    expect(nextPosition({ slide: 2, step: 0 }, slides, null)).toEqual({ slide: 2, step: 1 });
    expect(nextPosition({ slide: 2, step: 1 }, slides, null)).toEqual({ slide: 2, step: 2 });
    expect(nextPosition({ slide: 2, step: END_STEP }, slides, null)).toEqual({ slide: 3, step: 0 });
    expect(prevPosition({ slide: 2, step: 2 }, slides, null)).toEqual({ slide: 2, step: 1 });
    expect(prevPosition({ slide: 2, step: 0 }, slides, null)).toEqual({ slide: 1, step: 0 });
    // Back from the end while the length is unknown: one before the end.
    expect(prevPosition({ slide: 3, step: END_STEP }, slides, null)).toEqual({
      slide: 3,
      step: -2,
    });
    expect(nextPosition({ slide: 3, step: -2 }, slides, null)).toEqual({
      slide: 3,
      step: END_STEP,
    });
    // Other slides do not need a diagram.
    expect(nextPosition({ slide: 1, step: 0 }, slides, null)).toEqual({ slide: 2, step: 0 });
  });

  it('settles a position once the diagram reports its length', () => {
    expect(settlePosition({ slide: 2, step: 1 }, slides, 7)).toEqual({ slide: 2, step: 1 });
    expect(settlePosition({ slide: 2, step: 9 }, slides, 7)).toEqual({ slide: 2, step: 7 });
    expect(settlePosition({ slide: 3, step: END_STEP }, slides, 7)).toEqual({ slide: 3, step: 7 });
    expect(settlePosition({ slide: 3, step: -2 }, slides, 7)).toEqual({ slide: 3, step: 6 });
    expect(settlePosition({ slide: 3, step: -9 }, slides, 7)).toEqual({ slide: 3, step: 0 });
    expect(settlePosition({ slide: 3, step: END_STEP }, slides, 0)).toEqual({ slide: 3, step: 0 });
    expect(resolveStep(END_STEP, null)).toBe(0);
    expect(resolveStep(3, null)).toBe(3);
  });

  it('stops at both ends', () => {
    expect(prevPosition({ slide: 0, step: 0 }, slides, 0)).toEqual({ slide: 0, step: 0 });
    expect(nextPosition({ slide: 5, step: 0 }, slides, 0)).toEqual({ slide: 5, step: 0 });
  });

  it('reads and writes the hash', () => {
    expect(parseDeckHash('#slide=3&step=2')).toEqual({ slide: 2, step: 2 });
    expect(parseDeckHash('#slide=1')).toEqual({ slide: 0, step: 0 });
    expect(parseDeckHash('#<script>')).toBeUndefined();
    expect(toDeckHash({ slide: 2, step: 2 }, slides, 3)).toBe('#slide=3&step=2');
    expect(toDeckHash({ slide: 3, step: END_STEP }, slides, 7)).toBe('#slide=4&step=7');
    expect(toDeckHash({ slide: 0, step: 0 }, slides, 0)).toBe('#slide=1');
    expect(toDeckHash({ slide: 2, step: 1 }, slides, null)).toBe('#slide=3&step=1');
    expect(toDeckHash({ slide: 3, step: END_STEP }, slides, null)).toBe('#slide=4');
  });

  it('clamps positions from the URL', () => {
    expect(clampPosition({ slide: 99, step: 4 }, slides)).toEqual({ slide: 5, step: 0 });
    expect(clampPosition({ slide: 2, step: 4 }, slides)).toEqual({ slide: 2, step: 4 });
    expect(clampPosition({ slide: -3, step: 4 }, slides)).toEqual({ slide: 0, step: 0 });
  });

  it('formats the timer', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});
