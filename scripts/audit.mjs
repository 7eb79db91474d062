// `npm run audit`: the slow gates. Lighthouse (Debian Chromium, mobile emulation, median of 3
// runs) on the home page, every lesson, one embed and one deck in both languages. Prints a table
// and exits 1 when a page misses a gate: performance >= 95, accessibility / best practices /
// SEO = 100, CLS = 0. Serves dist/ itself (run `npm run build` first). AUDIT_RUNS, AUDIT_PORT
// and AUDIT_ONLY (a regex over page paths) narrow it down.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const port = Number(process.env.AUDIT_PORT ?? 4411);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.AUDIT_RUNS ?? 3);
const flags = CHROMIUM_ARGS.join(' ');

function pagesToAudit() {
  const out = [];
  for (const lang of ['en', 'de']) {
    out.push(`/${lang}/`);
    // The practice page hydrates at once (its puzzle is in the URL): audit it too.
    if (fs.existsSync(path.join(distDir, lang, 'practice', 'index.html')))
      out.push(`/${lang}/practice/`);
    const lessons = path.join(distDir, lang, 'lessons');
    if (fs.existsSync(lessons))
      for (const d of fs.readdirSync(lessons).sort()) out.push(`/${lang}/lessons/${d}/`);
    for (const kind of ['embed', 'present']) {
      const dir = path.join(distDir, lang, kind);
      if (!fs.existsSync(dir)) continue;
      const first = fs
        .readdirSync(dir)
        .filter((d) => fs.existsSync(path.join(dir, d, 'index.html')))
        .sort()[0];
      if (first) out.push(`/${lang}/${kind}/${first}/`);
    }
  }
  // AUDIT_ONLY=<regex> audits a subset (e.g. AUDIT_ONLY=draining to re-check one lesson).
  const only = process.env.AUDIT_ONLY ? new RegExp(process.env.AUDIT_ONLY) : null;
  return only ? out.filter((p) => only.test(p)) : out;
}

const distDir = process.env.HOP_OUT_DIR ?? 'dist';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = spawn(
  'scripts/run',
  ['astro', 'preview', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)],
  { stdio: 'ignore' },
);
await new Promise((r) => setTimeout(r, 4000));
const rows = [];
let failed = false;
try {
  for (const p of pagesToAudit()) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const out = `/tmp/lh-${process.pid}.json`;
      const res = spawnSync(
        'scripts/run',
        [
          'lighthouse',
          base + p,
          `--chrome-flags=${flags}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        {
          env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      if (res.status !== 0 || !fs.existsSync(out))
        throw new Error(`lighthouse failed on ${p}: ${res.stderr}`);
      const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
      samples.push({
        perf: Math.round(lhr.categories.performance.score * 100),
        a11y: Math.round(lhr.categories.accessibility.score * 100),
        bp: Math.round(lhr.categories['best-practices'].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
      });
    }
    const row = Object.fromEntries(
      Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))]),
    );
    const ok =
      row.perf >= 95 && row.a11y === 100 && row.bp === 100 && row.seo === 100 && row.cls === 0;
    if (!ok) failed = true;
    rows.push({ page: p, ...row, ok });
    console.error(`audited ${p}`);
  }
} finally {
  server.kill();
}
console.log(`\nLighthouse, mobile, median of ${runs} runs\n`);
console.log('| page | perf | a11y | best practices | SEO | CLS | TBT ms | LCP ms | gate |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${Math.round(r.lcp)} | ${r.ok ? 'pass' : 'FAIL'} |`,
  );
process.exit(failed ? 1 : 0);
