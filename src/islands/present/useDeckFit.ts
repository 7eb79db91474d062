/**
 * Fits a slide's diagram into the room the slide leaves it: picks the design width that draws it
 * biggest with readable labels (view/present/fit.ts), lays the picture out at that width and scales
 * it as a whole (transform: no re-layout loop). The picture's box then takes the scaled height, so
 * the caption and the chart below it get the rest. Again on every resize.
 */
import { useEffect, useRef } from 'react';
import { chooseDesign, fitScale, leastScale, type Design } from '../../view/present/fit';

/** Refs for the slide (the room), its picture box and the part under the picture. */
export function useDeckFit(designs: readonly Design[] | null, key: string) {
  const slideRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const belowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slide = slideRef.current;
    const box = boxRef.current;
    const inner = box?.firstElementChild;
    if (!designs || !slide || !box || !(inner instanceof HTMLElement)) return;
    /** The room for the picture when the part below keeps `below` px (its minimum if NaN). */
    const room = (below: number): { width: number; height: number } => {
      const cs = getComputedStyle(slide);
      const gap = parseFloat(cs.rowGap) || 0;
      let height = slide.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      // Everything but the picture keeps its own height (the part below at its minimum).
      for (const el of Array.from(slide.children)) {
        if (el === box) continue;
        const min = el === belowRef.current ? parseFloat(getComputedStyle(el).minHeight) : NaN;
        const own = el === belowRef.current && Number.isFinite(below) ? below : min;
        height -= (Number.isFinite(own) ? own : (el as HTMLElement).offsetHeight) + gap;
      }
      const width = slide.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return { width, height: Math.max(50, height) };
    };
    const fit = (): void => {
      const screen = { width: innerWidth, height: innerHeight };
      // A chart below the picture gets the room it prefers if the picture stays readable.
      const u = Math.min(innerWidth / 100, (1.6 * innerHeight) / 100);
      const prefer = Number(belowRef.current?.dataset['prefer'] ?? NaN) * u;
      let r = room(NaN);
      let chosen = chooseDesign(designs, r, screen);
      if (Number.isFinite(prefer)) {
        const roomy = room(prefer);
        const pick = chooseDesign(designs, roomy, screen);
        if (pick && fitScale(pick, roomy) >= leastScale(screen)) {
          r = roomy;
          chosen = pick;
        }
      }
      if (chosen && inner.style.width !== `${chosen.width}px`)
        inner.style.width = `${chosen.width}px`;
      // Scale what is really there (the layout for the chosen width), not the estimate.
      const s = fitScale({ width: inner.offsetWidth, height: inner.offsetHeight }, r);
      inner.style.transform = `scale(${s.toFixed(4)})`;
      box.style.height = `${Math.ceil(inner.offsetHeight * s)}px`;
      box.style.width = `${Math.ceil(inner.offsetWidth * s)}px`;
      box.dataset['scale'] = s.toFixed(4);
    };
    // A frame later: fitting resizes what is observed, which must not loop inside the callback.
    let raf = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(fit);
    });
    ro.observe(slide);
    ro.observe(inner);
    fit();
    return () => {
      ro.disconnect();
      cancelAnimationFrame(raf);
    };
  }, [designs, key]);
  return { slideRef, boxRef, belowRef };
}
