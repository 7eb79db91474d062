// Checks the built site in dist/: every internal link and anchor resolves, in both languages,
// and every page carries lang, canonical and hreflang alternates. Prints external links for a
// manual check (there is no network here). Exits 1 on any problem.
import fs from 'node:fs';
import path from 'node:path';
import { htmlA11yProblems } from './lib/htmlA11y.mjs';
import { htmlFiles } from './lib/htmlFiles.mjs';
import { jsGraph, pageEntries } from './lib/jsGraph.mjs';
import { lessonStepProblems } from './lib/lessonGate.mjs';

const dist = path.resolve(process.argv[2] ?? process.env.HOP_OUT_DIR ?? 'dist');
const site = 'https://hop-by-hop.example';

const decode = (s) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const pages = new Map();
for (const file of htmlFiles(dist)) {
  const html = fs.readFileSync(file, 'utf8');
  const rel = '/' + path.relative(dist, file).split(path.sep).join('/');
  const url = rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
  const ids = new Set([...html.matchAll(/\sid=["']([^"']+)["']/g)].map((m) => decode(m[1])));
  pages.set(url, { file, html, ids });
}

const problems = [];
const external = new Set();
function resolveTarget(from, href) {
  const u = new URL(href, site + from);
  if (u.origin !== site) return null;
  let p = decodeURIComponent(u.pathname);
  return { path: p, hash: decodeURIComponent(u.hash.slice(1)) };
}
function exists(p) {
  if (pages.has(p)) return pages.get(p);
  if (pages.has(p + '/')) return 'slash';
  const file = path.join(dist, p);
  if (fs.existsSync(file) && fs.statSync(file).isFile()) return 'file';
  if (fs.existsSync(path.join(file, 'index.html')))
    return pages.get(p.endsWith('/') ? p : p + '/') ?? 'file';
  return undefined;
}

let links = 0;
for (const [url, page] of pages) {
  if (url.endsWith('404.html')) continue;
  const isDoc = /^\/(en|de)\//.test(url);
  if (isDoc) {
    const lang = url.slice(1, 3);
    if (!new RegExp(`<html[^>]*\\slang="${lang}"`).test(page.html))
      problems.push(`${url}: <html lang> is not ${lang}`);
    if (!/<link rel="canonical"/.test(page.html)) problems.push(`${url}: no canonical link`);
    // An embed or a deck is a bare page (no site chrome); the embed gallery /en/embed/ is not.
    const isEmbedOrDeck = /^\/(en|de)\/(embed\/.|present\/)/.test(url);
    if (!isEmbedOrDeck && !/hreflang="(en|de)"/.test(page.html))
      problems.push(`${url}: no hreflang alternates`);
  }
  for (const m of page.html.matchAll(
    /<(a|link|script|img|source|iframe)\b[^>]*?\s(href|src)=["']([^"']*)["']/g,
  )) {
    const [, tag, , raw] = m;
    const href = decode(raw);
    if (
      !href ||
      href.startsWith('mailto:') ||
      href.startsWith('data:') ||
      href.startsWith('javascript:')
    )
      continue;
    if (/^https?:\/\//.test(href) && !href.startsWith(site)) {
      external.add(href);
      continue;
    }
    if (tag === 'link' && /rel="(canonical|alternate|sitemap)"/.test(m[0])) continue;
    const target = resolveTarget(url, href);
    if (!target) continue;
    links += 1;
    const hit = exists(target.path);
    if (!hit) {
      problems.push(`${url}: broken link ${href}`);
      continue;
    }
    if (target.hash && typeof hit === 'object' && !hit.ids.has(target.hash)) {
      problems.push(`${url}: missing anchor ${href}`);
    }
    if (target.hash && hit === undefined) problems.push(`${url}: missing anchor ${href}`);
  }
  for (const m of page.html.matchAll(/\shref=["']#([^"']+)["']/g)) {
    const id = decode(m[1]);
    if (!page.ids.has(id)) problems.push(`${url}: missing in-page anchor #${id}`);
  }
}

// Accessibility that depends on a page's content (axe runs once per template in the browser
// tests), and no request to another origin, on every page.
for (const [url, page] of pages) {
  for (const problem of htmlA11yProblems(page.html)) problems.push(`${url}: ${problem}`);
  // Starlight's language picker sets the page's path to the option's value: on every English
  // page its German option names the German twin, which exists (one browser test clicks it).
  if (url.startsWith('/en/') && page.html.includes('<starlight-lang-select')) {
    const twin = url.replace('/en/', '/de/');
    const options = [...page.html.matchAll(/<option value="([^"]*)"[^>]*>\s*Deutsch/g)].map((m) =>
      decode(m[1]),
    );
    if (options.length === 0 || options.some((o) => o !== twin))
      problems.push(`${url}: the language picker's Deutsch leads to ${options[0]}, not ${twin}`);
    else if (!pages.has(twin)) problems.push(`${url}: its German twin ${twin} does not exist`);
  }
}

// A lesson in steps, on every lesson: what each question holds back and the rules that hide it
// (tests/e2e/steps.spec.ts and predict.spec.ts walk a few lessons in the browser).
let lessonCount = 0;
for (const [url, page] of pages) {
  if (!/^\/(en|de)\/lessons\/[^/]+\/$/.test(url)) continue;
  lessonCount += 1;
  for (const problem of lessonStepProblems(page.html)) problems.push(`${url}: ${problem}`);
}
if (lessonCount === 0) problems.push('no lesson pages found for the lesson-step check');

// The index pages: /en/lessons/ links every lesson (and its deck), /en/embed/ every scenario's
// embed with its one-line snippet; both exist in both languages.
for (const lang of ['en', 'de']) {
  const lessonsIndex = pages.get(`/${lang}/lessons/`);
  const gallery = pages.get(`/${lang}/embed/`);
  if (!lessonsIndex) problems.push(`/${lang}/lessons/: no lesson index page`);
  if (!gallery) problems.push(`/${lang}/embed/: no embed gallery page`);
  for (const url of pages.keys()) {
    const lesson = new RegExp(`^/${lang}/lessons/([^/]+)/$`).exec(url);
    if (lesson && lessonsIndex && !lessonsIndex.html.includes(`href="${url}"`))
      problems.push(`/${lang}/lessons/: does not link ${url}`);
    if (
      lesson &&
      lessonsIndex &&
      !lessonsIndex.html.includes(`href="/${lang}/present/${lesson[1]}/"`)
    )
      problems.push(`/${lang}/lessons/: does not link the deck of ${url}`);
    const embed = new RegExp(`^/${lang}/embed/([^/]+)/$`).exec(url);
    if (embed && gallery) {
      if (!gallery.html.includes(`href="${url}"`))
        problems.push(`/${lang}/embed/: does not link ${url}`);
      // The snippet is the only place the absolute embed address appears.
      if (!gallery.html.includes(`${site}/${lang}/embed/${embed[1]}/`))
        problems.push(`/${lang}/embed/: no snippet for ${url}`);
    }
  }
}

// JavaScript budgets per page type: every script, island and static import a page pulls in.
const budgets = JSON.parse(fs.readFileSync(path.resolve('budgets.json'), 'utf8'));
const graph = jsGraph(dist);
const pageType = (url) =>
  /^\/(en|de)\/$/.test(url)
    ? 'home'
    : /^\/(en|de)\/(lessons|embed)\/$/.test(url)
      ? 'reference'
      : /^\/(en|de)\/practice\/$/.test(url)
        ? 'practice'
        : /^\/(en|de)\/your-cluster\/$/.test(url)
          ? 'yourCluster'
          : /\/lessons\//.test(url)
            ? 'lesson'
            : /\/playground\/.+/.test(url)
              ? 'playground'
              : /\/embed\//.test(url)
                ? 'embed'
                : /\/present\//.test(url)
                  ? 'deck'
                  : /^\/(en|de)\//.test(url)
                    ? 'reference'
                    : null;
const worst = {};
for (const [url, page] of pages) {
  const type = pageType(url);
  if (!type) continue;
  const entries = pageEntries(page.html).map((e) => new URL(e, site + url).pathname);
  const files = graph.closure(entries);
  const kb = files.reduce((sum, f) => sum + graph.gzipKb(f), 0);
  const hasReact =
    files.some((f) => /react|client\.[\w-]+\.js$/i.test(f)) || /renderer-url/.test(page.html);
  if (!worst[type] || worst[type].kb < kb) worst[type] = { kb, url, hasReact };
  if (budgets[type] !== undefined && kb > budgets[type])
    problems.push(
      `${url}: ${kb.toFixed(1)} kB gzip JS exceeds the ${type} budget of ${budgets[type]} kB`,
    );
  if (budgets.noFrameworkOn.includes(type) && hasReact)
    problems.push(`${url}: a ${type} page ships framework JS`);
}
console.log('\nJS per page type (heaviest page, gzip):');
console.log('type        kB      budget  page');
for (const [type, w] of Object.entries(worst)) {
  console.log(
    `${type.padEnd(11)} ${w.kb.toFixed(1).padStart(6)}  ${String(budgets[type] ?? '-').padStart(6)}  ${w.url}`,
  );
}

fs.writeFileSync(
  path.join(dist, '..', '.cache-external-links.txt'),
  [...external].sort().join('\n') + '\n',
);
console.log(
  `checked ${pages.size} pages, ${links} internal links; ${external.size} external links listed in .cache-external-links.txt for a manual check`,
);
if (problems.length > 0) {
  console.error(problems.slice(0, 100).join('\n'));
  console.error(`${problems.length} problem(s)`);
  process.exit(1);
}
