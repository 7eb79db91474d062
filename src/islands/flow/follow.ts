/**
 * Phones: keep the stepped packet in view. A stacked picture is taller than a phone's screen,
 * and its step buttons ride in a bar pinned to the bottom of the screen (diagram.css
 * `.hop-stepbar`). Each step scrolls the page just enough to show the places the packet moves
 * between, in the band between the site's header and that bar, so the reader's thumb stays on
 * the buttons and the eyes on the packet. Nothing moves while the diagram is off screen.
 */
import type { Step } from '../../view/flow/steps';
import type { Box } from '../../view/flow/geometry';
import type { FlowLayout } from './toFlow';

/** The boxes a step shows (the hop it completed, or at step 0 the first hop's sender). */
export function followBox(layout: FlowLayout, steps: readonly Step[], step: number): Box | null {
  const hop = step > 0 ? steps[step - 1]?.hop : steps[0]?.hop;
  if (!hop) return null;
  const ids = step > 0 ? [hop.from, hop.to] : [hop.from];
  const boxes = ids.map((id) => layout.boxes[id]).filter((b): b is Box => b !== undefined);
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return {
    x,
    y,
    w: Math.max(...boxes.map((b) => b.x + b.w)) - x,
    h: Math.max(...boxes.map((b) => b.y + b.h)) - y,
  };
}

/** The box the packet rests in after `step` (the hop's receiver; at step 0 its sender). */
export function restBox(layout: FlowLayout, steps: readonly Step[], step: number): Box | null {
  const hop = step > 0 ? steps[step - 1]?.hop : steps[0]?.hop;
  if (!hop) return null;
  return layout.boxes[step > 0 ? hop.to : hop.from] ?? null;
}

/**
 * How far to scroll (px, + is down) so that [top, bottom] lies inside the band
 * [bandTop, bandBottom]; 0 when it already does. Too tall for the band: its top goes first.
 */
export function scrollDelta(
  top: number,
  bottom: number,
  bandTop: number,
  bandBottom: number,
): number {
  const margin = 8;
  if (top >= bandTop && bottom <= bandBottom) return 0;
  if (bottom - top > bandBottom - bandTop - 2 * margin || top < bandTop)
    return top - bandTop - margin;
  return bottom - bandBottom + margin;
}

/**
 * Scrolls the page so the places of `step` show between the site's header and the pinned bar;
 * nothing when the picture is off screen.
 */
export function followStep(
  canvas: HTMLElement,
  bar: HTMLElement | null,
  layout: FlowLayout,
  steps: readonly Step[],
  step: number,
  reduced: boolean,
): void {
  // A question below holds its place while its moment plays here (src/scripts/predict.ts).
  if (document.documentElement.hasAttribute('data-hop-pinned')) return;
  const both = followBox(layout, steps, step);
  if (!both) return;
  const pic = canvas.getBoundingClientRect();
  if (pic.bottom <= 0 || pic.top >= innerHeight) return;
  const padTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  // The bar's card and buttons hide what is under them (the band around the card does not).
  const hidden = [...(bar?.querySelectorAll('.hop-tag, .hop-playback') ?? [])];
  const barTop = Math.min(innerHeight, ...hidden.map((e) => e.getBoundingClientRect().top));
  // Both places when they fit between the header and the bar; else where the packet is now
  // (a hop from the client at the top to the last Node far below shows its arrival).
  const box = both.h <= barTop - padTop - 16 ? both : (restBox(layout, steps, step) ?? both);
  const delta = scrollDelta(pic.top + box.y, pic.top + box.y + box.h, padTop, barTop);
  if (Math.abs(delta) > 1) window.scrollBy({ top: delta, behavior: reduced ? 'auto' : 'smooth' });
}
