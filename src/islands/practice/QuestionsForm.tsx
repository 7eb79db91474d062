/**
 * A practice round's questions as a form: which Pods answer, what source address they see,
 * whether connections succeed, one Pod's share and, with a drain, the failure window. The round
 * holds the draft and the grades; each question's feedback comes from it, rendered under the
 * question's controls.
 */
import type { ReactNode } from 'react';
import type { Grade, Question, SuccessKind } from '../../sim/practice';
import { SHARE_TOLERANCE, WINDOW_TOLERANCE, type Fading } from '../../sim/practiceRound';
import type { Tr } from '../flow/trClient';
import {
  readNumber,
  SOURCE_OPTIONS,
  SUCCESS_OPTIONS,
  type Draft,
  type RoundFacts,
} from './explain';
import type { Round } from './round';

/** The form; answers lock while checking, once committed, and where the fading gives them. */
export function QuestionsForm({
  tr,
  round,
  facts,
  list,
  fading,
  draft,
  onDraft,
  given,
  grades,
  checking,
  failed,
  gaps,
  onCommit,
  feedback,
}: {
  tr: Tr;
  round: Round;
  facts: RoundFacts;
  list: (items: string[]) => string;
  /** The fading the round opened with. */
  fading: Fading;
  draft: Draft;
  onDraft: (update: (d: Draft) => Draft) => void;
  given: readonly Question[];
  grades: Grade[] | null;
  checking: boolean;
  /** The engine could not grade. */
  failed: boolean;
  /** Questions left open at the last try to commit. */
  gaps: Question[];
  onCommit: () => void;
  feedback: (q: Question) => ReactNode;
}) {
  const { puzzle } = round;
  const scenario = round.diagram;
  const seed = puzzle.seed;
  const drain = puzzle.drainNode;
  const committed = grades !== null;
  const gradeOf = (q: Question): Grade | undefined => grades?.find((g) => g.question === q);
  const isGiven = (q: Question): boolean => given.includes(q);
  const locked = (q: Question): boolean => committed || checking || isGiven(q);
  const qClass = (q: Question): string => {
    const g = gradeOf(q);
    return `hop-practice__q${g ? (g.correct ? ' is-right' : ' is-wrong') : ''}${isGiven(q) ? ' is-given' : ''}`;
  };

  return (
    <form
      className="hop-practice__form"
      aria-labelledby="practice-questions"
      onSubmit={(e) => {
        e.preventDefault();
        onCommit();
      }}
    >
      <h3 id="practice-questions">{tr('practice.questions')}</h3>

      <fieldset className={qClass('pods')} data-question="pods">
        <legend>1. {tr('practice.q.pods')}</legend>
        <p className="hop-practice__hint">{tr('practice.q.podsHint')}</p>
        <div className="hop-practice__options">
          {scenario.pods.map((p) => (
            <label key={p.id} className="hop-practice__option hop-choice">
              <input
                type="checkbox"
                name="pods"
                value={p.id}
                checked={draft.pods.includes(p.id)}
                disabled={locked('pods')}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  onDraft((d) => ({
                    ...d,
                    pods: on ? [...d.pods, p.id] : d.pods.filter((x) => x !== p.id),
                  }));
                }}
              />
              <span>{tr('practice.pod', { pod: p.id, node: p.node ?? '' })}</span>
            </label>
          ))}
        </div>
        {feedback('pods')}
      </fieldset>

      <fieldset className={qClass('source')} data-question="source">
        <legend>2. {tr('practice.q.source')}</legend>
        <div className="hop-practice__options">
          {SOURCE_OPTIONS.map((o) => (
            <label key={o} className="hop-practice__option hop-choice">
              <input
                type="radio"
                name="source"
                value={o}
                checked={draft.source === o}
                disabled={locked('source')}
                onChange={() => onDraft((d) => ({ ...d, source: o }))}
              />
              <span>{tr(`practice.source.${o}`, facts)}</span>
            </label>
          ))}
        </div>
        {feedback('source')}
      </fieldset>

      <fieldset className={qClass('success')} data-question="success">
        <legend>3. {tr('practice.q.success')}</legend>
        <div className="hop-practice__options">
          {SUCCESS_OPTIONS.map((o: SuccessKind) => (
            <label key={o} className="hop-practice__option hop-choice">
              <input
                type="radio"
                name="success"
                value={o}
                checked={draft.success === o}
                disabled={locked('success')}
                onChange={() => onDraft((d) => ({ ...d, success: o }))}
              />
              <span>{tr(`practice.success.${o}`, facts)}</span>
            </label>
          ))}
        </div>
        {feedback('success')}
      </fieldset>

      <fieldset className={qClass('share')} data-question="share">
        <legend>4. {tr('practice.q.share', { pod: puzzle.sharePod })}</legend>
        <p className="hop-practice__hint" id="practice-share-hint">
          {tr('practice.q.shareHint', { tol: SHARE_TOLERANCE * 100 })}
        </p>
        <div className="hop-practice__number">
          <input
            type="range"
            min={0}
            max={100}
            step={0.5}
            value={readNumber(draft.share) ?? 0}
            disabled={locked('share')}
            aria-label={tr('practice.q.shareLabel', { pod: puzzle.sharePod })}
            aria-describedby="practice-share-hint"
            onInput={(e) => {
              const v = e.currentTarget.value;
              onDraft((d) => ({ ...d, share: v }));
            }}
          />
          <label>
            <span className="hop-sr">{tr('practice.q.shareLabel', { pod: puzzle.sharePod })}</span>
            <input
              type="text"
              inputMode="decimal"
              name="share"
              size={6}
              value={draft.share}
              disabled={locked('share')}
              aria-describedby="practice-share-hint"
              onInput={(e) => {
                const v = e.currentTarget.value;
                onDraft((d) => ({ ...d, share: v }));
              }}
            />{' '}
            %
          </label>
        </div>
        {feedback('share')}
      </fieldset>

      {drain && (
        <fieldset className={qClass('window')} data-question="window">
          <legend>5. {tr('practice.q.window', { node: drain })}</legend>
          <p className="hop-practice__hint" id="practice-window-hint">
            {tr('practice.q.windowHint', { tol: WINDOW_TOLERANCE })}
          </p>
          <div className="hop-practice__number">
            <label>
              <span className="hop-sr">{tr('practice.q.windowLabel')}</span>
              <input
                type="text"
                inputMode="decimal"
                name="window"
                size={6}
                value={draft.window}
                disabled={locked('window')}
                aria-describedby="practice-window-hint"
                onInput={(e) => {
                  const v = e.currentTarget.value;
                  onDraft((d) => ({ ...d, window: v }));
                }}
              />{' '}
              s
            </label>
          </div>
          {feedback('window')}
        </fieldset>
      )}

      {!committed && (
        <div className="hop-practice__actions">
          <button type="submit" className="hop-practice__btn hop-action" disabled={checking}>
            {tr(fading === 'worked' ? 'practice.confirm' : 'practice.check')}
          </button>
          <p className="hop-practice__status" role="status" aria-live="polite">
            {checking
              ? tr('practice.checking')
              : failed
                ? tr('practice.engineError', { seed })
                : gaps.length > 0
                  ? tr('practice.missing', {
                      list: list(gaps.map((q) => tr(`practice.qname.${q}`))),
                    })
                  : ''}
          </p>
        </div>
      )}
    </form>
  );
}
