/**
 * The engine run of a diagram, computed in a module worker in the browser. While the first run
 * is computing the island suspends, so hydration leaves the server-rendered first frame in place
 * (no layout shift, no long task); later what-if runs keep showing the previous run until the
 * worker answers. Without Worker support (or if it fails to start) runs on the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import { runForDiagram, type RunOutcome } from './run';

export interface SimRequest {
  id: number;
  scenario: string;
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
  for (const { request, done } of pending.values())
    done(runForDiagram(request.scenario, request.overrides, request.burst));
  pending.clear();
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

function jobFor(scenario: string, overrides: Record<string, string>, burst: number): Job {
  const key = JSON.stringify([scenario, overrides, burst]);
  const known = jobs.get(key);
  if (known) return known;
  const w = typeof Worker === 'undefined' ? null : getWorker();
  let job: Job;
  if (!w) {
    job = { outcome: runForDiagram(scenario, overrides, burst), promise: Promise.resolve() };
  } else {
    const request: SimRequest = { id: nextId++, scenario, overrides, burst };
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
  scenario: string,
  overrides: Record<string, string>,
  burst: number,
): { outcome: RunOutcome; pending: boolean } {
  const server = typeof window === 'undefined';
  // The server renders every page once: no cache, no worker.
  const job = server
    ? { outcome: runForDiagram(scenario, overrides, burst), promise: Promise.resolve() }
    : jobFor(scenario, overrides, burst);
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
