/**
 * What a practice question says under its controls: before the commit, the reason behind a
 * given (worked) answer; after it, the grade, the learner's and the engine's answers on a miss,
 * the mechanism, and a button that plays the moment showing it.
 */
import { fixed } from '../../i18n/number';
import type { Grade, Question } from '../../sim/practice';
import type { Tr } from '../flow/trClient';
import {
  answerSentence,
  explanation,
  readNumber,
  type Draft,
  type RoundFacts,
  type Sentence,
} from './explain';
import type { Round } from './round';

/** The feedback of one question; nothing for an open question before the commit. */
export function Feedback({
  q,
  tr,
  lang,
  round,
  facts,
  list,
  draft,
  grade: g,
  given,
  onPlay,
}: {
  q: Question;
  tr: Tr;
  lang: 'en' | 'de';
  round: Round;
  facts: RoundFacts;
  list: (items: string[]) => string;
  draft: Draft;
  /** The engine's grade, once committed. */
  grade: Grade | undefined;
  /** The question's answer was given (worked) in this round's fading. */
  given: boolean;
  /** Play a moment of the diagram, scrolled into view. */
  onPlay: (moment: string | undefined) => void;
}) {
  const say = (s: Sentence): string => tr(s.key, s.vars);
  const why = say(explanation(round, g ?? { question: q, reason: reasonHint(round, q) }, facts));
  if (!g)
    return given ? (
      <div className="hop-practice__given">
        <strong>{tr('practice.given')}:</strong> {why}
      </div>
    ) : null;
  return (
    <div
      className={`hop-practice__fb ${g.correct ? 'is-right' : 'is-wrong'}`}
      id={`practice-fb-${q}`}
      data-grade={g.correct ? 'right' : 'wrong'}
    >
      <p className="hop-practice__verdict">
        <span aria-hidden="true">{g.correct ? '✓' : '✗'}</span>{' '}
        {tr(g.correct ? 'practice.right' : 'practice.wrong')}
      </p>
      {!g.correct && (
        <p>
          {tr('practice.yours', { answer: yourAnswer(q, draft, tr, lang, list, facts) })}
          <br />
          <strong>{tr('practice.engine', { answer: say(answerSentence(round, q, facts)) })}</strong>
        </p>
      )}
      <p data-explanation>{why}</p>
      {!g.correct && round.moments[q] && (
        <button
          type="button"
          className="hop-practice__btn hop-practice__btn--quiet hop-action hop-action--quiet"
          onClick={() => onPlay(round.moments[q])}
        >
          ▶ {tr('practice.play')}
        </button>
      )}
    </div>
  );
}

/** The learner's answer to a question in words. */
function yourAnswer(
  q: Question,
  draft: Draft,
  tr: Tr,
  lang: 'en' | 'de',
  list: (items: string[]) => string,
  facts: RoundFacts,
): string {
  switch (q) {
    case 'pods':
      return list(draft.pods);
    case 'source':
      return tr(`practice.source.${draft.source ?? 'none'}`, facts);
    case 'success':
      return tr(`practice.success.${draft.success ?? 'always'}`, facts);
    case 'share':
      return tr('practice.percent', { value: fixed(lang, readNumber(draft.share) ?? 0, 1) });
    case 'window':
      return tr('practice.seconds', { value: fixed(lang, readNumber(draft.window) ?? 0, 1) });
  }
}

/** The engine's reason code of a question (worked answers are explained before any grade). */
function reasonHint(round: Round, q: Question): string {
  return round.reasons[q] ?? '';
}
