/**
 * The practice page: a puzzle from `?seed=N` (the engine builds, solves and grades it in a
 * worker), its setup in words and as a diagram, five predictions with form controls, and the
 * engine's grade of each with the mechanism behind it. Until the learner commits, the diagram
 * shows the setup only: its playback, narration, inspector and charts stay closed and it takes
 * no input. Rounds fade from a worked example to partly worked to solo (the engine's Fading).
 * This island holds the seed in the URL and the learner's progress; RoundView is one round.
 */
import '../../styles/choices.css';
import '../../styles/practice.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fadingOf } from '../../sim/practiceRound';
import { trFor, type Messages } from '../flow/trClient';
import { loadRound } from './engine';
import {
  loadProgress,
  recordRound,
  saveProgress,
  storage,
  emptyProgress,
  type PracticeProgress,
} from './progress';
import type { Round } from './round';
import { RoundView } from './RoundView';
import { freshSeed, parseSeed, withSeed } from './seed';

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
