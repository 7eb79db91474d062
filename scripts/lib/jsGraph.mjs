// The import graph of a built site's JavaScript, shared by the post-build island lists
// (island-deps.mjs), the JS budgets (check-site.mjs) and the size bench (bench/size.bench.ts).
// Astro writes no Vite manifest for its client build, so the graph is read from the chunks
// themselves: Vite emits static imports as `import … from "./x.js"` and dynamic ones (lazy
// dialogs, the engine worker's URL) as quoted chunk names.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// `from"./x.js"` and `import"./x.js"` are static; `import("./x.js")` (a paren) is not.
const STATIC = /(?:from|import)\s*["'`]((?:\.{1,2}\/|\/)[^"'`]+?\.js)["'`]/g;
const ANY = /["'`]((?:\.{1,2}\/|\/)?[\w./-]*?[\w.-]+\.js)["'`]/g;

/** The graph of one built site (paths are site paths such as /_astro/x.js). */
export function jsGraph(dist) {
  const cache = new Map();
  const gz = new Map();
  const exists = (p) => fs.existsSync(path.join(dist, p));
  /** Chunks a chunk refers to: statically only, or at all. */
  function refs(file, all) {
    const key = `${all ? 'a' : 's'}:${file}`;
    let out = cache.get(key);
    if (out) return out;
    out = new Set();
    const full = path.join(dist, file);
    if (fs.existsSync(full)) {
      const text = fs.readFileSync(full, 'utf8');
      for (const m of text.matchAll(all ? ANY : STATIC)) {
        const target = resolve(m[1], file);
        if (target && target !== file && exists(target)) out.add(target);
      }
    }
    cache.set(key, out);
    return out;
  }
  /** Every chunk reachable from `entries` (static imports only, or every reference). */
  function closure(entries, { lazy = false } = {}) {
    const seen = new Set();
    const todo = [...entries].filter(exists);
    while (todo.length > 0) {
      const n = todo.pop();
      if (seen.has(n)) continue;
      seen.add(n);
      todo.push(...refs(n, lazy));
    }
    return [...seen].sort();
  }
  /** Gzip kB of a chunk (cached). */
  function gzipKb(file, level = 6) {
    const key = `${level}:${file}`;
    if (!gz.has(key))
      gz.set(key, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level }).length / 1024);
    return gz.get(key);
  }
  return { closure, gzipKb, exists };
}

/** A chunk reference as a site path, relative to the chunk that makes it. */
function resolve(ref, from) {
  const clean = ref.split('?')[0];
  if (clean.startsWith('/')) return clean;
  if (clean.startsWith('.')) return path.posix.join(path.posix.dirname(from), clean);
  // A bare chunk name (Vite's preload lists) lives beside the chunk that names it.
  return path.posix.join(path.posix.dirname(from), clean);
}

const decode = (s) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The scripts a page loads by itself: module scripts, preloads, islands' components and renderers, and inline imports. */
export function pageEntries(html) {
  const out = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+\.js)"/g)) out.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    out.add(m[1]);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    out.add(decode(m[1]));
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const i of m[1].matchAll(/(?:import\(|from\s*|import\s*)["']([^"']+\.js)["']/g))
      out.add(i[1]);
  return [...out].map((u) => (u.startsWith('/') ? u : `/${u}`));
}
