/**
 * `client:interact`: hydrate an island when the reader first uses it, not when the page loads.
 *
 * A diagram's first frame, controls and transcript are server-rendered, so a page is complete
 * without JavaScript. Evaluating React Flow and hydrating a diagram costs one long main-thread
 * task per diagram (hundreds of ms on a mid-range phone); doing that at load, or while the
 * reader scrolls past, is what made lesson and embed pages slow. This directive:
 *  - prefetches the island's modules (fetch and compile, no evaluation) when it nears the
 *    viewport, so the first interaction only pays evaluation and hydration;
 *  - hydrates on the first hover (mouse or pen), touch, pointer press, focus or key press inside
 *    the island, or on a lesson question's `hop:reveal` for this diagram;
 *  - replays what the reader did while the island was still static: the click on a button,
 *    a changed select or checkbox, a key press on the diagram, the reveal;
 *  - marks the island `data-interact`: "loading" while it starts, "pending" while a press
 *    waits for it (the diagram shows a busy bar), "ready" once it runs;
 *  - hydrates at once when the island cannot wait: `eager` (autoplay), `query` with a query
 *    string (the server frame does not show the URL's options), `framed` inside an iframe
 *    (the host may drive it by postMessage and waits for its `ready`) and `wider` on a box
 *    wider than the server frame was laid out for, the last two on idle.
 */
import type { ClientDirective } from 'astro';

/** Options of `client:interact={{ ... }}`. */
export interface InteractOptions {
  /** The diagram's id, to catch `hop:reveal` events aimed at it. */
  id?: string;
  /** Hydrate immediately. */
  eager?: boolean;
  /** Hydrate immediately when the page URL has a query string. */
  query?: boolean;
  /** Hydrate when idle when the page is inside a frame. */
  framed?: boolean;
  /**
   * Hydrate when idle when the island is wider than this many px: its server frame is laid out
   * for a narrower box (an embed opened on a wide screen), and only the island re-lays it out.
   */
  wider?: number;
}

type Replay = () => void;

const READY = '[data-hydrated="true"], [data-ready="true"]';
/** The keys a diagram answers to (PacketFlowCore's key handler). */
const DIAGRAM_KEYS = new Set([' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const CONTROL = 'button, input, select, textarea, summary, label, [role="button"], [role="tab"]';

/** Child-index path from `root` to `node`, to find the same element if it was re-created. */
function pathOf(root: Element, node: Element): number[] {
  const path: number[] = [];
  let n: Element | null = node;
  while (n && n !== root) {
    const parent: Element | null = n.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, n));
    n = parent;
  }
  return path;
}

function resolve(root: Element, node: Element, path: readonly number[]): Element | null {
  if (node.isConnected) return node;
  let n: Element | undefined = root;
  for (const i of path) {
    n = n?.children[i];
    if (!n) return null;
  }
  return n ?? null;
}

/** Resolves once the island marks itself ready (or after a safety timeout). */
function whenReady(el: HTMLElement): Promise<void> {
  return new Promise((done) => {
    if (el.querySelector(READY)) return done();
    const mo = new MutationObserver(() => {
      if (!el.querySelector(READY)) return;
      mo.disconnect();
      clearTimeout(timer);
      done();
    });
    const timer = setTimeout(() => {
      mo.disconnect();
      done();
    }, 8000);
    mo.observe(el, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-hydrated', 'data-ready'],
    });
  });
}

/** Fetches and compiles (without running) the island's modules; the list is from the build. */
function prefetch(el: HTMLElement): void {
  const urls = new Set((el.dataset['hopDeps'] ?? '').split(' ').filter((u) => u.startsWith('/')));
  for (const attr of ['component-url', 'renderer-url']) {
    const u = el.getAttribute(attr);
    if (u) urls.add(u);
  }
  for (const href of urls) {
    if (document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const interact: ClientDirective = (load, options, el) => {
  const opts: InteractOptions =
    typeof options.value === 'object' && options.value !== null
      ? (options.value as InteractOptions)
      : {};
  const queue: Replay[] = [];
  let started = false;
  let ready = false;

  const stop = (e: Event): void => {
    e.preventDefault();
    e.stopImmediatePropagation();
  };

  const onClick = (e: MouseEvent): void => {
    if (ready || !(e.target instanceof Element)) return;
    const control = e.target.closest(CONTROL);
    if (!control || !el.contains(control)) return;
    stop(e);
    const path = pathOf(el, control);
    queue.push(() => {
      const t = resolve(el, control, path);
      if (t instanceof HTMLElement) t.click();
    });
    void start();
    pending();
  };

  // The last value the reader chose per field, replayed once (a change fires input and change).
  const changed = new Map<HTMLSelectElement | HTMLInputElement, string>();
  const onChange = (e: Event): void => {
    const t = e.target;
    if (ready || !(t instanceof HTMLSelectElement || t instanceof HTMLInputElement)) return;
    e.stopImmediatePropagation();
    if (!changed.has(t))
      queue.push(() => {
        // Hydration leaves the DOM value alone; tell the component about it.
        t.value = changed.get(t) ?? t.value;
        t.dispatchEvent(new Event('input', { bubbles: true }));
        t.dispatchEvent(new Event('change', { bubbles: true }));
      });
    changed.set(t, t.value);
    void start();
    pending();
  };

  const onKey = (e: KeyboardEvent): void => {
    if (ready || !(e.target instanceof Element) || e.key === 'Tab') return;
    void start();
    // Keys on a control activate it through a click, which onClick replays; other keys than
    // the diagram's own (page scrolling, shortcuts) keep their normal effect.
    if (e.target.closest(CONTROL) || !DIAGRAM_KEYS.has(e.key) || e.ctrlKey || e.metaKey) return;
    stop(e);
    const target = e.target;
    const path = pathOf(el, target);
    const init: KeyboardEventInit = {
      key: e.key,
      code: e.code,
      shiftKey: e.shiftKey,
      altKey: e.altKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      bubbles: true,
      cancelable: true,
    };
    queue.push(() => resolve(el, target, path)?.dispatchEvent(new KeyboardEvent('keydown', init)));
    pending();
  };

  const onReveal = (e: Event): void => {
    if (ready || !(e instanceof CustomEvent)) return;
    const detail: unknown = e.detail;
    if (
      typeof detail !== 'object' ||
      detail === null ||
      !('diagram' in detail) ||
      detail.diagram !== opts.id
    )
      return;
    queue.push(() => window.dispatchEvent(new CustomEvent('hop:reveal', { detail })));
    void start();
    pending();
  };

  const onPointer = (e: PointerEvent): void => {
    if (e.type === 'pointerover' && e.pointerType === 'touch') return;
    void start();
  };
  const wake = (): void => void start();
  // A press is waiting for the diagram to start: the diagram shows that it was taken.
  const pending = (): void => {
    if (!ready) el.setAttribute('data-interact', 'pending');
  };

  const listeners: Array<[EventTarget, string, EventListener, AddEventListenerOptions]> = [
    [el, 'click', onClick as EventListener, { capture: true }],
    [el, 'change', onChange, { capture: true }],
    [el, 'input', onChange, { capture: true }],
    [el, 'keydown', onKey as EventListener, { capture: true }],
    [el, 'pointerover', onPointer as EventListener, { passive: true }],
    [el, 'pointerdown', onPointer as EventListener, { passive: true }],
    [el, 'touchstart', wake, { passive: true }],
    [el, 'focusin', wake, {}],
    [window, 'hop:reveal', onReveal, {}],
  ];
  for (const [t, type, fn, o] of listeners) t.addEventListener(type, fn, o);

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    el.setAttribute('data-interact', 'loading');
    const hydrate = await load();
    await hydrate();
    await whenReady(el);
    ready = true;
    for (const [t, type, fn, o] of listeners) t.removeEventListener(type, fn, o);
    el.setAttribute('data-interact', 'ready');
    for (const replay of queue.splice(0)) replay();
  }

  if (opts.eager || (opts.query && location.search.length > 1)) {
    void start();
    return;
  }
  const tooWide =
    opts.wider !== undefined &&
    (el.firstElementChild?.getBoundingClientRect().width ?? 0) > opts.wider;
  if ((opts.framed && window.parent !== window) || tooWide) {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => void start());
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      prefetch(el);
    },
    { rootMargin: '400px 0px' },
  );
  // The island element itself has `display: contents`; observe what it renders.
  for (const child of el.children) io.observe(child);
};

export default interact;
