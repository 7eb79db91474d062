/**
 * Applying what-if overrides to a scenario (CLI --set, URLs, <Diagram set>, the controls). The
 * vocabulary and the `set` grammar are keys.ts; here the values land in a copy of the scenario,
 * the derived fields follow (the probe of a preset and policy, the delivery of a cloud, the
 * healthCheckNodePort of Local) and the result is validated again. Never throws.
 */
import { LB_BEHAVIOUR, presetProbe } from './presets.ts';
import {
  formatSetItem,
  overrideKeys,
  parseOverrideValue,
  parseSetList,
  type Value,
} from './keys.ts';
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
