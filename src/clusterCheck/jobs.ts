/**
 * The your-cluster page's jobs: import a paste, analyse a shared scenario, run a what-if. In a
 * module worker when the browser has one (a big cluster takes seconds), else on this thread
 * from the same lazy chunk. A new import replaces one still running (its worker is ended).
 */
import type { ImportOptions } from '../importer/index.ts';
import type { Scenario } from '../sim/types.ts';
import type { Analysis, AnalyzeResult, Outcome } from './analyze.ts';
import type { ShareMeta } from './shareLink.ts';
import type { WhatIfChoice } from './whatIfs.ts';
import { createWorkerClient, type Body } from '../lib/workerClient.ts';

export type AnalyzeRequest =
  | { id: number; op: 'text'; text: string; options: ImportOptions }
  | { id: number; op: 'scenario'; scenario: Scenario; meta: ShareMeta }
  | { id: number; op: 'whatIf'; scenario: Scenario; meta: ShareMeta; choices: WhatIfChoice[] };

export type AnalyzeResponse =
  | { id: number; op: 'text'; result: AnalyzeResult }
  /** The import is done; the engine runs next (the page says what it simulates). */
  | { id: number; op: 'progress'; nodes: number; pods: number }
  | { id: number; op: 'scenario'; result: Analysis }
  | { id: number; op: 'whatIf'; result: Outcome | null }
  | { id: number; op: 'failed' };

type Analyze = typeof import('./analyze.ts');
type Progress = { nodes: number; pods: number };

const mainThread = (): Promise<Analyze> => import('./analyze.ts');

function onMain(
  request: AnalyzeRequest,
  progress?: (p: Progress) => void,
): Promise<AnalyzeResponse> {
  return mainThread().then((m) => {
    try {
      if (request.op === 'text')
        return {
          id: request.id,
          op: 'text',
          result: m.analyzeText(request.text, request.options, progress),
        };
      if (request.op === 'scenario')
        return {
          id: request.id,
          op: 'scenario',
          result: m.analyzeScenario(request.scenario, request.meta, null),
        };
      return {
        id: request.id,
        op: 'whatIf',
        result: m.whatIfOutcome(request.scenario, request.meta, request.choices),
      };
    } catch {
      return { id: request.id, op: 'failed' };
    }
  });
}

const cluster = createWorkerClient<AnalyzeRequest, AnalyzeResponse, Progress>({
  // Same-origin module file (CSP worker-src 'self'); Vite bundles it as its own chunk.
  spawn: () =>
    typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./analyzeWorker.ts', import.meta.url), { type: 'module' }),
  fallback: onMain,
  progressOf: (m) => (m.op === 'progress' ? { nodes: m.nodes, pods: m.pods } : undefined),
});

/** Run one job; `replace` ends whatever the worker is still doing (a new paste). */
function run(
  body: Body<AnalyzeRequest>,
  replace = false,
  progress?: (p: Progress) => void,
): Promise<AnalyzeResponse> {
  if (replace) cluster.cancelPending((r) => ({ id: r.id, op: 'failed' }));
  return cluster.request(body, progress);
}

/** Import pasted text and derive today's result; `progress` hears when the engine starts. */
export async function importJob(
  text: string,
  options: ImportOptions,
  progress?: (p: { nodes: number; pods: number }) => void,
): Promise<AnalyzeResult | null> {
  const r = await run({ op: 'text', text, options }, true, progress);
  return r.op === 'text' ? r.result : null;
}

/** Today's result of a shared scenario. */
export async function scenarioJob(scenario: Scenario, meta: ShareMeta): Promise<Analysis | null> {
  const r = await run({ op: 'scenario', scenario, meta }, true);
  return r.op === 'scenario' ? r.result : null;
}

/** The result with what-ifs applied (null: they do not fit, or the job failed). */
export async function whatIfJob(
  scenario: Scenario,
  meta: ShareMeta,
  choices: WhatIfChoice[],
): Promise<Outcome | null | 'failed'> {
  const r = await run({ op: 'whatIf', scenario, meta, choices });
  return r.op === 'whatIf' ? r.result : 'failed';
}
