/**
 * JS weight per page, measured from the built site (run `astro build` first):
 *   scripts/run tsx bench/size.bench.ts [page ...]
 * Follows every script a page loads (module scripts, island components and renderers) and their
 * static and dynamic imports, and prints raw and gzip bytes. The embed must not ship more JS
 * than a lesson page with a diagram; the script exits 1 when it does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { jsGraph, pageEntries } from '../scripts/lib/jsGraph.mjs';

const dist = path.resolve(process.env['HOP_OUT_DIR'] ?? 'dist');
const graph = jsGraph(dist);

/**
 * JS files a built page pulls in, as paths under dist/: what loads with the page (module
 * scripts, island components and renderers, their static imports); with `lazy`, also what
 * may load later (a dialog on first click, the engine worker).
 */
export function scriptsOf(page: string, lazy = false): string[] {
  const html = fs.readFileSync(path.join(dist, page, 'index.html'), 'utf8');
  return graph.closure(pageEntries(html), { lazy });
}

/** Raw and gzip bytes of a page's JS. */
export function weigh(page: string, lazy = false): { files: number; raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  const files = scriptsOf(page, lazy);
  for (const f of files) {
    raw += fs.statSync(path.join(dist, f)).size;
    gzip += graph.gzipKb(f, 9) * 1024;
  }
  return { files: files.length, raw, gzip };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} kB`;

const lesson = fs.existsSync(path.join(dist, 'en/lessons/path-of-a-request'))
  ? 'en/lessons/path-of-a-request'
  : '';
// Page arguments only when this file is run itself: under bench/run.ts the arguments are its
// file filters ("size", "sim"), not pages.
const direct = import.meta.url === `file://${process.argv[1] ?? ''}`;
const asked = direct ? process.argv.slice(2) : [];
const pages =
  asked.length > 0
    ? asked
    : [
        'en/embed/cluster-snat',
        'de/embed/local',
        lesson,
        'en/playground/cluster-snat',
        'en/present/path-of-a-request',
        'en/present/path-of-a-request/notes',
        'en/present/path-of-a-request/print',
        'en/practice',
        'en/your-cluster',
      ].filter((p) => p !== '' && fs.existsSync(path.join(dist, p, 'index.html')));

console.log(
  'page'.padEnd(42),
  'files'.padStart(5),
  'raw'.padStart(10),
  'gzip'.padStart(10),
  '+lazy gzip'.padStart(11),
);
const results = new Map<string, number>();
for (const p of pages) {
  const w = weigh(p);
  const all = weigh(p, true);
  results.set(p, w.gzip);
  console.log(
    `/${p}/`.padEnd(42),
    String(w.files).padStart(5),
    kb(w.raw).padStart(10),
    kb(w.gzip).padStart(10),
    kb(all.gzip - w.gzip).padStart(11),
  );
}
const embed = results.get('en/embed/cluster-snat');
const lessonGzip = results.get(lesson);
if (embed !== undefined && lessonGzip !== undefined) {
  const ok = embed <= lessonGzip;
  console.log(
    `\nembed ${kb(embed)} vs lesson ${kb(lessonGzip)} gzip: ${ok ? 'OK' : 'embed is heavier'}`,
  );
  if (!ok) process.exitCode = 1;
}
