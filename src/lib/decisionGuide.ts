/**
 * The decision guide's data rules and its walk, apart from markup (DecisionGuide.astro) and DOM
 * wiring (scripts/decisionGuide.ts), so both can be tested without a page.
 */

export interface GuideOption {
  label: string;
  /** Id of the next question or of a result. */
  next: string;
}
export interface GuideQuestion {
  id: string;
  text: string;
  hint?: string;
  options: GuideOption[];
}
export interface GuideResult {
  id: string;
  title: string;
  text: string;
  points?: string[];
  link?: { href: string; label: string };
}

/** What is wrong with a guide, as codes with the offending ids (empty when it is sound). */
export type GuideProblem =
  | { code: 'badId'; id: string }
  | { code: 'noQuestions' }
  | { code: 'duplicateId'; id: string }
  | { code: 'tooFewOptions'; question: string }
  | { code: 'unknownTarget'; question: string; target: string }
  | { code: 'unreachable'; id: string };

/** Check a guide's ids, options and targets. */
export function checkGuide(
  id: string,
  questions: readonly GuideQuestion[],
  results: readonly GuideResult[],
): GuideProblem[] {
  const out: GuideProblem[] = [];
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) out.push({ code: 'badId', id });
  if (questions.length === 0) out.push({ code: 'noQuestions' });
  const ids = new Set<string>();
  for (const item of [...questions, ...results]) {
    if (ids.has(item.id)) out.push({ code: 'duplicateId', id: item.id });
    ids.add(item.id);
  }
  for (const q of questions) {
    if (q.options.length < 2) out.push({ code: 'tooFewOptions', question: q.id });
    for (const o of q.options)
      if (!ids.has(o.next)) out.push({ code: 'unknownTarget', question: q.id, target: o.next });
  }
  // Every question and result is reachable from the first question.
  const seen = new Set<string>();
  const todo = questions[0] ? [questions[0].id] : [];
  while (todo.length > 0) {
    const n = todo.pop() ?? '';
    if (seen.has(n)) continue;
    seen.add(n);
    for (const o of questions.find((q) => q.id === n)?.options ?? []) todo.push(o.next);
  }
  for (const item of [...questions, ...results])
    if (!seen.has(item.id)) out.push({ code: 'unreachable', id: item.id });
  return out;
}

/** Split text at backticks: odd parts are inline code (nothing else is interpreted). */
export function codeParts(text: string): Array<{ code: boolean; text: string }> {
  return text
    .split('`')
    .map((t, i) => ({ code: i % 2 === 1, text: t }))
    .filter((p) => p.text.length > 0);
}

/** Where the learner is: the step shown and the path that led there. */
export interface GuideWalk {
  current: string;
  history: string[];
}

export type GuideMove = { type: 'choose'; next: string } | { type: 'back' } | { type: 'restart' };

/** One move of the walk (pure). */
export function walkGuide(walk: GuideWalk, move: GuideMove, start: string): GuideWalk {
  switch (move.type) {
    case 'choose':
      return { current: move.next, history: [...walk.history, walk.current] };
    case 'back': {
      const previous = walk.history.at(-1);
      return previous === undefined
        ? walk
        : { current: previous, history: walk.history.slice(0, -1) };
    }
    case 'restart':
      return { current: start, history: [] };
  }
}
