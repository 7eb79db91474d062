/**
 * Phones: each step of a stacked picture scrolls the stepped places into view (follow.ts). The
 * scrolling code is its own chunk, loaded on the first step of a stacked picture: desktops and
 * a page's first load never pay for it.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { Step } from '../../view/flow/steps';
import type { FlowLayout } from './toFlow';

/** Follows the packet on each step while `enabled` (a stacked picture with step buttons). */
export function useFollowPacket({
  enabled,
  step,
  layout,
  steps,
  canvas,
  bar,
  reduced,
}: {
  enabled: boolean;
  step: number;
  layout: FlowLayout | null;
  steps: readonly Step[];
  canvas: RefObject<HTMLElement | null>;
  bar: RefObject<HTMLElement | null>;
  reduced: boolean;
}): void {
  // The step last shown. A step taken before the picture stacked (the first tap hydrates the
  // diagram, which then measures its width) is followed once it has.
  const last = useRef(step);
  useEffect(() => {
    if (!enabled || !layout || last.current === step) return;
    last.current = step;
    let live = true;
    void import('./follow').then((m) => {
      const el = canvas.current;
      if (live && el) m.followStep(el, bar.current, layout, steps, step, reduced);
    });
    return () => {
      live = false;
    };
  }, [enabled, step, layout, steps, canvas, bar, reduced]);
}
