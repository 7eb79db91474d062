/**
 * The diagram runs a page has asked for: computed in one module worker (the main thread only
 * when there is no Worker or it failed), kept by their inputs so a what-if toggled back, or a
 * run warmed before the first use, is answered at once. No React here: the client:interact
 * directive warms a lesson diagram's first run through this module before the island loads.
 */
import type { Scenario } from '../../sim/types';
import { createWorkerClient } from '../../lib/workerClient';
import type { RunOutcome } from './run';

/** A scenario by built-in id, or a whole scenario (practice, your cluster). */
export type ScenarioSource = string | Scenario;

/** An engine run as the diagram asks for it (the worker's, the main thread's, the server's). */
export type Runner = (
  scenario: ScenarioSource,
  overrides: Record<string, string>,
  burst: number,
  options: { featureFailure?: boolean },
) => RunOutcome;

/** The engine on this thread, loaded on demand (no Worker, or the worker failed). */
const mainThread = (): Promise<Runner> => import('./run').then((m) => m.runForDiagram);

export interface SimRequest {
  id: number;
  scenario: ScenarioSource;
  /** The learner changed something: feature a failure the change introduced. */
  featureFailure: boolean;
  overrides: Record<string, string>;
  burst: number;
}

export interface SimResponse {
  id: number;
  outcome: RunOutcome;
}

interface Job {
  outcome: RunOutcome | null;
  promise: Promise<void>;
}

/** Runs kept for quick toggling between what-ifs; each is a few hundred kB at most. */
const KEEP = 12;
const jobs = new Map<string, Job>();

const sim = createWorkerClient<SimRequest, SimResponse>({
  // A same-origin module file (CSP worker-src 'self'); Vite bundles it as its own chunk.
  spawn: () =>
    typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./simWorker.ts', import.meta.url), { type: 'module' }),
  fallback: (r) =>
    mainThread().then((run) => ({
      id: r.id,
      outcome: run(r.scenario, r.overrides, r.burst, { featureFailure: r.featureFailure }),
    })),
});

/** The run of these inputs: the one kept, or one started now. */
export function jobFor(
  scenario: ScenarioSource,
  overrides: Record<string, string>,
  burst: number,
  featureFailure: boolean,
): Job {
  const key = JSON.stringify([scenario, overrides, burst, featureFailure]);
  const known = jobs.get(key);
  if (known) return known;
  const job: Job = { outcome: null, promise: Promise.resolve() };
  job.promise = sim.request({ scenario, overrides, burst, featureFailure }).then((r) => {
    job.outcome = r.outcome;
  });
  jobs.set(key, job);
  if (jobs.size > KEEP) {
    const oldest = jobs.keys().next().value;
    if (oldest !== undefined && oldest !== key) jobs.delete(oldest);
  }
  return job;
}

/** What a diagram's first run needs, as its island will ask for it (see warmRun). */
export interface WarmRun {
  scenario: string;
  overrides: Record<string, string>;
  burst: number;
}

/**
 * Start a diagram's first run in the worker before its island loads (the diagram nears the
 * viewport), so the first press finds the run done. Off the main thread only: without a
 * Worker nothing is warmed.
 */
export function warmRun(w: WarmRun): void {
  if (typeof Worker === 'undefined') return;
  jobFor(w.scenario, w.overrides, w.burst, false);
}
