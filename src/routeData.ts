/**
 * Starlight route middleware (astro.config.mjs `routeMiddleware`): fills the glossary's table of
 * contents with its terms, not only its letters, and a page's lesson count (`{lessonCount}` in
 * its title or description) from the lesson list.
 */
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { glossaryHeadings } from './lib/glossary';
import { lessonsOf } from './lib/lessons';
import { fillLessonCount, LESSON_COUNT_TOKEN } from './lib/lessonCount';
import { isLang } from './i18n';

type TocItem = NonNullable<StarlightRouteData['toc']>['items'][number];

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  const lang = route.id.split('/')[0];
  const data = route.entry.data;
  if (isLang(lang) && `${data.title}${data.description ?? ''}`.includes(LESSON_COUNT_TOKEN)) {
    const count = (await lessonsOf(lang)).length;
    data.title = fillLessonCount(data.title, lang, count);
    if (data.description) data.description = fillLessonCount(data.description, lang, count);
    // The head was built before this runs: its title, description and og: tags too.
    for (const tag of route.head) {
      const content = tag.attrs?.['content'];
      if (typeof content === 'string' && tag.attrs)
        tag.attrs['content'] = fillLessonCount(content, lang, count);
      if (typeof tag.content === 'string') tag.content = fillLessonCount(tag.content, lang, count);
    }
  }
  if (!route.toc || !/^(en|de)\/glossary$/.test(route.id)) return;
  const [overview] = route.toc.items;
  const letters: TocItem[] = [];
  for (const h of glossaryHeadings(route.entry.body ?? '')) {
    if (h.depth === 2) letters.push({ ...h, children: [] });
    else letters.at(-1)?.children.push({ ...h, children: [] });
  }
  route.toc.items = overview ? [overview, ...letters] : letters;
  route.toc.maxHeadingLevel = Math.max(route.toc.maxHeadingLevel, 3);
});
