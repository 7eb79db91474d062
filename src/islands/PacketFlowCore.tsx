/**
 * The interactive packet-flow diagram: one engine run made visible and playable. The engine
 * decides everything about the packets; this island lays out the topology, plays the hops
 * with the playback machine, and explains them in the learner's language.
 */
import '@xyflow/react/dist/base.css';
import '../styles/diagram.css';
import { ReactFlow, ViewportPortal } from '@xyflow/react';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  Suspense,
  lazy,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createActor } from 'xstate';
import { playbackMachine, speeds, stepOf } from '../machines/playbackMachine';
import { applyOverrides, getScenario, overrideKeys, stateAt } from '../sim/index';
import type { ConnectionTrace, Hop, InputIssue } from '../sim/types';
import { TimeCharts } from './flow/TimeCharts';
import { AriaSeed, ariaConfig, withAria } from './flow/a11y';
import { useFollowPacket } from './flow/useFollowPacket';
import { Stack } from './flow/Stack';
import { EventLog, toLog, type LogEntry } from './flow/EventLog';
import { Inspector } from './flow/Inspector';
import { narrate } from './flow/narrate';
import { edgeTypes, nodeTypes, StaticPicture, ViewContext, type DiagramView } from './flow/nodes';
import { BurstLayer, PacketDock, PacketLayer, type PacketProps } from './flow/PacketLayer';
import { useRun } from './flow/useRun';
import { resolveReveal } from './flow/steps';
import { layoutToSvg } from './flow/svg';
import { containerId, linkId, stackWidth, toFlow } from './flow/toFlow';
import { trFor, type Messages, type Tr } from './flow/trClient';
import { parseUrlState, serializeUrlState, type UrlIssue } from './flow/urlState';
import { useSelector } from './flow/useSelector';
import { WhatIf } from './flow/WhatIf';
import { fixed } from '../i18n/number';
import { issueLine } from '../i18n/issues';
import type {
  HopRevealDetail,
  PacketFlowApi,
  PacketFlowProps,
  PacketFlowState,
} from './packetFlowApi';

// The share dialog is loaded on the first click only (most readers never open it).
const SharePanel = lazy(() => import('./flow/SharePanel'));

/** React Flow as a fixed picture: no zoom, pan, drag, selection or keyboard of its own. */
const FIXED_PICTURE = {
  defaultViewport: { x: 0, y: 0, zoom: 1 },
  minZoom: 1,
  maxZoom: 1,
  preventScrolling: false,
  zoomOnScroll: false,
  zoomOnPinch: false,
  zoomOnDoubleClick: false,
  panOnDrag: false,
  panOnScroll: false,
  nodesDraggable: false,
  nodesConnectable: false,
  nodesFocusable: false,
  edgesFocusable: false,
  elementsSelectable: false,
  disableKeyboardA11y: true,
  proOptions: { hideAttribution: true },
} as const;
/** Server HTML kept as it is during hydration (see the narrow first frame). */
const EMPTY_HTML = { __html: '' };
/** Width of the stacked first frame the server adds for phones. */
const NARROW_SSR_WIDTH = 320;
/**
 * Width the server renders the first frame at (the island re-lays out to its real width): the
 * diagram's width in a lesson at 1280 px, so wider screens never see it clipped before it runs.
 */
const SSR_WIDTH = 606;
/** The same for decks: their design width (present.css .slide-flow-inner, 1120 px, less padding). */
const PRESENTER_SSR_WIDTH = 1094;

/** Localized text for an engine input issue. */
export function issueText(tr: Tr, lang: string, issue: InputIssue): string {
  return issueLine((key, vars) => tr(key, vars), lang, issue);
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(mq.matches);
    const on = (e: MediaQueryListEvent): void => setReduced(e.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return reduced;
}

const isTyping = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA');

const noTraces: ConnectionTrace[] = [];

/** The packet-flow island; the entry files choose which languages' messages ship. */
export default function PacketFlowCore(props: PacketFlowProps & { messages: Messages }) {
  // The body suspends on hydration until the worker's engine run arrives; during hydration
  // Preact keeps the server-rendered frame instead of showing the (empty) fallback.
  return (
    <Suspense fallback={null}>
      <PacketFlowBody {...props} />
    </Suspense>
  );
}

function PacketFlowBody(props: PacketFlowProps & { messages: Messages }) {
  const {
    scenario,
    lang,
    controls = [],
    chrome = 'full',
    urlState = false,
    size = 'normal',
    onStateChange,
    apiRef,
  } = props;
  const tr = useMemo(() => trFor(lang, props.messages), [lang, props.messages]);
  const reactId = useId();
  const uid = props.instanceId ?? `hop${reactId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const baseOverrides = props.overrides ?? {};
  const [overrides, setOverrides] = useState<Record<string, string>>(baseOverrides);
  const [urlIssues, setUrlIssues] = useState<UrlIssue[]>([]);
  const [optionIssues, setOptionIssues] = useState<InputIssue[]>([]);
  const [burst, setBurst] = useState(props.burst ?? 0);
  // null until measured: the server and the hydrating client both lay out at SSR_WIDTH.
  const [measured, setWidth] = useState<number | null>(null);
  const width = measured ?? (size === 'presenter' ? PRESENTER_SSR_WIDTH : SSR_WIDTH);
  const [selected, setSelected] = useState(0);
  const [shareOpen, setShareOpen] = useState(false);
  // Embeds bring their own share button; decks and handouts (chrome "none") have none.
  const shareable = chrome !== 'none' && props.instanceId !== 'hop-embed';
  const reduced = usePrefersReducedMotion();
  const rootRef = useRef<HTMLElement | null>(null);
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLDivElement | null>(null);
  const stepbarRef = useRef<HTMLDivElement | null>(null);

  const { outcome, pending } = useRun(scenario, overrides, burst);
  const run = outcome.ok ? outcome.run : null;

  const [actor] = useState(() =>
    createActor(playbackMachine, {
      input: {
        mode: run?.mode ?? 'steps',
        steps: run?.steps.length ?? 0,
        duration: run?.duration ?? 0,
        stepTimes: run?.stepTimes ?? [],
        ...(props.initialStep !== undefined ? { step: props.initialStep } : {}),
        ...(props.initialTime !== undefined ? { time: props.initialTime } : {}),
      },
    }).start(),
  );
  useEffect(
    () => () => {
      actor.stop();
    },
    [actor],
  );

  // A what-if change re-runs the engine; the machine keeps the learner's place where it exists.
  const loaded = useRef(run);
  useEffect(() => {
    if (!run || loaded.current === run) return;
    loaded.current = run;
    actor.send({
      type: 'LOAD',
      mode: run.mode,
      steps: run.steps.length,
      duration: run.duration,
      stepTimes: run.stepTimes,
    });
  }, [run, actor]);

  const coarse = useSelector(
    actor,
    (s) => ({
      step: stepOf(s.context),
      playing: s.matches('playing'),
      speed: s.context.speed,
      time: Math.round(s.context.time * 10) / 10,
      steps: s.context.steps,
    }),
    (a, b) =>
      a.step === b.step &&
      a.playing === b.playing &&
      a.speed === b.speed &&
      a.time === b.time &&
      a.steps === b.steps,
  );

  // Frame loop: the machine is timer-free, the view feeds it TICKs while playing.
  useEffect(() => {
    if (!coarse.playing) return;
    let last = performance.now();
    let raf = requestAnimationFrame(function frame(now) {
      actor.send({ type: 'TICK', dt: Math.min(100, now - last) });
      last = now;
      raf = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(raf);
  }, [coarse.playing, actor]);

  // Measure the real width; the layout is recomputed for it (stacked on phones).
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    let raf = 0;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (!w) return;
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => setWidth(Math.round(w)));
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(raf);
    };
  }, [outcome.ok]);

  // Read the URL once after hydration (the server HTML must match the first client render).
  useEffect(() => {
    if (!urlState) {
      if (props.autoplay) actor.send({ type: 'PLAY' });
      return;
    }
    const { state, issues } = parseUrlState(window.location.search, overrideKeys);
    setUrlIssues(issues);
    if (Object.keys(state.overrides).length > 0)
      setOverrides({ ...baseOverrides, ...state.overrides });
    if (state.burst !== undefined) setBurst(state.burst);
    if (state.speed !== undefined) actor.send({ type: 'SPEED', speed: state.speed });
    // Seek after the re-run so the new step count applies.
    requestAnimationFrame(() => {
      if (state.step !== undefined || state.time !== undefined) {
        actor.send({
          type: 'SEEK',
          ...(state.step !== undefined ? { step: state.step } : {}),
          ...(state.time !== undefined ? { time: state.time } : {}),
        });
      } else if (props.autoplay) actor.send({ type: 'PLAY' });
    });
    // Only on mount: later changes are written, not read.
  }, []);

  // Write the URL while paused (never every frame).
  useEffect(() => {
    if (!urlState || coarse.playing) return;
    const extra: Record<string, string> = {};
    for (const [k, v] of Object.entries(overrides)) if (baseOverrides[k] !== v) extra[k] = v;
    const q = serializeUrlState({
      overrides: extra,
      step: coarse.step,
      ...(run?.mode === 'time' ? { time: coarse.time } : {}),
      speed: coarse.speed,
      ...(burst > 0 ? { burst } : {}),
    });
    const url = `${window.location.pathname}${q}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(null, '', url);
  }, [
    urlState,
    coarse.playing,
    coarse.step,
    coarse.time,
    coarse.speed,
    overrides,
    burst,
    run?.mode,
  ]);

  const resolved = run?.result.resolved;
  // While a what-if run computes in the worker, the controls already show what was asked for.
  const asked = useMemo(() => {
    if (!pending) return null;
    const base = getScenario(scenario);
    const r = base ? applyOverrides(base, overrides) : null;
    return r?.ok ? r.scenario : null;
  }, [pending, scenario, overrides]);
  const allHops = useMemo(() => (run ? run.steps.map((s) => s.hop) : []), [run]);
  const bursts = run ? run.bursts : noTraces;
  const layout = useMemo(() => {
    if (!resolved) return null;
    const hops = bursts.length > 0 ? [...allHops, ...bursts.flatMap((b) => b.hops)] : allHops;
    return toFlow(resolved, width, hops, {
      presenter: size === 'presenter',
      badges: run?.mode === 'time',
    });
  }, [resolved, width, allHops, bursts, size, run?.mode]);
  // The server also renders a stacked copy of the first frame, shown by a container query
  // where the wide one would not fit: a phone sees the right layout before hydration (which
  // waits for the reader). Hydration keeps that copy's server HTML as it is (see below).
  const isServer = typeof window === 'undefined';
  const narrowFrame =
    size !== 'presenter' && measured === null && layout !== null && !layout.stacked;
  const narrowLayout = useMemo(
    () =>
      isServer && narrowFrame && resolved
        ? toFlow(resolved, NARROW_SSR_WIDTH, allHops, { badges: run?.mode === 'time' })
        : null,
    [isServer, narrowFrame, resolved, allHops, run?.mode],
  );
  const narrowCss =
    narrowFrame && resolved
      ? `@container (max-width: ${stackWidth(resolved) - 1}px) {` +
        `[data-canvases="${uid}"] > .hop-canvas--wide { display: none; }` +
        `[data-canvases="${uid}"] > .hop-canvas--narrow { display: block; } }`
      : '';
  const narrations = useMemo(
    () => (run && resolved ? run.steps.map((s) => narrate(tr, resolved, s.hop)) : []),
    [run, resolved, tr],
  );
  // hop:aria — React Flow's ARIA text in the page's language, server frame included (a11y.tsx).
  const aria = useMemo(() => ariaConfig(tr), [tr]);
  const elements = useMemo(
    () => (layout ? withAria(layout.nodes, layout.edges, tr) : null),
    [layout, tr],
  );
  // hop:follow — phones: each step scrolls the stepped places into view above the pinned bar.
  useFollowPacket({
    enabled: layout?.stacked === true && bursts.length === 0 && chrome !== 'none',
    step: coarse.step,
    layout,
    steps: run?.steps ?? [],
    canvas: canvasRef,
    bar: stepbarRef,
    reduced,
  });

  const logEntries = useMemo(
    () => (run ? toLog(tr, run.steps, run.result.events, narrations, run.mode === 'time') : []),
    [run, tr, narrations],
  );

  const stepNow = coarse.step;
  const current: Hop | null = run ? (run.steps[Math.max(0, stepNow - 1)]?.hop ?? null) : null;
  const total = run?.steps.length ?? 0;
  const narration = !run
    ? ''
    : stepNow === 0
      ? tr('diagram.narr.start', { total })
      : tr('diagram.narr.step', { n: stepNow, total, text: narrations[stepNow - 1] ?? '' });

  // The inspector follows the connection of the current hop.
  useEffect(() => {
    const f = run?.steps[Math.max(0, stepNow - 1)]?.featured;
    if (f !== undefined && stepNow > 0) setSelected(f);
  }, [run, stepNow]);

  const timeMode = run?.mode === 'time';
  // hop:reserve — embeds keep one height while playing: every narration, invisibly, in the
  // narration's box (Stack.tsx), the clock at its widest ("t = 85.0 s").
  const reserved = useMemo(() => {
    if (!props.reserveHeight || !run) return [];
    const clock = timeMode
      ? ` ${tr('diagram.narr.time', { t: fixed(lang, run.duration, 1) })}`
      : '';
    const texts = [
      tr('diagram.narr.start', { total }),
      ...narrations.map((text, i) => tr('diagram.narr.step', { n: i + 1, total, text })),
    ];
    return texts.map((text, i) => (
      <p key={i} className="hop-narration">
        {text}
        {clock}
      </p>
    ));
  }, [props.reserveHeight, run, timeMode, tr, lang, total, narrations]);
  const st = useMemo(
    // stateAt folds only the resolved scenario and the events; the view has no connection records.
    () => (run && timeMode ? stateAt({ ...run.result, connections: [] }, coarse.time) : null),
    [run, timeMode, coarse.time],
  );
  const view: DiagramView = useMemo(() => {
    const active = new Set<string>();
    const next = run?.steps[stepNow]?.hop;
    const shown = stepNow > 0 ? current : next;
    if (shown) {
      active.add(shown.from);
      active.add(shown.to);
    }
    const badges: Record<string, string[]> = {};
    const dim = new Set<string>();
    if (st) {
      for (const [id, n] of Object.entries(st.nodes)) {
        const b: string[] = [tr(n.inLbRotation ? 'diagram.state.lbIn' : 'diagram.state.lbOut')];
        if (n.phase === 'offline') {
          b.push(tr('diagram.state.offline'));
          dim.add(id);
        } else if (n.phase === 'shuttingDown') b.push(tr('diagram.state.shuttingDown'));
        else if (n.cordoned) b.push(tr('diagram.state.cordoned'));
        badges[containerId(id)] = b;
      }
      for (const [id, p] of Object.entries(st.pods)) {
        if (p.phase === 'terminating') badges[id] = [tr('diagram.state.terminating')];
        if (p.phase === 'exited' || p.phase === 'notReady') dim.add(id);
      }
    }
    return {
      active,
      activeLink: shown ? linkId(shown.from, shown.to) : null,
      badges,
      dim,
      labels: {
        kubeProxy: tr('diagram.place.kubeProxy'),
        lb: tr('diagram.place.lb'),
        noPods: tr('diagram.place.noPods'),
      },
    };
  }, [run, stepNow, current, st, tr]);

  const getState = useCallback((): PacketFlowState => {
    const c = actor.getSnapshot();
    return {
      scenario,
      step: stepOf(c.context),
      steps: c.context.steps,
      time: c.context.time,
      playing: c.matches('playing'),
      speed: c.context.speed,
      overrides,
      lang,
      narration,
    };
  }, [actor, scenario, overrides, lang, narration]);

  useEffect(() => {
    onStateChange?.(getState());
  }, [coarse, getState, onStateChange]);

  const setOption = useCallback(
    (key: string, value: string): boolean => {
      const next = { ...overrides, [key]: value };
      // Validate cheaply (no simulation); the memo below runs the engine once.
      const base = getScenario(scenario);
      const test = base
        ? applyOverrides(base, next)
        : {
            ok: false as const,
            issues: [
              {
                path: 'scenario',
                code: 'unknownScenario' as const,
                params: { received: scenario },
              },
            ],
          };
      if (!test.ok) {
        setOptionIssues(test.issues);
        return false;
      }
      setOptionIssues([]);
      setOverrides(next);
      return true;
    },
    [overrides, scenario],
  );

  const seekTo = useCallback(
    (target: { step?: number; time?: number }) => {
      actor.send({
        type: 'SEEK',
        ...(target.step !== undefined ? { step: target.step } : {}),
        ...(target.time !== undefined ? { time: target.time } : {}),
      });
    },
    [actor],
  );

  const api = useMemo(
    (): PacketFlowApi => ({
      play: () => actor.send({ type: 'PLAY' }),
      pause: () => actor.send({ type: 'PAUSE' }),
      step: (delta = 1) => actor.send({ type: 'STEP', delta }),
      seek: seekTo,
      setOption,
      getState,
      exportSvg: () => (layout ? layoutToSvg(layout, tr('diagram.place.lb')) : ''),
    }),
    [actor, seekTo, setOption, getState, layout, tr],
  );
  // Preact's Ref type has null, not undefined, for "no ref".
  useImperativeHandle(apiRef ?? null, () => api, [api]);

  // Lesson questions reveal a moment: "0:delivered", "t=12", "end".
  useEffect(() => {
    if (!props.instanceId || !run) return;
    const id = props.instanceId;
    const on = (ev: Event): void => {
      const detail = (ev as CustomEvent<HopRevealDetail>).detail;
      if (!detail || detail.diagram !== id || typeof detail.reveal !== 'string') return;
      const target = resolveReveal(detail.reveal, run.steps);
      if (!target) return;
      // A question plays its moment where the diagram is; only "See it in the diagram" moves the page.
      if (detail.scroll === true)
        rootRef.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
      if ('time' in target) actor.send({ type: 'SEEK', time: target.time });
      else {
        const step = 'end' in target ? run.steps.length : target.step;
        // The narration region (aria-live) announces the step the diagram lands on.
        const here = actor.getSnapshot().context.position;
        if (reduced || run.mode === 'time' || step <= here) actor.send({ type: 'SEEK', step });
        else actor.send({ type: 'PLAY_TO', step });
      }
    };
    window.addEventListener('hop:reveal', on);
    return () => window.removeEventListener('hop:reveal', on);
  }, [props.instanceId, run, actor, reduced]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const onButton = e.target instanceof HTMLButtonElement;
    switch (e.key) {
      case ' ':
        if (onButton) return;
        actor.send({ type: 'TOGGLE' });
        break;
      case 'ArrowRight':
        actor.send({ type: 'STEP', delta: 1 });
        break;
      case 'ArrowLeft':
        actor.send({ type: 'STEP', delta: -1 });
        break;
      case 'Home':
        actor.send({ type: 'RESET' });
        break;
      case 'End':
        actor.send({
          type: 'SEEK',
          step: total,
          ...(timeMode ? { time: run?.duration ?? 0 } : {}),
        });
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const title = tr(
    `scenario.${scenario}.title`,
    {},
    tr(`diagram.scenario.${scenario}.title`, {}, scenario),
  );
  // Unique landmark names when a lesson has several diagrams (ids d1, d2, …), even of one scenario.
  const ordinal = /^d(\d+)$/.exec(props.instanceId ?? '')?.[1];
  const label = ordinal
    ? tr('diagram.titleN', { n: ordinal, scenario: title })
    : tr('diagram.title', { scenario: title });
  const rootClass = `hop-flow not-content hop-flow--${size}${layout?.stacked ? ' is-stacked' : ''}`;

  if (!outcome.ok || !run || !layout || !resolved) {
    const issues = outcome.ok ? [] : outcome.issues;
    return (
      <section className={rootClass} id={props.instanceId} data-diagram-error="true">
        <div className="hop-error" role="alert">
          <strong>{tr('diagram.error.title')}</strong>
          <ul>
            {issues.map((i, k) => (
              <li key={k}>{issueText(tr, lang, i)}</li>
            ))}
          </ul>
        </div>
      </section>
    );
  }

  const jump = (e: LogEntry): void => {
    if (e.time !== undefined)
      actor.send({ type: 'SEEK', time: e.time, ...(e.step !== undefined ? { step: e.step } : {}) });
    else if (e.step !== undefined) actor.send({ type: 'SEEK', step: e.step });
  };
  const policy = resolved.service.externalTrafficPolicy;
  const clientOf = (connection: number): string | null => run.clients[connection] ?? null;
  const chartProps = {
    run,
    resolved,
    uid,
    time: coarse.time,
    width,
    tr,
    lang,
    onSeek: (t: number) => seekTo({ time: t }),
  };
  const packetProps: PacketProps = {
    actor,
    steps: run.steps,
    layout,
    tr,
    reducedMotion: reduced,
    timeoutSeconds: resolved.traffic.connectTimeout,
  };

  return (
    <section
      ref={rootRef}
      className={rootClass}
      id={props.instanceId}
      aria-label={label}
      data-scenario={scenario}
      data-step={stepNow}
      data-steps={total}
      data-playing={coarse.playing ? 'true' : 'false'}
      data-mode={run.mode}
      data-hydrated="false"
      onKeyDown={onKeyDown}
    >
      <Hydrated />
      <header className="hop-flow__bar">
        <strong className="hop-flow__title">{title}</strong>
        <span className={`hop-chip hop-chip--${policy}`}>{tr('diagram.policy', { policy })}</span>
        {/* Local never masquerades external traffic, whatever the masquerade what-if says. */}
        <span className="hop-chip" data-chip="snat">
          {tr(
            policy === 'Local'
              ? 'diagram.snatLocal'
              : resolved.masquerade
                ? 'diagram.snatOn'
                : 'diagram.snatOff',
          )}
        </span>
        {burst > 0 && (
          <span className="hop-chip">{tr('diagram.burst', { count: bursts.length })}</span>
        )}
        {shareable && (
          <button
            type="button"
            className="hop-btn hop-btn--small hop-flow__share"
            aria-haspopup="dialog"
            data-action="share"
            onClick={() => {
              actor.send({ type: 'PAUSE' });
              setShareOpen(true);
            }}
          >
            {tr('diagram.share')}
          </button>
        )}
        {shareable && shareOpen && (
          <Suspense fallback={null}>
            <SharePanel
              state={getState()}
              lang={lang}
              api={api}
              controls={controls}
              chrome={chrome}
              onClose={() => {
                setShareOpen(false);
                rootRef.current?.querySelector<HTMLButtonElement>('[data-action="share"]')?.focus();
              }}
            />
          </Suspense>
        )}
      </header>
      {chrome !== 'none' && controls.length > 0 && (
        <WhatIf
          controls={controls}
          scenario={pending ? (asked ?? resolved) : resolved}
          tr={tr}
          onSet={(k, v) => void setOption(k, v)}
          onReset={() => {
            setOptionIssues([]);
            setOverrides(baseOverrides);
          }}
          canReset={JSON.stringify(overrides) !== JSON.stringify(baseOverrides)}
          uid={uid}
        />
      )}
      {(urlIssues.length > 0 || optionIssues.length > 0) && (
        <div className="hop-error hop-error--soft" role="status">
          {urlIssues.length > 0 && (
            <>
              <strong>
                {tr('diagram.error.ignored', { list: urlIssues.map((i) => i.param).join(', ') })}
              </strong>
              <ul>
                {urlIssues.map((i, k) => (
                  <li key={k}>
                    {tr('diagram.error.param', {
                      param: i.param,
                      value: i.value,
                      allowed: i.allowed,
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {optionIssues.length > 0 && (
            <ul>
              {optionIssues.map((i, k) => (
                <li key={k}>{issueText(tr, lang, i)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* Focusable so keyboard users can give the diagram focus (and scroll it on tiny screens). */}
      <div
        ref={wrapRef}
        className="hop-canvas-wrap"
        data-canvases={uid}
        data-pagefind-ignore
        tabIndex={0}
        role="group"
        aria-label={tr('diagram.a11y.region', { keys: tr('diagram.keys') })}
        aria-describedby={`${uid}-narration`}
      >
        <div
          ref={canvasRef}
          className="hop-canvas hop-canvas--wide"
          style={{ width: layout.width, height: layout.height }}
          role="img"
          aria-label={tr('diagram.canvasLabel')}
        >
          <ViewContext.Provider value={view}>
            <ReactFlow
              key={`${layout.width}`}
              nodes={elements?.nodes ?? layout.nodes}
              edges={elements?.edges ?? layout.edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              width={layout.width}
              height={layout.height}
              {...FIXED_PICTURE}
              ariaLabelConfig={aria}
            >
              <AriaSeed config={aria} />
              <ViewportPortal>
                {bursts.length > 0 ? (
                  <BurstLayer traces={bursts} layout={layout} speed={coarse.speed} running={true} />
                ) : (
                  <PacketLayer {...packetProps} clientOf={clientOf} />
                )}
              </ViewportPortal>
            </ReactFlow>
          </ViewContext.Provider>
        </div>
        {narrowFrame &&
          (narrowLayout ? (
            <div
              className="hop-canvas hop-canvas--narrow"
              style={{ width: narrowLayout.width, height: narrowLayout.height }}
              role="img"
              aria-label={tr('diagram.canvasLabel')}
            >
              <ViewContext.Provider value={view}>
                <StaticPicture layout={narrowLayout} />
              </ViewContext.Provider>
            </div>
          ) : (
            // Client: during hydration Preact leaves an element with dangerouslySetInnerHTML
            // as the server rendered it; once measured, the copy is dropped.
            <div className="hop-canvas hop-canvas--narrow" dangerouslySetInnerHTML={EMPTY_HTML} />
          ))}
        {narrowCss !== '' && (
          <style dangerouslySetInnerHTML={isServer ? { __html: narrowCss } : EMPTY_HTML} />
        )}
      </div>
      {/* hop:stepbar — on a stacked picture (phones) the docked card and the step buttons
          ride together at the bottom of the screen while the picture is on it (diagram.css). */}
      <div ref={stepbarRef} className="hop-stepbar">
        {layout.stacked && bursts.length === 0 && <PacketDock {...packetProps} />}
        {chrome !== 'none' && (
          <Playback
            actor={actor}
            tr={tr}
            lang={lang}
            timeMode={timeMode}
            duration={run.duration}
            total={total}
            uid={uid}
          />
        )}
      </div>
      <Stack variants={reserved}>
        <p
          id={`${uid}-narration`}
          className="hop-narration"
          aria-live="polite"
          aria-atomic="true"
          data-narration
        >
          {narration}
          {timeMode ? ` ${tr('diagram.narr.time', { t: fixed(lang, coarse.time, 1) })}` : ''}
        </p>
      </Stack>
      {/* hop:deck-charts — a deck (chrome "none") shows a run over time by its chart. */}
      {chrome !== 'full' && props.charts && timeMode && (
        <div className="hop-panels hop-panels--charts">
          <TimeCharts {...chartProps} />
        </div>
      )}
      {chrome === 'full' && (
        <div className="hop-panels">
          <Suspense fallback={null}>
            <AfterFirstTask uid={uid}>
              <TimeCharts {...chartProps} />
              <Inspector
                traces={run.result.featured}
                selected={selected}
                onSelect={setSelected}
                currentHopId={stepNow > 0 ? (current?.id ?? null) : null}
                onPickHop={(h) => {
                  const i = run.steps.findIndex((s) => s.hop.id === h.id);
                  if (i >= 0) seekTo({ step: i + 1 });
                }}
                tr={tr}
                uid={uid}
                level={props.headingLevel ?? 3}
                defaultOpen={!timeMode}
                reserve={props.reserveHeight === true}
              />
              <EventLog
                entries={logEntries}
                tr={tr}
                lang={lang}
                onJump={jump}
                uid={uid}
                level={props.headingLevel ?? 3}
              />
              <p className="hop-summary">
                {tr('diagram.summary', {
                  ok: run.result.summary.succeeded,
                  total: run.result.summary.connections,
                  preserved: run.result.summary.clientIpPreserved,
                })}
              </p>
            </AfterFirstTask>
          </Suspense>
        </div>
      )}
    </section>
  );
}

/** A 24×24 icon from one path; decorative (the button carries the label). */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** Diagrams (by uid) whose panels have waited their one task. */
const panelsOpen = new Set<string>();

/**
 * Hydrates its children one task later: the panels (charts, inspector, log) are most of the
 * DOM, and hydrating them with the diagram made one long task. Suspended during hydration,
 * they keep their server HTML meanwhile. Renders directly on the server and after the first task.
 */
function AfterFirstTask({ uid, children }: { uid: string; children: ReactNode }) {
  if (typeof window !== 'undefined' && !panelsOpen.has(uid)) {
    throw new Promise<void>((resolve) =>
      setTimeout(() => {
        panelsOpen.add(uid);
        resolve();
      }, 0),
    );
  }
  return <>{children}</>;
}

/** Marks the root once React has hydrated (tests and the bench wait for it). */
function Hydrated() {
  const ref = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    ref.current?.closest('.hop-flow')?.setAttribute('data-hydrated', 'true');
  }, []);
  return <span ref={ref} hidden />;
}

function Playback({
  actor,
  tr,
  lang,
  timeMode,
  duration,
  total,
  uid,
}: {
  actor: ReturnType<typeof createActor<typeof playbackMachine>>;
  tr: Tr;
  lang: string;
  timeMode: boolean;
  duration: number;
  total: number;
  uid: string;
}) {
  const s = useSelector(
    actor,
    (x) => ({
      pos: x.context.position,
      time: x.context.time,
      playing: x.matches('playing'),
      speed: x.context.speed,
    }),
    (a, b) =>
      a.pos === b.pos && a.time === b.time && a.playing === b.playing && a.speed === b.speed,
  );
  const step = Math.floor(s.pos + 1e-9);
  return (
    <div className="hop-playback" role="group" aria-label={tr('diagram.timeline')}>
      <div className="hop-playback__buttons">
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'RESET' })}
          aria-label={tr('diagram.reset')}
          title={tr('diagram.reset')}
          data-action="reset"
        >
          <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'STEP', delta: -1 })}
          aria-label={tr('diagram.stepBack')}
          title={tr('diagram.stepBack')}
          disabled={step === 0}
          data-action="back"
        >
          <Icon d="M17 5v14L6 12z" />
        </button>
        <button
          type="button"
          className="hop-btn hop-btn--main"
          onClick={() => actor.send({ type: 'TOGGLE' })}
          aria-label={tr(s.playing ? 'diagram.pause' : 'diagram.play')}
          title={tr(s.playing ? 'diagram.pause' : 'diagram.play')}
          data-action="play"
        >
          <Icon d={s.playing ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M7 5v14l12-7z'} />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'STEP', delta: 1 })}
          aria-label={tr('diagram.stepForward')}
          title={tr('diagram.stepForward')}
          disabled={step >= total}
          data-action="forward"
        >
          <Icon d="M7 5v14l11-7zM17 5h2v14h-2z" />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() =>
            actor.send({ type: 'SEEK', step: total, ...(timeMode ? { time: duration } : {}) })
          }
          aria-label={tr('diagram.toEnd')}
          title={tr('diagram.toEnd')}
          data-action="end"
        >
          <Icon d="M4 5v14l11-7zM16 5h2v14h-2z" />
        </button>
      </div>
      <label className="hop-field hop-speed" htmlFor={`${uid}-speed`}>
        <span>{tr('diagram.speed')}</span>
        <select
          id={`${uid}-speed`}
          value={s.speed}
          onChange={(e) => actor.send({ type: 'SPEED', speed: Number(e.currentTarget.value) })}
        >
          {speeds.map((v) => (
            <option key={v} value={v}>
              {v}×
            </option>
          ))}
        </select>
      </label>
      <label className="hop-field hop-seek" htmlFor={`${uid}-seek`}>
        <span className="hop-seek__label">
          {timeMode
            ? tr('diagram.timeAt', { t: fixed(lang, s.time, 1) })
            : tr('diagram.stepOf', { n: step, total })}
        </span>
        <input
          id={`${uid}-seek`}
          type="range"
          min={0}
          max={timeMode ? duration : total}
          step={timeMode ? 0.1 : 1}
          value={timeMode ? s.time : step}
          aria-valuetext={
            timeMode
              ? tr('diagram.timeAt', { t: fixed(lang, s.time, 1) })
              : tr('diagram.stepOf', { n: step, total })
          }
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            actor.send({ type: 'SEEK', ...(timeMode ? { time: v } : { step: v }) });
          }}
        />
      </label>
      <p className="hop-keys">{tr('diagram.keys')}</p>
    </div>
  );
}
