/**
 * The engine run of a diagram, computed in a module worker in the browser. While the first run
 * is computing the island suspends, so hydration leaves the server-rendered first frame in place
 * (no layout shift, no long task); later what-if runs keep showing the previous run until the
 * worker answers. Without Worker support (or if it fails to start) the engine is loaded on the
 * main thread. The engine is never in the page's own bundle: the server provides its runner
 * (components/diagram/serverRun.ts), the browser has the worker's chunk.
 */
import { useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../sim/types';
import type { RunOutcome } from './run';

/** A scenario by built-in id, or a whole scenario (practice, your cluster). */
export type ScenarioSource = string | Scenario;

type Runner = (
  scenario: ScenarioSource,
  overrides: Record<string, string>,
  burst: number,
  options: { featureFailure?: boolean },
) => RunOutcome;
let serverRunner: Runner | null = null;

/** The server's synchronous engine run (it renders every diagram's first frame). */
export function provideServerRunner(run: Runner): void {
  serverRunner = run;
}

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
const pending = new Map<number, { request: SimRequest; done: (o: RunOutcome) => void }>();
let worker: Worker | null | undefined;
let nextId = 0;

/** After a worker failure, pending runs finish on the main thread (slower, but they finish). */
function failOver(): void {
  worker?.terminate();
  worker = null;
  const waiting = [...pending.values()];
  pending.clear();
  void mainThread().then((run) => {
    for (const { request, done } of waiting)
      done(
        run(request.scenario, request.overrides, request.burst, {
          featureFailure: request.featureFailure,
        }),
      );
  });
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    // A same-origin module file (CSP worker-src 'self'); Vite bundles it as its own chunk.
    worker = new Worker(new URL('./simWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (e: MessageEvent<SimResponse>) => {
      const p = pending.get(e.data.id);
      pending.delete(e.data.id);
      p?.done(e.data.outcome);
    });
    worker.addEventListener('error', failOver);
    worker.addEventListener('messageerror', failOver);
  } catch {
    worker = null;
  }
  return worker;
}

function jobFor(
  scenario: ScenarioSource,
  overrides: Record<string, string>,
  burst: number,
  featureFailure: boolean,
): Job {
  const key = JSON.stringify([scenario, overrides, burst, featureFailure]);
  const known = jobs.get(key);
  if (known) return known;
  const w = typeof Worker === 'undefined' ? null : getWorker();
  let job: Job;
  if (!w) {
    const j: Job = { outcome: null, promise: Promise.resolve() };
    j.promise = mainThread().then((run) => {
      j.outcome = run(scenario, overrides, burst, { featureFailure });
    });
    job = j;
  } else {
    const request: SimRequest = { id: nextId++, scenario, overrides, burst, featureFailure };
    const j: Job = { outcome: null, promise: Promise.resolve() };
    j.promise = new Promise<void>((resolve) => {
      pending.set(request.id, {
        request,
        done: (o) => {
          j.outcome = o;
          resolve();
        },
      });
    });
    w.postMessage(request);
    job = j;
  }
  jobs.set(key, job);
  if (jobs.size > KEEP) {
    const oldest = jobs.keys().next().value;
    if (oldest !== undefined && oldest !== key) jobs.delete(oldest);
  }
  return job;
}

/**
 * The diagram's engine run: synchronous on the server, from the worker in the browser.
 * `pending` is true while a newer run than the one returned is still computing.
 */
export function useRun(
  scenario: ScenarioSource,
  overrides: Record<string, string>,
  burst: number,
  featureFailure = false,
): { outcome: RunOutcome; pending: boolean } {
  const server = typeof window === 'undefined';
  if (server && !serverRunner)
    throw new Error('useRun on the server: import components/diagram/serverRun.ts in the page');
  // The server renders every page once: no cache, no worker.
  const job =
    server && serverRunner
      ? {
          outcome: serverRunner(scenario, overrides, burst, { featureFailure }),
          promise: Promise.resolve(),
        }
      : jobFor(scenario, overrides, burst, featureFailure);
  const last = useRef<RunOutcome | null>(null);
  const [, setAnswered] = useState(0);
  const stale = job.outcome === null;
  useEffect(() => {
    if (!stale) return;
    let live = true;
    void job.promise.then(() => {
      if (live) setAnswered((n) => n + 1);
    });
    return () => {
      live = false;
    };
    // `stale` is what this render showed: an answer that arrived before the effect ran still
    // re-renders (the promise has resolved by then, so `then` fires at once).
  }, [job, stale]);
  if (job.outcome) last.current = job.outcome;
  // First render in the browser: suspend; Preact keeps the server HTML until the run arrives.
  else if (!last.current) throw job.promise;
  return { outcome: last.current, pending: stale };
}
