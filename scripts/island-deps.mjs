// Post-build: writes every island's module graph into its <astro-island>: `data-hop-deps` (the
// static imports, needed to hydrate) and `data-hop-lazy` (chunks loaded later: lazy dialogs,
// the engine worker). Islands hydrate on first use (src/directives/interact.ts), so a visited
// page may never have fetched them. The directive preloads the first list as the island nears
// the viewport; the service worker keeps both, so a visited lesson's diagrams start offline.
import fs from 'node:fs';
import path from 'node:path';
import { htmlFiles } from './lib/htmlFiles.mjs';

const dist = path.resolve(process.argv[2] ?? process.env.HOP_OUT_DIR ?? 'dist');
const assets = path.join(dist, '_astro');
const known = new Set(fs.readdirSync(assets).filter((f) => f.endsWith('.js')));

const STATIC = /(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
const ANY = /["'`](?:\.\/|\/?_astro\/)?([\w.-]+\.js)["'`]/g;

/** Chunk names a chunk refers to: statically, or at all (lazy imports, the worker's URL). */
const refsCache = new Map();
function refs(name, pattern) {
  const key = `${pattern === STATIC ? 's' : 'a'}:${name}`;
  let out = refsCache.get(key);
  if (out) return out;
  const text = fs.readFileSync(path.join(assets, name), 'utf8');
  out = new Set();
  for (const m of text.matchAll(pattern)) if (known.has(m[1]) && m[1] !== name) out.add(m[1]);
  refsCache.set(key, out);
  return out;
}

function closure(entries, pattern) {
  const seen = new Set();
  const todo = [...entries];
  while (todo.length > 0) {
    const n = todo.pop();
    if (seen.has(n)) continue;
    seen.add(n);
    todo.push(...refs(n, pattern));
  }
  return [...seen].sort();
}

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
    const entries = [...tag.matchAll(/\s(?:component|renderer)-url="\/_astro\/([^"]+\.js)"/g)]
      .map((m) => m[1])
      .filter((n) => known.has(n));
    if (entries.length === 0) return tag;
    const eager = closure(entries, STATIC);
    const lazy = closure(entries, ANY).filter((n) => !eager.includes(n));
    const url = (n) => `/_astro/${n}`;
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
  const entries = [...html.matchAll(/<script\b[^>]*\ssrc="\/_astro\/([^"]+\.js)"/g)]
    .map((m) => m[1])
    .filter((n) => known.has(n));
  const eager = closure(entries, STATIC);
  const lazy = closure(entries, ANY).filter((n) => !eager.includes(n));
  if (lazy.length === 0) return html;
  pagesWithLazy += 1;
  return html.replace(
    /<html\b[^>]*>/,
    (tag) =>
      `${tag.replace(/\sdata-hop-lazy="[^"]*"/, '').replace(/>$/, '')} data-hop-lazy="${lazy.map((n) => `/_astro/${n}`).join(' ')}">`,
  );
}
