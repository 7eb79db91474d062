/**
 * Loads the lessons that have a deck (every written lesson with lesson frontmatter) and builds
 * their slides from each lesson's MDX source (src/lib/deckPlan.ts) and its trainer's notes
 * (content/decks/<lang>/<lesson>.yaml); shared by the deck, notes and print routes.
 */
import { lessonNumber } from '../../../lib/lessons';
import { lessonTime } from '../../../lib/lessonTime';
import { getCollection } from 'astro:content';
import type { DeckLesson, Slide } from '../../../lib/deck';
import { planDeck } from '../../../lib/deckPlan';
import { NO_NOTES, parseDeckNotes, type AuthoredNotes } from '../../../lib/deckNotes';
import { languages, type Lang } from '../../../i18n';
import { fixed } from '../../../i18n/number';
import { makeTr } from '../../../view/flow/tr';

export interface DeckEntry {
  lang: Lang;
  lesson: DeckLesson;
  slides: Slide[];
}

/** The trainers' notes files, by path (read at build time). */
const noteFiles = import.meta.glob<string>('/content/decks/*/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The authored notes of one lesson's deck (none when the file is missing). */
function notesFor(lang: Lang, file: string): AuthoredNotes {
  const src = noteFiles[`/content/decks/${lang}/${file}.yaml`];
  if (src === undefined) return NO_NOTES;
  const { notes, issues } = parseDeckNotes(src);
  for (const i of issues) console.warn(`[deck] content/decks/${lang}/${file}.yaml: ${i}`);
  return notes;
}

let cache: Promise<DeckEntry[]> | null = null;

/** Every lesson deck in every language, in lesson order (built once per build). */
export function loadDecks(): Promise<DeckEntry[]> {
  cache ??= build();
  return cache;
}

async function build(): Promise<DeckEntry[]> {
  const entries = await getCollection('docs', (e) => /^(en|de)\/lessons\//.test(e.id));
  const decks: DeckEntry[] = [];
  for (const lang of languages) {
    const tr = makeTr(lang);
    for (const e of entries) {
      const meta = e.data.lesson;
      if (!e.id.startsWith(`${lang}/lessons/`) || !meta) continue;
      const lesson: DeckLesson = {
        slug: e.id.slice(`${lang}/lessons/`.length),
        title: e.data.title,
        description: e.data.description ?? '',
        order: lessonNumber(e.filePath),
        minutes: lessonTime(e.body ?? '').minutes,
        goals: meta.goals,
      };
      const file =
        (e.filePath ?? '')
          .split('/')
          .pop()
          ?.replace(/\.mdx?$/, '') ?? lesson.slug;
      const { slides, issues } = planDeck({
        lesson,
        source: e.body ?? '',
        tr,
        num: (n) => fixed(lang, n, 1),
        notes: notesFor(lang, file),
      });
      for (const i of issues) console.warn(`[deck] ${e.filePath}: ${i}`);
      decks.push({ lang, lesson, slides });
    }
  }
  return decks.sort((a, b) => a.lesson.order - b.lesson.order);
}

/** Static paths for one route per deck. */
export async function deckPaths(): Promise<
  Array<{ params: { lang: Lang; lesson: string }; props: DeckEntry }>
> {
  return (await loadDecks()).map((d) => ({
    params: { lang: d.lang, lesson: d.lesson.slug },
    props: d,
  }));
}
