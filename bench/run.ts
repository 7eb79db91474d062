/**
 * Runs every bench/*.bench.ts file and prints one table. A bench file default-exports either an
 * array of { name, run(): void, runs?, warmup?, target? } cases (run.ts times the first run alone,
 * then the median after a warm-up), or a (possibly async) function returning its own metrics
 * object (printed as one row). Optional arguments filter files by substring:
 * `scripts/run tsx bench/run.ts sim`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchCase {
  name: string;
  run(): void;
  runs?: number;
  /** Untimed runs after the first, so the median is the engine warmed up (default 3). */
  warmup?: number;
  target?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const rows: Array<Record<string, string>> = [];
let peakRss = 0;
let peakHeap = 0;
const sample = (): void => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default?: unknown };
  const entry: unknown = mod.default;
  if (typeof entry === 'function') {
    try {
      const metrics: unknown = await (entry as () => unknown)();
      sample();
      // Printed whole: squeezed into the table's last column, the first-use and load numbers
      // were cut off.
      console.log(`${file}:`, JSON.stringify(metrics, null, 2));
      rows.push({
        file,
        case: 'metrics (printed above)',
        runs: '1',
        'first ms': '',
        'median ms': '',
        'min ms': '',
        'max ms': '',
        target: '',
      });
    } catch (e) {
      rows.push({
        file,
        case: 'error',
        runs: '0',
        'first ms': '',
        'median ms': '',
        'min ms': '',
        'max ms': '',
        target: String(e).slice(0, 160),
      });
    }
    continue;
  }
  if (!Array.isArray(entry)) continue;
  for (const c of entry as BenchCase[]) {
    const runs = c.runs ?? 20;
    // The first run is what a reader meets (a fresh worker, code not yet optimised): reported
    // on its own. Then a few untimed runs, so the median is the warmed-up engine.
    const t1 = performance.now();
    c.run();
    const first = performance.now() - t1;
    for (let i = 0; i < (c.warmup ?? 3); i++) c.run();
    sample();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      c.run();
      times.push(performance.now() - t0);
      sample();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    rows.push({
      file,
      case: c.name,
      runs: String(runs),
      'first ms': first.toFixed(2),
      'median ms': median.toFixed(2),
      'min ms': (times[0] ?? 0).toFixed(2),
      'max ms': (times.at(-1) ?? 0).toFixed(2),
      target: c.target ?? '',
    });
  }
}
console.table(rows);
console.log(
  `peak rss ${(peakRss / 2 ** 20).toFixed(0)} MiB, peak heapUsed ${(peakHeap / 2 ** 20).toFixed(0)} MiB`,
);
