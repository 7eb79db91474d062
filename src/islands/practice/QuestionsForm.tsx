/**
 * A round's questions as one form: each question with its moment, its controls (options,
 * several options, or a number with its unit), and under it the given answer's reason (worked
 * rounds) or, once committed, the engine's feedback.
 */
import type { ReactNode } from 'react';
import { phraseText } from '../../lib/practiceText';
import type { Fading } from '../../sim/practiceRound';
import type { Grade, Puzzle, QuestionSpec } from '../../sim/practice/types';
import type { Tr } from '../../view/flow/trClient';
import type { Draft } from '../../view/practice/draft';

/** The moment a question names, as its badge says it. */
function momentText(tr: Tr, puzzle: Puzzle, q: QuestionSpec): string {
  const drained = puzzle.setup.drained ?? '';
  const drainAt = puzzle.scenario.timeline.find((a) => a.type === 'drainNode')?.at ?? 0;
  return tr(`practice.moment.${q.moment}`, { node: drained, at: drainAt });
}

/** The form; answers lock while checking, once committed, and where the fading gives them. */
export function QuestionsForm(props: {
  tr: Tr;
  lang: 'en' | 'de';
  puzzle: Puzzle;
  fading: Fading;
  draft: Draft;
  onDraft: (update: (d: Draft) => Draft) => void;
  given: readonly string[];
  grades: Grade[] | null;
  /** Questions left open at the last try to commit. */
  gaps: QuestionSpec[];
  onCommit: () => void;
  feedback: (q: QuestionSpec) => ReactNode;
}) {
  const { tr, lang, puzzle, draft, onDraft, given, grades } = props;
  const committed = grades !== null;
  const say = (p: Parameters<typeof phraseText>[2]): string => phraseText(tr, lang, p);
  return (
    <form
      className="hop-practice__form"
      aria-labelledby="practice-questions"
      onSubmit={(e) => {
        e.preventDefault();
        props.onCommit();
      }}
    >
      <h3 id="practice-questions">
        {tr('practice.questions', { count: puzzle.questions.length })}
      </h3>
      {puzzle.questions.map((q, i) => {
        const g = grades?.find((x) => x.id === q.id);
        const locked = committed || given.includes(q.id);
        const cls = `hop-practice__q${g ? (g.correct ? ' is-right' : ' is-wrong') : ''}${given.includes(q.id) ? ' is-given' : ''}`;
        const hintId = `practice-hint-${q.id}`;
        const value = draft[q.id];
        return (
          <fieldset key={q.id} className={cls} data-question={q.id} data-moment={q.moment}>
            <legend>
              {i + 1}. {say(q.prompt)}{' '}
              <span className="hop-practice__moment">{momentText(tr, puzzle, q)}</span>
            </legend>
            {q.hint && (
              <p className="hop-practice__hint" id={hintId}>
                {say(q.hint)}
              </p>
            )}
            {q.kind === 'number' ? (
              <label className="hop-practice__number">
                <span className="hop-sr">{say(q.prompt)}</span>
                <input
                  type="text"
                  inputMode="decimal"
                  name={q.id}
                  size={7}
                  maxLength={12}
                  autoComplete="off"
                  value={typeof value === 'string' ? value : ''}
                  disabled={locked}
                  {...(q.hint ? { 'aria-describedby': hintId } : {})}
                  onInput={(e) => {
                    const v = e.currentTarget.value;
                    onDraft((d) => ({ ...d, [q.id]: v }));
                  }}
                />{' '}
                {tr(`practice.unitName.${q.unit ?? 'seconds'}`)}
              </label>
            ) : (
              <div className="hop-practice__options">
                {(q.options ?? []).map((o) => {
                  const multi = q.kind === 'multi';
                  const checked = multi
                    ? Array.isArray(value) && value.includes(o.value)
                    : value === o.value;
                  return (
                    <label key={o.value} className="hop-practice__option hop-choice">
                      <input
                        type={multi ? 'checkbox' : 'radio'}
                        name={q.id}
                        value={o.value}
                        checked={checked}
                        disabled={locked}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          onDraft((d) => {
                            if (!multi) return { ...d, [q.id]: o.value };
                            const was = Array.isArray(d[q.id]) ? (d[q.id] as string[]) : [];
                            return {
                              ...d,
                              [q.id]: on ? [...was, o.value] : was.filter((x) => x !== o.value),
                            };
                          });
                        }}
                      />
                      <span>{say(o.label)}</span>
                    </label>
                  );
                })}
              </div>
            )}
            {props.feedback(q)}
          </fieldset>
        );
      })}
      {!committed && (
        <div className="hop-practice__actions">
          <button type="submit" className="hop-practice__btn hop-action">
            {tr(props.fading === 'worked' ? 'practice.confirm' : 'practice.check')}
          </button>
          <p className="hop-practice__status" role="status" aria-live="polite">
            {props.gaps.length > 0
              ? tr('practice.missing', {
                  list: props.gaps.map((q) => String(puzzle.questions.indexOf(q) + 1)).join(', '),
                })
              : ''}
          </p>
        </div>
      )}
    </form>
  );
}
