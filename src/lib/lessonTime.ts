/**
 * How long a lesson takes, computed from its text instead of written by hand:
 *
 *   minutes = ⌈ prose words ÷ 200 + 1 per question + 1 per diagram + 2 per decision guide ⌉
 *
 * 200 words a minute is our assumption for reading technical prose closely (in both languages);
 * a question (reading it, choosing, reading the feedback) and a diagram (stepping through it) take
 * about a minute each, and the decision guide's path of three to five questions about two.
 *
 * Prose words are the words a reader meets on the lesson's main path: headings, paragraphs, lists,
 * tables, quotes and the text inside callouts, cloud boxes and the recap. Not counted: code blocks,
 * the question boxes (their time is the per-question minute), diagrams, the sources list, and
 * the optional "going further" asides (`<Callout type="further">`, `<details>`), which a reader may
 * skip.
 */
import { countWords, mdxBlocks, proseText, type Block } from './mdxBlocks';

export const WORDS_PER_MINUTE = 200;
export const MINUTES_PER_QUESTION = 1;
export const MINUTES_PER_DIAGRAM = 1;
export const MINUTES_PER_GUIDE = 2;

/** A lesson's measured size and the time computed from it. */
export interface LessonTime {
  /** Prose words on the main path. */
  words: number;
  /** `<Predict>` questions, recall questions included. */
  questions: number;
  /** `<Diagram>`s, also those inside a `<Compare>`. */
  diagrams: number;
  /** Decision guides. */
  guides: number;
  minutes: number;
}

/** Components whose text is part of the main path. */
const PROSE_CONTAINERS = new Set(['Callout', 'CloudBox', 'Recap', 'Box']);

/** True for an optional aside the reader may leave closed. */
export function isAside(block: Block): boolean {
  if (block.kind !== 'component') return false;
  if (block.name === 'details') return true;
  return block.name === 'Callout' && /\btype=["']further["']/.test(block.tag ?? '');
}

/** Counts one list of blocks into `acc`. */
function measure(blocks: readonly Block[], acc: Omit<LessonTime, 'minutes'>): void {
  for (const b of blocks) {
    if (b.kind === 'component') {
      if (isAside(b)) continue;
      if (b.name === 'Predict') acc.questions += 1;
      else if (b.name === 'Diagram') acc.diagrams += 1;
      else if (b.name === 'DecisionGuide') acc.guides += 1;
      else if (b.name === 'Compare' || (b.name && PROSE_CONTAINERS.has(b.name)))
        measure(b.children ?? [], acc);
      continue;
    }
    if (b.kind === 'code' || b.kind === 'esm' || b.kind === 'rule') continue;
    acc.words += countWords(proseText(b.source));
  }
}

/** The lesson time of an MDX body (without frontmatter), with the counts it comes from. */
export function lessonTime(body: string): LessonTime {
  const acc = { words: 0, questions: 0, diagrams: 0, guides: 0 };
  measure(mdxBlocks(body), acc);
  const minutes = Math.ceil(
    acc.words / WORDS_PER_MINUTE +
      acc.questions * MINUTES_PER_QUESTION +
      acc.diagrams * MINUTES_PER_DIAGRAM +
      acc.guides * MINUTES_PER_GUIDE,
  );
  return { ...acc, minutes: Math.max(1, minutes) };
}
