/**
 * A presenter deck: one slide at a time, big type, keyboard and clicker control. Every slide
 * knows its steps from the build: on a diagram slide "next" is the next packet hop (played on the
 * real diagram), on a question slide the room votes (a number key per hand), then "next" shows
 * the answer and plays its moment. The URL hash tracks slide and step; a notes window follows
 * over a BroadcastChannel.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import type { PacketFlowApi, PacketFlowProps, PacketFlowState } from '../packetFlowApi';
import { trOfTable } from '../../view/flow/trClient';
import {
  castVote,
  clampPosition,
  nextPosition,
  parseDeckHash,
  prevPosition,
  revealed,
  stopAt,
  toDeckHash,
  type DeckPosition,
  type DeckStop,
  type Slide,
  type Votes,
} from '../../lib/deck';
import { SlideView, type FlowStart } from './SlideView';
import { useDeckChannel } from './useDeckChannel';
import { useDeckKeys } from './useDeckKeys';

export interface DeckAppProps {
  lang: 'en' | 'de';
  slug: string;
  slides: Slide[];
  notesHref: string;
  printHref: string;
  /** The `present.ui.*` and `present.question.*` strings of `lang` (picked at build time). */
  strings: Record<string, string>;
}

const START: DeckPosition = { slide: 0, step: 0 };

/** Where a stop puts the diagram. */
const target = (stop: DeckStop): { step: number } | { time: number } =>
  stop.time !== undefined ? { time: stop.time } : { step: stop.step };

/** Which diagram a position shows (a new key mounts a new diagram). */
function flowKeyOf(slides: readonly Slide[], pos: DeckPosition): string | null {
  const s = slides[pos.slide];
  if (s?.kind === 'diagram') return `d${pos.slide}`;
  if (s?.kind === 'question' && s.diagram && revealed(s, pos.step)) return `q${pos.slide}`;
  return null;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The deck island (mounted through DeckEn / DeckDe, which pick a one-language diagram). */
export default function DeckApp({
  Flow,
  lang,
  slug,
  slides,
  notesHref,
  printHref,
  strings,
}: DeckAppProps & { Flow: ComponentType<PacketFlowProps> }): ReactElement {
  const t = trOfTable(lang, strings);
  const [pos, setPos] = useState<DeckPosition>(START);
  const [votes, setVotes] = useState<Votes>({});
  const [jump, setJump] = useState('');
  // Marks the deck as interactive (the server markup is the same minus this flag).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const apiRef = useRef<PacketFlowApi | null>(null);
  // The refs are the truth between renders: key handlers read them, and they are written as
  // soon as the deck moves, so two quick presses never see the position of an older render.
  const posRef = useRef(pos);
  const votesRef = useRef(votes);
  const jumpRef = useRef('');
  // Where the mounted diagram was sent last, and where the next one starts (then plays to).
  const shown = useRef<{ key: string | null; stop: DeckStop | null; ready: boolean }>({
    key: null,
    stop: null,
    ready: false,
  });
  const start = useRef<{ key: string | null; at: FlowStart; playTo: number | null }>({
    key: null,
    at: {},
    playTo: null,
  });
  const slide = slides[pos.slide] ?? slides[0];

  const setJumpText = (j: string): void => {
    jumpRef.current = j;
    setJump(j);
  };

  /** Sends the mounted diagram to a stop: the next hop plays, anything else jumps. */
  const drive = useCallback((stop: DeckStop): void => {
    const api = apiRef.current;
    const was = shown.current.stop;
    shown.current.stop = stop;
    if (!api || !shown.current.ready) return;
    api.pause();
    if (stop.time === undefined && was && stop.step === was.step + 1 && !prefersReducedMotion())
      api.playTo(stop.step);
    else api.seek(target(stop));
  }, []);

  const go = useCallback(
    (next: DeckPosition): void => {
      const cur = posRef.current;
      const to = clampPosition(next, slides);
      const key = flowKeyOf(slides, to);
      const stop = stopAt(slides[to.slide], to.step);
      if (key !== null && key === flowKeyOf(slides, cur) && stop) drive(stop);
      else if (key !== null && stop) {
        // A new diagram: a question's answer starts one hop before its moment and plays it.
        const forward = to.slide === cur.slide && to.step === cur.step + 1;
        const play = forward && stop.time === undefined && stop.step > 0 && !prefersReducedMotion();
        start.current = {
          key,
          at: play ? { step: stop.step - 1 } : target(stop),
          playTo: play ? stop.step : null,
        };
        shown.current = { key, stop, ready: false };
      }
      posRef.current = to;
      setPos(to);
    },
    [slides, drive],
  );

  const next = useCallback(() => go(nextPosition(posRef.current, slides)), [go, slides]);
  const prev = useCallback(() => go(prevPosition(posRef.current, slides)), [go, slides]);
  const first = useCallback(() => go({ slide: 0, step: 0 }), [go]);
  const last = useCallback(() => go({ slide: slides.length - 1, step: 0 }), [go, slides.length]);

  /** A hand for an option of the current question (`delta` -1 takes one back). */
  const vote = useCallback(
    (option: number, delta: 1 | -1): boolean => {
      const here = slides[posRef.current.slide];
      if (here?.kind !== 'question' || option >= here.options.length) return false;
      const updated = {
        ...votesRef.current,
        [here.id]: castVote(votesRef.current[here.id] ?? [], here.options.length, option, delta),
      };
      votesRef.current = updated;
      setVotes(updated);
      return true;
    },
    [slides],
  );

  const toggleFullscreen = useCallback((): void => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  // Start where the URL says (read after hydration so the server markup matches).
  useEffect(() => {
    // The event's own address, not location.hash: this deck's pending write of its previous
    // position (below) can land between the change and this handler and would undo the move.
    const fromHash = (e?: HashChangeEvent): void => {
      const p = parseDeckHash(e ? new URL(e.newURL).hash : location.hash);
      if (p) go(p);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [go]);

  // Keep the URL in step.
  useEffect(() => {
    const hash = toDeckHash(pos, slides);
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }, [pos, slides]);

  useDeckChannel({ lang, slug, slides, pos, votes, commands: { next, prev, first, last, go } });
  useDeckKeys({ go, next, prev, first, last, vote, toggleFullscreen, jumpRef, setJumpText });

  const onStateChange = useCallback((s: PacketFlowState): void => {
    const cur = shown.current;
    if (cur.ready || !cur.stop || !apiRef.current) return;
    // The diagram has its run: play a question's moment, or catch up with presses made while
    // it was computing.
    cur.ready = true;
    const api = apiRef.current;
    const playTo = start.current.key === cur.key ? start.current.playTo : null;
    start.current.playTo = null;
    const stop = cur.stop;
    if (playTo !== null && stop.step === playTo) api.playTo(playTo);
    else if (stop.time !== undefined ? Math.abs(s.time - stop.time) > 1e-6 : s.step !== stop.step)
      api.seek(target(stop));
  }, []);

  if (!slide) return <div />;
  const stop = stopAt(slide, pos.step);
  const key = flowKeyOf(slides, pos);
  // A deck opened at a diagram (URL) starts it where the URL says.
  if (key !== null && start.current.key !== key && stop) {
    start.current = { key, at: target(stop), playTo: null };
    shown.current = { key, stop, ready: false };
  }
  const question = slide.kind === 'question' && !revealed(slide, pos.step);
  return (
    <div
      className="deck"
      data-slide={pos.slide + 1}
      data-step={pos.step}
      data-kind={slide.kind}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <SlideView
        player={{ Flow, lang, start: start.current.at, apiRef, onStateChange }}
        slide={slide}
        index={pos.slide}
        total={slides.length}
        step={pos.step}
        votes={slide.kind === 'question' ? (votes[slide.id] ?? []) : []}
        t={t}
      />
      <nav className="deck-bar" aria-label={t('present.ui.deck')}>
        <button type="button" onClick={prev} aria-label={t('present.ui.prev')}>
          ←
        </button>
        <span className="deck-count" data-testid="deck-count">
          {t('present.ui.slideOf', { n: pos.slide + 1, total: slides.length })}
          {stop ? ` · ${stop.label}` : ''}
        </span>
        <button type="button" onClick={next} aria-label={t('present.ui.next')}>
          →
        </button>
        {jump !== '' && <span className="deck-jump">{t('present.ui.jump', { n: jump })}</span>}
        <span className="deck-help">
          {question
            ? t('present.ui.helpQuestion', { n: slide.options.length })
            : t('present.ui.help')}
        </span>
        <a href={notesHref} target="hop-notes" rel="noopener">
          {t('present.ui.openNotes')}
        </a>
        <a href={printHref}>{t('present.ui.print')}</a>
        <button type="button" onClick={toggleFullscreen}>
          {t('present.ui.fullscreen')}
        </button>
      </nav>
    </div>
  );
}
