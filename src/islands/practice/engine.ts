/**
 * The practice page's way to the engine: a module worker (practiceWorker.ts), or the engine
 * loaded on the main thread on demand when there is no worker or it fails. Either way the
 * page's own bundle stays free of the engine.
 */
import type { Answer, Grade } from '../../sim/practice';
import type { Round } from './round';

export type PracticeRequest =
  | { id: number; kind: 'round'; seed: number }
  | { id: number; kind: 'grade'; seed: number; answer: Answer };

export type PracticeResponse =
  | { id: number; ok: true; round: Round }
  | { id: number; ok: true; grades: Grade[] }
  | { id: number; ok: false };

type Payload = { round: Round } | { grades: Grade[] };
type Ask = { kind: 'round'; seed: number } | { kind: 'grade'; seed: number; answer: Answer };

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { ask: Ask; done: (p: Payload | null) => void }>();

async function onMainThread(ask: Ask): Promise<Payload | null> {
  try {
    const m = await import('./round');
    const round = m.prepareRound(ask.seed);
    return ask.kind === 'round' ? { round } : { grades: m.gradeRound(round, ask.answer) };
  } catch {
    return null;
  }
}

function failOver(): void {
  worker?.terminate();
  worker = null;
  const all = [...waiting.values()];
  waiting.clear();
  for (const { ask, done } of all) void onMainThread(ask).then(done);
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./practiceWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (e: MessageEvent<PracticeResponse>) => {
      const w = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (!w) return;
      const r = e.data;
      w.done(!r.ok ? null : 'round' in r ? { round: r.round } : { grades: r.grades });
    });
    worker.addEventListener('error', failOver);
    worker.addEventListener('messageerror', failOver);
  } catch {
    worker = null;
  }
  return worker;
}

function ask(a: Ask): Promise<Payload | null> {
  const w = typeof Worker === 'undefined' ? null : getWorker();
  if (!w) return onMainThread(a);
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, { ask: a, done: resolve });
    w.postMessage({ id, ...a } satisfies PracticeRequest);
  });
}

/** The round of a seed, or null when the engine failed (the page says so). */
export async function loadRound(seed: number): Promise<Round | null> {
  const p = await ask({ kind: 'round', seed });
  return p && 'round' in p ? p.round : null;
}

/** The engine's grades of an answer, or null when the engine failed. */
export async function gradeAnswer(seed: number, answer: Answer): Promise<Grade[] | null> {
  const p = await ask({ kind: 'grade', seed, answer });
  return p && 'grades' in p ? p.grades : null;
}
