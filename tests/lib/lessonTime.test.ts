import { describe, expect, it } from 'vitest';
import { lessonTime, WORDS_PER_MINUTE } from '../../src/lib/lessonTime';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('lessonTime', () => {
  it('counts prose, questions, diagrams and guides, and rounds the minutes up', () => {
    const body = [
      '## Heading two',
      '',
      words(98),
      '',
      '<Diagram id="d1" scenario="s" />',
      '',
      '<Predict id="q" question="not counted as prose" options={["a", "b"]} answer={0} />',
      '',
      '<Compare title="t">',
      '  <Diagram id="d2" scenario="s" />',
      '  <Diagram id="d3" scenario="s" />',
      '</Compare>',
      '',
      '<DecisionGuide id="g" questions={[]} results={[]} />',
    ].join('\n');
    const t = lessonTime(body);
    expect(t).toEqual({ words: 100, questions: 1, diagrams: 3, guides: 1, minutes: 7 });
    // 100 / 200 + 1 + 3 + 2 = 6.5, rounded up.
    expect(WORDS_PER_MINUTE).toBe(200);
  });

  it('counts callouts, cloud boxes and the recap, but not code, sources or going-further asides', () => {
    const body = [
      words(200),
      '',
      '```sh',
      words(500),
      '```',
      '',
      '<Callout type="note">',
      words(100),
      '</Callout>',
      '',
      '<CloudBox>',
      '',
      `- ${words(50)}`,
      '',
      '</CloudBox>',
      '',
      '<Callout type="further" title="Going further">',
      words(700),
      '</Callout>',
      '',
      '<details>',
      '<summary>More</summary>',
      '',
      words(300),
      '</details>',
      '',
      '<Recap>',
      words(50),
      '</Recap>',
      '',
      '<Sources>',
      `- ${words(80)}`,
      '</Sources>',
    ].join('\n');
    const t = lessonTime(body);
    expect(t.words).toBe(400);
    expect(t.minutes).toBe(2);
  });

  it('grows with every word, question and diagram added', () => {
    const base = lessonTime(words(400)).minutes;
    expect(lessonTime(words(601)).minutes).toBe(base + 2);
    expect(lessonTime(`${words(400)}\n\n<Predict id="q" />`).minutes).toBe(base + 1);
    expect(lessonTime(`${words(400)}\n\n<Diagram id="d" />`).minutes).toBe(base + 1);
  });
});
