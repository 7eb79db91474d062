/**
 * Diagram benchmark: drives headless Chromium against the BUILT site (it builds nothing) and
 * prints the median frame rate and long tasks with 50 packets in flight (`?burst=50`), plus the
 * JavaScript (gzip) a lesson page with one diagram loads; on the drain lesson, the long tasks while
 * it loads (diagrams wait for the reader), the time from a first click on a static diagram to hop 1
 * (after the reader looked at it for a second, and pressed the moment it scrolled into view)
 * and the longest task of that first use, also with the CPU slowed 4× (goal ≤ 150 ms). Run: `scripts/run tsx bench/diagram.bench.ts` (or through
 * bench/run.ts). Budgets: ≥ 58 fps median, no long task > 50 ms while animating, ≤ 150 kB gzip
 * (page JS without the engine's worker and Starlight's search UI, both reported), CLS 0. Load
 * and first-use numbers are reported, not gated (Lighthouse gates the load: npm run audit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const PORT = Number(process.env['HOP_BENCH_PORT'] ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const ARGS = [...CHROMIUM_ARGS];

export interface DiagramBench {
  medianFps: number;
  p5Fps: number;
  frames: number;
  longTasks: number;
  longestTaskMs: number;
  packetsInFlight: number;
  lessonJsGzipKb: number;
  /** The engine's Web Worker script (off the main thread), not in lessonJsGzipKb. */
  workerJsGzipKb: number;
  /** Pagefind's search UI if it loaded (it waits for the reader to head for search: expect 0). */
  searchUiJsGzipKb: number;
  lessonJsFiles: number;
  /** Long tasks (> 50 ms) while a drain lesson loads, before anyone touches a diagram. */
  loadLongTasks: number;
  loadLongestTaskMs: number;
  /** Longest task (ms) from the first click on a drain diagram until it has hydrated and settled. */
  hydrationLongestTaskMs: number;
  hydrationLongTasks: number;
  /**
   * From the first pointer press on a static control to the diagram showing hop 1 (ms), after
   * the diagram was in view for a second (its code prefetched, its first run warmed).
   */
  firstUseMs: number;
  /** The same when the press comes the moment the diagram scrolls into view. */
  firstUseColdMs: number;
  /** firstUseMs with the CPU slowed 4× (a mid-range phone; the goal is ≤ 150 ms). */
  firstUse4xMs: number;
  /** firstUseColdMs with the CPU slowed 4× (goal ≤ 150 ms). */
  firstUseCold4xMs: number;
  /** Cumulative layout shift over the whole page visit, input-driven shifts excluded. */
  hydrationCls: number;
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not start`);
}

async function measureAnimation(browser: Browser, path: string, seconds: number) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${BASE}${path}`);
  await page.locator('.hop-flow').first().scrollIntoViewIfNeeded();
  await page.waitForSelector('.hop-flow[data-hydrated="true"]', { timeout: 15000 });
  const packets = await page.locator('.hop-packet--mini').count();
  // Let hydration's own work settle, then measure only while packets are moving.
  await page.waitForTimeout(1000);
  // A string, not a function: tsx would inject its `__name` helper into a serialized function.
  const r = (await page.evaluate(`(async (ms) => {
    const long = [];
    const po = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); });
    po.observe({ type: 'longtask', buffered: false });
    const stamps = [];
    await new Promise((done) => {
      const start = performance.now();
      const frame = (t) => { stamps.push(t); if (t - start < ms) requestAnimationFrame(frame); else done(); };
      requestAnimationFrame(frame);
    });
    po.disconnect();
    return { stamps, long };
  })(${seconds * 1000})`)) as { stamps: number[]; long: number[] };
  await ctx.close();
  const gaps = r.stamps
    .slice(1)
    .map((t, i) => t - (r.stamps[i] ?? t))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const p95 = gaps[Math.floor(gaps.length * 0.95)] ?? 0;
  return {
    medianFps: median > 0 ? 1000 / median : 0,
    p5Fps: p95 > 0 ? 1000 / p95 : 0,
    frames: r.stamps.length,
    longTasks: r.long.filter((d) => d > 50).length,
    longestTaskMs: Math.max(0, ...r.long),
    packets,
  };
}

async function measureHydration(browser: Browser, path: string, lookMs = 0, cpuSlowdown = 1) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  if (cpuSlowdown > 1) {
    // As Lighthouse's mobile emulation does: every task takes this many times as long.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  // Observe from the first script on, so the tasks of hydration itself are counted.
  await page.addInitScript(`(() => {
    const w = window;
    w.__long = [];
    w.__cls = 0;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  })()`);
  await page.goto(`${BASE}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  // Diagrams wait for the reader: nothing of theirs may run at load.
  const atLoad = (await page.evaluate(`window.__long.slice()`)) as number[];
  // First use: from the pointer press on a static button to the diagram showing hop 1
  // (evaluate and hydrate the island, run the engine, replay the click).
  await page.evaluate(`(() => {
    const flow = document.querySelector('.hop-flow');
    window.__down = 0;
    window.__stepped = 0;
    document.addEventListener('pointerdown', (e) => { window.__down ||= e.timeStamp; }, true);
    new MutationObserver(() => {
      if (flow.getAttribute('data-step') === '1' && !window.__stepped) window.__stepped = performance.now();
    }).observe(flow, { attributes: true, attributeFilter: ['data-step'] });
  })()`);
  const forward = page.locator('.hop-flow [data-action="forward"]').first();
  // A reader scrolls to a diagram and looks at it before pressing; 0 is scroll-and-press.
  if (lookMs > 0) {
    await forward.scrollIntoViewIfNeeded();
    await page.waitForTimeout(lookMs);
  }
  await forward.click();
  await page.waitForSelector('.hop-flow[data-step="1"]', { timeout: 30000 });
  // Work the island schedules after hydrating (engine results, re-layout) must be counted too.
  await page.waitForTimeout(2500);
  const r = (await page.evaluate(
    `({ long: window.__long, cls: window.__cls, firstUse: window.__stepped - window.__down })`,
  )) as { long: number[]; cls: number; firstUse: number };
  await ctx.close();
  const afterUse = r.long.slice(atLoad.length);
  return {
    loadLongTasks: atLoad.filter((d) => d > 50).length,
    loadLongestMs: Math.max(0, ...atLoad),
    longest: Math.max(0, ...afterUse),
    count: afterUse.filter((d) => d > 50).length,
    cls: r.cls,
    firstUseMs: r.firstUse,
  };
}

async function measureJs(browser: Browser, path: string) {
  const page = await browser.newPage();
  const sizes = new Map<string, number>();
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!res.url().endsWith('.js') && !type.includes('javascript')) return;
    void res
      .body()
      .then((b) => sizes.set(res.url(), gzipSync(b).length))
      .catch(() => undefined);
  });
  await page.goto(`${BASE}${path}`);
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  })()`);
  // Diagrams hydrate on first use: wake one so the JS it needs is counted too.
  await page.locator('.hop-flow').first().hover();
  await page.waitForSelector('.hop-flow[data-hydrated="true"]', { timeout: 15000 });
  await page.waitForTimeout(800);
  await page.close();
  // The engine's worker script runs off the main thread; it is reported on its own.
  const isWorker = (u: string): boolean => /\/simWorker-[^/]*\.js$/.test(u);
  // Pagefind's search UI: src/scripts/search.ts loads it only when the reader heads for search.
  const isSearch = (u: string): boolean => /\/ui-core\.[^/]*\.js$/.test(u);
  const sum = (keep: (u: string) => boolean): number =>
    [...sizes].filter(([u]) => keep(u)).reduce((a, [, b]) => a + b, 0) / 1024;
  const onPage = (u: string): boolean => !isWorker(u) && !isSearch(u);
  return {
    kb: sum(onPage),
    workerKb: sum(isWorker),
    searchKb: sum(isSearch),
    files: [...sizes.keys()].filter(onPage).length,
  };
}

/** Runs the benchmark (starts and stops its own preview server over dist/). */
export default async function run(): Promise<DiagramBench> {
  const server: ChildProcess = spawn(
    'scripts/run',
    ['astro', 'preview', '--ignore-lock', '--host', '127.0.0.1', '--port', String(PORT)],
    { stdio: 'ignore', detached: true },
  );
  try {
    await waitFor(`${BASE}/en/`, 60000);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
    try {
      const anim = await measureAnimation(browser, '/en/playground/cluster-snat/?burst=50', 5);
      const js = await measureJs(browser, '/en/lessons/path-of-a-request/');
      const hyd = await measureHydration(browser, '/en/lessons/draining-nodes/');
      const looked = await measureHydration(browser, '/en/lessons/draining-nodes/', 1000);
      const cold4x = await measureHydration(browser, '/en/lessons/draining-nodes/', 0, 4);
      const looked4x = await measureHydration(browser, '/en/lessons/draining-nodes/', 1000, 4);
      return {
        medianFps: Math.round(anim.medianFps * 10) / 10,
        p5Fps: Math.round(anim.p5Fps * 10) / 10,
        frames: anim.frames,
        longTasks: anim.longTasks,
        longestTaskMs: Math.round(anim.longestTaskMs),
        packetsInFlight: anim.packets,
        lessonJsGzipKb: Math.round(js.kb * 10) / 10,
        workerJsGzipKb: Math.round(js.workerKb * 10) / 10,
        searchUiJsGzipKb: Math.round(js.searchKb * 10) / 10,
        lessonJsFiles: js.files,
        loadLongTasks: hyd.loadLongTasks,
        loadLongestTaskMs: Math.round(hyd.loadLongestMs),
        hydrationLongestTaskMs: Math.round(hyd.longest),
        hydrationLongTasks: hyd.count,
        firstUseMs: Math.round(looked.firstUseMs),
        firstUseColdMs: Math.round(hyd.firstUseMs),
        firstUse4xMs: Math.round(looked4x.firstUseMs),
        firstUseCold4xMs: Math.round(cold4x.firstUseMs),
        hydrationCls: Math.round(hyd.cls * 1000) / 1000,
      };
    } finally {
      await browser.close();
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  run()
    .then((r) => {
      console.log(JSON.stringify({ bench: 'diagram', ...r }, null, 2));
      const ok =
        r.medianFps >= 58 && r.longTasks === 0 && r.lessonJsGzipKb <= 150 && r.hydrationCls === 0;
      console.log(ok ? 'diagram bench: within budget' : 'diagram bench: OVER BUDGET');
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
}
