/**
 * Progressive enhancement for <Predict>: commit an answer first, then see it.
 *
 * - A wrong first answer shows that option's explanation and allows one more try. Every option
 *   stays (none is struck out), so the second answer is a decision on the hint, not a pick
 *   between the two that are left.
 * - The second answer, a right one, or "Show me" settles the question: every option's
 *   explanation opens beside it (with the learner's picks and their "why" line), the lesson goes
 *   on below it (src/scripts/gate.ts), and the diagram plays the moment that shows it, in place
 *   (the page does not move; "See it in the diagram" goes there on request). When a later
 *   question is about the same diagram, the moment waits for a press instead: that question
 *   needs the diagram in its first frame.
 * - A diagram keeps its giveaways closed until every question about it is settled: the page's
 *   CSS keys on <html data-hop-settled> (src/lib/lessonSteps.ts); `data-revealed` on the
 *   diagram's wrapper says the same for scripts and tests.
 * - Settled questions are remembered in this browser and shown settled on the next visit (the
 *   first-paint script already drew them so; this fills in the verdict, the picks and the why).
 */
import { questionSettled } from './gate';
import { REASON_MAX, readProgress, updateProgress, without, type Answer } from './progress';

/** The moment a question reveals, sent to its diagram. */
function revealIn(diagram: string, step: string, scroll: boolean): void {
  window.dispatchEvent(
    new CustomEvent('hop:reveal', { detail: { diagram, reveal: step, scroll } }),
  );
}

/** Questions per diagram id, and which of them are settled. */
const pending = new Map<string, Set<string>>();

/** Marks a diagram revealed once its last question is settled. */
function releaseIfDone(diagram: string): void {
  const open = pending.get(diagram);
  if (open && open.size > 0) return;
  for (const el of document.querySelectorAll<HTMLElement>(
    `.hop-diagram[data-diagram="${CSS.escape(diagram)}"]`,
  ))
    el.dataset['revealed'] = 'true';
}

/** Keys that scroll the page (outside a question, where arrows and space pick and press). */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

/** The question kept in place, and how to let it go. */
let pinned: { el: HTMLElement; release: () => void; renew: () => void } | null = null;

/**
 * Keeps a question where it is on the screen while the learner works on it and the diagrams
 * above it change height: one hydrates on first use, plays a moment (its narration wraps anew
 * at each step), opens its panels. After each layout that moved the question in the page, it
 * scrolls by however far the question moved on the screen. On the screen, not in the page: a
 * page scrolled to its end is clamped by the browser as it shrinks, which already keeps the
 * question in place. The browser's own scroll anchoring is off meanwhile: Chromium picks its
 * anchor by its own rules, sometimes below a box that folds, and pulls the page by the fold
 * (Safari does not anchor at all). Scrolls over an unchanged layout (the reader's, a focus, a
 * status scrolled into view) set the new place. The hold ends when the reader scrolls or turns
 * elsewhere, or the page has been still for a while.
 */
function keepInPlace(el: HTMLElement): void {
  if (pinned?.el === el) return pinned.renew();
  pinned?.release();
  const above = [...document.querySelectorAll<HTMLElement>('.hop-diagram')].filter(
    (d) => d.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  if (above.length === 0 || typeof ResizeObserver === 'undefined') return;
  // Where the question is on the screen, and where it is in the page.
  let place = el.getBoundingClientRect().top;
  let offset = place + window.scrollY;
  const onScroll = (): void => {
    const top = el.getBoundingClientRect().top;
    if (Math.abs(top + window.scrollY - offset) < 0.5) place = top;
  };
  // The whole page, not only the diagrams above: anything above the question (a diagram, a
  // section that opens, a margin) changes the body's height; a change below it leaves the
  // question's offset as it is, and nothing is scrolled for it.
  const watch = new ResizeObserver(() => {
    const top = el.getBoundingClientRect().top;
    const now = top + window.scrollY;
    if (Math.abs(now - offset) < 0.5) return;
    offset = now;
    if (Math.abs(top - place) >= 0.5) window.scrollBy({ top: top - place, behavior: 'instant' });
    // Quiet is measured from the last change: a moment that plays slowly (a busy machine, a
    // slow phone) keeps the question pinned for as long as it plays.
    renew();
  });
  for (const d of [document.body, ...above]) watch.observe(d);
  let timer = setTimeout(() => release(), 15_000);
  // The reader moves on: scrolls (wheel, touch, keys), or presses somewhere else.
  const away = (event: Event): void => {
    if (event.type === 'wheel' || event.type === 'touchmove') return release();
    // Page keys scroll the page from inside the question too (radio buttons take only arrows
    // and space); in the "why" field Home and End move the caret.
    const key = (event as KeyboardEvent).key;
    const typing = (event.target as Element | null)?.matches?.('input[type="text"], textarea');
    if (key === 'PageUp' || key === 'PageDown' || (!typing && (key === 'Home' || key === 'End')))
      return release();
    if (el.contains(event.target as Node)) return;
    if (event.type === 'pointerdown' || SCROLL_KEYS.has((event as KeyboardEvent).key)) release();
  };
  const inputs = ['wheel', 'touchmove', 'pointerdown', 'keydown'] as const;
  const release = (): void => {
    watch.disconnect();
    clearTimeout(timer);
    for (const type of inputs) removeEventListener(type, away, true);
    removeEventListener('scroll', onScroll);
    if (pinned?.el === el) pinned = null;
    if (!pinned) {
      document.documentElement.removeAttribute('data-hop-pinned');
      document.documentElement.style.removeProperty('overflow-anchor');
    }
  };
  const renew = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => release(), 15_000);
  };
  for (const type of inputs) addEventListener(type, away, { capture: true, passive: true });
  addEventListener('scroll', onScroll, { passive: true });
  pinned = { el, release, renew };
  // Tells the diagrams not to scroll the page to their packet meanwhile (islands/flow/follow.ts).
  document.documentElement.setAttribute('data-hop-pinned', '');
  // And the browser not to anchor (see above): the observer does it, once.
  document.documentElement.style.setProperty('overflow-anchor', 'none');
}

/** Wires every Predict on the page once. */
export function initPredicts(): void {
  const progress = readProgress();
  const roots = [...document.querySelectorAll<HTMLElement>('[data-predict]')].filter(
    (r) => !r.classList.contains('is-live'),
  );
  for (const root of roots) {
    const diagram = root.dataset['diagram'];
    const id = root.dataset['predict'];
    if (diagram && id) {
      const set = pending.get(diagram) ?? new Set<string>();
      set.add(id);
      pending.set(diagram, set);
    }
  }
  for (const root of roots) wire(root, progress.answered, progress.reasons);
  // Diagrams no question is about (or whose questions are all settled) open at once.
  for (const el of document.querySelectorAll<HTMLElement>('.hop-diagram[data-diagram]')) {
    const d = el.dataset['diagram'];
    if (d) releaseIfDone(d);
  }
}

/** Whether an open predict question after this one is about the same diagram. */
function laterAbout(root: HTMLElement, diagram: string): boolean {
  return [
    ...document.querySelectorAll<HTMLElement>(
      `.hop-predict--predict[data-diagram="${CSS.escape(diagram)}"]:not(.is-settled)`,
    ),
  ].some((q) => q !== root && root.compareDocumentPosition(q) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/**
 * The verdict line (a data-msg-* key) for how a question was settled: no pick or one wrong pick
 * means "Show me" was pressed; otherwise the last pick decides, and a right second try says so.
 */
export function verdictKey(picks: readonly number[], answer: number): string {
  const last = picks.at(-1);
  if (last === answer) return picks.length === 1 ? 'msgRight' : 'msgRight2';
  return picks.length < 2 ? 'msgShown' : 'msgWrong';
}

function wire(
  root: HTMLElement,
  answered: Record<string, Answer>,
  reasons: Record<string, string>,
): void {
  root.classList.add('is-live');
  const form = root.querySelector<HTMLFormElement>('[data-predict-form]');
  const details = root.querySelector<HTMLDetailsElement>('[data-predict-answer]');
  const status = root.querySelector<HTMLElement>('[data-predict-status]');
  const verdict = root.querySelector<HTMLElement>('[data-predict-verdict]');
  const skip = root.querySelector<HTMLButtonElement>('[data-predict-skip]');
  const why = root.querySelector<HTMLInputElement>('[data-predict-why]');
  const play = root.querySelector<HTMLButtonElement>('[data-predict-play]');
  const goto = root.querySelector<HTMLAnchorElement>('[data-predict-goto]');
  if (!form || !details || !status || !verdict) return;
  const answer = Number(root.dataset['answer']);
  const id = root.dataset['predict'] ?? '';
  const diagram = root.dataset['diagram'];
  const step = root.dataset['reveal'];
  const picks: number[] = [];
  // At once while a question is held: the hold's own scroll (an instant one) would cut a smooth
  // scroll short wherever a diagram above changes during it.
  const smooth = (): ScrollBehavior =>
    pinned || window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  /**
   * Keep the verdict in view (the least scroll that shows it) and give it keyboard focus. The
   * scroll waits a frame: settling opens the lesson and the diagram's panels, and keepInPlace
   * scrolls those changes away first (an instant scroll would cut a smooth one short).
   */
  const showFeedback = (): void => {
    verdict.focus({ preventScroll: true });
    requestAnimationFrame(() =>
      requestAnimationFrame(() => verdict.scrollIntoView({ block: 'nearest', behavior: smooth() })),
    );
  };

  /** Marks the learner's picks in the explanations: "your first pick", "your pick". */
  const mark = (chosen: readonly number[]): void => {
    for (const li of root.querySelectorAll<HTMLElement>('[data-option]')) {
      const n = Number(li.dataset['option']);
      const at = chosen.lastIndexOf(n);
      li.classList.toggle('is-picked', at >= 0);
      const label = li.querySelector<HTMLElement>('.hop-predict__pick');
      if (!label) continue;
      label.hidden = at < 0;
      const first = chosen.length > 1 && at === 0;
      label.textContent =
        at < 0 ? '' : ` · ${root.dataset[first ? 'msgFirstPick' : 'msgYourPick'] ?? ''}`;
    }
  };

  const showReason = (text: string): void => {
    const box = root.querySelector<HTMLElement>('[data-predict-reason]');
    const slot = root.querySelector<HTMLElement>('[data-predict-reason-text]');
    if (!box || !slot) return;
    slot.textContent = text;
    box.hidden = text === '';
  };

  /**
   * The question is settled: explanations open here, the lesson goes on below it, and the
   * diagram's panels open (above it, if the diagram is above). The question stays where it was
   * on the screen (keepInPlace).
   */
  const settle = (chosen: readonly number[], reason: string, live: boolean): void => {
    if (live) keepInPlace(root);
    // The lesson below opens first: were the box to shrink (its form folds) while nothing
    // follows it yet, a page scrolled to its end would be pulled up.
    questionSettled(id);
    root.classList.add('is-settled');
    root.classList.remove('is-skipped');
    for (const input of form.querySelectorAll<HTMLInputElement>('input')) input.disabled = true;
    form.querySelector<HTMLButtonElement>('.hop-predict__check')?.setAttribute('disabled', '');
    skip?.setAttribute('disabled', '');
    verdict.textContent = root.dataset[verdictKey(chosen, answer)] ?? '';
    mark(chosen);
    showReason(reason);
    details.open = true;
    if (diagram) {
      pending.get(diagram)?.delete(id);
      releaseIfDone(diagram);
    }
    if (!live || !diagram || !step) return;
    // The moment may hold the answer of a later question about the same diagram (a step's
    // narration often names both rewrites): that question's diagram must still be in its first
    // frame. Then the moment waits for the learner's press.
    if (laterAbout(root, diagram)) {
      if (play) play.textContent = play.dataset['labelFirst'] ?? play.textContent;
    } else revealIn(diagram, step, false);
  };

  /** The learner's "why", kept in this browser with the question (never sent anywhere). */
  const takeReason = (): string => (why?.value ?? '').trim().slice(0, REASON_MAX);

  // While the learner works on the question it stays put (diagrams above may change height).
  for (const type of ['focusin', 'pointerdown'] as const)
    root.addEventListener(type, () => keepInPlace(root), { passive: true });

  const restored = answered[id];
  if (restored) {
    // Settled on an earlier visit: show it settled, without playing anything.
    const chosen = restored.picks ?? (restored.correct ? [answer] : []);
    const last = chosen.at(-1);
    if (last !== undefined)
      form.querySelector<HTMLInputElement>(`input[value="${last}"]`)?.setAttribute('checked', '');
    settle(chosen, reasons[id] ?? '', false);
    return;
  }

  const record = (chosen: readonly number[], reason: string): void => {
    updateProgress((p) => {
      p.answered[id] = {
        correct: chosen.length === 1 && chosen[0] === answer,
        ...(chosen.length > 0 ? { picks: [...chosen] } : {}),
      };
      p.skipped = without(p.skipped, id);
      p.reasons = reason ? { ...p.reasons, [id]: reason } : without(p.reasons, id);
    });
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = form.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (!picked) {
      status.textContent = root.dataset['msgPick'] ?? '';
      return;
    }
    const choice = Number(picked.value);
    picks.push(choice);
    if (choice !== answer && picks.length === 1) {
      // One more try: this option's explanation, the answer still hidden. Nothing is struck
      // out; the learner decides again, on the hint (and may keep the first answer).
      const hint =
        root.querySelector<HTMLElement>(`[data-option-feedback="${choice}"]`)?.textContent ?? '';
      status.textContent = `${root.dataset['msgAgain'] ?? ''} ${hint}`.trim();
      picked.checked = false;
      status.scrollIntoView({ block: 'nearest', behavior: smooth() });
      return;
    }
    status.textContent = '';
    const reason = takeReason();
    record(picks, reason);
    settle(picks, reason, true);
    showFeedback();
  });
  skip?.addEventListener('click', () => {
    status.textContent = '';
    const reason = takeReason();
    record(picks, reason);
    settle(picks, reason, true);
    showFeedback();
  });
  play?.addEventListener('click', () => {
    if (diagram && step) revealIn(diagram, step, false);
  });
  goto?.addEventListener('click', (event) => {
    if (!diagram || !step) return;
    event.preventDefault();
    // The reader goes to the diagram: the question no longer holds its place.
    if (pinned?.el === root) pinned.release();
    revealIn(diagram, step, true);
  });
}
