// A lesson in steps, checked on a built lesson page without a browser: a "Predict, then check"
// question holds back everything after it until it is settled, except the diagram it (or an
// earlier question) is about, and shows the lesson up to the next question once it is; a
// question's diagram keeps its giveaways closed until it is settled. Read from what the browser
// acts on: the blocks' data-hop-step marks and the page's own CSS rules keyed on the root
// attributes (src/lib/lessonSteps.ts writes both). The browser tests walk a few lessons.
import { parse } from 'node-html-parser';

const SKIP = new Set(['script', 'style', 'link']);

/** The problems of one built lesson page (an empty list when its steps are right). */
export function lessonStepProblems(html) {
  const problems = [];
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  const body = root.querySelector('.sl-markdown-content');
  if (!body) return ['no lesson body (.sl-markdown-content)'];
  const css = root
    .querySelectorAll('style')
    .map((s) => s.text)
    .join('\n');
  const blocks = body.childNodes.filter(
    (n) => n.nodeType === 1 && !SKIP.has(n.rawTagName?.toLowerCase()),
  );
  const isGate = (b) => b.classList.contains('hop-predict--predict');
  const gates = blocks.filter(isGate);
  if (gates.length === 0) return ['no "Predict, then check" question'];
  const step = (b) => {
    const v = b.getAttribute('data-hop-step');
    return v === undefined ? 0 : Number(v);
  };
  /** The block's words, to name it in a message. */
  const words = (b) =>
    `${b.rawTagName} "${b.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
  /** The ids of the diagrams a block is or holds. */
  const diagramsOf = (b) =>
    [b, ...b.querySelectorAll('.hop-diagram')]
      .filter((d) => d.classList?.contains('hop-diagram'))
      .map((d) => d.getAttribute('data-diagram') ?? '');
  const ids = gates.map((g) => g.getAttribute('data-predict') ?? '');
  const max = Math.max(...blocks.map(step));
  // Each question's rule: while it is not open, every later step is hidden.
  for (const [i, id] of ids.entries()) {
    const rule = new RegExp(
      `html\\[data-hop-gate="on"\\]:not\\(\\[data-hop-open~="${id}"\\]\\) \\.sl-markdown-content > :is\\(([^)]*)\\)`,
    ).exec(css);
    const hidden = new Set(
      [...(rule?.[1] ?? '').matchAll(/data-hop-step="(\d+)"/g)].map((m) => +m[1]),
    );
    for (let k = i + 1; k <= max; k++)
      if (!hidden.has(k)) problems.push(`question ${i + 1} (${id}) does not hold back step ${k}`);
  }
  let seen = 0;
  const named = new Set();
  for (const b of blocks) {
    if (isGate(b)) {
      const s = step(b);
      if (s !== seen) problems.push(`question ${seen + 1} is in step ${s}, not ${seen}`);
      seen += 1;
      const d = b.getAttribute('data-diagram');
      if (d) named.add(d);
      continue;
    }
    const s = step(b);
    // Up to the next question: shown once the questions before it are settled, no later.
    if (s > seen) problems.push(`${words(b)} waits for ${s} questions, ${seen} come before it`);
    // Hidden while the question before it is open, unless it is a diagram a question before it
    // is about (the learner answers looking at it).
    if (seen > 0 && s < seen && !diagramsOf(b).some((d) => named.has(d)))
      problems.push(`${words(b)} shows before question ${seen} is settled`);
  }
  // A question's diagram keeps its panels, transcript and giveaways closed until it is settled.
  for (const q of body.querySelectorAll('[data-predict][data-diagram]')) {
    const id = q.getAttribute('data-predict');
    const d = q.getAttribute('data-diagram');
    const closed = `html[data-hop-gate="on"]:not([data-hop-settled~="${id}"]) .hop-diagram[data-diagram="${d}"]`;
    for (const part of [':is(.hop-panels, .hop-transcript)', '.hop-giveaway'])
      if (!css.includes(`${closed} ${part}`))
        problems.push(`question ${id}: its diagram ${d} shows ${part} before it is settled`);
  }
  return problems;
}
