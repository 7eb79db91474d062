/**
 * The practice page's way to the engine: a module worker (practiceWorker.ts), or the engine
 * loaded on the main thread on demand when there is no worker or it fails. Either way the
 * page's own bundle stays free of the engine.
 */
import type { FamilyId } from '../../sim/practiceFamilies';
import { createWorkerClient } from '../../lib/workerClient';
import type { Round } from './round';

export type PracticeRequest = { id: number; seed: number; family: FamilyId | null };
export type PracticeResponse = { id: number; ok: true; round: Round } | { id: number; ok: false };

async function onMainThread(ask: PracticeRequest): Promise<PracticeResponse> {
  try {
    const m = await import('./round');
    return { id: ask.id, ok: true, round: m.prepareRound(ask.seed, ask.family) };
  } catch {
    return { id: ask.id, ok: false };
  }
}

const practice = createWorkerClient<PracticeRequest, PracticeResponse>({
  spawn: () =>
    typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./practiceWorker.ts', import.meta.url), { type: 'module' }),
  fallback: onMainThread,
});

/** The round of a seed (in a family, or mixed), or null when the engine failed. */
export async function loadRound(seed: number, family: FamilyId | null): Promise<Round | null> {
  const r = await practice.request({ seed, family });
  return r.ok ? r.round : null;
}
