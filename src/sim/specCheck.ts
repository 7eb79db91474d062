/**
 * The validator derived from a declaration (spec.ts): checks a value, copies only declared
 * fields, and reports every problem as a code with parameters; the views word them.
 */
import {
  FORMAT_CODE,
  formatOk,
  joinPath,
  type Fields,
  type NumberSpec,
  type Spec,
} from './spec.ts';
import type { InputIssue, IssueParams } from './types.ts';

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A short, safe description of a received value for messages (never the whole value). */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return '[…]';
  if (typeof v === 'string') return v.length > 40 ? `"${v.slice(0, 40)}…"` : `"${v}"`;
  if (typeof v === 'object') return '{…}';
  return String(v);
}

/** Collects issues (capped, so a hostile file cannot make a huge list). */
export class IssueList {
  readonly issues: InputIssue[] = [];
  /** Record one issue. */
  add(path: string, code: InputIssue['code'], params?: IssueParams): void {
    if (this.issues.length >= 200) return;
    this.issues.push(params ? { path, code, params } : { path, code });
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function rangeParams(s: NumberSpec): IssueParams {
  const p: IssueParams = { min: s.min, max: s.max };
  if (s.minExclusive) p.minExclusive = true;
  if (s.unit) p.unit = s.unit;
  return p;
}

/** Check a number against a number spec; returns the issue code or null. */
export function numberProblem(s: NumberSpec, v: number): 'expectedInteger' | 'outOfRange' | null {
  if (s.integer && !Number.isInteger(v)) return 'expectedInteger';
  if (v < s.min || v > s.max || (s.minExclusive === true && v === s.min)) return 'outOfRange';
  return null;
}

/**
 * Validate `value` against `spec`. Returns a fresh copy holding only declared fields, or
 * undefined when anything is wrong (the issues say what). `extraRootKeys` are tolerated at the
 * top level (e.g. `$schema`).
 */
export function checkSpec(
  spec: Spec,
  value: unknown,
  path: string,
  out: IssueList,
  extraRootKeys: readonly string[] = [],
): unknown {
  switch (spec.kind) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        out.add(path, spec.integer ? 'expectedInteger' : 'expectedNumber', {
          ...rangeParams(spec),
          received: describeValue(value),
        });
        return undefined;
      }
      const problem = numberProblem(spec, value);
      if (problem) {
        out.add(path, problem, { ...rangeParams(spec), received: String(value) });
        return undefined;
      }
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') {
        out.add(path, 'expectedBoolean', { received: describeValue(value) });
        return undefined;
      }
      return value;
    case 'enum':
      if (typeof value !== 'string' || !spec.values.includes(value)) {
        out.add(path, 'expectedOneOf', {
          values: [...spec.values],
          received: describeValue(value),
        });
        return undefined;
      }
      return value;
    case 'string':
      if (typeof value !== 'string') {
        out.add(path, 'expectedString', { received: describeValue(value) });
        return undefined;
      }
      if (value.length > spec.maxLength) {
        out.add(path, 'tooLong', { max: spec.maxLength, received: String(value.length) });
        return undefined;
      }
      if (!formatOk(spec.format, value)) {
        out.add(path, FORMAT_CODE[spec.format], { received: describeValue(value) });
        return undefined;
      }
      return value;
    case 'array': {
      if (!Array.isArray(value)) {
        out.add(path, 'expectedArray', { received: describeValue(value) });
        return undefined;
      }
      if (value.length > spec.max) {
        out.add(path, 'tooMany', { max: spec.max, received: String(value.length) });
        return undefined;
      }
      if (value.length < spec.min) {
        out.add(path, 'tooFew', { min: spec.min, received: String(value.length) });
        return undefined;
      }
      const result: unknown[] = [];
      let ok = true;
      value.forEach((item, i) => {
        const r = checkSpec(spec.items, item, joinPath(path, i), out);
        if (r === undefined) ok = false;
        else result.push(r);
      });
      return ok ? result : undefined;
    }
    case 'record': {
      if (!isPlainObject(value)) {
        out.add(path, 'expectedObject', { received: describeValue(value) });
        return undefined;
      }
      const keys = Object.keys(value);
      if (keys.length > spec.maxKeys) {
        out.add(path, 'tooMany', { max: spec.maxKeys, received: String(keys.length) });
        return undefined;
      }
      const result: Record<string, unknown> = {};
      let ok = true;
      for (const k of keys) {
        if (!formatOk('id', k) || k.length > 63) {
          out.add(joinPath(path, k), 'expectedId', { received: describeValue(k) });
          ok = false;
          continue;
        }
        const r = checkSpec(spec.values, value[k], joinPath(path, k), out);
        if (r === undefined) ok = false;
        else result[k] = r;
      }
      return ok ? result : undefined;
    }
    case 'object':
      return checkFields(spec.fields, value, path, out, extraRootKeys);
    case 'union': {
      if (!isPlainObject(value)) {
        out.add(path, 'expectedObject', { received: describeValue(value) });
        return undefined;
      }
      const tags = Object.keys(spec.variants);
      const tag = own(value, spec.tag) ? value[spec.tag] : undefined;
      if (tag === undefined) {
        out.add(joinPath(path, spec.tag), 'required', { values: tags });
        return undefined;
      }
      if (typeof tag !== 'string' || !tags.includes(tag)) {
        out.add(joinPath(path, spec.tag), 'expectedOneOf', {
          values: tags,
          received: describeValue(tag),
        });
        return undefined;
      }
      const fields = spec.variants[tag] ?? {};
      const rest = checkFields(fields, value, path, out, [spec.tag]);
      return rest === undefined ? undefined : { [spec.tag]: tag, ...(rest as object) };
    }
  }
}

function checkFields(
  fields: Fields,
  value: unknown,
  path: string,
  out: IssueList,
  extraKeys: readonly string[],
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    out.add(path, 'expectedObject', { received: describeValue(value) });
    return undefined;
  }
  const names = Object.keys(fields);
  let ok = true;
  for (const k of Object.keys(value)) {
    if (!own(fields, k) && !extraKeys.includes(k)) {
      out.add(joinPath(path, k), 'unknownKey', { values: names });
      ok = false;
    }
  }
  const result: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields)) {
    const p = joinPath(path, k);
    if (!own(value, k) || value[k] === undefined) {
      if (!f.optional) {
        out.add(p, 'required', expectedOf(f.spec));
        ok = false;
      }
      continue;
    }
    const r = checkSpec(f.spec, value[k], p, out);
    if (r === undefined) ok = false;
    else result[k] = r;
  }
  return ok ? result : undefined;
}

/** What a missing field should have been, as message parameters. */
function expectedOf(spec: Spec): IssueParams {
  switch (spec.kind) {
    case 'number':
      return { expectedKind: spec.integer ? 'integer' : 'number', ...rangeParams(spec) };
    case 'enum':
      return { expectedKind: 'oneOf', values: [...spec.values] };
    case 'string':
      return { expectedKind: spec.format };
    case 'union':
    case 'record':
    case 'object':
      return { expectedKind: 'object' };
    default:
      return { expectedKind: spec.kind };
  }
}
