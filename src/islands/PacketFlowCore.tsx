/**
 * The interactive packet-flow diagram: one engine run made visible and playable. The engine
 * decides everything about the packets; the hooks in flow/ hold the playback clock, the URL,
 * the what-ifs, the layout and the lessons' reveals, the pure modules (view/flow: commands.ts,
 * diagramView.ts) decide what a key or a moment means, and this component puts them together.
 */
import '@xyflow/react/dist/base.css';
import '../styles/diagram.css';
import { Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { dataPathKindOf } from '../sim/dataPath';
import { createPortal } from 'react-dom';
import { stateAt } from '../sim/state';
import type { ConnectionTrace, Hop, Scenario } from '../sim/types';
import { ariaConfig, withAria } from './flow/a11y';
import { jumpCommand, keyCommand } from '../view/flow/commands';
import {
  dataPathChip,
  diagramLabel,
  diagramTitle,
  diagramView,
  narrationAt,
} from '../view/flow/diagramView';
import { toLog, type LogEntry } from './flow/EventLog';
import { narrate } from '../view/flow/narrate';
import { Canvas } from './flow/Canvas';
import { Header } from './flow/Header';
import { Notices, RunError } from './flow/Notices';
import { BurstLayer, PacketDock, PacketLayer, type PacketProps } from './flow/PacketLayer';
import { Hydrated, Panels } from './flow/Panels';
import { Playback } from './flow/Playback';
import { Narration } from './flow/Narration';
import { TimeCharts, type ChartProps } from './flow/TimeCharts';
import { trFor, type Messages } from '../view/flow/trClient';
import { prefetchEbpfMessages, useEbpfMessages } from './flow/useEbpfMessages';
import { EBPF_CONTROLS } from './packetFlowApi';
import { usesEbpf } from '../sim/ebpf/config';
import { useApi } from './flow/useApi';
import { useFollowPacket } from './flow/useFollowPacket';
import { useLayout } from './flow/useLayout';
import { usePlayback } from './flow/usePlayback';
import { useReveal } from './flow/useReveal';
import { useRun } from './flow/useRun';
import { useUrlSync } from './flow/useUrlSync';
import { tryOverrides, useWhatIf } from './flow/useWhatIf';
import { changedWords } from '../view/flow/changeWords';
import { WhatIf } from './flow/WhatIf';
import { allTimeNarrations, timeNarration } from '../view/flow/timeNarration';
import type { PacketFlowProps } from './packetFlowApi';

const NO_OVERRIDES: Record<string, string> = {};
const noTraces: ConnectionTrace[] = [];

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
  const { lang, controls = [], chrome = 'full', size = 'normal', onStateChange, apiRef } = props;
  const reactId = useId();
  const uid = props.instanceId ?? `hop${reactId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const source = props.scenarioData ?? props.scenario;
  const baseOverrides = props.overrides ?? NO_OVERRIDES;
  const [burst, setBurst] = useState(props.burst ?? 0);
  const [selected, setSelected] = useState(0);
  // Embeds bring their own share button; decks and handouts (chrome "none") have none.
  // A custom scenario (practice, your cluster) has no page of its own to link to: its host
  // page shares it.
  const shareable = chrome !== 'none' && props.instanceId !== 'hop-embed' && !props.scenarioData;
  const reduced = usePrefersReducedMotion();
  const rootRef = useRef<HTMLElement | null>(null);
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLDivElement | null>(null);
  const stepbarRef = useRef<HTMLDivElement | null>(null);

  const ebpfControls = controls.some((c) => EBPF_CONTROLS.includes(c));
  if (ebpfControls && typeof window !== 'undefined') prefetchEbpfMessages(lang);
  // The base scenario arrives with the first run; what-ifs are checked against it.
  const base = useRef<Scenario | undefined>(undefined);
  const whatIf = useWhatIf(base, baseOverrides);
  const { overrides } = whatIf;
  const { outcome, pending } = useRun(source, overrides, burst, whatIf.changed.length > 0);
  if (outcome.base) base.current = outcome.base;
  // While a what-if run computes in the worker, the controls already show what was asked for.
  const asked = useMemo(() => {
    if (!pending) return null;
    const r = tryOverrides(base.current, overrides);
    return r.ok ? r.scenario : null;
  }, [pending, overrides]);
  const run = outcome.ok ? outcome.run : null;
  const resolved = run?.result.resolved;
  const timeMode = run?.mode === 'time';
  // The eBPF data path's strings load with its first run (or its controls), not with the page.
  const ebpfNeeded = (resolved ? usesEbpf(resolved) : false) || ebpfControls;
  const messages = useEbpfMessages(lang, ebpfNeeded, props.messages);
  const tr = useMemo(() => trFor(lang, messages), [lang, messages]);

  const { actor, coarse } = usePlayback(run, { step: props.initialStep, time: props.initialTime });
  const urlIssues = useUrlSync({
    enabled: props.urlState === true,
    autoplay: props.autoplay === true,
    actor,
    coarse,
    timeMode,
    burst,
    setBurst,
    overrides,
    baseOverrides,
    setOverrides: whatIf.setOverrides,
  });

  const allHops = useMemo(() => (run ? run.steps.map((s) => s.hop) : []), [run]);
  const bursts = run ? run.bursts : noTraces;
  const hops = useMemo(
    () => (bursts.length > 0 ? [...allHops, ...bursts.flatMap((b) => b.hops)] : allHops),
    [allHops, bursts],
  );
  const { width, layout, narrowFrame, narrowLayout, narrowCss } = useLayout({
    wrap: wrapRef,
    resolved,
    hops,
    presenter: size === 'presenter',
    timeMode,
    uid,
    ok: outcome.ok,
  });
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
    () => (run ? toLog(tr, run.steps, run.result.events, narrations, timeMode) : []),
    [run, tr, narrations, timeMode],
  );

  const stepNow = coarse.step;
  const current: Hop | null = run ? (run.steps[Math.max(0, stepNow - 1)]?.hop ?? null) : null;
  const total = run?.steps.length ?? 0;
  // hop:time-caption — past a timed run's packets, the caption tells the last change instead.
  const latest =
    run && timeMode ? timeNarration(tr, run.steps, run.result.events, coarse.time) : null;
  const narration = run ? (latest ?? narrationAt(tr, stepNow, narrations)) : '';
  const reserve = props.reserveHeight === true;
  const timeTexts = useMemo(
    () => (reserve && run && timeMode ? allTimeNarrations(tr, run.result.events) : []),
    [reserve, run, timeMode, tr],
  );

  // The inspector follows the connection of the current hop.
  useEffect(() => {
    const f = run?.steps[Math.max(0, stepNow - 1)]?.featured;
    if (f !== undefined && stepNow > 0) setSelected(f);
  }, [run, stepNow]);

  // stateAt folds only the resolved scenario and the events; the view has no connection records.
  const st = useMemo(
    () => (run && timeMode ? stateAt({ ...run.result, connections: [] }, coarse.time) : null),
    [run, timeMode, coarse.time],
  );
  const view = useMemo(() => diagramView(run, stepNow, st, tr), [run, stepNow, st, tr]);
  const scenarioId = resolved?.id ?? props.scenario;

  const api = useApi({
    actor,
    coarse,
    scenarioId,
    overrides,
    lang,
    narration,
    setOption: whatIf.setOption,
    layout,
    tr,
    apiRef,
    onStateChange,
  });
  const seekTo = api.seek;
  useReveal(props.instanceId, run, actor, rootRef, reduced);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const command = keyCommand(e.key, {
      onButton: e.target instanceof HTMLButtonElement,
      total,
      timeMode,
      duration: run?.duration ?? 0,
    });
    if (!command) return;
    actor.send(command);
    e.preventDefault();
  };

  const title = diagramTitle(
    tr,
    { id: scenarioId },
    // An author's title describes the diagram as set; without one, every override is named.
    {
      title: props.title,
      changed: changedWords(tr, overrides, props.title ? baseOverrides : {}),
    },
  );
  const rootClass = `hop-flow not-content hop-flow--${size}${layout?.stacked ? ' is-stacked' : ''}`;
  if (!outcome.ok || !run || !layout || !resolved)
    return (
      <RunError
        issues={outcome.ok ? [] : outcome.issues}
        tr={tr}
        lang={lang}
        className={rootClass}
        id={props.instanceId}
      />
    );

  const jump = (e: LogEntry): void => {
    const command = jumpCommand(e);
    if (command) actor.send(command);
  };
  const policy = resolved.service.externalTrafficPolicy;
  const clientOf = (connection: number): string | null => run.clients[connection] ?? null;
  const chartProps: ChartProps = {
    run,
    resolved,
    uid,
    time: coarse.time,
    width,
    tr,
    onSeek: (t: number) => seekTo({ time: t }),
  };
  const packetProps: PacketProps = {
    actor,
    steps: run.steps,
    layout,
    tr,
    reducedMotion: reduced,
    timeoutSeconds: resolved.traffic.connectTimeout,
    compact: size === 'presenter',
  };

  return (
    <section
      ref={rootRef}
      className={rootClass}
      id={props.instanceId}
      aria-label={diagramLabel(tr, title, props.instanceId)}
      data-scenario={scenarioId}
      data-step={stepNow}
      data-steps={total}
      data-playing={coarse.playing ? 'true' : 'false'}
      data-mode={run.mode}
      data-hydrated="false"
      onKeyDown={onKeyDown}
    >
      <Hydrated />
      <Header
        title={title}
        policy={policy}
        masquerade={resolved.masquerade}
        dataPath={dataPathKindOf(resolved)}
        ebpfChip={dataPathChip(tr, resolved)}
        burst={burst > 0 ? bursts.length : 0}
        share={
          shareable ? { getState: api.getState, api, controls, chrome, pause: api.pause } : null
        }
        tr={tr}
        lang={lang}
      />
      {chrome !== 'none' && controls.length > 0 && (
        <WhatIf
          controls={controls}
          scenario={asked ?? resolved}
          tr={tr}
          onSet={(k, v) => void whatIf.setOption(k, v)}
          onReset={whatIf.reset}
          canReset={whatIf.changed.length > 0}
          uid={uid}
        />
      )}
      <Notices url={urlIssues} options={whatIf.issues} tr={tr} lang={lang} />
      <Canvas
        wrap={wrapRef}
        canvas={canvasRef}
        uid={uid}
        tr={tr}
        layout={layout}
        elements={elements}
        aria={aria}
        view={view}
        narrow={narrowFrame ? { layout: narrowLayout, css: narrowCss } : null}
      >
        {bursts.length > 0 ? (
          <BurstLayer traces={bursts} layout={layout} speed={coarse.speed} running={true} />
        ) : (
          <PacketLayer {...packetProps} clientOf={clientOf} />
        )}
      </Canvas>
      {/* hop:stepbar — on a stacked picture (phones) the docked card and the step buttons
          ride together at the bottom of the screen while the picture is on it (diagram.css). */}
      <div ref={stepbarRef} className="hop-stepbar">
        {layout.stacked && bursts.length === 0 && <PacketDock {...packetProps} />}
        {chrome !== 'none' && (
          <Playback
            actor={actor}
            tr={tr}
            timeMode={timeMode}
            duration={run.duration}
            total={total}
            uid={uid}
          />
        )}
      </div>
      <Narration
        tr={tr}
        uid={uid}
        narrations={narrations}
        step={stepNow}
        text={latest}
        texts={timeTexts}
        clock={timeMode ? { time: coarse.time, duration: run.duration } : null}
        reserve={props.reserveHeight === true}
      />
      {/* hop:deck-charts — a deck (chrome "none") shows a run over time by its chart. */}
      {chrome !== 'full' &&
        props.charts &&
        timeMode &&
        (props.chartsTarget ? (
          // Inside a hop-flow box of its own: the chart's colours are the diagram's variables.
          createPortal(
            <div className={`hop-flow hop-flow--${size} hop-flow--chart`}>
              <TimeCharts {...chartProps} />
            </div>,
            props.chartsTarget,
          )
        ) : (
          <div className="hop-panels hop-panels--charts">
            <TimeCharts {...chartProps} />
          </div>
        ))}
      {chrome === 'full' && (
        <div className="hop-panels">
          <Suspense fallback={null}>
            <Panels
              chart={chartProps}
              selected={selected}
              onSelect={setSelected}
              current={stepNow > 0 ? current : null}
              onPickHop={(h) => {
                const i = run.steps.findIndex((s) => s.hop.id === h.id);
                if (i >= 0) seekTo({ step: i + 1 });
              }}
              log={logEntries}
              onJump={jump}
              level={props.headingLevel ?? 3}
              reserve={props.reserveHeight === true}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}
