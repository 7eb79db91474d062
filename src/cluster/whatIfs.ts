/**
 * What-ifs for an imported topology: switch the policy, spread the Pods, drain a node, another
 * cloud preset. Each is a small choice (kind + value) that becomes a changed scenario through the
 * engine's own override rules (applyOverrides re-derives the probe of a policy or preset); the
 * drain adds kubectl drain and the node's shutdown after the states read from the dump. Pure.
 */
import { applyOverrides, validateScenario } from '../sim/index.ts';
import { PRESET_NAMES } from '../sim/validate.ts';
import type { CloudPreset, InputIssue, Scenario } from '../sim/types.ts';

export const WHAT_IF_KINDS = ['policy', 'spread', 'drain', 'preset', 'dataPath'] as const;
export type WhatIfKind = (typeof WHAT_IF_KINDS)[number];

/** One what-if: its kind and value (a policy, 'topologySpread', a node id, a preset, a data path). */
export interface WhatIfChoice {
  kind: WhatIfKind;
  value: string;
}

/** The what-ifs a scenario offers, with the values each can take (first = suggested). */
export interface WhatIfOption {
  kind: WhatIfKind;
  values: string[];
}

/** When a drain what-if starts, and how long its run lasts (the drain needs time to play out). */
export const DRAIN_AT = 5;
export const DRAIN_SHUTDOWN_AFTER = 10;
export const DRAIN_DURATION = 60;

/** The what-ifs for this scenario; `alternatives` are the presets the dump cannot rule out. */
export function whatIfOptions(
  s: Scenario,
  alternatives: readonly CloudPreset[] = [],
): WhatIfOption[] {
  const other = s.service.externalTrafficPolicy === 'Cluster' ? 'Local' : 'Cluster';
  const out: WhatIfOption[] = [{ kind: 'policy', values: [other] }];
  // Spreading needs somewhere to spread to, and a Pod to move.
  if (s.nodes.length > 1 && s.pods.length > 1)
    out.push({ kind: 'spread', values: ['topologySpread'] });
  // Nodes the dump marks for removal first (cordoned, tainted), then those with a Service Pod:
  // draining those is what moves traffic.
  const marked = new Set(
    s.timeline.flatMap((a) => (a.type !== 'deletePod' && a.at <= 0 ? [a.node] : [])),
  );
  const withPods = new Set(s.pods.flatMap((p) => (p.node ? [p.node] : [])));
  const rank = (id: string): number => (marked.has(id) ? 0 : withPods.has(id) ? 1 : 2);
  const nodes = s.nodes.map((n) => n.id).sort((a, b) => rank(a) - rank(b));
  if (nodes.length > 1) out.push({ kind: 'drain', values: nodes });
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
      return validateScenario(next);
    }
  }
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
  return { ok: true, scenario: cur };
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
