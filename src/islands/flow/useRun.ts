/**
 * The engine run of a diagram, computed in a module worker in the browser. While the first run
 * is computing the island suspends, so hydration leaves the server-rendered first frame in place
 * (no layout shift, no long task); later what-if runs keep showing the previous run until the
 * worker answers. Without Worker support (or if it fails to start) the engine is loaded on the
 * main thread. The engine is never in the page's own bundle: the server provides its runner
 * (components/diagram/serverRun.ts), the browser has the worker's chunk.
 */
import { useEffect, useRef, useState } from 'react';
import type { RunOutcome } from '../../view/flow/run';
import { jobFor, type Runner, type ScenarioSource } from '../../view/flow/runJobs';

let serverRunner: Runner | null = null;

/** The server's synchronous engine run (it renders every diagram's first frame). */
export function provideServerRunner(run: Runner): void {
  serverRunner = run;
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
