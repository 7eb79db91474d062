/** Packets riding along the links, drawn in flow coordinates (inside React Flow's viewport). */
import { memo, useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { Actor } from 'xstate';
import type { ConnectionTrace, Hop } from '../../sim/types';
import { STEP_SECONDS, type playbackMachine } from '../../view/playback/playbackMachine';
import { fmtAddr, hopReasonText } from '../../view/flow/narrate';
import type { Step } from '../../view/flow/steps';
import { DOCK_ROOM, type Box } from '../../view/flow/geometry';
import { pointAlong, type Point } from '../../view/flow/polyline';
import { hopRoute, type FlowLayout } from './toFlow';
import { tagSize } from './fonts';
import type { Tr } from '../../view/flow/trClient';
import { useSelector } from './useSelector';

type PlaybackActor = Actor<typeof playbackMachine>;

function Field({ name, value, changed }: { name: string; value: string; changed: boolean }) {
  return (
    <span className={`hop-tag__f${changed ? ' is-changed' : ''}`}>
      <span className="hop-tag__k">{name}</span> {changed ? <mark>{value}</mark> : value}
    </span>
  );
}

/** The header tag for one hop; `arrived` shows the header after the hop's rules. */
export function PacketTag({
  hop,
  arrived,
  tr,
  timeoutSeconds,
  offset = { x: 0, y: 0 },
  docked = false,
  compact = false,
  cardRef,
}: {
  /** In the dock under a stacked picture (PacketDock), not next to the packet. */
  docked?: boolean;
  /** Decks: the verdict in a word; its reason is the slide's caption and the notes. */
  compact?: boolean;
  cardRef?: Ref<HTMLDivElement> | undefined;
  hop: Hop;
  arrived: boolean;
  tr: Tr;
  timeoutSeconds: number;
  /** The card's top-left corner relative to the packet, in px (placeTag). */
  offset?: { x: number; y: number };
}) {
  const h = arrived ? hop.after : hop.before;
  const showChanged = arrived && hop.changed.length > 0;
  const srcChanged =
    showChanged && (hop.changed.includes('src.ip') || hop.changed.includes('src.port'));
  const dstChanged =
    showChanged && (hop.changed.includes('dst.ip') || hop.changed.includes('dst.port'));
  const ended = arrived && hop.end !== undefined && hop.end !== 'ok';
  const reason = hopReasonText(tr, hop);
  return (
    <div
      {...(cardRef ? { ref: cardRef } : {})}
      className={`hop-tag hop-tag--${hop.direction}${docked ? ' hop-tag--docked' : ''}${ended ? ` hop-tag--end hop-tag--${hop.end ?? ''}` : ''}`}
      data-hop={hop.id}
      data-arrived={arrived ? 'true' : 'false'}
      data-at={arrived ? hop.to : hop.from}
      {...(docked
        ? {}
        : {
            style: { transform: `translate(${offset.x.toFixed(0)}px, ${offset.y.toFixed(0)}px)` },
          })}
    >
      <span className="hop-tag__kind">
        <span aria-hidden="true">{hop.direction === 'reply' ? '◀ ' : '▶ '}</span>
        {hop.kind} · {tr(`diagram.dir.${hop.direction}`)}
      </span>
      <Field name={tr('diagram.inspector.src')} value={fmtAddr(h.src)} changed={srcChanged} />
      <Field name={tr('diagram.inspector.dst')} value={fmtAddr(h.dst)} changed={dstChanged} />
      {ended && (
        <span className="hop-tag__end">
          <span aria-hidden="true">{hop.end === 'timeout' ? '' : '✕ '}</span>
          {hop.end === 'timeout'
            ? `${tr('diagram.narr.timeoutShort', { seconds: timeoutSeconds }, `${timeoutSeconds} s`)}${compact ? '' : ' · '}`
            : compact
              ? tr(`diagram.tagEnd.${hop.end ?? ''}`, {}, hop.end)
              : ''}
          {compact ? '' : reason}
        </span>
      )}
    </div>
  );
}

function placeAt(p: Point, cls: string, children: React.ReactNode, key?: string) {
  return (
    <div
      key={key}
      className={cls}
      style={{ transform: `translate(${p[0].toFixed(1)}px, ${p[1].toFixed(1)}px)` }}
    >
      {children}
    </div>
  );
}

/** What the packet layer and the phone dock both draw from. */
export interface PacketProps {
  actor: PlaybackActor;
  steps: readonly Step[];
  layout: FlowLayout;
  tr: Tr;
  reducedMotion: boolean;
  timeoutSeconds: number;
  /** Decks: a one-word verdict on the card (PacketTag's `compact`). */
  compact?: boolean;
}

interface PacketAt {
  hop: Hop;
  arrived: boolean;
  point: Point;
  /** False before the first hop: only the dot waits at the sender. */
  started: boolean;
}

/**
 * Simulated seconds a featured packet stays on the picture after its last hop, in a run over
 * time. A drain's featured hops take the first 20 ms; at t = 40 s that packet is long gone and
 * must not sit next to the client as if it were still on its way.
 */
export const STALE_AFTER = 2;

/** Whether, at `time`, the packet at `position` has been resting longer than STALE_AFTER. */
export function isStale(steps: readonly Step[], position: number, time: number): boolean {
  const k = Math.floor(position + 1e-9);
  if (position - k > 1e-6) return false;
  const last = steps[k - 1];
  return last !== undefined && time - last.hop.at > STALE_AFTER;
}

/** Where the featured packet is at a playback position, and which hop's header it carries. */
function packetAt(
  steps: readonly Step[],
  layout: FlowLayout,
  position: number,
  reducedMotion: boolean,
): PacketAt | null {
  const pos = reducedMotion ? Math.floor(position + 1e-9) : position;
  const k = Math.floor(pos + 1e-9);
  const f = pos - k;
  const inFlight = steps[k];
  const previous = k > 0 ? steps[k - 1] : undefined;
  let hop: Hop | undefined;
  let arrived = false;
  let point: Point | null = null;
  if (f > 1e-6 && inFlight) {
    hop = inFlight.hop;
    point = pointAlong(hopRoute(layout, hop), f);
  } else if (previous) {
    hop = previous.hop;
    arrived = true;
    const r = hopRoute(layout, hop);
    point = r[r.length - 1] ?? null;
  } else if (steps[0]) {
    hop = steps[0].hop;
    point = hopRoute(layout, hop)[0] ?? null;
  }
  if (!hop || !point) return null;
  return { hop, arrived, point, started: f > 1e-6 || k > 0 };
}

/**
 * The packet's header card docked under a stacked (phone) picture instead of next to the
 * packet, where it would hide the box the packet is in. It rests in the room the layout keeps
 * for it (DOCK_ROOM) and sticks to the bottom of the screen while the picture runs past it.
 */
export const PacketDock = memo(function PacketDock(p: PacketProps) {
  const position = useSelector(p.actor, (s) => s.context.position);
  const stale = useSelector(
    p.actor,
    (s) => s.context.mode === 'time' && isStale(p.steps, s.context.position, s.context.time),
  );
  const at = stale ? null : packetAt(p.steps, p.layout, position, p.reducedMotion);
  const room = DOCK_ROOM * p.layout.scale;
  return (
    <div className="hop-tag-dock" aria-hidden="true" style={{ height: room, marginTop: -room }}>
      {at?.started && (
        <PacketTag
          hop={at.hop}
          arrived={at.arrived}
          tr={p.tr}
          timeoutSeconds={p.timeoutSeconds}
          docked
        />
      )}
    </div>
  );
});

/**
 * hop:tag-place — where the card goes (tagPlace.ts) is a chunk of its own, fetched when the
 * diagram runs, so a lesson's first load does not carry it. Until it is there the card sits
 * above the packet (below it near the top edge), as it always did.
 */
let placer: typeof import('./tagPlace') | null = null;
const placerLoaded =
  typeof window === 'undefined'
    ? null
    : import('./tagPlace').then((m) => {
        placer = m;
      });

function placeCard(
  layout: FlowLayout,
  point: Point,
  lines: number,
  avoid: readonly Box[],
  measured: { w: number; h: number } | null,
): { x: number; y: number } {
  const size = measured ?? tagSize(layout.fonts.tag, lines);
  if (placer) return placer.placeTag(layout, point, size, avoid);
  const { w, h } = size;
  const x = Math.min(Math.max(point[0] - w / 2, 2), Math.max(2, layout.width - w - 2));
  return { x: x - point[0], y: point[1] < 120 * layout.scale ? 12 : -12 - h };
}

/** The featured packet at the playback cursor; re-renders every frame while playing. */
export const PacketLayer = memo(function PacketLayer({
  actor,
  steps,
  layout,
  tr,
  reducedMotion,
  timeoutSeconds,
  compact = false,
  clientOf,
}: PacketProps & { clientOf: (connection: number) => string | null }) {
  const position = useSelector(actor, (s) => s.context.position);
  const stale = useSelector(
    actor,
    (s) => s.context.mode === 'time' && isStale(steps, s.context.position, s.context.time),
  );
  const [, setPlaced] = useState(placer !== null);
  useEffect(() => {
    if (!placer) void placerLoaded?.then(() => setPlaced(true));
  }, []);
  const at = steps.length === 0 || stale ? null : packetAt(steps, layout, position, reducedMotion);
  // The card's real size once drawn (its text differs per hop), so it is placed whole.
  const card = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState<{ key: string; w: number; h: number } | null>(null);
  const cardKey = at ? `${at.hop.id}:${at.arrived ? 1 : 0}:${compact ? 1 : 0}` : '';
  useLayoutEffect(() => {
    const el = card.current;
    if (!el || cardKey === '' || size?.key === cardKey) return;
    setSize({ key: cardKey, w: el.offsetWidth, h: el.offsetHeight });
  }, [cardKey, size]);
  if (!at) return null;
  const { hop, arrived, point, started } = at;
  const timedOut = arrived && (hop.end === 'timeout' || hop.marks.includes('timeout'));
  // hop:tag-place — the card goes where it hides no box's label (tagPlace.ts).
  const ended = arrived && hop.end !== undefined && hop.end !== 'ok';
  // A verdict wraps at about 26 letters a line (the card's 18em).
  const verdict = ended ? (compact ? 1 : Math.ceil((hopReasonText(tr, hop).length + 24) / 26)) : 0;
  const client = timedOut ? clientOf(hop.connection) : null;
  const cb = client ? layout.boxes[client] : undefined;
  // Nor may it hide the box the packet is at, or the give-up clock.
  const here = layout.boxes[arrived ? hop.to : hop.from];
  const s = layout.scale;
  const avoid: Box[] = [
    ...(here && (arrived || !started) ? [here] : []),
    ...(cb
      ? [{ x: cb.x + cb.w - 6 - 100 * s, y: cb.y + cb.h - 16 * s, w: 100 * s, h: 32 * s }]
      : []),
  ];
  const offset = placeCard(layout, point, verdict, avoid, size?.key === cardKey ? size : null);
  return (
    <div className="hop-packets" aria-hidden="true">
      {placeAt(
        point,
        `hop-packet hop-packet--${hop.direction}${arrived && hop.end && hop.end !== 'ok' ? ' is-ended' : ''}`,
        <>
          <span className="hop-packet__dot" />
          {/* Stacked pictures dock the tag under the picture (PacketDock). */}
          {started && !layout.stacked && (
            <PacketTag
              hop={hop}
              arrived={arrived}
              tr={tr}
              timeoutSeconds={timeoutSeconds}
              offset={offset}
              compact={compact}
              cardRef={card}
            />
          )}
        </>,
      )}
      {cb &&
        // On the client's lower edge: above it the clock would leave the canvas at its top.
        placeAt(
          [cb.x + cb.w - 6, cb.y + cb.h],
          'hop-clock',
          <span
            className="hop-clock__face"
            title={tr('diagram.narr.timeoutShort', { seconds: timeoutSeconds }, '')}
          >
            <span className="hop-clock__ring" aria-hidden="true" /> {timeoutSeconds} s
          </span>,
        )}
    </div>
  );
});

/** Benchmark / burst mode: many engine connections looping at once, moved imperatively. */
export const BurstLayer = memo(function BurstLayer({
  traces,
  layout,
  speed,
  running,
}: {
  traces: readonly ConnectionTrace[];
  layout: FlowLayout;
  speed: number;
  running: boolean;
}) {
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  useEffect(() => {
    if (!running) return;
    const routes = traces.map((t) => t.hops.map((h) => hopRoute(layout, h)));
    const shown = traces.map(() => -1);
    let raf = 0;
    const start = performance.now();
    const frame = (now: number): void => {
      const base = (((now - start) / 1000) * speed) / STEP_SECONDS;
      traces.forEach((t, i) => {
        const el = refs.current[i];
        const n = t.hops.length;
        if (!el || n === 0) return;
        const p = (base + i * 0.61) % n;
        const k = Math.floor(p);
        const hop = t.hops[k];
        const route = routes[i]?.[k];
        if (!hop || !route) return;
        const [x, y] = pointAlong(route, p - k);
        el.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
        if (shown[i] !== k) {
          shown[i] = k;
          el.className = `hop-packet hop-packet--mini hop-packet--${hop.direction}`;
          const label = el.lastElementChild;
          if (label) label.textContent = `${hop.kind} ${fmtAddr(hop.before.dst)}`;
        }
      });
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [traces, layout, speed, running]);
  return (
    <div className="hop-packets" aria-hidden="true" data-burst={traces.length}>
      {traces.map((_, i) => (
        <div
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="hop-packet hop-packet--mini"
        >
          <span className="hop-packet__dot" />
          <span className="hop-mini-label" />
        </div>
      ))}
    </div>
  );
});
