/**
 * The practice page: a puzzle from `?seed=N` (the engine builds, solves and grades it in a
 * worker), its setup in words and as a diagram, five predictions with form controls, and the
 * engine's grade of each with the mechanism behind it. Until the learner commits, the diagram
 * shows the setup only: its playback, narration, inspector and charts stay closed and it takes
 * no input. Rounds fade from a worked example to partly worked to solo (the engine's Fading).
 */
import '../../styles/choices.css';
import '../../styles/practice.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fixed } from '../../i18n/number';
import {
  fadingOf,
  givenIn,
  SHARE_TOLERANCE,
  WINDOW_TOLERANCE,
  type Grade,
  type Question,
  type SuccessKind,
} from '../../sim/practice';
import PacketFlowCore from '../PacketFlowCore';
import type { HopRevealDetail } from '../packetFlowApi';
import { trFor, type Messages, type Tr } from '../flow/trClient';
import { gradeAnswer, loadRound } from './engine';
import {
  answerOf,
  answerSentence,
  draftOf,
  explanation,
  missing,
  readNumber,
  roundFacts,
  SOURCE_OPTIONS,
  SUCCESS_OPTIONS,
  type Draft,
  type Sentence,
} from './explain';
import {
  loadProgress,
  recordRound,
  saveProgress,
  storage,
  emptyProgress,
  type PracticeProgress,
} from './progress';
import type { Round } from './round';
import { freshSeed, parseSeed, withSeed } from './seed';

const DIAGRAM_ID = 'practice-diagram';

export interface PracticeProps {
  lang: 'en' | 'de';
  /** The practice area's messages (plus the diagram's, for probe and delivery names). */
  messages: Messages;
  /** What the diagram island ships in this language. */
  flowMessages: Messages;
}

type Load =
  | { phase: 'loading'; seed: number | null }
  | { phase: 'ready'; seed: number; round: Round }
  | { phase: 'error'; seed: number };

/** The round index of a seed: where it was graded, or the next one. */
function roundIndex(p: PracticeProgress, seed: number): number {
  const at = p.graded.indexOf(seed);
  return at < 0 ? p.rounds : p.rounds - p.graded.length + at;
}

/** The practice island (PracticeEn / PracticeDe pick the language's messages). */
export default function Practice(props: PracticeProps) {
  const { lang } = props;
  const tr = useMemo(() => trFor(lang, props.messages), [lang, props.messages]);
  const [load, setLoad] = useState<Load>({ phase: 'loading', seed: null });
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<PracticeProgress>(emptyProgress);
  const [canStore, setCanStore] = useState(true);
  const store = useRef<Storage | null>(null);
  const [mounted, setMounted] = useState(false);

  const open = (seed: number, push: boolean): void => {
    if (push) window.history.pushState(null, '', withSeed(window.location.href, seed));
    else window.history.replaceState(null, '', withSeed(window.location.href, seed));
    setLoad({ phase: 'loading', seed });
    void loadRound(seed).then((round) =>
      setLoad(round ? { phase: 'ready', seed, round } : { phase: 'error', seed }),
    );
  };

  useEffect(() => {
    setMounted(true);
    store.current = storage();
    setCanStore(store.current !== null);
    setProgress(loadProgress(store.current));
    const fromUrl = (): void => {
      const parsed = parseSeed(new URLSearchParams(window.location.search).get('seed'));
      if (parsed.ok) {
        setNotice(null);
        open(parsed.seed, false);
        return;
      }
      setNotice(
        parsed.reason === 'invalid' ? tr('practice.badSeed', { received: parsed.received }) : null,
      );
      open(freshSeed(Math.random), false);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
    // Mount only: the URL is read once, and again on back/forward.
  }, []);

  const next = (): void => {
    setNotice(null);
    open(freshSeed(Math.random, load.seed ?? undefined), true);
  };

  // The server cannot know the seed: it renders an empty box (without JavaScript the page's
  // <noscript> note is all there is), the browser fills it.
  if (!mounted) return <div className="hop-practice not-content" data-phase="loading" />;

  return (
    <div className="hop-practice not-content" data-phase={load.phase} data-seed={load.seed ?? ''}>
      {notice && (
        <p className="hop-practice__notice" role="alert">
          {notice}
        </p>
      )}
      <p className="hop-practice__progress" data-practice-progress>
        {tr('practice.progress', {
          rounds: progress.rounds,
          streak: progress.streak,
          best: progress.best,
        })}
        {!canStore && <> {tr('practice.noStorage')}</>}
      </p>
      {load.phase === 'loading' && (
        <p className="hop-practice__loading" role="status">
          {tr('practice.loading')}
        </p>
      )}
      {load.phase === 'error' && (
        <div className="hop-practice__notice" role="alert">
          <p>{tr('practice.engineError', { seed: load.seed })}</p>
          <button type="button" className="hop-practice__btn hop-action" onClick={next}>
            {tr('practice.next')}
          </button>
        </div>
      )}
      {load.phase === 'ready' && (
        <RoundView
          key={load.seed}
          lang={lang}
          tr={tr}
          round={load.round}
          flowMessages={props.flowMessages}
          fading={fadingOf(roundIndex(progress, load.seed))}
          onGraded={(allCorrect, solo) => {
            setProgress((p) => {
              const after = recordRound(p, load.seed, allCorrect, solo);
              if (after !== p && !saveProgress(store.current, after)) setCanStore(false);
              return after;
            });
          }}
          onNext={next}
        />
      )}
    </div>
  );
}

function RoundView(props: {
  lang: 'en' | 'de';
  tr: Tr;
  round: Round;
  flowMessages: Messages;
  fading: ReturnType<typeof fadingOf>;
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
  const say = (s: Sentence): string => tr(s.key, s.vars);
  const drain = puzzle.drainNode;

  const reveal = (moment: string | undefined, scroll: boolean): void => {
    if (!moment) return;
    const detail: HopRevealDetail = { diagram: DIAGRAM_ID, reveal: moment, scroll };
    window.dispatchEvent(new CustomEvent('hop:reveal', { detail }));
  };

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
  const gradeOf = (q: Question): Grade | undefined => grades?.find((g) => g.question === q);
  const isGiven = (q: Question): boolean => given.includes(q);
  const locked = (q: Question): boolean => committed || checking || isGiven(q);

  const yours = (q: Question): string => {
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
  };

  /** The reason under a given answer, or the grade with its mechanism after the commit. */
  const feedback = (q: Question): ReactNode => {
    const g = gradeOf(q);
    const why = say(explanation(round, g ?? { question: q, reason: reasonHint(round, q) }, facts));
    if (!g)
      return isGiven(q) ? (
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
            {tr('practice.yours', { answer: yours(q) })}
            <br />
            <strong>
              {tr('practice.engine', { answer: say(answerSentence(round, q, facts)) })}
            </strong>
          </p>
        )}
        <p data-explanation>{why}</p>
        {!g.correct && round.moments[q] && (
          <button
            type="button"
            className="hop-practice__btn hop-practice__btn--quiet hop-action hop-action--quiet"
            onClick={() => reveal(round.moments[q], true)}
          >
            ▶ {tr('practice.play')}
          </button>
        )}
      </div>
    );
  };

  const qClass = (q: Question): string => {
    const g = gradeOf(q);
    return `hop-practice__q${g ? (g.correct ? ' is-right' : ' is-wrong') : ''}${isGiven(q) ? ' is-given' : ''}`;
  };
  const right = grades?.filter((g) => g.correct).length ?? 0;
  const nodeIpOf = (id: string): string => scenario.nodes.find((n) => n.id === id)?.ip ?? '';
  const probe = scenario.loadBalancer.probe;

  return (
    <>
      <h2 className="hop-practice__title">{tr('practice.heading', { seed })}</h2>
      <p className="hop-practice__fading" data-fading={shownFading}>
        {tr(`practice.fading.${shownFading}`)}
      </p>
      <section className="hop-practice__setup" aria-labelledby="practice-setup">
        <h3 id="practice-setup">{tr('practice.setup')}</h3>
        <p>
          {tr('practice.desc.cluster', {
            nodes: scenario.nodes.length,
            count: scenario.pods.length,
          })}
        </p>
        <ul>
          {scenario.nodes.map((n) => {
            const pods = scenario.pods.filter((p) => p.node === n.id).map((p) => p.id);
            return (
              <li key={n.id}>
                {pods.length
                  ? tr('practice.desc.node', { node: n.id, ip: n.ip, pods: list(pods) })
                  : tr('practice.desc.nodeEmpty', { node: n.id, ip: n.ip })}
              </li>
            );
          })}
        </ul>
        <p>
          {tr(
            scenario.service.externalTrafficPolicy === 'Local'
              ? 'practice.desc.policyLocal'
              : scenario.masquerade
                ? 'practice.desc.policyClusterSnat'
                : 'practice.desc.policyClusterNoSnat',
          )}
        </p>
        <p>
          {tr('practice.desc.lb', {
            preset: tr(`practice.preset.${scenario.loadBalancer.preset}`),
            delivery: tr(`diagram.delivery.${scenario.loadBalancer.delivery}`),
            probe: tr(`diagram.probe.${probe.kind}`),
            interval: probe.interval,
            timeout: probe.timeout,
            threshold: probe.unhealthyThreshold,
          })}
        </p>
        <p className="hop-practice__named">
          <strong>
            {tr(puzzle.direct ? 'practice.desc.namedDirect' : 'practice.desc.namedLb', {
              client: facts.client,
              node: puzzle.ingressNode,
              nodeIp: nodeIpOf(puzzle.ingressNode),
            })}
          </strong>
        </p>
        {drain && (
          <p>
            {tr(puzzle.autoscaler ? 'practice.desc.drainAutoscaler' : 'practice.desc.drain', {
              node: drain,
              duration: scenario.traffic.duration,
            })}
          </p>
        )}
        <p className="hop-practice__link">
          <a href={withSeedPath(seed)}>{tr('practice.link')}</a> · {tr('practice.linkHint')}
        </p>
      </section>

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

      <form
        className="hop-practice__form"
        aria-labelledby="practice-questions"
        onSubmit={(e) => {
          e.preventDefault();
          commit();
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
                    setDraft((d) => ({
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
                  onChange={() => setDraft((d) => ({ ...d, source: o }))}
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
                  onChange={() => setDraft((d) => ({ ...d, success: o }))}
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
                setDraft((d) => ({ ...d, share: v }));
              }}
            />
            <label>
              <span className="hop-sr">
                {tr('practice.q.shareLabel', { pod: puzzle.sharePod })}
              </span>
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
                  setDraft((d) => ({ ...d, share: v }));
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
                    setDraft((d) => ({ ...d, window: v }));
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
              {tr(shownFading === 'worked' ? 'practice.confirm' : 'practice.check')}
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

/** The engine's reason code of a question (worked answers are explained before any grade). */
function reasonHint(round: Round, q: Question): string {
  return round.reasons[q] ?? '';
}

/** The link to this puzzle, relative to the page. */
function withSeedPath(seed: number): string {
  return `?seed=${seed}`;
}
