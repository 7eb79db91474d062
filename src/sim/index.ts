/** Public API of the Hop by Hop simulation engine. */
import type { NodeDataPath } from './dataPath.ts';
import { applyOverrides, closest } from './overrides.ts';
import { getScenario, scenarioIds } from './scenarios/index.ts';
import { recordOf, simulateCore } from './simulate.ts';
import { SimRun } from './result.ts';
import { buildTrace } from './trace.ts';
import type {
  ConnectionRecord,
  ConnectionTrace,
  FeaturedSelector,
  InputIssue,
  Scenario,
  SimResult,
} from './types.ts';
import { validateScenario } from './validate.ts';

export type * from './types.ts';
export { scenarios, scenarioIds, getScenario } from './scenarios/index.ts';
export { validateScenario, CROSS_FIELD_CODES, LIMITS } from './validate.ts';
export {
  applyOverrides,
  applies,
  closest,
  currentValue,
  drainTarget,
  formatSetItem,
  keyForControl,
  overrideKeys,
  parseOverrideValue,
  readSetList,
  SET_LIMITS,
  splitSetItem,
  valuesFor,
  type OverrideKey,
  type SetList,
} from './overrides.ts';
export { scenarioJsonSchema } from './schema.ts';
export { announcesL2, LB_BEHAVIOUR, PRESETS, presetProbe, type LbBehaviour } from './presets.ts';
export { LIFECYCLE_DEFAULTS } from './params.ts';
export {
  placesOf,
  stateAt,
  type Places,
  type StateAt,
  type NodeStateAt,
  type PodStateAt,
} from './state.ts';
export { hcnpBody, kubeProxyHealthzStatus } from './probes.ts';
export {
  serviceChains,
  endpointChain,
  servicePortName,
  chainsOfPortName,
  endpointChainOfPortName,
  isIptables,
  type RuleSet,
} from './kubeProxy.ts';
export type { DataPathKind, KernelProgram, NodeDataPath, PacketView, Verdict } from './dataPath.ts';
export { DATA_PATH_KINDS } from './dataPath.ts';
export { dataPathKindOf } from './dataPath.ts';
export { isNftables, type NftRuleSet } from './nftablesPath.ts';
export { hashAndTruncate, nftEndpointChain, nftServiceChains } from './nftables.ts';
export { iptablesRestore, ruleLine } from './iptablesRestore.ts';
export { sha256, base32 } from './hash.ts';
export { clusterCidrOf } from './ip.ts';
export * from './codes.ts';

/** Does a connection match a featured selector? */
function matchesSelector(c: ConnectionRecord, sel: FeaturedSelector): boolean {
  switch (sel.kind) {
    case 'firstCrossNode':
      return c.outcome === 'ok' && c.podNode !== null && c.podNode !== c.ingressNode;
    case 'firstSameNode':
      return c.outcome === 'ok' && c.podNode !== null && c.podNode === c.ingressNode;
    case 'firstOutcome':
      return c.outcome === sel.outcome && (sel.reason === undefined || c.reason === sel.reason);
    case 'firstOnNode':
      return c.ingressNode === sel.node && c.direct !== true;
    case 'firstDirect':
      return c.direct === true;
  }
}

/**
 * The in-process run behind a result: itself, or for a result that crossed a structured clone
 * (which keeps public data only) the same run again (deterministic for its scenario and seed).
 */
function runOf(result: SimResult): SimRun {
  return result instanceof SimRun ? result : simulateCore(result.resolved, { seed: result.seed });
}

/** Connection ids a scenario features: explicit indices, then selectors resolved in order. */
export function featuredIds(result: SimResult): number[] {
  const ids: number[] = [];
  const cols = runOf(result).columns;
  const count = cols.count;
  for (const i of result.resolved.featured) if (i < count && !ids.includes(i)) ids.push(i);
  for (const sel of result.resolved.featuredSelectors ?? []) {
    for (let i = 0; i < count; i++) {
      // One record at a time from the columns: a run's records are not built just to find a few.
      if (matchesSelector(recordOf(result.resolved, cols, i), sel)) {
        if (!ids.includes(i)) ids.push(i);
        break;
      }
    }
  }
  return ids;
}

/** Every rule set a node had during a run, in sync order (the first one is the node's at t = 0). */
export function nodeRuleSets(result: SimResult): Record<string, NodeDataPath[]> {
  const out: Record<string, NodeDataPath[]> = {};
  for (const n of result.resolved.nodes) out[n.id] = [];
  for (const rs of runOf(result).internal.rulesets) out[rs.node]?.push(rs);
  return out;
}

/** The rule set the ingress node evaluated for a connection (undefined when none did). */
export function connectionRuleSet(result: SimResult, id: number): NodeDataPath | undefined {
  const internal = runOf(result).internal;
  const rsId = internal.rulesetOf[id] ?? -1;
  return rsId >= 0 ? internal.rulesets[rsId] : undefined;
}

/** Run a validated scenario deterministically: same scenario and seed → same result. */
export function simulate(scenario: Scenario, options: { seed?: number } = {}): SimResult {
  const result = simulateCore(scenario, options);
  result.featured = featuredIds(result).flatMap((id) => {
    const t = traceConnection(result, id);
    return t ? [t] : [];
  });
  return result;
}

/** Packet-by-packet trace of any connection of a run (computed lazily; deterministic). */
export function traceConnection(result: SimResult, id: number): ConnectionTrace | undefined {
  const run = runOf(result);
  if (!(id >= 0 && id < run.columns.count)) return undefined;
  return buildTrace(run.internal, recordOf(run.resolved, run.columns, id));
}

/** Validate, override and run a scenario by id or object. */
export function runScenario(
  scenario: string | unknown,
  options: { seed?: number; overrides?: Readonly<Record<string, unknown>> } = {},
): { ok: true; result: SimResult } | { ok: false; issues: InputIssue[] } {
  let base: Scenario;
  if (typeof scenario === 'string') {
    const found = getScenario(scenario);
    if (!found) {
      const suggestion = closest(scenario.slice(0, 64), scenarioIds);
      return {
        ok: false,
        issues: [
          {
            path: 'scenario',
            code: 'unknownScenario',
            params: {
              received: `"${scenario.slice(0, 64)}"`,
              values: [...scenarioIds],
              ...(suggestion ? { suggestion } : {}),
            },
          },
        ],
      };
    }
    base = found;
  } else {
    const v = validateScenario(scenario);
    if (!v.ok) return v;
    base = v.scenario;
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed) || seed < 0) {
    return {
      ok: false,
      issues: [{ path: '--seed', code: 'expectedInteger', params: { received: String(seed) } }],
    };
  }
  const applied = applyOverrides(base, options.overrides ?? {});
  if (!applied.ok) return applied;
  return { ok: true, result: simulate(applied.scenario, { seed }) };
}
