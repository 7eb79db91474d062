/**
 * Text → Kubernetes objects: one `List` (or `ServiceList`, `PodList`, …), several YAML
 * documents, or the same as JSON. Guards against oversized input, deep nesting and alias bombs
 * before and while parsing; never throws.
 */
import { parseAllDocuments } from 'yaml';
import { MAX_INDENT, parseKubectlYaml } from './fastYaml.ts';
import { asArr, asObj, get, str, type Obj } from './read.ts';
import type { ReportItem } from './report.ts';

/** The largest paste or file the importer reads (the CLI's file limit too). */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;
/** Deeper flow nesting or indentation than any kubectl output has. */
export const MAX_DEPTH = 256;
/** More objects than a 10 MB dump can hold with real objects in it. */
export const MAX_OBJECTS = 100_000;

/** One object from the input with its position (for messages about nameless objects). */
export interface RawObject {
  index: number;
  apiVersion: string;
  kind: string;
  value: Obj;
}

export type ParseResult = { ok: true; objects: RawObject[] } | { ok: false; issue: ReportItem };

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
    // kubectl's own YAML dialect first (fast), the full parser for everything else.
    const fast = parsed ? null : parseKubectlYaml(text);
    if (fast) {
      roots.push(...fast);
      parsed = true;
    }
    if (!parsed) {
      const deep = tooDeepAt(text);
      if (deep !== null) return fail('inputTooDeep', { line: deep, max: MAX_DEPTH });
      const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
      const list = Array.isArray(docs) ? docs : [];
      for (let d = 0; d < list.length; d++) {
        const doc = list[d];
        if (!doc) continue;
        const err = doc.errors[0];
        if (err) {
          // Line and column from the error's offset (1-based), as editors count them.
          const offset = Math.max(0, Math.min(text.length, err.pos[0]));
          const before = text.slice(0, offset);
          const line = before.split('\n').length;
          const column = offset - before.lastIndexOf('\n');
          return fail('yamlSyntax', { line, column, document: d + 1 });
        }
        try {
          roots.push(doc.toJS({ maxAliasCount: 100 }) as unknown);
        } catch (e) {
          if (e instanceof ReferenceError) return fail('yamlAliases', { document: d + 1 });
          throw e;
        }
      }
    }
    const objects: RawObject[] = [];
    for (const r of roots) collect(r, objects);
    if (objects.length >= MAX_OBJECTS) return fail('tooManyObjects', { max: MAX_OBJECTS });
    if (objects.length === 0) return fail('notKubernetes');
    return { ok: true, objects };
  } catch (e) {
    // Stack exhaustion inside the parser on pathological nesting the scan did not catch.
    if (e instanceof RangeError) return fail('inputTooDeep', { line: 0, max: MAX_DEPTH });
    return fail('notKubernetes');
  }
}
