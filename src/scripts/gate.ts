/**
 * A lesson in steps, while the learner reads: each "Predict, then check" question holds back
 * what follows it until it is settled. The first-paint script (src/lib/gateBoot.ts) wrote the
 * state onto <html>; the page's CSS (src/lib/lessonSteps.ts) hides by it. This keeps it current:
 *
 * - a settled question opens the lesson up to the next one (predict.ts calls questionSettled);
 * - a link to a later section (the table of contents, a fragment in the address) opens the
 *   lesson up to there and marks the questions it jumps as skipped (still answerable, and
 *   remembered, so the lesson stays open on the next visit);
 * - "Read without questions" (per lesson, remembered) shows everything.
 */
import { skippedBy } from '../lib/gateState';
import { updateProgress, without } from './progress';

const root = (): HTMLElement => document.documentElement;

/** Whether this page holds content back at all (a lesson with questions, scripting on). */
function gated(): boolean {
  return root().hasAttribute('data-hop-gate');
}

function list(name: string): Set<string> {
  return new Set((root().getAttribute(name) ?? '').split(' ').filter(Boolean));
}

function write(name: string, ids: ReadonlySet<string>): void {
  root().setAttribute(name, [...ids].join(' '));
}

/** The predict questions of the page, in order (the ones that hold back what follows). */
function gates(): HTMLElement[] {
  return [
    ...document.querySelectorAll<HTMLElement>(
      '.sl-markdown-content > .hop-predict--predict[data-predict]',
    ),
  ];
}

/** A question no longer holds anything back: it was settled. */
export function questionSettled(id: string): void {
  if (!gated()) return;
  const settled = list('data-hop-settled');
  const open = list('data-hop-open');
  const skipped = list('data-hop-skipped');
  settled.add(id);
  open.add(id);
  skipped.delete(id);
  write('data-hop-settled', settled);
  write('data-hop-skipped', skipped);
  write('data-hop-open', open);
}

/** Marks questions skipped: they stop holding anything back, and say so. */
function skip(ids: readonly string[], remember: boolean): void {
  if (ids.length === 0) return;
  const open = list('data-hop-open');
  const skipped = list('data-hop-skipped');
  for (const id of ids) {
    open.add(id);
    skipped.add(id);
    document.getElementById(`predict-${id}`)?.classList.add('is-skipped');
  }
  write('data-hop-skipped', skipped);
  write('data-hop-open', open);
  if (remember) updateProgress((p) => ids.forEach((id) => (p.skipped[id] = true)));
}

/** The step of the lesson block an element sits in (0: before any question). */
function stepOf(el: Element): number {
  const block = el.closest('.sl-markdown-content > *');
  return Number((block as HTMLElement | null)?.dataset['hopStep'] ?? 0) || 0;
}

/**
 * Opens the lesson up to an element a link aims at, skipping the questions before it that are
 * still open. Returns whether anything was hidden before.
 */
export function openTo(target: Element): boolean {
  if (!gated() || !target.closest('.sl-markdown-content')) return false;
  const ids = gates().map((q) => q.dataset['predict'] ?? '');
  const jumped = skippedBy(ids, list('data-hop-open'), stepOf(target));
  skip(jumped, true);
  return jumped.length > 0;
}

/** The element a same-page link or the address's fragment names. */
function targetOf(hash: string): Element | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw text up.
  }
  return document.getElementById(id);
}

/** Shows or hides everything ("Read without questions"), for this lesson, remembered. */
function setReadAll(lesson: string, on: boolean): void {
  root().setAttribute('data-hop-gate', on ? 'all' : 'on');
  for (const box of document.querySelectorAll<HTMLInputElement>('[data-hop-readall]'))
    box.checked = on;
  updateProgress((p) => {
    p.readAll = on ? { ...p.readAll, [lesson]: true } : without(p.readAll, lesson);
  });
}

/** Wires the lesson's switch, its links and its fragment; once per page. */
export function initGate(): void {
  if (!gated() || root().dataset['hopGateLive']) return;
  root().dataset['hopGateLive'] = 'true';
  // Questions a fragment in the address skipped at first paint are remembered as skipped.
  const jumped = [...list('data-hop-skipped')];
  if (jumped.length > 0) skip(jumped, true);
  const boxes = [...document.querySelectorAll<HTMLInputElement>('[data-hop-readall]')];
  const lesson = boxes[0]?.dataset['hopReadall'] ?? '';
  for (const box of boxes) {
    box.checked = root().getAttribute('data-hop-gate') === 'all';
    box.addEventListener('change', () => setReadAll(lesson, box.checked));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-hop-readall-on]'))
    button.addEventListener('click', () => {
      setReadAll(lesson, true);
      boxes[0]?.focus({ preventScroll: true });
    });
  // A same-page link opens the lesson before the browser scrolls to its target (the click's
  // default action comes after this listener), so the jump lands where it should.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.origin !== location.origin || link.pathname !== location.pathname) return;
      const target = targetOf(link.hash);
      if (target) openTo(target);
    },
    { capture: true },
  );
  addEventListener('hashchange', () => {
    const target = targetOf(location.hash);
    if (target && openTo(target)) target.scrollIntoView();
  });
}
