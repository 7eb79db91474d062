/**
 * Import circles in src/: walks every module's imports (including `import type` and
 * `export … from`, read with the TypeScript compiler's own pre-processor) and prints each set of
 * modules that import each other in a circle (a strongly connected component of the import
 * graph), with one circle through it. Exit code 1 when there is any, so it can gate a change.
 * `npm run circles` (add `--json` for a machine-readable list).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.astro'];

/** Every source file under `dir`. */
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The script part of a file (an .astro file's frontmatter and `<script>` blocks). */
function code(path) {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.astro')) return text;
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n');
}

/** The file a relative or `~/` specifier names, or undefined (a package, a virtual module). */
function resolveSpecifier(from, spec) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (spec.startsWith('~/')) base = join(src, spec.slice(2));
  else return undefined;
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    // TypeScript lets `./x.js` name `./x.ts`.
    ...(/\.m?js$/.test(base) ? ['.ts', '.tsx', '.mts'].map((e) => base.replace(/\.m?js$/, e)) : []),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const files = walk(src).sort();
const graph = new Map();
for (const file of files) {
  const info = ts.preProcessFile(code(file), true, true);
  const targets = new Set();
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName);
    if (target && target !== file && target.startsWith(src)) targets.add(target);
  }
  graph.set(file, [...targets].sort());
}

// Tarjan's strongly connected components (iterative, so deep graphs cannot overflow the stack).
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
let counter = 0;
for (const start of files) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const next = graph.get(node) ?? [];
    if (i < next.length) {
      frame[1] = i + 1;
      const w = next[i];
      if (!index.has(w)) {
        index.set(w, counter);
        low.set(w, counter++);
        stack.push(w);
        onStack.add(w);
        work.push([w, 0]);
      } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), index.get(w)));
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
    if (low.get(node) === index.get(node)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== node);
      if (component.length > 1) components.push(component.sort());
    }
  }
}

/** One circle inside a component: a shortest path from its first module back to itself. */
function circleThrough(component) {
  const inside = new Set(component);
  const first = component[0];
  const previous = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const w of graph.get(node) ?? []) {
      if (!inside.has(w)) continue;
      if (w === first) {
        const path = [first];
        for (let n = node; n !== first; n = previous.get(n)) path.splice(1, 0, n);
        return [...path, first];
      }
      if (!previous.has(w)) {
        previous.set(w, node);
        queue.push(w);
      }
    }
  }
  return component;
}

/** Elementary circles in a component (each once, from its first module; capped). */
function countCircles(component, cap = 100000) {
  const order = new Map(component.map((m, i) => [m, i]));
  let count = 0;
  for (const start of component) {
    const s = order.get(start);
    const onPath = new Set([start]);
    const walk = (node) => {
      for (const w of graph.get(node) ?? []) {
        const o = order.get(w);
        if (o === undefined || o < s || count >= cap) continue;
        if (w === start) count++;
        else if (!onPath.has(w)) {
          onPath.add(w);
          walk(w);
          onPath.delete(w);
        }
      }
    };
    walk(start);
  }
  return count;
}

const rel = (p) => relative(src, p);
const circles = components.map((c) => ({
  modules: c.map(rel),
  circle: circleThrough(c).map(rel),
  elementary: countCircles(c),
}));
if (process.argv.includes('--json')) console.log(JSON.stringify(circles, null, 2));
else {
  for (const c of circles)
    console.log(
      `circle: ${c.circle.join(' → ')} (${c.modules.length} modules tied, ${c.elementary} elementary circles)`,
    );
  const elementary = circles.reduce((n, c) => n + c.elementary, 0);
  console.log(
    `${circles.length} import circle(s) (tied groups), ${elementary} elementary, among ${files.length} modules in src/`,
  );
}
process.exitCode = circles.length > 0 ? 1 : 0;
