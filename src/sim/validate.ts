/**
 * Scenario validation: the structure comes from the declaration in params.ts (checkSpec), then
 * the declared conditions, then the rules across fields that JSON Schema cannot state (references,
 * duplicates, a Pod's address in its node's CIDR, …), each under its own code. Never throws; one
 * broken field gives one message (rules across fields run only on a well-formed file).
 */
import { inCidr } from './ip.ts';
import { podId } from './placement.ts';
import { CONDITIONS, EXTRA_ROOT_KEYS, LIMITS, scenarioSpec, type Condition } from './params.ts';
import { joinPath, valueAt } from './spec.ts';
import { checkSpec, describeValue, IssueList } from './specCheck.ts';

export { valueAt } from './spec.ts';
import type { InputIssue, Scenario } from './types.ts';

export {
  LIMITS,
  POLICIES,
  PRESET_NAMES,
  DELIVERIES,
  STRATEGIES,
  PROBE_KIND_NAMES,
} from './params.ts';
export { ACTION_TYPES } from './params.ts';

/** Issue codes of the rules across fields that JSON Schema cannot state. */
export const CROSS_FIELD_CODES = [
  'unknownReference',
  'duplicateId',
  'ipNotInPodCidr',
  'tooManyConnections',
  'exceedsField',
] as const;

type Result = { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] };

/** Validate untrusted input as a Scenario; never throws. */
export function validateScenario(input: unknown): Result {
  try {
    const out = new IssueList();
    const checked = checkSpec(scenarioSpec, input, '', out, EXTRA_ROOT_KEYS);
    if (checked === undefined || out.issues.length > 0) return fail(out);
    // The declaration's type: checkSpec returned exactly the declared fields.
    const s = checked as Scenario;
    for (const c of CONDITIONS) checkCondition(c, s, out);
    if (out.issues.length > 0) return fail(out);
    crossFieldRules(s, out);
    if (out.issues.length > 0) return fail(out);
    s.timeline.sort((a, b) => a.at - b.at);
    return { ok: true, scenario: s };
  } catch {
    return { ok: false, issues: [{ path: '', code: 'expectedObject' }] };
  }
}

function fail(out: IssueList): Result {
  if (out.issues.length === 0) out.add('', 'expectedObject');
  return { ok: false, issues: out.issues };
}

function checkCondition(c: Condition, s: Scenario, out: IssueList): void {
  if (valueAt(s, c.when.path) !== c.when.equals) return;
  const v = valueAt(s, c.then.path);
  const other = { other: c.when.path, values: [c.when.equals] };
  if (c.then.rule === 'required' && v === undefined) out.add(c.then.path, 'required', other);
  if (c.then.rule === 'absent' && v !== undefined) out.add(c.then.path, c.then.code, other);
  if (c.then.rule === 'notOneOf' && typeof v === 'string' && c.then.values.includes(v))
    out.add(c.then.path, c.then.code, { ...other, received: describeValue(v) });
}

function unique(
  items: readonly { [k: string]: unknown }[],
  field: string,
  base: string,
  out: IssueList,
): void {
  const seen = new Set<unknown>();
  items.forEach((item, i) => {
    const v = item[field];
    if (v === undefined) return;
    if (seen.has(v))
      out.add(joinPath(joinPath(base, i), field), 'duplicateId', { received: String(v) });
    seen.add(v);
  });
}

function crossFieldRules(s: Scenario, out: IssueList): void {
  const nodeIds = s.nodes.map((n) => n.id);
  const clientIds = s.clients.map((c) => c.id);
  const ref = (path: string, value: string, known: readonly string[]): void => {
    if (!known.includes(value))
      out.add(path, 'unknownReference', { values: known.slice(0, 20), received: value });
  };
  unique(s.clients, 'id', 'clients', out);
  unique(s.nodes, 'id', 'nodes', out);
  unique(s.nodes, 'ip', 'nodes', out);
  unique(s.pods, 'id', 'pods', out);
  unique(s.pods, 'ip', 'pods', out);
  // A client Pod names the node it runs on; its address belongs to that node's Pod CIDR.
  s.clients.forEach((c, i) => {
    if (c.node === undefined) return;
    const node = s.nodes.find((n) => n.id === c.node);
    if (!node) ref(joinPath(joinPath('clients', i), 'node'), c.node, nodeIds);
    else if (!inCidr(c.ip, node.podCidr))
      out.add(joinPath(joinPath('clients', i), 'ip'), 'ipNotInPodCidr', {
        values: [node.podCidr],
        received: c.ip,
      });
  });
  s.pods.forEach((p, i) => {
    if (p.node === undefined) return;
    const node = s.nodes.find((n) => n.id === p.node);
    if (!node) ref(joinPath(joinPath('pods', i), 'node'), p.node, nodeIds);
    else if (p.ip !== undefined && !inCidr(p.ip, node.podCidr))
      out.add(joinPath(joinPath('pods', i), 'ip'), 'ipNotInPodCidr', {
        values: [node.podCidr],
        received: p.ip,
      });
  });
  const hcnp = s.service.healthCheckNodePort;
  if (hcnp !== undefined && hcnp === s.service.nodePort)
    out.add('service.healthCheckNodePort', 'duplicateId', {
      other: 'service.nodePort',
      received: String(hcnp),
    });
  for (const k of Object.keys(s.loadBalancer.probePhase ?? {}))
    ref(joinPath('loadBalancer.probePhase', k), k, nodeIds);
  if (s.traffic.rate * s.traffic.duration > LIMITS.connections)
    out.add('traffic.rate', 'tooManyConnections', {
      max: LIMITS.connections,
      received: String(Math.round(s.traffic.rate * s.traffic.duration)),
    });
  const lc = s.lifecycle;
  if (lc.shutdownGracePeriodCriticalPods > lc.shutdownGracePeriod)
    out.add('lifecycle.shutdownGracePeriodCriticalPods', 'exceedsField', {
      other: 'lifecycle.shutdownGracePeriod',
      max: lc.shutdownGracePeriod,
      received: String(lc.shutdownGracePeriodCriticalPods),
    });
  const podIds = s.placement
    ? Array.from({ length: s.placement.replicas }, (_, i) => podId(i))
    : s.pods.map((p) => p.id);
  s.timeline.forEach((a, i) => {
    const p = joinPath('timeline', i);
    if (a.type === 'deletePod') ref(joinPath(p, 'pod'), a.pod, podIds);
    else ref(joinPath(p, 'node'), a.node, nodeIds);
  });
  (s.featuredSelectors ?? []).forEach((f, i) => {
    if (f.kind === 'firstOnNode')
      ref(joinPath(joinPath('featuredSelectors', i), 'node'), f.node, nodeIds);
  });
  (s.directConnections ?? []).forEach((d, i) => {
    const p = joinPath('directConnections', i);
    ref(joinPath(p, 'client'), d.client, clientIds);
    ref(joinPath(p, 'node'), d.node, nodeIds);
  });
}
