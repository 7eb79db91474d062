/**
 * Every practice family's explanations read as sentences in both languages: for each question of
 * a family's puzzles, the text the feedback shows (phraseText over the practice locale) has no
 * placeholder, no untranslated key and no stray marker. The browser test plays one round per
 * family (tests/e2e/practice.spec.ts); this covers every family in both languages and every
 * question, not only the one the browser answers wrong.
 */
import { describe, expect, it } from 'vitest';
import { phraseText } from '../../../src/lib/practiceText';
import { FAMILY_IDS, generatePuzzle, solvePuzzle } from '../../../src/sim/practice';
import en from '../../../src/i18n/locales/practice/en.json';
import de from '../../../src/i18n/locales/practice/de.json';
import { interpolate } from '../../../src/i18n/interpolate';

const tables = { en, de } as const;
const tr =
  (table: Record<string, string>) =>
  (key: string, vars?: Record<string, string | number>): string =>
    interpolate(table[key] ?? key, vars);

describe.each(['en', 'de'] as const)('practice explanations (%s)', (lang) => {
  it.each([...FAMILY_IDS])('%s: every answer is explained in words', (family) => {
    // The drain family runs the engine over a whole drain: one puzzle is enough there.
    for (const seed of family === 'drain' ? [11] : [11, 5, 7]) {
      const key = solvePuzzle(generatePuzzle(seed, family));
      expect(key.length).toBeGreaterThan(0);
      for (const k of key) {
        const why = phraseText(tr(tables[lang]), lang, k.explanation).trim();
        expect(why.length, `${family} seed ${seed} ${k.id}`).toBeGreaterThan(20);
        expect(why, `${family} seed ${seed} ${k.id}`).not.toMatch(/\{\{|practice\.|@/);
      }
    }
  });
});
