/**
 * What-if overrides with string values (CLI --set, embed URL params, diagram controls). Values are
 * parsed by the field's type; the result is validated again. Never throws.
 */
import { presetProbe } from './presets.ts';
import {
  validateScenario,
  DELIVERIES,
  POLICIES,
  PRESET_NAMES,
  PROBE_KIND_NAMES,
  STRATEGIES,
} from './validate.ts';
import type { InputIssue, Scenario } from './types.ts';

/** One overridable key, its type and (for enums) allowed values. */
export interface OverrideKey {
  key: string;
  type: 'number' | 'integer' | 'boolean' | 'enum';
  values?: readonly string[];
}

type Value = string | number | boolean;

interface Setter {
  spec: OverrideKey;
  set(s: Scenario, v: Value): void;
}

const num = (v: Value): number => (typeof v === 'number' ? v : Number(v));
const str = (v: Value): string => String(v);
const bool = (v: Value): boolean => v === true;

function placementOf(s: Scenario): NonNullable<Scenario['placement']> {
  if (!s.placement) {
    // Switching an explicit placement to a generated one keeps the replica count.
    s.placement = { strategy: 'none', replicas: s.pods.length };
    s.pods = [];
  }
  return s.placement;
}

/** Values of the `drain` what-if: which node the timeline drains, or none. */
const DRAIN_TARGETS = ['none', 'node-1', 'node-2', 'node-3', 'node-4'] as const;

/**
 * The `drain` what-if. A scenario with a drain timeline gets it moved to another node (its
 * featured picks follow), or removed with `none`. A scenario without one gets the standard
 * sequence of the drain scenarios (drain, then graceful shutdown 10 s later) early in its run.
 */
function setDrain(s: Scenario, target: string): void {
  const nodeActions = s.timeline.filter((a) => 'node' in a);
  if (target === 'none') {
    s.timeline = s.timeline.filter((a) => !('node' in a));
    return;
  }
  if (nodeActions.length > 0) {
    for (const a of nodeActions) if ('node' in a) a.node = target;
    for (const f of s.featuredSelectors ?? []) if ('node' in f) f.node = target;
    return;
  }
  const start = Math.min(5, s.traffic.duration / 10);
  s.timeline.push(
    { at: start, type: 'drainNode', node: target },
    { at: start + 10, type: 'shutdownNode', node: target },
  );
}

const SETTERS: Setter[] = [
  {
    spec: { key: 'service.externalTrafficPolicy', type: 'enum', values: POLICIES },
    set: (s, v) => {
      s.service.externalTrafficPolicy = str(v) === 'Local' ? 'Local' : 'Cluster';
    },
  },
  { spec: { key: 'masquerade', type: 'boolean' }, set: (s, v) => void (s.masquerade = bool(v)) },
  {
    spec: { key: 'loadBalancer.preset', type: 'enum', values: PRESET_NAMES },
    set: (s, v) => {
      const p = PRESET_NAMES.find((x) => x === str(v));
      if (p) s.loadBalancer.preset = p;
    },
  },
  {
    spec: { key: 'loadBalancer.delivery', type: 'enum', values: DELIVERIES },
    set: (s, v) => void (s.loadBalancer.delivery = str(v) === 'vip' ? 'vip' : 'nodePort'),
  },
  {
    spec: { key: 'loadBalancer.probe.kind', type: 'enum', values: PROBE_KIND_NAMES },
    set: (s, v) => {
      const k = PROBE_KIND_NAMES.find((x) => x === str(v));
      if (k) s.loadBalancer.probe.kind = k;
    },
  },
  {
    spec: { key: 'loadBalancer.probe.interval', type: 'number' },
    set: (s, v) => void (s.loadBalancer.probe.interval = num(v)),
  },
  {
    spec: { key: 'loadBalancer.probe.timeout', type: 'number' },
    set: (s, v) => void (s.loadBalancer.probe.timeout = num(v)),
  },
  {
    spec: { key: 'loadBalancer.probe.unhealthyThreshold', type: 'integer' },
    set: (s, v) => void (s.loadBalancer.probe.unhealthyThreshold = num(v)),
  },
  {
    spec: { key: 'loadBalancer.probe.healthyThreshold', type: 'integer' },
    set: (s, v) => void (s.loadBalancer.probe.healthyThreshold = num(v)),
  },
  {
    spec: { key: 'loadBalancer.probePhase', type: 'number' },
    // One number for every node: aligns all probe phases (e.g. 0).
    set: (s, v) =>
      void (s.loadBalancer.probePhase = Object.fromEntries(s.nodes.map((n) => [n.id, num(v)]))),
  },
  {
    spec: { key: 'placement.strategy', type: 'enum', values: STRATEGIES },
    set: (s, v) => {
      const k = STRATEGIES.find((x) => x === str(v));
      if (k) placementOf(s).strategy = k;
    },
  },
  {
    spec: { key: 'placement.replicas', type: 'integer' },
    set: (s, v) => void (placementOf(s).replicas = num(v)),
  },
  {
    spec: { key: 'placement.maxSkew', type: 'integer' },
    set: (s, v) => void (placementOf(s).maxSkew = num(v)),
  },
  { spec: { key: 'traffic.rate', type: 'number' }, set: (s, v) => void (s.traffic.rate = num(v)) },
  {
    spec: { key: 'traffic.duration', type: 'number' },
    set: (s, v) => void (s.traffic.duration = num(v)),
  },
  {
    spec: { key: 'traffic.connectTimeout', type: 'number' },
    set: (s, v) => void (s.traffic.connectTimeout = num(v)),
  },
  {
    spec: { key: 'traffic.connectionDuration', type: 'number' },
    set: (s, v) => void (s.traffic.connectionDuration = num(v)),
  },
  ...(
    [
      'terminationGracePeriodSeconds',
      'preStopSeconds',
      'shutdownGracePeriod',
      'shutdownGracePeriodCriticalPods',
      'proxySyncDelay',
      'bootSeconds',
      'nodeMonitorGracePeriod',
    ] as const
  ).map((k): Setter => ({
    spec: { key: `lifecycle.${k}`, type: 'number' },
    set: (s, v) => void (s.lifecycle[k] = num(v)),
  })),
  {
    spec: { key: 'lifecycle.servesWhileTerminating', type: 'boolean' },
    set: (s, v) => void (s.lifecycle.servesWhileTerminating = bool(v)),
  },
  {
    spec: { key: 'drain', type: 'enum', values: DRAIN_TARGETS },
    set: (s, v) => setDrain(s, str(v)),
  },
];

/** The keys applyOverrides accepts, with their types and allowed values. */
export const overrideKeys: readonly OverrideKey[] = SETTERS.map((s) => s.spec);

function parse(spec: OverrideKey, raw: unknown): Value | InputIssue {
  if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw);
  if (typeof raw !== 'string' || raw.length > 64) return { path: spec.key, code: 'expectedString' };
  const text = raw.trim();
  switch (spec.type) {
    case 'number':
    case 'integer': {
      if (!/^-?\d+(\.\d+)?$/.test(text)) {
        return {
          path: spec.key,
          code: spec.type === 'integer' ? 'expectedInteger' : 'expectedNumber',
          received: text,
        };
      }
      const n = Number(text);
      if (!Number.isFinite(n) || (spec.type === 'integer' && !Number.isInteger(n))) {
        return { path: spec.key, code: 'expectedInteger', received: text };
      }
      return n;
    }
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      return { path: spec.key, code: 'expectedBoolean', expected: 'true | false', received: text };
    case 'enum':
      if (spec.values?.includes(text)) return text;
      return {
        path: spec.key,
        code: 'expectedOneOf',
        expected: (spec.values ?? []).join(' | '),
        received: text,
      };
  }
}

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
    const parsed: Array<{ setter: Setter; value: Value }> = [];
    for (const key of Object.keys(overrides)) {
      const setter = SETTERS.find((s) => s.spec.key === key);
      if (!setter) {
        issues.push({
          path: key,
          code: 'unknownKey',
          expected: overrideKeys.map((k) => k.key).join(', '),
        });
        continue;
      }
      const value = parse(
        setter.spec,
        Object.prototype.hasOwnProperty.call(overrides, key) ? overrides[key] : undefined,
      );
      if (typeof value === 'object') issues.push(value);
      else parsed.push({ setter, value });
    }
    if (issues.length > 0) return { ok: false, issues };
    const s = structuredClone(scenario);
    const before = { policy: s.service.externalTrafficPolicy, preset: s.loadBalancer.preset };
    for (const { setter, value } of parsed) setter.set(s, value);
    const policy = s.service.externalTrafficPolicy;
    const presetChanged = s.loadBalancer.preset !== before.preset;
    if (presetChanged || policy !== before.policy) {
      const derived = presetProbe(s.loadBalancer.preset, policy);
      const explicit = new Set(parsed.map((p) => p.setter.spec.key));
      const probe = s.loadBalancer.probe;
      if (!explicit.has('loadBalancer.probe.kind')) probe.kind = derived.kind;
      if (!explicit.has('loadBalancer.probe.interval')) probe.interval = derived.interval;
      if (!explicit.has('loadBalancer.probe.timeout')) probe.timeout = derived.timeout;
      if (!explicit.has('loadBalancer.probe.unhealthyThreshold'))
        probe.unhealthyThreshold = derived.unhealthyThreshold;
      if (!explicit.has('loadBalancer.probe.healthyThreshold'))
        probe.healthyThreshold = derived.healthyThreshold;
    }
    if (policy === 'Local' && s.service.healthCheckNodePort === undefined)
      s.service.healthCheckNodePort = 32000;
    if (policy === 'Cluster') delete s.service.healthCheckNodePort;
    return validateScenario(s);
  } catch {
    return { ok: false, issues: [{ path: '', code: 'expectedObject' }] };
  }
}
