/**
 * A presenter deck: one slide at a time, big type, keyboard and clicker control. On a diagram
 * slide "next" is the next packet hop (the real diagram's own step), so a trainer talks a
 * connection through hop by hop. The URL hash tracks slide and step; a notes window follows
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
import { fmt } from '../embed/fmt';
import {
  clampPosition,
  deckChannelName,
  isDeckMessage,
  momentSteps,
  nextPosition,
  parseDeckHash,
  prevPosition,
  resolveStep,
  settlePosition,
  toDeckHash,
  type DeckMessage,
  type DeckPosition,
  type KnownSteps,
  type Slide,
} from '../../lib/deck';
import { narrationFor, seekFor, stepsFor } from './steps';
import { useDeckKeys } from './useDeckKeys';
import { useFitScale } from './useFitScale';

export interface DeckAppProps {
  lang: 'en' | 'de';
  slug: string;
  slides: Slide[];
  notesHref: string;
  printHref: string;
  /** The `present.ui.*` strings of `lang` (picked at build time). */
  strings: Record<string, string>;
}

const START: DeckPosition = { slide: 0, step: 0 };

/** How far a slide may enlarge its diagram (beyond that, the type gets coarse). */
const MAX_FLOW_SCALE = 1.8;

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
  const t = (key: string, vars?: Record<string, string | number>): string =>
    fmt(strings, key, vars);
  const [pos, setPos] = useState<DeckPosition>(START);
  const [flow, setFlow] = useState<PacketFlowState | null>(null);
  const [jump, setJump] = useState('');
  // Marks the deck as interactive (the server markup is the same minus this flag).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const apiRef = useRef<PacketFlowApi | null>(null);
  // The refs are the truth between renders: key handlers read them, and they are written as
  // soon as the deck moves. Preact runs effects after the next frame, so two quick key presses
  // must not see the position (or the typed slide number) of the render before the first one.
  const posRef = useRef(pos);
  const flowRef = useRef<PacketFlowState | null>(null);
  const jumpRef = useRef('');
  const startedAt = useRef<number | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const slide = slides[pos.slide];
  const steps = stepsFor(slide, flow);

  /** The current diagram's step count; null while it has not reported yet. */
  const stepsNow = (): KnownSteps => stepsFor(slides[posRef.current.slide], flowRef.current);

  const moveTo = (p: DeckPosition): void => {
    posRef.current = p;
    setPos(p);
  };
  const setFlowState = (f: PacketFlowState | null): void => {
    flowRef.current = f;
    setFlow(f);
  };
  const setJumpText = (j: string): void => {
    jumpRef.current = j;
    setJump(j);
  };

  const go = useCallback(
    (next: DeckPosition): void => {
      const cur = posRef.current;
      const clamped = clampPosition(next, slides);
      if (clamped.slide === cur.slide && slides[cur.slide]?.kind === 'diagram') {
        // Same diagram: move the real diagram; its state comes back through onStateChange.
        // Before the diagram has reported, the position waits and is applied when it does.
        const known = stepsNow();
        if (known !== null) {
          apiRef.current?.pause();
          apiRef.current?.seek(seekFor(slides[cur.slide], resolveStep(clamped.step, known)));
        }
      } else {
        setFlowState(null);
        apiRef.current = null;
      }
      startedAt.current ??= Date.now();
      moveTo(clamped);
    },
    [slides],
  );

  const next = useCallback(
    () => go(nextPosition(posRef.current, slides, stepsNow())),
    [go, slides],
  );
  const prev = useCallback(
    () => go(prevPosition(posRef.current, slides, stepsNow())),
    [go, slides],
  );
  const first = useCallback(() => go({ slide: 0, step: 0 }), [go]);
  const last = useCallback(() => go({ slide: slides.length - 1, step: 0 }), [go, slides.length]);

  const toggleFullscreen = useCallback((): void => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  /** Where the deck is, for the notes window (read from the refs: always the latest). */
  const positionMessage = (): DeckMessage => {
    const p = posRef.current;
    const here = slides[p.slide];
    const known = stepsNow();
    const step = resolveStep(p.step, known);
    const moments = momentSteps(here) !== null;
    return {
      type: 'position',
      slide: p.slide,
      // Moments count from 1 for people ("moment 1 of 7"); hops count completed hops from 0.
      step: moments ? step + 1 : step,
      steps: moments ? (known ?? 0) + 1 : (known ?? 0),
      unit: moments ? 'moment' : 'hop',
      narration: known === null ? '' : narrationFor(here, step, flowRef.current),
      startedAt: startedAt.current,
    };
  };

  // Start where the URL says (read after hydration so the server markup matches).
  useEffect(() => {
    const fromHash = (): void => {
      const p = parseDeckHash(location.hash);
      if (p) {
        setFlowState(null);
        moveTo(clampPosition(p, slides));
      }
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [slides]);

  // Keep the URL and the notes window in step.
  const shownStep = resolveStep(pos.step, steps);
  const narration = steps === null ? '' : narrationFor(slide, shownStep, flow);
  const moments = slide?.kind === 'diagram' ? slide.moments : undefined;
  useEffect(() => {
    const hash = toDeckHash(pos, slides, steps);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    channel.current?.postMessage(positionMessage());
  }, [pos, slides, steps, shownStep, narration]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(deckChannelName(lang, slug));
    channel.current = ch;
    ch.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!isDeckMessage(data)) return;
      if (data.type === 'hello') {
        ch.postMessage(positionMessage());
      } else if (data.type === 'command') {
        if (data.command === 'next') next();
        else if (data.command === 'prev') prev();
        else if (data.command === 'first') first();
        else if (data.command === 'last') last();
        else if (data.command === 'goto' && data.slide !== undefined)
          go({ slide: data.slide, step: 0 });
      }
    };
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [lang, slug, next, prev, first, last, go]);

  useDeckKeys({ go, next, prev, first, last, toggleFullscreen, jumpRef, setJumpText });

  const fitRef = useFitScale(MAX_FLOW_SCALE, slide?.kind === 'diagram', pos.slide);

  const onStateChange = useCallback(
    (s: PacketFlowState): void => {
      const cur = posRef.current;
      const here = slides[cur.slide];
      // A late report of a diagram that is no longer shown.
      if (here?.kind !== 'diagram' || here.scenario !== s.scenario) return;
      const firstReport = flowRef.current?.scenario !== s.scenario;
      setFlowState(s);
      if (!firstReport) return;
      const moments = momentSteps(here);
      if (moments !== null) {
        // A slide of moments knew its steps all along; its diagram only has to be at the time
        // of the current one (entered from the next slide, it is the last).
        const settled = settlePosition(cur, slides, moments);
        if (settled !== cur) moveTo(settled);
        const target = seekFor(here, settled.step);
        if ('time' in target && Math.abs(s.time - target.time) > 1e-6) {
          apiRef.current?.pause();
          apiRef.current?.seek(target);
        }
        return;
      }
      // The step count is known now: apply what the deck was asked for while the diagram was
      // computing (hops pressed meanwhile, or its end when entered from the next slide).
      const settled = settlePosition(cur, slides, s.steps);
      if (settled !== cur) moveTo(settled);
      if (s.step !== settled.step) {
        apiRef.current?.pause();
        apiRef.current?.seek({ step: settled.step });
      }
    },
    [slides],
  );

  if (!slide) return <div />;
  return (
    <div
      className="deck"
      data-slide={pos.slide + 1}
      data-step={shownStep}
      data-kind={slide.kind}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <section
        className={`slide slide-${slide.kind}`}
        aria-roledescription="slide"
        aria-label={t('present.ui.slideOf', { n: pos.slide + 1, total: slides.length })}
      >
        {slide.kind === 'title' && (
          <div className="slide-center">
            <p className="slide-kicker">{slide.meta}</p>
            <h2 className="slide-title">{slide.title}</h2>
            <p className="slide-lead">{slide.subtitle}</p>
          </div>
        )}
        {(slide.kind === 'goals' || slide.kind === 'recap') && (
          <div className="slide-body">
            <h2>{slide.heading}</h2>
            <ul className="slide-points">
              {slide.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </div>
        )}
        {slide.kind === 'diagram' && (
          <div className={`slide-diagram${moments ? ' slide-diagram--moments' : ''}`}>
            <h2>{slide.heading}</h2>
            <div className="slide-flow" ref={fitRef}>
              <div className="slide-flow-inner">
                <Flow
                  key={`${pos.slide}`}
                  scenario={slide.scenario}
                  lang={lang}
                  chrome="none"
                  size="presenter"
                  {...(moments
                    ? {
                        initialTime: moments[Math.max(0, pos.step)]?.time ?? 0,
                        charts: true,
                      }
                    : { initialStep: Math.max(0, pos.step) })}
                  urlState={false}
                  instanceId={`deck-${pos.slide}`}
                  onStateChange={onStateChange}
                  apiRef={apiRef}
                />
              </div>
            </div>
            <p className="slide-narration" aria-live="polite">
              {narration}
            </p>
          </div>
        )}
        {slide.kind === 'end' && (
          <div className="slide-center">
            <h2 className="slide-end">{slide.heading}</h2>
            <p className="slide-lead">{slide.text}</p>
          </div>
        )}
      </section>
      <nav className="deck-bar" aria-label={t('present.ui.deck')}>
        <button type="button" onClick={prev} aria-label={t('present.ui.prev')}>
          ←
        </button>
        <span className="deck-count" data-testid="deck-count">
          {t('present.ui.slideOf', { n: pos.slide + 1, total: slides.length })}
          {slide.kind === 'diagram' && moments
            ? ` · ${t('present.ui.momentOf', { step: shownStep + 1, steps: moments.length })}`
            : slide.kind === 'diagram' && steps !== null && steps > 0
              ? ` · ${t('present.ui.stepOf', { step: shownStep, steps })}`
              : ''}
        </span>
        <button type="button" onClick={next} aria-label={t('present.ui.next')}>
          →
        </button>
        {jump !== '' && <span className="deck-jump">{t('present.ui.jump', { n: jump })}</span>}
        <span className="deck-help">
          {t(moments ? 'present.ui.helpMoments' : 'present.ui.help')}
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
