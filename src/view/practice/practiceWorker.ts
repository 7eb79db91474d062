/**
 * Module worker of the practice page: builds and solves puzzles off the main thread (a drain
 * puzzle runs the engine once per critical probe phase), so the page never carries the engine.
 */
import { prepareRound, type Round } from './round';
import type { PracticeRequest, PracticeResponse } from './practiceJobs';

const rounds = new Map<string, Round>();

function roundOf(seed: number, family: PracticeRequest['family']): Round {
  const id = `${seed}:${family ?? ''}`;
  const known = rounds.get(id);
  if (known) return known;
  const r = prepareRound(seed, family);
  rounds.set(id, r);
  if (rounds.size > 8) rounds.delete(rounds.keys().next().value ?? id);
  return r;
}

addEventListener('message', (e: MessageEvent<PracticeRequest>) => {
  const req = e.data;
  let res: PracticeResponse;
  try {
    res = { id: req.id, ok: true, round: roundOf(req.seed, req.family) };
  } catch {
    res = { id: req.id, ok: false };
  }
  postMessage(res);
});
