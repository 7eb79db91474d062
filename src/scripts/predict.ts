/** Progressive enhancement for <Predict>: check an answer, record it, reveal the diagram step. */
import { updateProgress } from './progress';

/** Wires every Predict on the page once. */
export function initPredicts(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-predict]')) {
    if (root.classList.contains('is-live')) continue;
    root.classList.add('is-live');
    const form = root.querySelector<HTMLFormElement>('[data-predict-form]');
    const details = root.querySelector<HTMLDetailsElement>('[data-predict-answer]');
    const status = root.querySelector<HTMLElement>('[data-predict-status]');
    const verdict = root.querySelector<HTMLElement>('[data-predict-verdict]');
    const play = root.querySelector<HTMLButtonElement>('[data-predict-play]');
    if (!form || !details || !status || !verdict) continue;
    const answer = Number(root.dataset['answer']);
    const reveal = (): void => {
      const diagram = root.dataset['diagram'];
      const step = root.dataset['reveal'];
      if (!diagram || !step) return;
      window.dispatchEvent(new CustomEvent('hop:reveal', { detail: { diagram, reveal: step } }));
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const picked = form.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      if (!picked) {
        status.textContent = root.dataset['msgPick'] ?? '';
        return;
      }
      const choice = Number(picked.value);
      const correct = choice === answer;
      status.textContent = '';
      verdict.textContent = (correct ? root.dataset['msgRight'] : root.dataset['msgWrong']) ?? '';
      for (const li of root.querySelectorAll<HTMLElement>('[data-option]')) {
        const mine = Number(li.dataset['option']) === choice;
        li.classList.toggle('is-picked', mine);
        const pick = li.querySelector<HTMLElement>('.hop-predict__pick');
        if (pick) pick.hidden = !mine;
      }
      details.open = true;
      if (play) play.hidden = false;
      const id = root.dataset['predict'];
      if (id) updateProgress((p) => (p.answered[id] = { correct }));
      verdict.focus?.();
      reveal();
    });
    play?.addEventListener('click', reveal);
  }
}
