/**
 * One practice round: its heading (the family and its lesson), the fading, the setup with its
 * map, the questions, the score once the engine's key has graded them, and then the run's
 * diagram (loaded only now) with the first miss's moment playing.
 */
import { useEffect, useRef, useState } from 'react';
import { isRight } from '../../sim/practiceRound';
import { givenIn, type Fading } from '../../sim/practiceRound';
import type { Grade, QuestionSpec } from '../../sim/practice/types';
import type { Tr } from '../../view/flow/trClient';
import { answersOf, draftWith, emptyDraft, missing } from '../../view/practice/draft';
import { Feedback } from './Feedback';
import { QuestionsForm } from './QuestionsForm';
import type { Round } from '../../view/practice/round';
import { RunDiagram } from './RunDiagram';
import { SetupSection } from './SetupSection';

/** A round from its opening to its grade; the island keys it by seed and family. */
export function RoundView(props: {
  lang: 'en' | 'de';
  tr: Tr;
  round: Round;
  fading: Fading;
  onGraded: (allCorrect: boolean, solo: boolean, missed: string[]) => void;
  onNext: () => void;
}) {
  const { lang, tr, round } = props;
  const { puzzle, key } = round;
  // The fading is fixed when the round opens (grading it moves the stored count on).
  const [fading] = useState(props.fading);
  const [given] = useState(() =>
    givenIn(
      fading,
      puzzle.questions.map((q) => q.id),
    ),
  );
  const [draft, setDraft] = useState(() =>
    draftWith(emptyDraft(puzzle.questions), key, given, lang),
  );
  const [grades, setGrades] = useState<Grade[] | null>(null);
  const [gaps, setGaps] = useState<QuestionSpec[]>([]);
  const [reveal, setReveal] = useState<{ moment: string; scroll: boolean; n: number } | null>(null);
  const resultRef = useRef<HTMLDivElement | null>(null);
  const answers = grades ? answersOf(draft, puzzle.questions) : null;

  const commit = (): void => {
    const open = missing(draft, puzzle.questions);
    setGaps(open);
    if (open.length > 0 || grades) return;
    const a = answersOf(draft, puzzle.questions);
    const g = key.map((k) => ({ id: k.id, correct: isRight(k, a[k.id]) }));
    setGrades(g);
    const missed = g.filter((x) => !x.correct && !given.includes(x.id)).map((x) => x.id);
    props.onGraded(
      g.every((x) => x.correct),
      fading === 'solo',
      missed,
    );
    const miss = g.find((x) => !x.correct);
    setReveal({
      moment: round.moments[miss?.id ?? key[0]?.id ?? ''] ?? 'end',
      scroll: false,
      n: 1,
    });
  };

  // After the commit the first miss's explanation comes into view (or the score).
  useEffect(() => {
    if (!grades) return;
    const miss = grades.find((g) => !g.correct);
    const target = (miss && document.getElementById(`practice-fb-${miss.id}`)) ?? resultRef.current;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const box = target?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight))
      target?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    resultRef.current?.focus({ preventScroll: true });
  }, [grades]);

  const right = grades?.filter((g) => g.correct).length ?? 0;
  const familyName = tr(`practice.family.${puzzle.family}`);
  return (
    <div data-family={puzzle.family} data-lesson={puzzle.lesson}>
      <h2 className="hop-practice__title">
        {tr('practice.heading', { seed: puzzle.seed, family: familyName, lesson: puzzle.lesson })}
      </h2>
      <p className="hop-practice__fading" data-fading={fading}>
        {tr(`practice.fading.${fading}`)}
      </p>
      <p className="hop-practice__link">
        <a href={`?seed=${puzzle.seed}&family=${puzzle.family}`}>{tr('practice.link')}</a> ·{' '}
        {tr('practice.linkHint')}
      </p>
      <SetupSection tr={tr} lang={lang} puzzle={puzzle} />
      <QuestionsForm
        tr={tr}
        lang={lang}
        puzzle={puzzle}
        fading={fading}
        draft={draft}
        onDraft={setDraft}
        given={given}
        grades={grades}
        gaps={gaps}
        onCommit={commit}
        feedback={(q) => (
          <Feedback
            q={q}
            tr={tr}
            lang={lang}
            entry={key.find((k) => k.id === q.id)}
            grade={grades?.find((g) => g.id === q.id)}
            given={given.includes(q.id)}
            yours={answers?.[q.id]}
            drained={puzzle.setup.drained ?? ''}
            canPlay={round.moments[q.id] !== undefined}
            onPlay={() =>
              setReveal((r) => ({
                moment: round.moments[q.id] ?? 'end',
                scroll: true,
                n: (r?.n ?? 0) + 1,
              }))
            }
          />
        )}
      />
      {grades && (
        <>
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
          <h3 className="hop-practice__run">{tr('practice.run')}</h3>
          <RunDiagram
            tr={tr}
            lang={lang}
            scenario={round.diagram}
            title={tr('practice.diagramTitle', { seed: puzzle.seed })}
            reveal={reveal}
          />
        </>
      )}
    </div>
  );
}
