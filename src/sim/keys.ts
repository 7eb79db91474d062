/**
 * The override vocabulary, derived from the one declaration (params.ts): the keys with their types,
 * ranges, units and controls, the one `set` grammar (`key=value`; old links' `key:value` is read
 * too), and how a value is read and checked against a scenario. Light enough for a page's main
 * thread (no validator, no engine); applying overrides is overrides.ts.
 */
import {
  COMPOUND_OVERRIDES,
  CONDITIONS,
  DATA_PATH_DEFAULTS,
  scenarioSpec,
  type CompoundKey,
} from './params.ts';
import { LB_BEHAVIOUR } from './presets.ts';
import { fieldsWithMeta, valueAt, type FieldMeta, type NumberSpec, type Spec } from './spec.ts';
import { describeValue, numberProblem } from './specCheck.ts';
import type { InputIssue, Scenario } from './types.ts';

/** One overridable key: its type, allowed values or range, unit and control. */
export interface OverrideKey {
  key: string;
  type: 'number' | 'integer' | 'boolean' | 'enum' | 'nodeOrNone';
  /** Enum members (for 'nodeOrNone' they depend on the scenario: see valuesFor). */
  values?: readonly string[];
  min?: number;
  max?: number;
  minExclusive?: boolean;
  unit?: string;
  /** The what-if control that shows it. */
  control?: string;
  /** Values that control offers. */
  choices?: readonly string[];
  /** The range a stepper control offers. */
  controlRange?: readonly [number, number];
  /** The key only has an effect when another field has this value. */
  appliesWhen?: { readonly path: string; readonly equals: string };
}

function keyOf(key: string, spec: Spec | NumberSpec, meta: FieldMeta = {}): OverrideKey {
  const { control, choices } = meta;
  const k: OverrideKey =
    spec.kind === 'number'
      ? {
          key,
          type: spec.integer ? 'integer' : 'number',
          min: spec.min,
          max: spec.max,
          ...(spec.minExclusive ? { minExclusive: true } : {}),
          ...(spec.unit ? { unit: spec.unit } : {}),
        }
      : spec.kind === 'enum'
        ? { key, type: 'enum', values: spec.values }
        : { key, type: 'boolean', values: ['true', 'false'] };
  if (control) k.control = control;
  if (choices) k.choices = choices.map(String);
  if (meta.controlRange) k.controlRange = meta.controlRange;
  if (meta.appliesWhen) k.appliesWhen = meta.appliesWhen;
  return k;
}

const fieldKeys: OverrideKey[] = fieldsWithMeta(scenarioSpec)
  .filter((f) => f.field.meta?.override)
  .map((f) => keyOf(f.path, f.field.spec, f.field.meta));

const compoundKeys: OverrideKey[] = (Object.keys(COMPOUND_OVERRIDES) as CompoundKey[]).map(
  (key) => {
    const c = COMPOUND_OVERRIDES[key];
    if (c.value.kind === 'number') return keyOf(key, c.value.spec);
    return { key, type: 'nodeOrNone', ...('control' in c ? { control: c.control } : {}) };
  },
);

/** The keys applyOverrides accepts, with their types, ranges and controls. */
export const overrideKeys: readonly OverrideKey[] = [...fieldKeys, ...compoundKeys];

/** The override key a what-if control edits. */
export function keyForControl(control: string): OverrideKey | undefined {
  return overrideKeys.find((k) => k.control === control);
}

/** Values an override key can take in this scenario (enums, booleans, node ids), or undefined. */
export function valuesFor(k: OverrideKey, s: Scenario): readonly string[] | undefined {
  if (k.type === 'nodeOrNone') return ['none', ...s.nodes.map((n) => n.id)];
  if (k.type !== 'enum') return k.values;
  // Declared conditions narrow what the scenario can take (no hcnp probe under Cluster).
  let values = k.values ?? [];
  for (const c of CONDITIONS) {
    if (c.then.path !== k.key || c.then.rule !== 'notOneOf') continue;
    if (valueAt(s, c.when.path) === c.when.equals) {
      const banned = c.then.values;
      values = values.filter((v) => !banned.includes(v));
    }
  }
  return values;
}

/**
 * Size limits of the `set` grammar, the same on every surface: at most 64 items (more than there
 * are keys), an item of at most 200 characters, a value of at most 64.
 */
export const SET_LIMITS = { items: 64, item: 200, value: 64 } as const;
const MAX_VALUE = SET_LIMITS.value;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Split one `key=value` item (or the old `key:value`); null when it has no separator. */
export function splitSetItem(item: string): { key: string; value: string } | null {
  const i = item.search(/[=:]/);
  if (i <= 0) return null;
  return { key: item.slice(0, i).trim(), value: item.slice(i + 1).trim() };
}

/** The text of one override as every surface writes it. */
export function formatSetItem(key: string, value: string): string {
  return `${key}=${value}`;
}

/** The issue for a key the grammar does not know, with the closest known key. */
export function unknownKeyIssue(key: string): InputIssue {
  const known = overrideKeys.map((k) => k.key);
  const suggestion = closest(key, known);
  return {
    path: key.slice(0, MAX_VALUE),
    code: 'unknownKey',
    params: { values: known, ...(suggestion ? { suggestion } : {}) },
  };
}

/** What readSetList found: the overrides it could read and an issue for each item it could not. */
export interface SetList {
  overrides: Record<string, string>;
  issues: InputIssue[];
}

/**
 * The one reader of the `set` grammar (repeated `--set`, repeated `?set=` in page and embed URLs,
 * `;`-separated in `<Diagram set>`, the what-if controls' values). Each item is `key=value` (old
 * links' `key:value` too); blank items are skipped; a key given twice keeps its last value, like
 * Helm's `--set` (source: helm-set-last-wins). A value is checked for its key's type and range, and against the scenario when
 * one is given (node ids, values a policy rules out); without one, node ids by their form only.
 * Issues are the engine's codes: `expectedKeyValue` (path `set`), `unknownKey` (path = the key,
 * with a suggestion), the value codes of parseOverrideValue (path = the key), `tooLong` (an item
 * over SET_LIMITS.item) and `tooMany` (items beyond SET_LIMITS.items, which are not read).
 * A surface that names its parameter (`param: 'set'`) gets paths under it instead: `set` for an
 * unknown key (the key is then `received`), `set <key>` for a value.
 */
export function readSetList(
  items: readonly string[],
  opts: { scenario?: Scenario | null; param?: string } = {},
): SetList {
  const scenario = opts.scenario ?? null;
  const overrides: Record<string, string> = {};
  const issues: InputIssue[] = [];
  if (items.length > SET_LIMITS.items)
    issues.push({
      path: 'set',
      code: 'tooMany',
      params: { max: SET_LIMITS.items, received: String(items.length) },
    });
  for (const raw of items.slice(0, SET_LIMITS.items)) {
    if (raw.length > SET_LIMITS.item) {
      issues.push({ path: 'set', code: 'tooLong', params: { max: SET_LIMITS.item } });
      continue;
    }
    const item = raw.trim();
    if (item === '') continue;
    const kv = splitSetItem(item);
    if (!kv) {
      issues.push({
        path: 'set',
        code: 'expectedKeyValue',
        params: { received: describeValue(item) },
      });
      continue;
    }
    const k = overrideKeys.find((o) => o.key === kv.key);
    if (!k) {
      issues.push(unknownKeyIssue(kv.key));
      continue;
    }
    const value = parseOverrideValue(k, kv.value, scenario);
    if (typeof value === 'object') issues.push(value);
    else overrides[k.key] = kv.value;
  }
  const param = opts.param;
  if (param === undefined) return { overrides, issues };
  return {
    overrides,
    issues: issues.map((i) =>
      i.code === 'unknownKey'
        ? { ...i, path: param, params: { ...i.params, received: i.path } }
        : i.path === 'set'
          ? { ...i, path: param }
          : { ...i, path: `${param} ${i.path}` },
    ),
  };
}

/** A parsed override value. */
export type Value = string | number | boolean;

/** Parse one value for its key in this scenario; an issue when it does not fit. */
export function parseOverrideValue(
  k: OverrideKey,
  raw: unknown,
  s: Scenario | null,
): Value | InputIssue {
  if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw);
  if (typeof raw !== 'string' || raw.length > MAX_VALUE)
    return { path: k.key, code: 'tooLong', params: { max: MAX_VALUE } };
  const text = raw.trim();
  const received = describeValue(text);
  switch (k.type) {
    case 'number':
    case 'integer': {
      const spec: NumberSpec = {
        kind: 'number',
        min: k.min ?? 0,
        max: k.max ?? 0,
        ...(k.minExclusive ? { minExclusive: true } : {}),
        ...(k.type === 'integer' ? { integer: true } : {}),
      };
      const range = {
        min: spec.min,
        max: spec.max,
        ...(k.minExclusive ? { minExclusive: true } : {}),
        ...(k.unit ? { unit: k.unit } : {}),
      };
      const n = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(n))
        return {
          path: k.key,
          code: k.type === 'integer' ? 'expectedInteger' : 'expectedNumber',
          params: { ...range, received },
        };
      const problem = numberProblem(spec, n);
      return problem ? { path: k.key, code: problem, params: { ...range, received: text } } : n;
    }
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      return { path: k.key, code: 'expectedBoolean', params: { received } };
    case 'enum':
    case 'nodeOrNone': {
      // Without a scenario (a URL read before any run) node ids are checked for their form only.
      if (!s && k.type === 'nodeOrNone')
        return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(text) && text.length <= 63
          ? text
          : { path: k.key, code: 'expectedId', params: { received } };
      const values = (s ? valuesFor(k, s) : k.values) ?? [];
      if (values.includes(text)) return text;
      // Node ids differ by one digit: "did you mean node-1" for node-4 would mislead.
      const suggestion = k.type === 'enum' ? closest(text, values) : undefined;
      return {
        path: k.key,
        code: 'expectedOneOf',
        params: { values: [...values], received, ...(suggestion ? { suggestion } : {}) },
      };
    }
  }
}

/** The node a scenario's timeline drains, or 'none' (the current value of the drain what-if). */
export function drainTarget(s: Scenario): string {
  for (const a of s.timeline) if (a.type !== 'deletePod') return a.node;
  return 'none';
}

/** The closest candidate within a small edit distance, for "did you mean". */
export function closest(text: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(text.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(text.toLowerCase(), c.toLowerCase(), bestD);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let min = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row.push(v);
      min = Math.min(min, v);
    }
    if (min >= limit) return limit;
    prev = row;
  }
  return prev[b.length] ?? limit;
}
const D = DATA_PATH_DEFAULTS;
/** What an absent optional data-path setting means. */
const OPTIONAL_DEFAULTS: Readonly<Record<string, string>> = {
  dataPath: D.dataPath,
  'ebpf.lbMode': D.lbMode,
  'ebpf.algorithm': D.algorithm,
  'ebpf.dsrDispatch': D.dsrDispatch,
  'service.protocol': D.protocol,
};

/** The value an override key has in a scenario, as the set grammar writes it. */
export function currentValue(k: OverrideKey, s: Scenario): string {
  switch (k.key) {
    case 'drain':
      return drainTarget(s);
    case 'placement.strategy':
      return s.placement?.strategy ?? 'none';
    case 'placement.replicas':
      return String(s.placement?.replicas ?? s.pods.length);
    case 'cni':
      return s.cni ?? 'bridge';
    case 'kubeProxy.mode':
      return s.kubeProxy?.mode ?? 'iptables';
    case 'loadBalancer.mode':
      return s.loadBalancer.mode ?? 'passthrough';
    case 'loadBalancer.proxyProtocol':
      return s.loadBalancer.proxyProtocol ?? 'none';
    case 'loadBalancer.proxyProtocolOnProbes':
      return String(s.loadBalancer.proxyProtocolOnProbes ?? false);
    case 'loadBalancer.ipMode':
      return s.loadBalancer.ipMode ?? 'VIP';
    case 'app.expectsProxyProtocol':
      return String(s.app?.expectsProxyProtocol ?? false);
    case 'loadBalancer.crossZone':
      return String(s.loadBalancer.crossZone ?? LB_BEHAVIOUR[s.loadBalancer.preset].crossZone);
    default: {
      const v = valueAt(s, k.key);
      // Optional data-path settings read as their defaults (kubeProxy, snat, random, opt, TCP).
      return v === undefined ? (OPTIONAL_DEFAULTS[k.key] ?? '') : String(v);
    }
  }
}

/** Does the key have an effect in this scenario (e.g. SNAT only under Cluster)? */
export function applies(k: OverrideKey, s: Scenario): boolean {
  return !k.appliesWhen || valueAt(s, k.appliesWhen.path) === k.appliesWhen.equals;
}
