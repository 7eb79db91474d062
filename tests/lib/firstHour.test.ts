import { describe, expect, it } from 'vitest';
import { countWord, fillLessonCount, LESSON_COUNT_TOKEN } from '../../src/lib/lessonCount';
import { localOrigin, withOrigin } from '../../src/lib/hostOrigin';
import { chooseDesign, fitScale, leastScale } from '../../src/view/present/fit';

describe('lesson counts in prose', () => {
  it('spells small counts in both languages and keeps large ones as digits', () => {
    expect(countWord('en', 8)).toBe('eight');
    expect(countWord('de', 8)).toBe('acht');
    expect(countWord('de', 12)).toBe('zwölf');
    expect(countWord('en', 13)).toBe('13');
    expect(fillLessonCount(`The ${LESSON_COUNT_TOKEN} lessons`, 'en', 9)).toBe('The nine lessons');
    expect(fillLessonCount('No token here', 'de', 9)).toBe('No token here');
  });
});

describe('snippets for the address the site is served from', () => {
  it('knows this machine', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost'])
      expect(localOrigin(h)).toBe(true);
    for (const h of ['docs.example.com', '192.0.2.10', 'localhost.example.com'])
      expect(localOrigin(h)).toBe(false);
  });
  it('swaps every occurrence of the site address', () => {
    expect(
      withOrigin(
        'a https://s.example/x and https://s.example/y',
        'https://s.example',
        'http://127.0.0.1:4321',
      ),
    ).toBe('a http://127.0.0.1:4321/x and http://127.0.0.1:4321/y');
  });
});

describe('a deck draws its diagram as big as it stays readable', () => {
  const screen = { width: 1920, height: 1080 };
  it('scales to the tighter side, up to a cap', () => {
    expect(fitScale({ width: 1000, height: 500 }, { width: 1500, height: 1000 })).toBe(1.5);
    expect(fitScale({ width: 1000, height: 500 }, { width: 3000, height: 2000 })).toBe(2.2);
  });
  it('picks the wider layout when the narrow one would be too small to read', () => {
    // A tall picture at 1100 px (Pods stacked) and a lower one at 1300 px (side by side).
    const designs = [
      { width: 1100, height: 790 },
      { width: 1300, height: 684 },
    ];
    const box = { width: 1860, height: 840 };
    expect(fitScale(designs[0] ?? { width: 1, height: 1 }, box)).toBeLessThan(leastScale(screen));
    expect(chooseDesign(designs, box, screen)).toEqual(designs[1]);
  });
  it('never picks a layout that cuts an address off when one keeps them whole', () => {
    const designs = [
      { width: 1100, height: 790, fits: true },
      { width: 1300, height: 684, fits: false },
      { width: 1600, height: 684, fits: true },
    ];
    expect(chooseDesign(designs, { width: 1860, height: 880 }, screen)).toEqual(designs[2]);
  });
  it('picks the biggest picture when every layout is readable', () => {
    const designs = [
      { width: 1100, height: 435 },
      { width: 1600, height: 435 },
    ];
    expect(chooseDesign(designs, { width: 1860, height: 880 }, screen)).toEqual(designs[0]);
  });
});
