/**
 * The practice page's way to the engine: a module worker (practiceWorker.ts), or the engine
 * loaded on the main thread on demand when there is no worker or it fails. Either way the
 * page's own bundle stays free of the engine.
 */
import type { FamilyId } from '../../sim/practiceFamilies';
import type { Round } from './round';

export type PracticeRequest = { id: number; seed: number; family: FamilyId | null };
export type PracticeResponse = { id: number; ok: true; round: Round } | { id: number; ok: false };

type Ask = { seed: number; family: FamilyId | null };

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { ask: Ask; done: (r: Round | null) => void }>();

async function onMainThread(ask: Ask): Promise<Round | null> {
  try {
    const m = await import('./round');
    return m.prepareRound(ask.seed, ask.family);
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
      w?.done(e.data.ok ? e.data.round : null);
    });
    worker.addEventListener('error', failOver);
    worker.addEventListener('messageerror', failOver);
  } catch {
    worker = null;
  }
  return worker;
}

/** The round of a seed (in a family, or mixed), or null when the engine failed. */
export function loadRound(seed: number, family: FamilyId | null): Promise<Round | null> {
  const w = typeof Worker === 'undefined' ? null : getWorker();
  const ask = { seed, family };
  if (!w) return onMainThread(ask);
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, { ask, done: resolve });
    w.postMessage({ id, ...ask } satisfies PracticeRequest);
  });
}
