/**
 * What-if overrides: the keys come from the declaration in params.ts (fields marked `override`
 * plus the compound what-ifs), and so do their types and ranges. One `set` grammar serves every
 * surface — CLI `--set`, playground and embed URLs, `<Diagram set>` and the controls:
 * `key=value` (`key:value` is read too, as old shared links wrote it). Never throws.
 */
import { LB_BEHAVIOUR, presetProbe } from './presets.ts';
import { COMPOUND_OVERRIDES, CONDITIONS, scenarioSpec, type CompoundKey } from './params.ts';
import {
  describeValue,
  fieldsWithMeta,
  numberProblem,
  type FieldMeta,
  type NumberSpec,
  type Spec,
} from './spec.ts';
import type { InputIssue, Scenario } from './types.ts';
import { validateScenario, valueAt } from './validate.ts';

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

/** The longest value the grammar reads. */
const MAX_VALUE = 64;
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

/**
 * Read a list of `key=value` items (repeated `--set`, repeated `?set=`, or `;`-separated in
 * `<Diagram set>`): unknown keys and malformed items become issues; values are checked by
 * applyOverrides against the scenario.
 */
export function parseSetList(items: readonly string[]): {
  overrides: Record<string, string>;
  issues: InputIssue[];
} {
  const overrides: Record<string, string> = {};
  const issues: InputIssue[] = [];
  for (const raw of items.slice(0, 64)) {
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
    const known = overrideKeys.some((k) => k.key === kv.key);
    if (!known) {
      const suggestion = closest(
        kv.key,
        overrideKeys.map((k) => k.key),
      );
      issues.push({
        path: kv.key.slice(0, 64),
        code: 'unknownKey',
        params: { values: overrideKeys.map((k) => k.key), ...(suggestion ? { suggestion } : {}) },
      });
      continue;
    }
    overrides[kv.key] = kv.value;
  }
  return { overrides, issues };
}

type Value = string | number | boolean;

/** Parse one value for its key in this scenario; an issue when it does not fit. */
export function parseOverrideValue(k: OverrideKey, raw: unknown, s: Scenario): Value | InputIssue {
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
      const values = valuesFor(k, s) ?? [];
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

/** Set a value at a dotted path, creating the optional `placement` block from the pod list. */
function setAt(s: Scenario, path: string, v: Value): void {
  if (path.startsWith('placement.') && !s.placement) {
    // Switching an explicit placement to a generated one keeps the replica count.
    s.placement = { strategy: 'none', replicas: s.pods.length };
    s.pods = [];
  }
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let o = s as unknown as Record<string, unknown>;
  for (const k of keys) o = o[k] as Record<string, unknown>;
  o[last] = v;
}

/**
 * The `drain` what-if. A scenario with a drain timeline gets it moved to another node (its
 * featured picks follow), or removed with `none`. A scenario without one gets the standard
 * sequence of the drain scenarios (drain, then graceful shutdown 10 s later) early in its run.
 */
function setDrain(s: Scenario, target: string): void {
  const nodeActions = s.timeline.filter((a) => a.type !== 'deletePod');
  if (target === 'none') {
    s.timeline = s.timeline.filter((a) => a.type === 'deletePod');
    return;
  }
  if (nodeActions.length > 0) {
    for (const a of s.timeline) if (a.type !== 'deletePod') a.node = target;
    for (const f of s.featuredSelectors ?? []) if (f.kind === 'firstOnNode') f.node = target;
    return;
  }
  const start = Math.min(5, s.traffic.duration / 10);
  s.timeline.push(
    { at: start, type: 'drainNode', node: target },
    { at: start + 10, type: 'shutdownNode', node: target },
  );
}

/** The node a scenario's timeline drains, or 'none' (the current value of the drain what-if). */
export function drainTarget(s: Scenario): string {
  for (const a of s.timeline) if (a.type !== 'deletePod') return a.node;
  return 'none';
}

function applyOne(s: Scenario, key: string, v: Value): void {
  if (key === 'drain') setDrain(s, String(v));
  else if (key === 'loadBalancer.probePhase')
    s.loadBalancer.probePhase = Object.fromEntries(s.nodes.map((n) => [n.id, Number(v)]));
  else setAt(s, key, v);
}

const PROBE_FIELDS = [
  'kind',
  'interval',
  'timeout',
  'unhealthyThreshold',
  'healthyThreshold',
] as const;

/**
 * Apply string overrides to a scenario (a copy). Changing the policy or preset re-derives the
 * probe from the preset (kind and numbers) unless probe fields are overridden explicitly;
 * explicit probe.* overrides always win. healthCheckNodePort follows the policy (32000 default).
 */
export function applyOverrides(
  scenario: Scenario,
  overrides: Readonly<Record<string, unknown>>,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  try {
    const issues: InputIssue[] = [];
    const parsed: Array<{ key: string; value: Value }> = [];
    const keys = Object.keys(overrides);
    const unknown = keys.filter((key) => !overrideKeys.some((k) => k.key === key));
    if (unknown.length > 0)
      return { ok: false, issues: parseSetList(unknown.map((k) => formatSetItem(k, ''))).issues };
    // Values that depend on others (the probe kinds under a policy) are read after the policy.
    const policyFirst = [...keys].sort(
      (a, b) =>
        Number(b === 'service.externalTrafficPolicy') -
        Number(a === 'service.externalTrafficPolicy'),
    );
    const s = structuredClone(scenario);
    const before = { policy: s.service.externalTrafficPolicy, preset: s.loadBalancer.preset };
    for (const key of policyFirst) {
      const spec = overrideKeys.find((k) => k.key === key);
      if (!spec) continue;
      const value = parseOverrideValue(
        spec,
        Object.prototype.hasOwnProperty.call(overrides, key) ? overrides[key] : undefined,
        s,
      );
      if (typeof value === 'object') issues.push(value);
      else {
        parsed.push({ key, value });
        applyOne(s, key, value);
        if (key === 'service.externalTrafficPolicy') followPolicy(s);
      }
    }
    if (issues.length > 0) return { ok: false, issues };
    const policy = s.service.externalTrafficPolicy;
    const explicitKeys = new Set(parsed.map((p) => p.key));
    // Another cloud delivers differently (Azure and GCP keep the LB IP, AWS rewrites to the nodePort).
    if (s.loadBalancer.preset !== before.preset && !explicitKeys.has('loadBalancer.delivery'))
      s.loadBalancer.delivery = LB_BEHAVIOUR[s.loadBalancer.preset].delivery;
    if (s.loadBalancer.preset !== before.preset || policy !== before.policy) {
      const derived = presetProbe(s.loadBalancer.preset, policy);
      const explicit = new Set(parsed.map((p) => p.key));
      for (const f of PROBE_FIELDS) {
        if (explicit.has(`loadBalancer.probe.${f}`)) continue;
        (s.loadBalancer.probe as Record<string, unknown>)[f] = derived[f];
      }
    }
    followPolicy(s);
    return validateScenario(s);
  } catch {
    return { ok: false, issues: [{ path: '', code: 'expectedObject' }] };
  }
}

/** healthCheckNodePort exists exactly under Local (the API server allocates it). */
function followPolicy(s: Scenario): void {
  if (s.service.externalTrafficPolicy === 'Local') s.service.healthCheckNodePort ??= 32000;
  else delete s.service.healthCheckNodePort;
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
    case 'loadBalancer.crossZone':
      return String(s.loadBalancer.crossZone ?? LB_BEHAVIOUR[s.loadBalancer.preset].crossZone);
    default: {
      const v = valueAt(s, k.key);
      return v === undefined ? '' : String(v);
    }
  }
}

/** Does the key have an effect in this scenario (e.g. SNAT only under Cluster)? */
export function applies(k: OverrideKey, s: Scenario): boolean {
  return !k.appliesWhen || valueAt(s, k.appliesWhen.path) === k.appliesWhen.equals;
}
