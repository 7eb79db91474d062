/**
 * What a question says under its controls: before the commit, the reason behind a given answer
 * (worked rounds); after it, the grade, the learner's and the engine's answers on a miss, the
 * mechanism the engine ran and, for a drain window, where the answer falls in the band over the
 * checks' timing and which timing gives it. A button plays the moment of the run that shows it.
 */
import { num, phraseText } from '../../lib/practiceText';
import type { Grade, KeyEntry, QuestionSpec, WindowBand } from '../../sim/practice/types';
import type { Tr } from '../../view/flow/trClient';
import { answerText, keyText, timingFor } from '../../view/practice/draft';

/** The band of a window with the engine's and the learner's answers on it. */
function BandBar({
  tr,
  lang,
  band,
  answer,
  yours,
  node,
  withRange,
}: {
  tr: Tr;
  lang: 'en' | 'de';
  band: WindowBand;
  answer: number;
  yours: number | null;
  node: string;
  /** Say the band in words (the band questions' explanation already does). */
  withRange: boolean;
}) {
  const max = Math.max(band.hi, answer, yours ?? 0, 1) * 1.1;
  const x = (v: number): string => `${(Math.max(0, v) / max) * 100}%`;
  const timing = yours === null ? null : timingFor(band, yours);
  // A phase just below a whole second is where the window jumps: say "just before". Numbers as
  // the mechanism's explanation words them (drainWhy.ts atPhrase, through practiceText's num).
  const when = (phase: number): string => {
    const up = Math.round(phase);
    return phase < up && up - phase < 0.01
      ? tr('practice.band.justBefore', { t: num(lang, up) })
      : tr('practice.band.at', { t: num(lang, Math.round(phase * 10) / 10) });
  };
  return (
    <div className="hop-band" data-band>
      <div className="hop-band__track" aria-hidden="true">
        <span
          className="hop-band__range"
          style={{ left: x(band.lo), width: `calc(${x(band.hi)} - ${x(band.lo)} + 2px)` }}
        />
        <span className="hop-band__mark hop-band__mark--key" style={{ left: x(answer) }} />
        {yours !== null && (
          <span className="hop-band__mark hop-band__mark--yours" style={{ left: x(yours) }} />
        )}
      </div>
      <p className="hop-band__text">
        {withRange &&
          tr('practice.band.range', {
            node,
            lo: band.lo,
            hi: band.hi,
            loAt: when(band.loPhase),
            hiAt: when(band.hiPhase),
          })}{' '}
        {yours !== null &&
          tr(timing === null ? 'practice.band.yoursOutside' : 'practice.band.yoursInside', {
            value: num(lang, yours),
            at: timing === null ? '' : when(timing),
          })}
      </p>
    </div>
  );
}

/** The feedback of one question; nothing for an open question before the commit. */
export function Feedback({
  q,
  tr,
  lang,
  entry,
  grade: g,
  given,
  yours,
  drained,
  canPlay,
  onPlay,
}: {
  q: QuestionSpec;
  tr: Tr;
  lang: 'en' | 'de';
  entry: KeyEntry | undefined;
  grade: Grade | undefined;
  given: boolean;
  /** The learner's answer as graded. */
  yours: string | string[] | number | undefined;
  drained: string;
  canPlay: boolean;
  onPlay: () => void;
}) {
  if (!entry) return null;
  const why = phraseText(tr, lang, entry.explanation);
  if (!g)
    return given ? (
      <div className="hop-practice__given">
        <strong>{tr('practice.given')}:</strong> {why}
      </div>
    ) : null;
  return (
    <div
      className={`hop-practice__fb ${g.correct ? 'is-right' : 'is-wrong'}`}
      id={`practice-fb-${q.id}`}
      data-grade={g.correct ? 'right' : 'wrong'}
    >
      <p className="hop-practice__verdict">
        <span aria-hidden="true">{g.correct ? '✓' : '✗'}</span>{' '}
        {tr(g.correct ? 'practice.right' : 'practice.wrong')}
      </p>
      {!g.correct && (
        <p>
          {tr('practice.yours', { answer: answerText(tr, lang, q, yours) })}
          <br />
          <strong>{tr('practice.engine', { answer: keyText(tr, lang, q, entry) })}</strong>
        </p>
      )}
      <p data-explanation>{why}</p>
      {entry.band && typeof entry.answer === 'number' && (
        <BandBar
          tr={tr}
          lang={lang}
          band={entry.band}
          answer={entry.answer}
          yours={typeof yours === 'number' && Number.isFinite(yours) ? yours : null}
          node={drained}
          withRange={entry.explanation.vars?.['story'] === undefined}
        />
      )}
      {canPlay && !g.correct && (
        <button
          type="button"
          className="hop-practice__btn hop-practice__btn--quiet hop-action hop-action--quiet"
          onClick={onPlay}
          data-practice-play
        >
          ▶ {tr('practice.play')}
        </button>
      )}
    </div>
  );
}
