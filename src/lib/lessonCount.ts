/**
 * A count in prose, from the lesson list: "eight lessons" / "acht Lektionen". Pages write the
 * count nowhere by hand, so a new lesson changes the home page, the lesson index and its meta
 * description at once. Pure.
 */
import type { Lang } from '../i18n';

const WORDS: Record<Lang, readonly string[]> = {
  en: [
    'no',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
  ],
  // Before a plural noun ("acht Lektionen"); "ein" never comes up with a count word here.
  de: [
    'keine',
    'eine',
    'zwei',
    'drei',
    'vier',
    'fünf',
    'sechs',
    'sieben',
    'acht',
    'neun',
    'zehn',
    'elf',
    'zwölf',
  ],
};

/** A number as a word up to twelve, in digits above (as style guides in both languages do). */
export function countWord(lang: Lang, n: number): string {
  return WORDS[lang][n] ?? String(n);
}

/** The token a page's frontmatter writes where the lesson count goes (routeData.ts fills it). */
export const LESSON_COUNT_TOKEN = '{lessonCount}';

/** Replaces the lesson-count token in a text; texts without it come back unchanged. */
export function fillLessonCount(text: string, lang: Lang, count: number): string {
  return text.split(LESSON_COUNT_TOKEN).join(countWord(lang, count));
}
