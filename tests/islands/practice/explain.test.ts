/**
 * From the engine's grades to the page's words: every reason code of every puzzle has a sentence
 * in both languages, every option of the form means what the grader compares, and the worked
 * answers the page fills in grade as right.
 */
import { describe, expect, it } from 'vitest';
import de from '../../../src/i18n/locales/practice/de.json';
import en from '../../../src/i18n/locales/practice/en.json';
import { interpolate } from '../../../src/i18n/interpolate';
import {
  answerOf,
  answerSentence,
  bridgeIp,
  draftOf,
  emptyDraft,
  EXPLANATION_KEYS,
  explanation,
  missing,
  optionOfSources,
  readNumber,
  roundFacts,
  SOURCE_OPTIONS,
  sourcesOf,
} from '../../../src/islands/practice/explain';
import { gradeRound, prepareRound, type Round } from '../../../src/islands/practice/round';

const locales: Record<'en' | 'de', Record<string, string>> = { en, de };
const list = (xs: string[]): string => xs.join(', ') || 'none';
const rounds: Round[] = Array.from({ length: 60 }, (_, seed) => prepareRound(seed));

describe('practice explanations', () => {
  it('source options stand for distinct address sets and map back', () => {
    const keys = SOURCE_OPTIONS.map((o) => sourcesOf(o).sort().join(','));
    expect(new Set(keys).size).toBe(SOURCE_OPTIONS.length);
    for (const o of SOURCE_OPTIONS) expect(optionOfSources(sourcesOf(o))).toBe(o);
  });

  it("every engine answer's source set is one of the options", () => {
    for (const r of rounds) {
      const o = optionOfSources(r.solution.answer.sources);
      expect(sourcesOf(o).sort(), `seed ${r.puzzle.seed}`).toEqual(
        [...r.solution.answer.sources].sort(),
      );
    }
  });

  it('a fully worked draft is the engine answer and grades all right', () => {
    for (const r of rounds) {
      const draft = draftOf(r, r.puzzle.questions);
      expect(missing(draft, r.puzzle.questions)).toEqual([]);
      expect(
        gradeRound(r, answerOf(draft)).every((g) => g.correct),
        `seed ${r.puzzle.seed}`,
      ).toBe(true);
    }
  });

  it('one wrong answer is graded wrong and explained by a sentence in both languages', () => {
    for (const r of rounds) {
      const draft = draftOf(r, r.puzzle.questions);
      draft.success = r.solution.answer.success === 'always' ? 'never' : 'always';
      const grades = gradeRound(r, answerOf(draft));
      expect(grades.filter((g) => !g.correct).map((g) => g.question)).toEqual(['success']);
      for (const g of grades) {
        const s = explanation(r, g, roundFacts(r, 'en', list));
        expect(EXPLANATION_KEYS).toContain(s.key);
        for (const lang of ['en', 'de'] as const) {
          const text = locales[lang][s.key];
          expect(text, `${lang} ${s.key}`).toBeDefined();
          // Every placeholder of the sentence is filled by the round's facts.
          expect(interpolate(text ?? '', s.vars), `${lang} ${s.key}`).not.toMatch(/\{\{/);
        }
        const a = answerSentence(r, g.question, roundFacts(r, 'de', list));
        expect(locales.de[a.key], a.key).toBeDefined();
      }
    }
  });

  it('every explanation key exists in both languages', () => {
    for (const k of EXPLANATION_KEYS) {
      expect(en, k).toHaveProperty([k]);
      expect(de, k).toHaveProperty([k]);
    }
  });

  it('names a reveal moment for every question a round asks', () => {
    for (const r of rounds)
      for (const q of r.puzzle.questions)
        expect(r.moments[q], `seed ${r.puzzle.seed} ${q}`).toMatch(/^(\d+:[a-zA-Z]+|t=\d+|end)$/);
  });

  it('asks for what is still open, reads numbers in both languages', () => {
    const q = ['pods', 'source', 'success', 'share', 'window'] as const;
    expect(missing(emptyDraft(), q)).toEqual(['source', 'success', 'share', 'window']);
    expect(readNumber('33,3')).toBe(33.3);
    expect(readNumber(' 12.5 ')).toBe(12.5);
    expect(readNumber('1e3')).toBeNull();
    expect(readNumber('-4')).toBeNull();
    expect(
      missing(
        { ...emptyDraft(), source: 'client', success: 'never', share: '101', window: '3' },
        q,
      ),
    ).toEqual(['share']);
    expect(bridgeIp('10.244.3.0/24')).toBe('10.244.3.1');
  });

  it("the diagram's drain window is one the grader accepts (what it plays is not off the key)", () => {
    let drains = 0;
    for (const r of rounds) {
      if (!r.puzzle.drainNode) continue;
      drains++;
      const [lo, hi] = r.solution.windowBand ?? [0, 0];
      const answer = { ...answerOf(draftOf(r, r.puzzle.questions)), window: r.diagramWindow };
      const g = gradeRound(r, answer).find((x) => x.question === 'window');
      expect(g?.correct, `seed ${r.puzzle.seed}: ${r.diagramWindow} vs ${lo}–${hi}`).toBe(true);
    }
    expect(drains).toBeGreaterThan(10);
  });

  it('the window is explained for the drained node, not the ingress node', () => {
    for (const r of rounds) {
      if (!r.puzzle.drainNode || r.puzzle.drainNode === r.puzzle.ingressNode) continue;
      const s = explanation(
        r,
        { question: 'window', reason: r.reasons.window ?? '' },
        roundFacts(r, 'en', list),
      );
      expect(s.vars['node']).toBe(r.puzzle.drainNode);
    }
  });

  it('the same seed gives the same round (a shared link shows the same puzzle)', () => {
    expect(prepareRound(7)).toEqual(prepareRound(7));
    expect(rounds[7]?.puzzle.seed).toBe(7);
  });
});
