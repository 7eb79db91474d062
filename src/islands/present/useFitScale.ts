/**
 * Fit a diagram into its slide. It is laid out once at a fixed design width (CSS), with boxes
 * and type in proportion, and scaled as a whole to the space left: a 1920 px projector gets it
 * bigger, a 4:3 screen smaller, and it never re-lays out in a loop.
 */
import { useEffect, useRef } from 'react';

/**
 * A ref for the box whose first child is scaled to fit it (up to `max`), again on every resize;
 * `shown` and `slide` say when the box may have been replaced.
 */
export function useFitScale(max: number, shown: boolean, slide: number) {
  const fitRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = fitRef.current;
    const inner = box?.firstElementChild;
    if (!box || !(inner instanceof HTMLElement)) return;
    const fit = (): void => {
      const h = inner.offsetHeight;
      const w = inner.offsetWidth;
      const scale = h > 0 && w > 0 ? Math.min(max, box.clientHeight / h, box.clientWidth / w) : 1;
      inner.style.transform = Math.abs(scale - 1) > 0.005 ? `scale(${scale.toFixed(3)})` : '';
    };
    const ro = new ResizeObserver(fit);
    ro.observe(box);
    ro.observe(inner);
    fit();
    return () => ro.disconnect();
  }, [shown, slide]);
  return fitRef;
}
