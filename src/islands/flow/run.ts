/**
 * Runs the engine for the diagram and derives what playback needs (steps, mode, duration).
 * The engine is the only source of hops; this module only reshapes its result.
 */
import { runScenario, scenarioIds, traceConnection } from '../../sim/index';
import type { ConnectionTrace, InputIssue, SimResult } from '../../sim/types';
import { durationOf, isTimeMode, toSteps, type Step } from './steps';

export interface Run {
  result: SimResult;
  steps: Step[];
  mode: 'steps' | 'time';
  duration: number;
  stepTimes: number[];
}

export type RunOutcome = { ok: true; run: Run } | { ok: false; issues: InputIssue[] };

/** Validates and runs a scenario with overrides; never throws. */
export function runForDiagram(
  scenario: string,
  overrides: Readonly<Record<string, string>>,
): RunOutcome {
  try {
    const r = runScenario(scenario, { seed: 1, overrides });
    if (!r.ok) return r;
    const steps = toSteps(r.result.featured);
    return {
      ok: true,
      run: {
        result: r.result,
        steps,
        mode: isTimeMode(r.result) ? 'time' : 'steps',
        duration: durationOf(r.result),
        stepTimes: steps.map((s) => s.hop.at),
      },
    };
  } catch {
    // An engine bug must not take the page down; show it as an issue instead.
    return {
      ok: false,
      issues: [{ path: 'scenario', code: 'engineError', received: scenario.slice(0, 64) }],
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

export { scenarioIds };
