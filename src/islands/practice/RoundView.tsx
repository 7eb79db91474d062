/**
 * One practice round: its setup, the diagram (closed and inert until the learner commits), the
 * questions, and the score once the engine has graded them. The round holds the draft answers
 * and the grades; after the commit it brings the first miss into view and plays its moment.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Grade, Question } from '../../sim/practice';
import { givenIn, type Fading } from '../../sim/practiceRound';
import PacketFlowCore from '../PacketFlowCore';
import type { HopRevealDetail } from '../packetFlowApi';
import type { Messages, Tr } from '../flow/trClient';
import { gradeAnswer } from './engine';
import { answerOf, draftOf, missing, roundFacts, type Draft } from './explain';
import { Feedback } from './Feedback';
import { QuestionsForm } from './QuestionsForm';
import type { Round } from './round';
import { SetupSection } from './SetupSection';

const DIAGRAM_ID = 'practice-diagram';

/** Ask the round's diagram to play a moment (the diagram listens for `hop:reveal`). */
function reveal(moment: string | undefined, scroll: boolean): void {
  if (!moment) return;
  const detail: HopRevealDetail = { diagram: DIAGRAM_ID, reveal: moment, scroll };
  window.dispatchEvent(new CustomEvent('hop:reveal', { detail }));
}

/** A round from its opening to its grade; the island keys it by seed. */
export function RoundView(props: {
  lang: 'en' | 'de';
  tr: Tr;
  round: Round;
  flowMessages: Messages;
  fading: Fading;
  onGraded: (allCorrect: boolean, solo: boolean) => void;
  onNext: () => void;
}) {
  const { lang, tr, round, fading } = props;
  const { puzzle } = round;
  const seed = puzzle.seed;
  const list = useMemo(() => {
    const f = new Intl.ListFormat(lang, { type: 'conjunction' });
    return (items: string[]): string => (items.length ? f.format(items) : tr('practice.none'));
  }, [lang, tr]);
  const facts = useMemo(() => roundFacts(round, lang, list), [round, lang, list]);
  // What the questions and their feedback both read.
  const shared = { tr, round, facts, list };
  // The fading is fixed when the round opens (grading it moves the stored count on).
  const [given] = useState<Question[]>(() => givenIn(fading, puzzle.questions));
  const [shownFading] = useState(fading);
  const [draft, setDraft] = useState<Draft>(() => draftOf(round, given));
  const [grades, setGrades] = useState<Grade[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [gaps, setGaps] = useState<Question[]>([]);
  const [failed, setFailed] = useState(false);
  const resultRef = useRef<HTMLDivElement | null>(null);
  const committed = grades !== null;

  const commit = (): void => {
    const open = missing(draft, puzzle.questions);
    setGaps(open);
    if (open.length > 0 || checking) return;
    setChecking(true);
    void gradeAnswer(seed, answerOf(draft)).then((g) => {
      setChecking(false);
      if (!g) {
        setFailed(true);
        return;
      }
      setGrades(g);
      props.onGraded(
        g.every((x) => x.correct),
        shownFading === 'solo',
      );
    });
  };

  // After the commit: the first miss's explanation comes into view, and the diagram plays the
  // moment that shows it (in place: the learner stays with the feedback).
  useEffect(() => {
    if (!grades) return;
    const miss = grades.find((g) => !g.correct);
    const target =
      (miss && document.getElementById(`practice-fb-${miss.question}`)) ?? resultRef.current;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const show = (): void => {
      const box = target?.getBoundingClientRect();
      if (!box || (box.top >= 0 && box.bottom <= window.innerHeight)) return;
      target?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    };
    show();
    resultRef.current?.focus({ preventScroll: true });
    // The diagram's panels open above the form a task later and push it down: look again.
    const late = window.setTimeout(show, 400);
    const t = window.setTimeout(() => reveal(round.moments[miss?.question ?? 'pods'], false), 50);
    return () => {
      window.clearTimeout(t);
      window.clearTimeout(late);
    };
  }, [grades]);

  const scenario = round.diagram;
  const title = tr('practice.diagramTitle', { seed });
  const right = grades?.filter((g) => g.correct).length ?? 0;

  return (
    <>
      <h2 className="hop-practice__title">{tr('practice.heading', { seed })}</h2>
      <p className="hop-practice__fading" data-fading={shownFading}>
        {tr(`practice.fading.${shownFading}`)}
      </p>
      <SetupSection tr={tr} round={round} facts={facts} list={list} />

      <div
        className="hop-practice__diagram"
        data-revealed={committed ? 'true' : 'false'}
        // Before the commit the diagram takes no input: a key press must not play the answer.
        {...(committed ? {} : { inert: true })}
      >
        <PacketFlowCore
          scenario={scenario.id}
          scenarioData={scenario}
          title={title}
          lang={lang}
          messages={props.flowMessages}
          instanceId={DIAGRAM_ID}
          chrome="full"
          headingLevel={3}
        />
      </div>
      {!committed && <p className="hop-practice__concealed">{tr('practice.concealed')}</p>}
      {committed && (
        <p className="hop-practice__concealed">
          {!puzzle.direct && <>{tr('practice.samples', { node: puzzle.ingressNode })} </>}
          <a href="#practice-questions">↓ {tr('practice.backToAnswers')}</a>
        </p>
      )}

      <QuestionsForm
        {...shared}
        fading={shownFading}
        draft={draft}
        onDraft={setDraft}
        given={given}
        grades={grades}
        checking={checking}
        failed={failed}
        gaps={gaps}
        onCommit={commit}
        feedback={(q) => (
          <Feedback
            {...shared}
            q={q}
            lang={lang}
            draft={draft}
            grade={grades?.find((g) => g.question === q)}
            given={given.includes(q)}
            onPlay={(moment) => reveal(moment, true)}
          />
        )}
      />

      {committed && (
        <div
          className="hop-practice__result"
          ref={resultRef}
          tabIndex={-1}
          role="status"
          data-practice-result
        >
          <p>
            <strong>
              {right === grades.length
                ? tr('practice.scoreAll', { total: grades.length })
                : tr('practice.score', { right, total: grades.length })}
            </strong>
          </p>
          <button
            type="button"
            className="hop-practice__btn hop-action"
            onClick={props.onNext}
            data-practice-next
          >
            {tr('practice.next')}
          </button>
        </div>
      )}
    </>
  );
}
