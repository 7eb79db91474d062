/**
 * Applying what-if overrides to a scenario (CLI --set, URLs, <Diagram set>, the controls). The
 * vocabulary and the `set` grammar are keys.ts; here the values land in a copy of the scenario,
 * the derived fields follow (the probe of a preset and policy, the delivery of a cloud, the
 * healthCheckNodePort of Local) and the result is validated again. Never throws.
 */
import { DERIVATIONS, PROBE_FIELDS, type Derivation } from './params.ts';
import { LB_BEHAVIOUR, presetProbe } from './presets.ts';
import { valueAt } from './spec.ts';
import { overrideKeys, parseOverrideValue, unknownKeyIssue, type Value } from './keys.ts';
import type { InputIssue, Scenario } from './types.ts';
import { validateScenario } from './validate.ts';

export * from './keys.ts';

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
  // Optional blocks (`app`) are created on first use.
  for (const k of keys) {
    if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
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

function applyOne(s: Scenario, key: string, v: Value): void {
  if (key === 'drain') setDrain(s, String(v));
  else if (key === 'loadBalancer.probePhase')
    s.loadBalancer.probePhase = Object.fromEntries(s.nodes.map((n) => [n.id, Number(v)]));
  else setAt(s, key, v);
}

/** The derivations of params.ts: the values each writes into a scenario (undefined = remove). */
const EFFECTS: Record<Derivation['effect'], (s: Scenario) => Record<string, unknown>> = {
  healthCheckNodePort: (s) => ({
    'service.healthCheckNodePort':
      s.service.externalTrafficPolicy === 'Local'
        ? (s.service.healthCheckNodePort ?? 32000)
        : undefined,
  }),
  presetDelivery: (s) => ({
    'loadBalancer.delivery': LB_BEHAVIOUR[s.loadBalancer.preset].delivery,
  }),
  presetProbe: (s) => {
    const probe = presetProbe(s.loadBalancer.preset, s.service.externalTrafficPolicy);
    return Object.fromEntries(PROBE_FIELDS.map((f) => [`loadBalancer.probe.${f}`, probe[f]]));
  },
};

/** Keys read before the others (their values narrow the others', see CONDITIONS). */
const READ_FIRST = new Set(DERIVATIONS.flatMap((d) => (d.readFirst ? d.when : [])));

/** Write or remove a value at a dotted path of existing objects. */
function writeAt(s: Scenario, path: string, v: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let o = s as unknown as Record<string, unknown>;
  for (const k of keys) o = o[k] as Record<string, unknown>;
  if (v === undefined) Reflect.deleteProperty(o, last);
  else o[last] = v;
}

/**
 * Apply string overrides to a scenario (a copy), then the derivations of params.ts whose trigger
 * changed (the probe of a preset and policy, the delivery of a cloud, Local's
 * healthCheckNodePort); an explicit override of a derived field always wins. Never throws.
 */
export function applyOverrides(
  scenario: Scenario,
  overrides: Readonly<Record<string, unknown>>,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  try {
    const issues: InputIssue[] = [];
    const keys = Object.keys(overrides);
    const unknown = keys.filter((key) => !overrideKeys.some((k) => k.key === key));
    if (unknown.length > 0) return { ok: false, issues: unknown.map(unknownKeyIssue) };
    const ordered = [...keys].sort((a, b) => Number(READ_FIRST.has(b)) - Number(READ_FIRST.has(a)));
    const s = structuredClone(scenario);
    for (const key of ordered) {
      const spec = overrideKeys.find((k) => k.key === key);
      if (!spec) continue;
      const value = parseOverrideValue(
        spec,
        Object.prototype.hasOwnProperty.call(overrides, key) ? overrides[key] : undefined,
        s,
      );
      if (typeof value === 'object') issues.push(value);
      else applyOne(s, key, value);
    }
    if (issues.length > 0) return { ok: false, issues };
    const explicit = new Set(keys);
    for (const d of DERIVATIONS) {
      if (!d.when.some((path) => valueAt(s, path) !== valueAt(scenario, path))) continue;
      const values = EFFECTS[d.effect](s);
      for (const path of d.sets) if (!explicit.has(path)) writeAt(s, path, values[path]);
    }
    return validateScenario(s);
  } catch {
    return { ok: false, issues: [{ path: '', code: 'expectedObject' }] };
  }
}
