/**
 * The importer's YAML reader, measured (issue 32 item 7): the two-parser setup it had (its own
 * kubectl-dialect reader, fastYaml.ts, in front of the `yaml` package), `yaml` alone, js-yaml (4.3.2, the version Astro brings; 5.5.0 measured the same)
 * alone, and the platform's JSON.parse on the same dump printed with `-o json`. Inputs: the three
 * sample dumps, the test dumps, and a generated dump of about 9 MB. Times in Node (median of
 * several runs) and in headless Chromium (each parser bundled with esbuild, timed in the page),
 * plus each parser's bundle size (minified, gzip). Run: `scripts/run tsx bench/run.ts yaml`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, loadAll } from 'js-yaml';
import { chromium } from 'playwright-core';
import { parseAllDocuments } from 'yaml';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { bigCluster, dumpObjects, toKubectlJson, toKubectlYaml } from '../tests/importer/dump.ts';

type Parser = 'yaml' | 'js-yaml' | 'JSON.parse';
const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** The two-parser reader, loaded only when it still exists (it is removed once measured). */
async function twoParser(): Promise<((text: string) => unknown) | null> {
  try {
    const path = '../src/importer/fastYaml.ts';
    const fast = (await import(path)) as { parseKubectlYaml: (t: string) => unknown[] | null };
    return (text) => fast.parseKubectlYaml(text) ?? yamlAlone(text);
  } catch {
    return null;
  }
}

const yamlAlone = (text: string): unknown =>
  parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false }).map((d) =>
    d.toJS({ maxAliasCount: 100 }),
  );
const jsYaml = (text: string): unknown => loadAll(text, null, { schema: CORE_SCHEMA, json: true });

/** Median wall time (ms) of `runs` runs after one warm-up. */
function median(run: () => void, runs: number): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
}

/** One module per parser, bundled for the browser: its size and a page that times it. */
async function bundles(): Promise<Record<string, { gzipBytes: number; code: string }>> {
  const { build } = await import('esbuild');
  const entries: Record<string, string> = {
    yaml: `import { parseAllDocuments } from 'yaml';
globalThis.parse = (t) => parseAllDocuments(t, { uniqueKeys: false }).map((d) => d.toJS({ maxAliasCount: 100 }));`,
    'js-yaml': `import { CORE_SCHEMA, loadAll } from 'js-yaml';
globalThis.parse = (t) => loadAll(t, null, { schema: CORE_SCHEMA, json: true });`,
    'JSON.parse': `globalThis.parse = (t) => JSON.parse(t);`,
  };
  // The two-parser reader while it exists: its own dialect reader, `yaml` behind it.
  try {
    readFileSync(here('../src/importer/fastYaml.ts'));
    entries['fastYaml → yaml'] =
      `import { parseKubectlYaml } from ${JSON.stringify(here('../src/importer/fastYaml.ts'))};
import { parseAllDocuments } from 'yaml';
globalThis.parse = (t) => parseKubectlYaml(t) ?? parseAllDocuments(t).map((d) => d.toJS());`;
  } catch {
    // Removed: nothing to compare.
  }
  const out: Record<string, { gzipBytes: number; code: string }> = {};
  for (const [name, contents] of Object.entries(entries)) {
    const r = await build({
      stdin: { contents, resolveDir: here('..'), loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'iife',
      write: false,
    });
    const code = r.outputFiles[0]?.text ?? '';
    out[name] = { gzipBytes: gzipSync(code).length, code };
  }
  return out;
}

/** Parse `text` in Chromium with each bundled parser: the median of three runs (ms). */
async function inBrowser(
  code: Record<string, { code: string }>,
  inputs: Record<Parser, string>,
): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const out: Record<string, number> = {};
  try {
    for (const name of Object.keys(code)) {
      const page = await browser.newPage();
      await page.addScriptTag({ content: code[name]?.code ?? '' });
      out[name] = await page.evaluate(
        (text) => {
          const parse = (globalThis as unknown as { parse: (t: string) => unknown }).parse;
          const times: number[] = [];
          for (let i = 0; i < 4; i++) {
            const t0 = performance.now();
            parse(text);
            times.push(performance.now() - t0);
          }
          times.shift();
          times.sort((a, b) => a - b);
          return Math.round((times[1] ?? 0) * 10) / 10;
        },
        inputs[name === 'JSON.parse' ? 'JSON.parse' : 'yaml'],
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export default async function yamlBench(): Promise<Record<string, unknown>> {
  const fixtures = [
    ...readdirSync(here('../data/kubectl/samples')).map((f) => `../data/kubectl/samples/${f}`),
    ...readdirSync(here('../tests/fixtures/kubectl'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `../tests/fixtures/kubectl/${f}`),
  ].map((p) => readFileSync(here(p), 'utf8'));
  // About 9 MB: 175 nodes, 1,750 Pods, managedFields kept (what a real -A dump carries).
  const objects = dumpObjects({ ...bigCluster(175, 1750, 'Local'), managedFields: true });
  const big = toKubectlYaml(objects);
  const bigJson = toKubectlJson(objects);
  const two = await twoParser();
  const node = (text: string, runs: number) => ({
    ...(two ? { 'fastYaml → yaml': median(() => void two(text), runs) } : {}),
    yaml: median(() => void yamlAlone(text), runs),
    'js-yaml': median(() => void jsYaml(text), runs),
  });
  const small = fixtures.join('---\n');
  const code = await bundles();
  return {
    inputs: {
      samplesAndTestDumps: { files: fixtures.length, bytes: small.length },
      generated: { bytes: big.length, jsonBytes: bigJson.length },
    },
    'node ms, samples and test dumps (all at once)': node(small, 5),
    'node ms, 9 MB dump': {
      ...node(big, 3),
      'JSON.parse (-o json)': median(() => void JSON.parse(bigJson), 3),
    },
    'chromium ms, 9 MB dump (-o json for JSON.parse)': await inBrowser(code, {
      yaml: big,
      'js-yaml': big,
      'JSON.parse': bigJson,
    }),
    'bundle gzip bytes': Object.fromEntries(Object.entries(code).map(([k, v]) => [k, v.gzipBytes])),
    loadAverage: (await import('node:os')).loadavg().map((x) => Math.round(x * 10) / 10),
  };
}
