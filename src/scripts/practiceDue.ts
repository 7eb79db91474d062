/**
 * The lessons' recall note from the practice page's due list: at the top of lesson N, the
 * practice topics of earlier lessons that are due for review today (src/lib/practiceDue.ts),
 * each a link to a puzzle of that topic. Reads this browser's localStorage only; shows nothing
 * when nothing is due or storage is unavailable. The note's words come from the component
 * (src/components/PracticeDue.astro), so this script ships no messages.
 */
import { dayOf, DUE_KEY, dueBefore, parseDue } from '../lib/practiceDue';

/** Fill every practice-due note on the page (lesson number and words from its data). */
export function showDue(now = new Date()): void {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(DUE_KEY);
  } catch {
    return;
  }
  const state = parseDue(raw);
  for (const el of document.querySelectorAll<HTMLElement>('[data-practice-due-note]')) {
    const lesson = Number(el.dataset['lesson']);
    const due = dueBefore(state, lesson, dayOf(now));
    const list = el.querySelector('[data-practice-due-list]');
    if (!list || due.length === 0) continue;
    let names: Record<string, string> = {};
    try {
      names = JSON.parse(el.dataset['names'] ?? '{}') as Record<string, string>;
    } catch {
      names = {};
    }
    const base = el.dataset['href'] ?? '';
    list.replaceChildren(
      ...due.map((f) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = `${base}?family=${encodeURIComponent(f)}`;
        a.textContent = names[f] ?? f;
        li.append(a);
        return li;
      }),
    );
    el.hidden = false;
  }
}
