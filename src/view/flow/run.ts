/**
 * Runs the engine for the diagram and derives what playback needs (steps, mode, duration).
 * The engine is the only source of hops; this module only reshapes its result into a compact,
 * structured-clone-safe view (no per-connection records: a drain run has 12,000 of them, and
 * copying them out of a worker would cost the main thread more than the charts need).
 */
import { getScenario, runScenario, traceConnection, validateScenario } from '../../sim/index';
import type { ConnectionTrace, InputIssue, Scenario, SimResult } from '../../sim/types';
import { durationOf, isTimeMode, toSteps, type Step } from './steps';

/** The engine result without its per-connection records. */
export type ResultView = Omit<SimResult, 'connections'>;

/** What the charts read from the connections, folded per pod / node. */
export interface ChartData {
  /** Start times (ascending) of succeeded connections, per pod. */
  okTimes: Record<string, number[]>;
  /** End times of failed connections, per ingress node. */
  failedAt: Record<string, number[]>;
}

export interface Run {
  result: ResultView;
  steps: Step[];
  mode: 'steps' | 'time';
  duration: number;
  stepTimes: number[];
  charts: ChartData;
  /** Client id of each featured connection (timed-out packets name their client). */
  clients: Record<number, string>;
  /** Traces for burst / benchmark mode (empty unless a burst was asked for). */
  bursts: ConnectionTrace[];
}

/**
 * A run, or why there is none. `base` is the scenario before the overrides (when it resolved):
 * the page checks a what-if against it without the engine or the built-in scenarios.
 */
export type RunOutcome =
  { ok: true; run: Run; base: Scenario } | { ok: false; issues: InputIssue[]; base?: Scenario };

/** The scenario before overrides: a built-in by id, or a whole one that validates. */
function baseOf(scenario: string | Scenario): Scenario | undefined {
  if (typeof scenario === 'string') return getScenario(scenario);
  const v = validateScenario(scenario);
  return v.ok ? v.scenario : undefined;
}

/**
 * Folds the connection records into the per-pod / per-node series the charts draw. A failure is
 * drawn when the connection broke: a failed setup at its SYN (the times the disruption window
 * is measured over), a cut connection when its node went away. Not when the client gave up a
 * connect timeout later, which would put the marks after the window they belong to.
 */
export function chartDataOf(result: SimResult): ChartData {
  const okTimes: Record<string, number[]> = {};
  const failedAt: Record<string, number[]> = {};
  const timeout = result.resolved.traffic.connectTimeout;
  for (const p of result.resolved.pods) okTimes[p.id] = [];
  for (const n of result.resolved.nodes) failedAt[n.id] = [];
  for (const c of result.connections) {
    if (c.outcome === 'ok') {
      if (c.pod) okTimes[c.pod]?.push(c.at);
    } else if (c.ingressNode) {
      const cut = c.reason === 'nodeWentDown' && c.endedAt !== undefined;
      failedAt[c.ingressNode]?.push(cut ? (c.endedAt ?? c.at) - timeout : c.at);
    }
  }
  return { okTimes, failedAt };
}

/**
 * Validates and runs a scenario (a built-in id or a whole scenario) with overrides (and `burst`
 * traces); never throws. With `featureFailure` (a learner's what-if), a run in which connections
 * fail but no featured one does shows the first failure first, so the what-if's effect is what
 * plays (the other featured connections follow).
 */
export function runForDiagram(
  scenario: string | Scenario,
  overrides: Readonly<Record<string, string>>,
  burst = 0,
  options: { featureFailure?: boolean } = {},
): RunOutcome {
  try {
    const base = baseOf(scenario);
    const r = runScenario(base ?? scenario, { seed: 1, overrides });
    if (!r.ok) return { ...r, ...(base ? { base } : {}) };
    if (!base) throw new Error('a run without a base scenario');
    const { connections, ...rest } = r.result;
    const result: ResultView = rest;
    if (
      options.featureFailure &&
      result.summary.failed > 0 &&
      result.featured.every((t) => t.record.outcome === 'ok')
    ) {
      const first = connections.find((c) => c.outcome !== 'ok' && c.direct !== true);
      const trace = first ? traceConnection(r.result, first.id) : undefined;
      if (trace) result.featured = [trace, ...result.featured];
    }
    const steps = toSteps(result.featured);
    const clients: Record<number, string> = {};
    for (const t of result.featured) clients[t.record.id] = t.record.client;
    return {
      ok: true,
      base,
      run: {
        result,
        steps,
        mode: isTimeMode(r.result) ? 'time' : 'steps',
        duration: durationOf(r.result),
        stepTimes: steps.map((s) => s.hop.at),
        charts: chartDataOf(r.result),
        clients,
        bursts: burst > 0 ? burstTraces(r.result, burst) : [],
      },
    };
  } catch {
    // An engine bug must not take the page down; show it as an issue instead.
    return {
      ok: false,
      issues: [
        {
          path: 'scenario',
          code: 'engineError',
          params: { received: typeof scenario === 'string' ? scenario.slice(0, 64) : scenario.id },
        },
      ],
    };
  }
}

/**
 * Traces of `count` engine connections for burst / benchmark mode. When the run has fewer
 * connections, the same traces repeat (the layer plays the copies at other phases).
 */
export function burstTraces(result: SimResult, count: number): ConnectionTrace[] {
  const unique: ConnectionTrace[] = [];
  for (let i = 0; i < result.connections.length && unique.length < count; i++) {
    const t = traceConnection(result, i);
    if (t && t.hops.length > 0) unique.push(t);
  }
  if (unique.length === 0) return [];
  return Array.from({ length: count }, (_, i) => unique[i % unique.length]).filter(
    (t): t is ConnectionTrace => t !== undefined,
  );
}
