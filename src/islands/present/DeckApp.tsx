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
  END_STEP,
  clampPosition,
  deckChannelName,
  isDeckMessage,
  nextPosition,
  parseDeckHash,
  prevPosition,
  toDeckHash,
  type DeckMessage,
  type DeckPosition,
  type Slide,
} from '../../lib/deck';

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

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))
  );
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
  const t = (key: string, vars?: Record<string, string | number>): string =>
    fmt(strings, key, vars);
  const [pos, setPos] = useState<DeckPosition>(START);
  const [flow, setFlow] = useState<PacketFlowState | null>(null);
  const [jump, setJump] = useState('');
  // Marks the deck as interactive (the server markup is the same minus this flag).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const apiRef = useRef<PacketFlowApi | null>(null);
  const posRef = useRef(pos);
  const flowRef = useRef<PacketFlowState | null>(null);
  const startedAt = useRef<number | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const slide = slides[pos.slide];
  const steps =
    flow && flow.scenario === (slide?.kind === 'diagram' ? slide.scenario : '') ? flow.steps : 0;
  posRef.current = pos;
  flowRef.current = flow;

  const stepsNow = (): number => flowRef.current?.steps ?? 0;

  const go = useCallback(
    (next: DeckPosition): void => {
      const cur = posRef.current;
      const clamped = clampPosition(next, slides);
      if (clamped.slide === cur.slide && slides[cur.slide]?.kind === 'diagram') {
        // Same diagram: move the real diagram; its state comes back through onStateChange.
        apiRef.current?.pause();
        apiRef.current?.seek({ step: clamped.step === END_STEP ? stepsNow() : clamped.step });
      } else {
        setFlow(null);
        apiRef.current = null;
      }
      startedAt.current ??= Date.now();
      setPos(clamped);
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

  // Start where the URL says (read after hydration so the server markup matches).
  useEffect(() => {
    const fromHash = (): void => {
      const p = parseDeckHash(location.hash);
      if (p) {
        setFlow(null);
        setPos(clampPosition(p, slides));
      }
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [slides]);

  // Keep the URL and the notes window in step.
  const shownStep = pos.step === END_STEP ? steps : pos.step;
  useEffect(() => {
    const hash = toDeckHash(pos, slides, steps);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    const msg: DeckMessage = {
      type: 'position',
      slide: pos.slide,
      step: shownStep,
      steps,
      narration: flow?.narration ?? '',
      startedAt: startedAt.current,
    };
    channel.current?.postMessage(msg);
  }, [pos, slides, steps, shownStep, flow?.narration]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(deckChannelName(lang, slug));
    channel.current = ch;
    ch.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!isDeckMessage(data)) return;
      if (data.type === 'hello') {
        const p = posRef.current;
        const f = flowRef.current;
        ch.postMessage({
          type: 'position',
          slide: p.slide,
          step: p.step === END_STEP ? (f?.steps ?? 0) : p.step,
          steps: f?.steps ?? 0,
          narration: f?.narration ?? '',
          startedAt: startedAt.current,
        } satisfies DeckMessage);
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

  // Keyboard and clicker. Capture phase, so the diagram's own keys do not step twice.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      // A focused button or link activates itself on Enter/Space; do not also advance.
      const t = e.target;
      if (
        (e.key === 'Enter' || e.key === ' ') &&
        t instanceof HTMLElement &&
        ['BUTTON', 'A'].includes(t.tagName)
      )
        return;
      let handled = true;
      if (/^[0-9]$/.test(e.key)) setJump((j) => (j + e.key).slice(-3));
      else if (e.key === 'Enter' && jump !== '') {
        go({ slide: Number(jump) - 1, step: 0 });
        setJump('');
      } else if (e.key === 'Escape') setJump('');
      else if (['ArrowRight', 'ArrowDown', 'PageDown', ' ', 'Enter'].includes(e.key)) next();
      else if (['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace'].includes(e.key)) prev();
      else if (e.key === 'Home') first();
      else if (e.key === 'End') last();
      else if (e.key === 'f' || e.key === 'F') toggleFullscreen();
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [jump, next, prev, first, last, go, toggleFullscreen]);

  // Fit the diagram into the slide: measure its natural height, scale down to the space left.
  const fitRef = useRef<HTMLDivElement>(null);
  const isDiagram = slide?.kind === 'diagram';
  useEffect(() => {
    const box = fitRef.current;
    const inner = box?.firstElementChild;
    if (!box || !(inner instanceof HTMLElement)) return;
    const fit = (): void => {
      const natural = inner.offsetHeight;
      const scale = natural > 0 ? Math.min(1, box.clientHeight / natural) : 1;
      inner.style.transform = scale < 1 ? `scale(${scale.toFixed(3)})` : '';
    };
    const ro = new ResizeObserver(fit);
    ro.observe(box);
    ro.observe(inner);
    fit();
    return () => ro.disconnect();
  }, [isDiagram, pos.slide]);

  const onStateChange = useCallback((s: PacketFlowState): void => {
    setFlow(s);
    // Entered from the next slide: show the diagram's end state once its length is known.
    if (posRef.current.step === END_STEP && s.steps > 0) {
      apiRef.current?.seek({ step: s.steps });
      setPos({ slide: posRef.current.slide, step: s.steps });
    }
  }, []);

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
          <div className="slide-diagram">
            <h2>{slide.heading}</h2>
            <div className="slide-flow" ref={fitRef}>
              <div className="slide-flow-inner">
                <Flow
                  key={`${pos.slide}`}
                  scenario={slide.scenario}
                  lang={lang}
                  chrome="none"
                  size="presenter"
                  initialStep={pos.step === END_STEP ? 0 : pos.step}
                  urlState={false}
                  instanceId={`deck-${pos.slide}`}
                  onStateChange={onStateChange}
                  apiRef={apiRef}
                />
              </div>
            </div>
            <p className="slide-narration" aria-live="polite">
              {flow?.narration ?? ''}
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
          {slide.kind === 'diagram' && steps > 0
            ? ` · ${t('present.ui.stepOf', { step: shownStep, steps })}`
            : ''}
        </span>
        <button type="button" onClick={next} aria-label={t('present.ui.next')}>
          →
        </button>
        {jump !== '' && <span className="deck-jump">{t('present.ui.jump', { n: jump })}</span>}
        <span className="deck-help">{t('present.ui.help')}</span>
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
