/**
 * Loads the lessons that have a deck (every written lesson with lesson frontmatter) and builds
 * their slides; shared by the deck, notes and print routes.
 */
import { getCollection } from 'astro:content';
import { buildDeck, type DeckLesson, type Slide } from '../../../lib/deck';
import { languages, resources, useT, type Lang, type MessageKey } from '../../../i18n';

export interface DeckEntry {
  lang: Lang;
  lesson: DeckLesson;
  slides: Slide[];
}

/** Every lesson deck in every language, in lesson order. */
export async function loadDecks(): Promise<DeckEntry[]> {
  const entries = await getCollection('docs', (e) => /^(en|de)\/lessons\//.test(e.id));
  const decks: DeckEntry[] = [];
  for (const lang of languages) {
    const t = useT(lang);
    const strings = resources[lang];
    for (const e of entries) {
      const meta = e.data.lesson;
      if (!e.id.startsWith(`${lang}/lessons/`) || !meta) continue;
      const lesson: DeckLesson = {
        slug: e.id.slice(`${lang}/lessons/`.length),
        title: e.data.title,
        description: e.data.description ?? '',
        order: meta.order,
        minutes: meta.minutes,
        goals: meta.goals,
        scenarios: meta.scenarios,
      };
      const slides = buildDeck(
        lesson,
        (key, vars) => t(key as MessageKey, vars),
        (key) => key in strings,
      );
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
