/**
 * Starlight route middleware (astro.config.mjs `routeMiddleware`): fills the glossary's table of
 * contents with its terms, not only its letters.
 */
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { glossaryHeadings } from './lib/glossary';

type TocItem = NonNullable<StarlightRouteData['toc']>['items'][number];

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
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
