// Stands in for Starlight's table-of-contents highlighter (`starlight-toc.js`; swapped in by the
// `hop:light-toc` Vite plugin in astro.config.mjs). Starlight's version runs `:has()` selectors
// over the whole page and measures the header in an idle callback at load: 100-200 ms of main
// thread on a lesson with four diagrams (4x CPU throttling), twice, because the desktop and the
// phone TOC each do it. This one does nothing at load beyond marking "Overview" and starts on
// the first scroll, resize or hash change: one IntersectionObserver over the TOC's headings only,
// shared by both TOCs. The current entry is the last heading that has passed the line under the
// header, which is the section being read.

const tocs = new Set<StarlightTOC>();
const passed = new Map<Element, boolean>();
let headings: HTMLElement[] = [];
let observer: IntersectionObserver | undefined;
let started = false;

/**
 * The reading line: Starlight's band under the sticky header (and the phone TOC's bar) starts
 * 32 px below it and is 53 px tall; a heading inside the band is the current one.
 */
function topLine(): number {
  const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
  let bar = 0;
  for (const s of document.querySelectorAll('mobile-starlight-toc summary'))
    bar = Math.max(bar, s.getBoundingClientRect().height);
  return header + bar + 32 + 53;
}

/** The TOC's headings, in document order (levels from the TOC's data-min-h / data-max-h). */
function tocHeadings(toc: HTMLElement): HTMLElement[] {
  const min = Number.parseInt(toc.dataset.minH ?? '2', 10);
  const max = Number.parseInt(toc.dataset.maxH ?? '3', 10);
  const levels: string[] = [];
  for (let h = min; h <= max; h++) levels.push(`h${h}[id]`);
  const ids = new Set(
    [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].map((a) => a.hash),
  );
  return [...document.querySelectorAll<HTMLElement>(`main :is(${levels.join()})`)].filter((h) =>
    ids.has('#' + encodeURIComponent(h.id)),
  );
}

function update(): void {
  let id = '_top';
  for (const h of headings) if (passed.get(h)) id = h.id;
  const hash = '#' + encodeURIComponent(id);
  for (const toc of tocs) {
    const link = [...toc.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.hash === hash);
    if (link) toc.current = link;
  }
}

function observe(): void {
  observer?.disconnect();
  const line = topLine();
  observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const top = e.rootBounds?.top ?? line;
        // A heading a lesson question still holds back has no box (top 0): not passed.
        const box = e.boundingClientRect;
        passed.set(e.target, box.height > 0 && box.top < top);
      }
      update();
    },
    // The root runs from the line to far below the page, so a heading's top crossing the line
    // always changes how much of it is inside (threshold 1), even after a jump across the page.
    { rootMargin: `-${line}px 0px 100000px 0px`, threshold: [0, 1] },
  );
  for (const h of headings) observer.observe(h);
}

function start(): void {
  if (started) return;
  started = true;
  const first = tocs.values().next().value;
  if (!first) return;
  headings = tocHeadings(first);
  observe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(observe, 200);
  });
}

/** `<starlight-toc>`: marks the TOC entry of the section being read (`aria-current`). */
export class StarlightTOC extends HTMLElement {
  private _current: HTMLAnchorElement | null = this.querySelector('a[aria-current="true"]');

  set current(link: HTMLAnchorElement) {
    if (link === this._current) return;
    this._current?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'true');
    this._current = link;
  }

  constructor() {
    super();
    tocs.add(this);
    // At load the reader is at the top: "Overview" (Starlight's first entry) without measuring.
    const overview = this.querySelector<HTMLAnchorElement>('a[href="#_top"]');
    if (overview && !this._current) this.current = overview;
    for (const type of ['scroll', 'resize', 'hashchange'])
      addEventListener(type, start, { once: true, passive: true });
  }
}

customElements.define('starlight-toc', StarlightTOC);
