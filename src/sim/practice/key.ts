/** Key entries from the engine's answers: the accepted values follow from the question's kind. */
import { acceptedAround } from '../practiceRound.ts';
import type { KeyEntry, Phrase, QuestionSpec, WindowBand } from './types.ts';

type Show = KeyEntry['show'];

const base = (q: QuestionSpec, explanation: Phrase, show: Show) => ({
  id: q.id,
  kind: q.kind,
  moment: q.moment,
  explanation,
  ...(show ? { show } : {}),
});

/** The engine's choice; only it is accepted. */
export function choiceKey(q: QuestionSpec, answer: string, why: Phrase, show?: Show): KeyEntry {
  return { ...base(q, why, show), answer, accepted: [answer] };
}

/** The engine's set; only exactly it is accepted. */
export function multiKey(q: QuestionSpec, answer: string[], why: Phrase, show?: Show): KeyEntry {
  const set = [...new Set(answer)].sort();
  return { ...base(q, why, show), answer: set, accepted: set };
}

/** The engine's number, accepted within the unit's tolerance (or within a given range). */
export function numberKey(
  q: QuestionSpec,
  value: number,
  why: Phrase,
  show?: Show,
  accepted?: [number, number],
  band?: WindowBand,
): KeyEntry {
  const v = Math.round(value * 100) / 100;
  return {
    ...base(q, why, show),
    answer: v,
    accepted: accepted ?? acceptedAround(q.unit ?? 'seconds', v),
    ...(band ? { band } : {}),
  };
}
