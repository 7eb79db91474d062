/** Turns every decision guide on the page into a one-question-at-a-time questionnaire. */
import { walkGuide, type GuideMove, type GuideWalk } from '../lib/decisionGuide';

function initGuide(root: HTMLElement): void {
  const steps = Array.from(root.querySelectorAll<HTMLElement>('[data-guide-step]'));
  const nav = root.querySelector<HTMLElement>('[data-guide-nav]');
  const back = root.querySelector<HTMLButtonElement>('[data-guide-back]');
  const restart = root.querySelector<HTMLButtonElement>('[data-guide-restart]');
  const live = root.querySelector<HTMLElement>('[data-guide-live]');
  const start = root.dataset['start'] ?? '';
  const stepLabel = root.dataset['stepLabel'] ?? '{n}';
  if (!nav || !back || !restart || steps.length === 0) return;
  let walk: GuideWalk = { current: start, history: [] };

  const show = (focus: boolean): void => {
    for (const step of steps) {
      const current = step.id === walk.current;
      step.hidden = !current;
      step.classList.toggle('is-current', current);
    }
    back.disabled = walk.history.length === 0;
    restart.disabled = walk.history.length === 0;
    const current = steps.find((s) => s.id === walk.current);
    // Number the questions along the path the learner took, not by their place in the list.
    const n =
      current?.dataset['guideResult'] === undefined
        ? current?.querySelector('.hop-guide__n')
        : null;
    if (n) n.textContent = stepLabel.replace('{n}', String(walk.history.length + 1));
    if (current && live) {
      const q = current.querySelector('.hop-guide__q, .hop-guide__rtitle');
      live.textContent = q?.textContent ?? '';
    }
    if (focus) current?.focus();
  };
  const move = (m: GuideMove): void => {
    walk = walkGuide(walk, m, start);
    show(true);
  };

  root.classList.add('is-live');
  nav.hidden = false;
  show(false);

  root.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-guide-next]')
        : null;
    if (!target || !root.contains(target)) return;
    const next = target.dataset['guideNext'];
    if (!next || !steps.some((s) => s.id === next)) return;
    event.preventDefault();
    move({ type: 'choose', next });
  });
  back.addEventListener('click', () => move({ type: 'back' }));
  restart.addEventListener('click', () => move({ type: 'restart' }));
}

/** Wire every guide on the page once. */
export function initGuides(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-decision-guide]:not(.is-live)'))
    initGuide(root);
}
