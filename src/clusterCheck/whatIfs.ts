/**
 * What-ifs for an imported topology: switch the policy, spread the Pods, drain a node, another
 * cloud preset. Each is a small choice (kind + value) that becomes a changed scenario through the
 * engine's own override rules (applyOverrides re-derives the probe of a policy or preset); the
 * drain adds kubectl drain and the node's shutdown after the states read from the dump. Pure.
 */
import { applyOverrides, validateScenario } from '../sim/index.ts';
import { PRESET_NAMES } from '../sim/validate.ts';
import { LIFECYCLE_DEFAULTS, PROBE_KIND_NAMES } from '../sim/params.ts';
import type { CloudPreset, InputIssue, Scenario } from '../sim/types.ts';
import { WHAT_IF_KINDS, type WhatIfChoice, type WhatIfOption } from './whatIfKinds.ts';
import { preStopSeconds } from './remedies.ts';

export {
  WHAT_IF_KINDS,
  type WhatIfChoice,
  type WhatIfKind,
  type WhatIfOption,
} from './whatIfKinds.ts';

/** When a drain what-if starts, and how long its run lasts (the drain needs time to play out). */
export const DRAIN_AT = 5;
export const DRAIN_SHUTDOWN_AFTER = 10;
export const DRAIN_DURATION = 60;

/**
 * The what-ifs for this scenario; `alternatives` are the presets the dump cannot rule out. With
 * IP targets the load balancer skips the nodes, and the verdicts come from the dump's Pods and
 * zones: only spreading them and cross-zone change those.
 */
export function whatIfOptions(
  s: Scenario,
  alternatives: readonly CloudPreset[] = [],
  targetType: 'instance' | 'ip' = 'instance',
): WhatIfOption[] {
  if (targetType === 'ip') return ipTargetOptions(s);
  const other = s.service.externalTrafficPolicy === 'Cluster' ? 'Local' : 'Cluster';
  const out: WhatIfOption[] = [{ kind: 'policy', values: [other] }];
  // Spreading needs somewhere to spread to, and a Pod to move.
  if (s.nodes.length > 1 && s.pods.length > 1)
    out.push({ kind: 'spread', values: ['topologySpread'] });
  // Nodes the dump marks for removal first (cordoned, tainted), then those with a Service Pod:
  // draining those is what moves traffic.
  const marked = new Set([
    ...s.nodes.flatMap((n) => (n.cordoned || n.toBeDeleted ? [n.id] : [])),
    ...s.timeline.flatMap((a) => (a.type !== 'deletePod' && a.at <= 0 ? [a.node] : [])),
  ]);
  const withPods = new Set(s.pods.flatMap((p) => (p.node ? [p.node] : [])));
  const rank = (id: string): number => (marked.has(id) ? 0 : withPods.has(id) ? 1 : 2);
  const nodes = s.nodes.map((n) => n.id).sort((a, b) => rank(a) - rank(b));
  if (nodes.length > 1) {
    out.push({ kind: 'drain', values: nodes });
    // The cluster autoscaler's way: taint first, drain once the load balancer has seen it.
    out.push({ kind: 'taint', values: ['first'] });
  }
  // The probe the load balancer could use instead (the healthCheckNodePort only under Local).
  const probes = PROBE_KIND_NAMES.filter(
    (k) =>
      k !== s.loadBalancer.probe.kind &&
      (k !== 'httpHealthCheckNodePort' || s.service.externalTrafficPolicy === 'Local'),
  );
  if (s.loadBalancer.preset !== 'metallb-l2') out.push({ kind: 'probe', values: probes });
  const aws = s.loadBalancer.preset.startsWith('aws');
  if (aws && new Set(s.nodes.map((n) => n.zone ?? '')).size > 1)
    out.push({ kind: 'crossZone', values: ['on', 'off'] });
  if (aws) out.push({ kind: 'proxyProtocol', values: ['v2'] });
  // A preStop sleep long enough to cover the load balancer's detection (remedies.ts).
  out.push({ kind: 'preStop', values: [String(preStopSeconds(s)), '0', '5', '15', '30'] });
  const current = s.loadBalancer.preset;
  const presets = [
    ...alternatives.filter((p) => p !== current),
    ...PRESET_NAMES.filter((p) => p !== current && !alternatives.includes(p)),
  ];
  out.push({ kind: 'preset', values: presets });
  // The other data path: the importer's guess can be wrong (src/importer/dataPath.ts).
  out.push({ kind: 'dataPath', values: [s.dataPath === 'ebpf' ? 'kubeProxy' : 'ebpf'] });
  return out;
}

/** IP targets: spread the Pods, and cross-zone when the nodes span zones. */
function ipTargetOptions(s: Scenario): WhatIfOption[] {
  const out: WhatIfOption[] = [];
  if (s.nodes.length > 1 && s.pods.length > 1)
    out.push({ kind: 'spread', values: ['topologySpread'] });
  if (new Set(s.nodes.map((n) => n.zone ?? '')).size > 1)
    out.push({ kind: 'crossZone', values: ['on', 'off'] });
  return out;
}

/** The scenario with one what-if applied, validated; issues when the value does not fit. */
export function applyWhatIf(
  s: Scenario,
  choice: WhatIfChoice,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  switch (choice.kind) {
    case 'policy':
      return applyOverrides(s, { 'service.externalTrafficPolicy': choice.value });
    case 'spread':
      // The same replica count, placed by topologySpreadConstraints (maxSkew 1) on the same nodes.
      return applyOverrides(s, {
        'placement.strategy': 'topologySpread',
        'placement.replicas': String(s.pods.length),
        'placement.maxSkew': '1',
      });
    case 'preset':
      return applyOverrides(s, { 'loadBalancer.preset': choice.value });
    case 'probe':
      return applyOverrides(s, { 'loadBalancer.probe.kind': choice.value });
    case 'crossZone':
      return applyOverrides(s, {
        'loadBalancer.crossZone': choice.value === 'on' ? 'true' : 'false',
      });
    case 'proxyProtocol':
      // The load balancer writes the header and the app reads it (both sides set, as they must be).
      return applyOverrides(s, {
        'loadBalancer.proxyProtocol': choice.value,
        'app.expectsProxyProtocol': 'true',
      });
    case 'preStop': {
      const seconds = Number(choice.value);
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > 600)
        return {
          ok: false,
          issues: [
            {
              path: 'preStop',
              code: 'expectedId',
              params: { received: choice.value.slice(0, 16) },
            },
          ],
        };
      // The grace period has to cover the sleep, or the kubelet kills the Pod before it ends.
      const grace = Math.max(s.lifecycle.terminationGracePeriodSeconds, seconds + 5);
      return applyOverrides(s, {
        'lifecycle.preStopSeconds': String(seconds),
        'lifecycle.terminationGracePeriodSeconds': String(grace),
      });
    }
    case 'dataPath':
      return applyOverrides(s, { dataPath: choice.value });
    case 'drain': {
      if (!s.nodes.some((n) => n.id === choice.value))
        return {
          ok: false,
          issues: [
            { path: 'drain', code: 'expectedId', params: { received: choice.value.slice(0, 64) } },
          ],
        };
      const next = structuredClone(s);
      next.traffic.duration = Math.max(next.traffic.duration, DRAIN_DURATION);
      next.timeline.push(
        { at: DRAIN_AT, type: 'drainNode', node: choice.value },
        { at: DRAIN_AT + DRAIN_SHUTDOWN_AFTER, type: 'shutdownNode', node: choice.value },
      );
      next.featuredSelectors = [{ kind: 'firstOnNode', node: choice.value }];
      return validateScenario(settleDrains(next));
    }
    case 'taint':
      return taintFirst(s, choice.value);
  }
}

/**
 * Taint the drained nodes ToBeDeletedByClusterAutoscaler when their drain would start, and move
 * the drain and the shutdown later by the time the load balancer needs to see kube-proxy's
 * /healthz fail (source: k8s-kube-proxy-healthz-taint): the cluster autoscaler's order, which
 * an operator can follow by hand. Only with a drain what-if (nothing to taint before otherwise).
 */
function taintFirst(
  s: Scenario,
  value: string,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  const drains = s.timeline.flatMap((a) => (a.type === 'drainNode' && a.at > 0 ? [a] : []));
  if (value !== 'first' || drains.length === 0)
    return {
      ok: false,
      issues: [{ path: 'taint', code: 'expectedId', params: { received: value.slice(0, 16) } }],
    };
  const wait = preStopSeconds(s);
  const next = structuredClone(s);
  const nodes = new Set(drains.map((a) => a.node));
  next.timeline = next.timeline.map((a) =>
    a.at > 0 && (a.type === 'drainNode' || a.type === 'shutdownNode') && nodes.has(a.node)
      ? { ...a, at: a.at + wait }
      : a,
  );
  for (const a of drains) next.timeline.push({ at: a.at, type: 'taintToBeDeleted', node: a.node });
  next.timeline.sort((a, b) => a.at - b.at);
  next.traffic.duration += wait;
  return validateScenario(next);
}

/** Several what-ifs (one per kind) applied in the order of WHAT_IF_KINDS. */
export function applyWhatIfs(
  s: Scenario,
  choices: readonly WhatIfChoice[],
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  let cur = s;
  for (const kind of WHAT_IF_KINDS) {
    const choice = choices.find((c) => c.kind === kind);
    if (!choice) continue;
    const next = applyWhatIf(cur, choice);
    if (!next.ok) return next;
    cur = next.scenario;
  }
  return choices.length === 0 ? { ok: true, scenario: cur } : validateScenario(settleDrains(cur));
}

/**
 * kubectl drain returns once the node's Pods are gone, and only then is the machine shut down:
 * move a what-if's shutdown to after the Pods' preStop sleep and shutdown time (at the latest
 * the grace period), plus a second, never before DRAIN_SHUTDOWN_AFTER. A preStop what-if applied
 * after the drain moves it too. The run lasts long enough for the load balancer to react.
 */
function settleDrains(s: Scenario): Scenario {
  const lc = { ...LIFECYCLE_DEFAULTS, ...s.lifecycle };
  const podsGone = Math.min(
    lc.terminationGracePeriodSeconds,
    lc.preStopSeconds + lc.appShutdownSeconds,
  );
  const next = structuredClone(s);
  for (const a of next.timeline) {
    if (a.type !== 'shutdownNode' || a.at <= 0) continue;
    const drain = next.timeline.find(
      (d) => d.type === 'drainNode' && d.node === a.node && d.at > 0 && d.at <= a.at,
    );
    if (!drain) continue;
    a.at = Math.max(a.at, drain.at + DRAIN_SHUTDOWN_AFTER, drain.at + podsGone + 1);
    next.traffic.duration = Math.max(
      next.traffic.duration,
      a.at + DRAIN_DURATION - DRAIN_AT - DRAIN_SHUTDOWN_AFTER,
    );
  }
  next.timeline.sort((x, y) => x.at - y.at);
  return next;
}

/** What-ifs read from untrusted data: at most one per kind, or null when any is malformed. */
export function parseWhatIfs(v: unknown): WhatIfChoice[] | null {
  if (!Array.isArray(v) || v.length > WHAT_IF_KINDS.length) return null;
  const out: WhatIfChoice[] = [];
  for (const item of v) {
    const c = parseWhatIf(item);
    if (!c || out.some((o) => o.kind === c.kind)) return null;
    out.push(c);
  }
  return out;
}

/** A what-if read from untrusted data (a share link): a known kind and a short value, or null. */
export function parseWhatIf(v: unknown): WhatIfChoice | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const kind = WHAT_IF_KINDS.find((k) => k === o['kind']);
  const value = o['value'];
  if (!kind || typeof value !== 'string' || !/^[A-Za-z0-9-]{1,63}$/.test(value)) return null;
  return { kind, value };
}
