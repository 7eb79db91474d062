// Post-build: writes every island's module graph into its <astro-island>: `data-hop-deps` (the
// static imports, needed to hydrate) and `data-hop-lazy` (chunks loaded later: lazy dialogs,
// the engine worker). Islands hydrate on first use (src/directives/interact.ts), so a visited
// page may never have fetched them. The directive preloads the first list as the island nears
// the viewport; the service worker keeps both, so a visited lesson's diagrams start offline.
import fs from 'node:fs';
import path from 'node:path';
import { htmlFiles } from './lib/htmlFiles.mjs';
import { jsGraph } from './lib/jsGraph.mjs';

const dist = path.resolve(process.argv[2] ?? process.env.HOP_OUT_DIR ?? 'dist');
const graph = jsGraph(dist);
const eagerOf = (entries) => graph.closure(entries);
const lazyOf = (entries, eager) =>
  graph.closure(entries, { lazy: true }).filter((n) => !eager.includes(n));

let islands = 0;
let most = 0;
let pagesWithLazy = 0;
for (const file of htmlFiles(dist)) {
  const html = fs.readFileSync(file, 'utf8');
  let next = withPageLazy(html);
  if (!html.includes('<astro-island')) {
    if (next !== html) fs.writeFileSync(file, next);
    continue;
  }
  next = next.replace(/<astro-island\b[^>]*>/g, (tag) => {
    const entries = [...tag.matchAll(/\s(?:component|renderer)-url="(\/_astro\/[^"]+\.js)"/g)]
      .map((m) => m[1])
      .filter(graph.exists);
    if (entries.length === 0) return tag;
    const eager = eagerOf(entries);
    const lazy = lazyOf(entries, eager);
    const url = (n) => n;
    islands += 1;
    most = Math.max(most, eager.length + lazy.length);
    return tag
      .replace(/\sdata-hop-(deps|lazy)="[^"]*"/g, '')
      .replace(
        />$/,
        ` data-hop-deps="${eager.map(url).join(' ')}" data-hop-lazy="${lazy.map(url).join(' ')}">`,
      );
  });
  if (next !== html) fs.writeFileSync(file, next);
}
console.log(
  `island-deps: ${islands} islands, up to ${most} chunks each; ${pagesWithLazy} pages list lazy page-script chunks`,
);

/**
 * The chunks a page's own scripts load later (Pagefind's search UI, which waits for the reader to
 * head for search), as `data-hop-lazy` on <html>: the service worker keeps them with the page, so
 * search opens offline on a visited page as it did when Starlight loaded it at idle.
 */
function withPageLazy(html) {
  const entries = [...html.matchAll(/<script\b[^>]*\ssrc="(\/_astro\/[^"]+\.js)"/g)]
    .map((m) => m[1])
    .filter(graph.exists);
  const eager = eagerOf(entries);
  const lazy = lazyOf(entries, eager);
  if (lazy.length === 0) return html;
  pagesWithLazy += 1;
  return html.replace(
    /<html\b[^>]*>/,
    (tag) =>
      `${tag.replace(/\sdata-hop-lazy="[^"]*"/, '').replace(/>$/, '')} data-hop-lazy="${lazy.join(' ')}">`,
  );
}
