/**
 * Text → Kubernetes objects: one `List` (or `ServiceList`, `PodList`, …), several YAML
 * documents, or the same as JSON. JSON (`kubectl get … -o json`) is read with the platform's own
 * JSON.parse, the fastest reader there is; YAML with js-yaml 4 (YAML 1.2 core schema; the
 * version Astro and Starlight already bring), one parser for every dump (bench/yaml.bench.ts
 * has the numbers that chose it). Guards against oversized input, deep nesting and alias bombs
 * before parsing; never throws.
 */
import { CORE_SCHEMA, loadAll, YAMLException } from 'js-yaml';
import { asArr, asObj, get, str, type Obj } from './read.ts';
import type { ReportItem } from './report.ts';

import { MAX_INPUT_BYTES } from './limits.ts';

export { MAX_INPUT_BYTES };
/** Deeper flow nesting or indentation than any kubectl output has. */
export const MAX_DEPTH = 256;
/** Indentation no kubectl output reaches (two spaces per level, MAX_DEPTH levels). */
export const MAX_INDENT = 2 * MAX_DEPTH;
/** Aliases in a dump: kubectl never writes one, a hand-made file may have a few. */
const MAX_ALIASES = 50;

/**
 * Where the alias after the MAX_ALIASES-th stands (its offset), or null. js-yaml shares an
 * aliased node instead of copying it, so aliases cost nothing here; a dump full of them is still
 * not kubectl's, and the count keeps the readers' walk bounded.
 */
function tooManyAliasesAt(text: string): number | null {
  const alias = /(^|[\s[{,:-])\*[^\s,[\]{}]+/gm;
  let n = 0;
  for (let m = alias.exec(text); m; m = alias.exec(text)) if (++n > MAX_ALIASES) return m.index;
  return null;
}
/** More objects than a 10 MB dump can hold with real objects in it. */
export const MAX_OBJECTS = 100_000;

/** One object from the input with its position (for messages about nameless objects). */
export interface RawObject {
  index: number;
  apiVersion: string;
  kind: string;
  value: Obj;
}

export type ParseResult =
  { ok: true; objects: RawObject[]; format: 'json' | 'yaml' } | { ok: false; issue: ReportItem };

const fail = (code: ReportItem['code'], params: ReportItem['params'] = {}): ParseResult => ({
  ok: false,
  issue: { kind: 'error', code, params },
});

/** UTF-8 length of a string, stopping early once it passes `limit`. */
function utf8Bytes(text: string, limit: number): number {
  // kubectl output is ASCII nearly always: one native scan instead of a loop in script.
  if (!/[\u0080-\uffff]/.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * A cheap scan for nesting no real dump has: flow brackets deeper than MAX_DEPTH (outside
 * double-quoted strings) or indentation beyond MAX_INDENT columns. Returns the 1-based line.
 */
function tooDeepAt(text: string): number | null {
  let depth = 0;
  let line = 1;
  let col = 0;
  let indenting = true;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      line++;
      col = 0;
      indenting = true;
      continue;
    }
    if (indenting) {
      if (ch === 32) {
        if (++col > MAX_INDENT) return line;
        continue;
      }
      indenting = false;
    }
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > MAX_DEPTH) return line;
    } else if ((ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return null;
}

/** Which YAML document (1-based) holds `position`: the `---` lines before it count. */
function documentAt(text: string, position: number): number {
  const before = text.slice(0, Math.max(0, position));
  const markers = before.match(/^---(?:\s|$)/gm)?.length ?? 0;
  return Math.max(1, text.startsWith('---') ? markers : markers + 1);
}

/** Flatten `List`-like objects (items arrays) one level deep, keeping objects with a kind. */
function collect(value: unknown, out: RawObject[], nested = 0): void {
  const o = asObj(value);
  if (!o) {
    // A bare YAML sequence of objects (e.g. the `items:` part pasted alone).
    if (Array.isArray(value) && nested === 0) for (const v of value) collect(v, out, 1);
    return;
  }
  const kind = str(get(o, 'kind'), 100);
  const apiVersion = str(get(o, 'apiVersion'), 100);
  const items = get(o, 'items');
  if (Array.isArray(items) && (kind === undefined || kind === 'List' || kind.endsWith('List'))) {
    if (nested < 2) for (const v of asArr(items)) collect(v, out, nested + 1);
    return;
  }
  if (kind === undefined || apiVersion === undefined) return;
  if (out.length >= MAX_OBJECTS) return;
  out.push({ index: out.length, apiVersion, kind, value: o });
}

/** Parse the text of a kubectl dump into objects; never throws. */
export function parseDump(text: string, maxBytes = MAX_INPUT_BYTES): ParseResult {
  try {
    if (typeof text !== 'string' || text.trim() === '') return fail('inputEmpty');
    if (
      text.length > maxBytes ||
      (text.length * 3 > maxBytes && utf8Bytes(text, maxBytes) > maxBytes)
    )
      return fail('inputTooLarge', {
        bytes: utf8Bytes(text, Number.MAX_SAFE_INTEGER),
        max: maxBytes,
      });
    const roots: unknown[] = [];
    const first = text.trimStart()[0];
    let parsed = false;
    if (first === '{' || first === '[') {
      try {
        // JSON.parse copes with any nesting; the readers only walk known, shallow paths.
        roots.push(JSON.parse(text) as unknown);
        parsed = true;
      } catch {
        // Not JSON after all: YAML (a superset) reports the position of the problem.
      }
    }
    if (!parsed) {
      const deep = tooDeepAt(text);
      if (deep !== null) return fail('inputTooDeep', { line: deep, max: MAX_DEPTH });
      const aliases = tooManyAliasesAt(text);
      if (aliases !== null) return fail('yamlAliases', { document: documentAt(text, aliases) });
      try {
        // The YAML 1.2 core schema (timestamps stay strings, as kubectl means them); json: true
        // lets a later duplicate key win, as JSON.parse and kubectl's decoder do.
        roots.push(...loadAll(text, null, { schema: CORE_SCHEMA, json: true }));
      } catch (e) {
        if (!(e instanceof YAMLException)) throw e;
        // Line and column 1-based, as editors count them; the document among `---` ones.
        const mark = e.mark as { line?: number; column?: number; position?: number } | undefined;
        return fail('yamlSyntax', {
          line: (mark?.line ?? 0) + 1,
          column: (mark?.column ?? 0) + 1,
          document: documentAt(text, mark?.position ?? 0),
        });
      }
    }
    const objects: RawObject[] = [];
    for (const r of roots) collect(r, objects);
    if (objects.length >= MAX_OBJECTS) return fail('tooManyObjects', { max: MAX_OBJECTS });
    if (objects.length === 0) return fail('notKubernetes');
    return { ok: true, objects, format: parsed ? 'json' : 'yaml' };
  } catch (e) {
    // Stack exhaustion inside the parser on pathological nesting the scan did not catch.
    if (e instanceof RangeError) return fail('inputTooDeep', { line: 0, max: MAX_DEPTH });
    return fail('notKubernetes');
  }
}
