/**
 * How big a slide draws its diagram: the picture is laid out at one of a few design widths
 * (measured at build time: a wider layout puts a Node's Pods side by side and gets lower) and
 * scaled as a whole into the room the slide has. Pure, so the choice is unit-tested.
 */

import type { Design } from '../../lib/deck';

export type { Design };

/** The smallest text of a presenter picture, in design px (present.css keeps every label at or above it). */
export const SMALLEST_LABEL = 20;
/** What the smallest label must render at on a 1080p projector (the back row reads it). */
export const READABLE_AT_1080 = 22;
/** Beyond this the type gets coarse and a 4K screen shows the picture at most this big. */
export const MAX_SCALE = 2.2;

/** The scale that fits a design into a box (capped). */
export function fitScale(d: Design, box: { width: number; height: number }): number {
  if (d.width <= 0 || d.height <= 0) return 1;
  return Math.min(MAX_SCALE, box.width / d.width, box.height / d.height);
}

/** The least scale at which the smallest label stays readable on this screen. */
export function leastScale(screen: { width: number; height: number }): number {
  return (READABLE_AT_1080 / SMALLEST_LABEL) * Math.min(screen.width / 1920, screen.height / 1080);
}

/**
 * The design that draws biggest in the box: first one whose addresses all fit their boxes, then
 * one at which every label stays readable (the least scale that keeps the smallest label at
 * 22 px on 1080p, in proportion to the screen), then the largest picture.
 */
export function chooseDesign(
  designs: readonly Design[],
  box: { width: number; height: number },
  screen: { width: number; height: number },
): Design | undefined {
  const least = leastScale(screen);
  let best: Design | undefined;
  let bestKey: number[] = [];
  // First every address whole, then every label readable, then the largest picture.
  for (const d of designs) {
    const s = fitScale(d, box);
    const key = [d.fits === false ? 0 : 1, s >= least - 1e-6 ? 1 : 0, d.width * d.height * s * s];
    const better = key.findIndex((k, i) => k !== bestKey[i]);
    if (
      best === undefined ||
      (better >= 0 && (key[better] ?? 0) > (bestKey[better] ?? 0) + (better === 2 ? 1 : 0))
    ) {
      best = d;
      bestKey = key;
    }
  }
  return best;
}
