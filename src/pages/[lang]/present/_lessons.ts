/**
 * Loads the lessons that have a deck (every written lesson with lesson frontmatter) and builds
 * their slides; shared by the deck, notes and print routes.
 */
import { lessonNumber } from '../../../lib/lessons';
import { lessonTime } from '../../../lib/lessonTime';
import { getCollection } from 'astro:content';
import { buildDeck, type DeckLesson, type DeckMoment, type Slide } from '../../../lib/deck';
import { momentsOf, toDeckMoments, type MomentCode } from '../../../lib/moments';
import { languages, resources, useT, type Lang, type MessageKey } from '../../../i18n';
import { fixed } from '../../../i18n/number';
import { runScenario } from '../../../sim/index';
import { isTimeMode } from '../../../islands/flow/steps';

export interface DeckEntry {
  lang: Lang;
  lesson: DeckLesson;
  slides: Slide[];
}

const momentCodes = new Map<string, MomentCode[]>();

/**
 * The moments of a scenario's diagram (the engine run once per scenario, as the diagram runs it:
 * seed 1, no overrides); empty for a hop-by-hop diagram.
 */
function codesOf(scenario: string): MomentCode[] {
  const known = momentCodes.get(scenario);
  if (known) return known;
  const r = runScenario(scenario, { seed: 1 });
  const codes = r.ok ? momentsOf(r.result, isTimeMode(r.result)) : [];
  momentCodes.set(scenario, codes);
  return codes;
}

/** The localized moments of a scenario for a deck, or undefined when it plays hop by hop. */
export function deckMoments(lang: Lang, scenario: string): DeckMoment[] | undefined {
  const codes = codesOf(scenario);
  if (codes.length === 0) return undefined;
  const t = useT(lang);
  return toDeckMoments(
    codes,
    (key, vars) => t(key as MessageKey, vars),
    (n) => fixed(lang, n, 1),
  );
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
        order: lessonNumber(e.filePath),
        minutes: lessonTime(e.body ?? '').minutes,
        goals: meta.goals,
        scenarios: meta.scenarios,
      };
      const slides = buildDeck(
        lesson,
        (key, vars) => t(key as MessageKey, vars),
        (key) => key in strings,
        (scenario) => deckMoments(lang, scenario),
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
