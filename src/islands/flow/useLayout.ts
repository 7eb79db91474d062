/**
 * The diagram's layout for its real width. The server and the hydrating client lay out at a
 * design width (the markup must match); the island then measures itself and lays out again
 * (stacked on phones). The server also renders a stacked copy of the first frame, shown by a
 * container query where the wide one would not fit, so a phone sees the right layout before
 * hydration.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { Hop, Scenario } from '../../sim/types';
import { stackWidth } from '../../view/flow/geometry';
import { toFlow, type FlowLayout } from './toFlow';

/** Width of the stacked first frame the server adds for phones. */
const NARROW_SSR_WIDTH = 320;
/**
 * Width the server renders the first frame at: the diagram's width in a lesson at 1280 px, so
 * wider screens never see it clipped before it runs.
 */
const SSR_WIDTH = 606;
/** The same for decks: their design width (present.css .slide-flow-inner, 1120 px, less padding). */
const PRESENTER_SSR_WIDTH = 1094;

/** The layouts of one diagram and the CSS that picks the narrow first frame. */
export function useLayout(o: {
  wrap: RefObject<HTMLDivElement>;
  resolved: Scenario | undefined;
  hops: readonly Hop[];
  presenter: boolean;
  timeMode: boolean;
  uid: string;
  /** Re-measure when the diagram appears (after an error, say). */
  ok: boolean;
}): {
  width: number;
  layout: FlowLayout | null;
  narrowFrame: boolean;
  narrowLayout: FlowLayout | null;
  narrowCss: string;
} {
  const [measured, setWidth] = useState<number | null>(null);
  const width = measured ?? (o.presenter ? PRESENTER_SSR_WIDTH : SSR_WIDTH);
  const { wrap, ok } = o;
  useEffect(() => {
    const el = wrap.current;
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
  }, [wrap, ok]);

  const { resolved, hops, presenter, timeMode, uid } = o;
  const layout = useMemo(
    () => (resolved ? toFlow(resolved, width, hops, { presenter, badges: timeMode }) : null),
    [resolved, width, hops, presenter, timeMode],
  );
  const isServer = typeof window === 'undefined';
  const narrowFrame = !presenter && measured === null && layout !== null && !layout.stacked;
  const narrowLayout = useMemo(
    () =>
      isServer && narrowFrame && resolved
        ? toFlow(resolved, NARROW_SSR_WIDTH, hops, { badges: timeMode })
        : null,
    [isServer, narrowFrame, resolved, hops, timeMode],
  );
  const narrowCss =
    narrowFrame && resolved
      ? `@container (max-width: ${stackWidth(resolved) - 1}px) {` +
        `[data-canvases="${uid}"] > .hop-canvas--wide { display: none; }` +
        `[data-canvases="${uid}"] > .hop-canvas--narrow { display: block; } }`
      : '';
  return { width, layout, narrowFrame, narrowLayout, narrowCss };
}
