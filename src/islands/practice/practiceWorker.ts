/**
 * Module worker of the practice page: generates, solves and grades puzzles off the main thread
 * (a drain puzzle is three engine runs), so the page bundle never carries the engine.
 */
import { gradeRound, prepareRound, type Round } from './round';
import type { PracticeRequest, PracticeResponse } from './engine';

const rounds = new Map<number, Round>();

function roundOf(seed: number): Round {
  const known = rounds.get(seed);
  if (known) return known;
  const r = prepareRound(seed);
  rounds.set(seed, r);
  if (rounds.size > 8) rounds.delete(rounds.keys().next().value ?? seed);
  return r;
}

addEventListener('message', (e: MessageEvent<PracticeRequest>) => {
  const req = e.data;
  let res: PracticeResponse;
  try {
    res =
      req.kind === 'round'
        ? { id: req.id, ok: true, round: roundOf(req.seed) }
        : { id: req.id, ok: true, grades: gradeRound(roundOf(req.seed), req.answer) };
  } catch {
    res = { id: req.id, ok: false };
  }
  postMessage(res);
});
