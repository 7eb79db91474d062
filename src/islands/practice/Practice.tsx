/**
 * The practice page: a puzzle from `?seed=N` (and `&family=F`, else the seed picks the family),
 * built and solved by the engine in a worker; the topic picker, what is due for review today,
 * the learner's progress, and one round. The diagram of the run and its messages load only
 * after the learner commits (RunDiagram), so the page's own script stays small.
 */
import '../../styles/choices.css';
import '../../styles/practice.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  dayOf,
  DUE_KEY,
  dueToday,
  parseDue,
  recordDue,
  type DueState,
} from '../../lib/practiceDue';
import { fadingOf } from '../../sim/practiceRound';
import type { FamilyId } from '../../sim/practiceFamilies';
import { trFor, type Messages } from '../../view/flow/trClient';
import { loadRound } from '../../view/practice/practiceJobs';
import { Picker } from './Picker';
import {
  emptyProgress,
  loadProgress,
  readStored,
  recordRound,
  roundName,
  roundsOf,
  saveProgress,
  storage,
  writeStored,
  type PracticeProgress,
} from '../../view/practice/progress';
import type { Round } from '../../view/practice/round';
import { RoundView } from './RoundView';
import { freshSeed, parseFamily, parseSeed, withSeed } from '../../view/practice/seed';

export interface PracticeProps {
  lang: 'en' | 'de';
  /** The practice area's messages in the page's language. */
  messages: Messages;
}

type Load =
  | { phase: 'loading'; seed: number | null }
  | { phase: 'ready'; seed: number; round: Round }
  | { phase: 'error'; seed: number };

/** The practice island (PracticeEn / PracticeDe pick the language's messages). */
export default function Practice(props: PracticeProps) {
  const { lang } = props;
  const tr = useMemo(() => trFor(lang, props.messages), [lang, props.messages]);
  const [load, setLoad] = useState<Load>({ phase: 'loading', seed: null });
  const [family, setFamily] = useState<FamilyId | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<PracticeProgress>(emptyProgress);
  const [due, setDue] = useState<DueState>({});
  const [canStore, setCanStore] = useState(true);
  const store = useRef<Storage | null>(null);
  const [mounted, setMounted] = useState(false);
  const today = dayOf(new Date());

  const open = (seed: number, fam: FamilyId | null, push: boolean): void => {
    const url = withSeed(window.location.href, seed, fam);
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    setFamily(fam);
    setLoad({ phase: 'loading', seed });
    void loadRound(seed, fam).then((round) =>
      setLoad(round ? { phase: 'ready', seed, round } : { phase: 'error', seed }),
    );
  };

  useEffect(() => {
    setMounted(true);
    store.current = storage();
    setCanStore(store.current !== null);
    setProgress(loadProgress(store.current));
    setDue(parseDue(readStored(store.current, DUE_KEY)));
    const fromUrl = (): void => {
      const q = new URLSearchParams(window.location.search);
      const parsed = parseSeed(q.get('seed'));
      const fam = parseFamily(q.get('family'));
      const notes: string[] = [];
      if (!parsed.ok && parsed.reason === 'invalid')
        notes.push(tr('practice.badSeed', { received: parsed.received }));
      if (!fam.ok) notes.push(tr('practice.badFamily', { received: fam.received }));
      setNotice(notes.length ? notes.join(' ') : null);
      const f = fam.ok ? fam.family : null;
      open(parsed.ok ? parsed.seed : freshSeed(Math.random), f, false);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
    // Mount only: the URL is read once, and again on back/forward.
  }, []);

  const next = (fam: FamilyId | null = family): void => {
    setNotice(null);
    open(freshSeed(Math.random, load.seed ?? undefined), fam, true);
  };

  // The server cannot know the seed: it renders an empty box (without JavaScript the page's
  // <noscript> note is all there is), the browser fills it.
  if (!mounted) return <div className="hop-practice not-content" data-phase="loading" />;

  const round = load.phase === 'ready' ? load.round : null;
  const fam = round?.puzzle.family;
  const graded = round && fam ? progress.graded.indexOf(roundName(round.puzzle.seed, fam)) : -1;
  // A round graded before keeps the fading it had; a new one follows the family's count.
  const fading = fam
    ? fadingOf(graded >= 0 ? Math.max(0, roundsOf(progress, fam) - 1) : roundsOf(progress, fam))
    : 'solo';

  return (
    <div className="hop-practice not-content" data-phase={load.phase} data-seed={load.seed ?? ''}>
      {notice && (
        <p className="hop-practice__notice" role="alert">
          {notice}
        </p>
      )}
      <Picker
        tr={tr}
        family={family}
        due={dueToday(due, today)}
        onPick={(f) => next(f)}
        progress={progress}
        canStore={canStore}
      />
      {load.phase === 'loading' && (
        <p className="hop-practice__loading" role="status">
          {tr('practice.loading')}
        </p>
      )}
      {load.phase === 'error' && (
        <div className="hop-practice__notice" role="alert">
          <p>{tr('practice.engineError', { seed: load.seed })}</p>
          <button type="button" className="hop-practice__btn hop-action" onClick={() => next()}>
            {tr('practice.next')}
          </button>
        </div>
      )}
      {load.phase === 'ready' && (
        <RoundView
          key={`${load.seed}:${family ?? ''}`}
          lang={lang}
          tr={tr}
          round={load.round}
          fading={fading}
          onGraded={(allCorrect, solo, missed) => {
            const f = load.round.puzzle.family;
            setProgress((p) => {
              const after = recordRound(p, load.seed, f, allCorrect, solo);
              if (after !== p && !saveProgress(store.current, after)) setCanStore(false);
              return after;
            });
            // A worked example has no answer of the learner's to count.
            if (fading !== 'worked')
              setDue((d) => {
                const after = recordDue(d, f, missed, today);
                writeStored(store.current, DUE_KEY, after);
                return after;
              });
          }}
          onNext={() => next()}
        />
      )}
    </div>
  );
}
