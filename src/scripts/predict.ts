/**
 * Progressive enhancement for <Predict>: commit an answer first, then see it.
 *
 * - A wrong first answer shows that option's explanation and allows one more try.
 * - The second answer, a right one, or "Show me" settles the question: every option's
 *   explanation opens beside it, and the diagram plays the moment that shows it, in place (the
 *   page does not move; "See it in the diagram" goes there on request).
 * - A diagram keeps its giveaways closed until every question about it is settled
 *   (`data-revealed` on its wrapper; the rules are written per page by MarkdownContent.astro).
 * - Settled questions are remembered in this browser and shown settled on the next visit.
 */
import { readProgress, updateProgress } from './progress';

/** The moment a question reveals, sent to its diagram. */
function revealIn(diagram: string, step: string, scroll: boolean): void {
  window.dispatchEvent(
    new CustomEvent('hop:reveal', { detail: { diagram, reveal: step, scroll } }),
  );
}

/** Questions per diagram id, and which of them are settled. */
const pending = new Map<string, Set<string>>();

/**
 * Opens a diagram's panels once its last question is settled. The panels grow above the question
 * the learner is reading; `keep` stays where it was on the screen.
 */
function releaseIfDone(diagram: string, keep?: HTMLElement): void {
  const open = pending.get(diagram);
  if (open && open.size > 0) return;
  const top = keep?.getBoundingClientRect().top;
  for (const el of document.querySelectorAll<HTMLElement>(
    `.hop-diagram[data-diagram="${CSS.escape(diagram)}"]`,
  ))
    el.dataset['revealed'] = 'true';
  if (keep && top !== undefined) window.scrollBy(0, keep.getBoundingClientRect().top - top);
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
  for (const root of roots) wire(root, progress.answered);
  // Diagrams no question is about (or whose questions are all settled) open at once.
  for (const el of document.querySelectorAll<HTMLElement>('.hop-diagram[data-diagram]')) {
    const d = el.dataset['diagram'];
    if (d) releaseIfDone(d);
  }
}

function wire(root: HTMLElement, answered: Record<string, { correct: boolean }>): void {
  root.classList.add('is-live');
  const form = root.querySelector<HTMLFormElement>('[data-predict-form]');
  const details = root.querySelector<HTMLDetailsElement>('[data-predict-answer]');
  const status = root.querySelector<HTMLElement>('[data-predict-status]');
  const verdict = root.querySelector<HTMLElement>('[data-predict-verdict]');
  const skip = root.querySelector<HTMLButtonElement>('[data-predict-skip]');
  const moment = root.querySelector<HTMLElement>('[data-predict-moment]');
  const play = root.querySelector<HTMLButtonElement>('[data-predict-play]');
  const goto = root.querySelector<HTMLAnchorElement>('[data-predict-goto]');
  if (!form || !details || !status || !verdict) return;
  const answer = Number(root.dataset['answer']);
  const id = root.dataset['predict'] ?? '';
  const diagram = root.dataset['diagram'];
  const step = root.dataset['reveal'];
  let tries = 0;
  const smooth = (): ScrollBehavior =>
    window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  /** Keep the verdict in view (the least scroll that shows it) and give it keyboard focus. */
  const showFeedback = (): void => {
    verdict.focus({ preventScroll: true });
    verdict.scrollIntoView({ block: 'nearest', behavior: smooth() });
  };

  const mark = (choice: number | null): void => {
    for (const li of root.querySelectorAll<HTMLElement>('[data-option]')) {
      const mine = Number(li.dataset['option']) === choice;
      li.classList.toggle('is-picked', mine);
      const pick = li.querySelector<HTMLElement>('.hop-predict__pick');
      if (pick) pick.hidden = !mine;
    }
  };

  /** The question is settled: explanations open here, the diagram may show its panels. */
  const settle = (choice: number | null, correct: boolean, play: boolean): void => {
    root.classList.add('is-settled');
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="radio"]'))
      input.disabled = true;
    form.querySelector<HTMLButtonElement>('.hop-predict__check')?.setAttribute('disabled', '');
    skip?.setAttribute('disabled', '');
    verdict.textContent =
      choice === null
        ? (root.dataset['msgShown'] ?? '')
        : ((correct ? root.dataset['msgRight'] : root.dataset['msgWrong']) ?? '');
    mark(choice);
    details.open = true;
    if (moment) moment.hidden = false;
    if (diagram) {
      pending.get(diagram)?.delete(id);
      releaseIfDone(diagram, root);
    }
    if (play && diagram && step) revealIn(diagram, step, false);
  };

  const restored = answered[id];
  if (restored) {
    // Settled on an earlier visit: show it settled, without playing anything.
    const picked = restored.correct ? answer : null;
    if (picked !== null)
      form.querySelector<HTMLInputElement>(`input[value="${picked}"]`)?.setAttribute('checked', '');
    settle(picked, restored.correct, false);
    return;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = form.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (!picked) {
      status.textContent = root.dataset['msgPick'] ?? '';
      return;
    }
    const choice = Number(picked.value);
    const correct = choice === answer;
    tries++;
    if (!correct && tries === 1) {
      // One more try: this option's explanation, the option ruled out, the answer still hidden.
      const why =
        root.querySelector<HTMLElement>(`[data-option-feedback="${choice}"]`)?.textContent ?? '';
      status.textContent = `${root.dataset['msgAgain'] ?? ''} ${why}`.trim();
      root.querySelector(`[data-option-label="${choice}"]`)?.classList.add('is-ruled-out');
      picked.checked = false;
      picked.disabled = true;
      status.scrollIntoView({ block: 'nearest', behavior: smooth() });
      return;
    }
    status.textContent = '';
    updateProgress((p) => (p.answered[id] = { correct: correct && tries === 1 }));
    settle(choice, correct, true);
    showFeedback();
  });
  skip?.addEventListener('click', () => {
    status.textContent = '';
    updateProgress((p) => (p.answered[id] = { correct: false }));
    settle(null, false, true);
    showFeedback();
  });
  play?.addEventListener('click', () => {
    if (diagram && step) revealIn(diagram, step, false);
  });
  goto?.addEventListener('click', (event) => {
    if (!diagram || !step) return;
    event.preventDefault();
    revealIn(diagram, step, true);
  });
}
