/**
 * Which questions of a lesson still hold back what follows them. Pure: the same decision the
 * first-paint script (gateBoot.ts) makes before the page is drawn, used by src/scripts/gate.ts
 * while the learner reads and by the unit tests that check the two agree.
 */

/** What the decision needs from the page and from this browser's progress. */
export interface GateInput {
  /** Every question id on the page (predict and recall), in order. */
  questions: readonly string[];
  /** The predict questions, in order (only these hold anything back). */
  gates: readonly string[];
  /** Settled questions (any lesson). */
  answered: ReadonlySet<string>;
  /** Questions a reader skipped by following a link past them. */
  skipped: ReadonlySet<string>;
  /** "Read without questions" is on for this lesson. */
  readAll: boolean;
  /** How many predict questions come before the URL's fragment target (0: none). */
  targetStep: number;
}

/** The state written onto <html> (see gateBoot.ts). */
export interface GateState {
  mode: 'on' | 'all';
  settled: string[];
  skipped: string[];
  /** Settled and skipped: the questions that no longer hold anything back. */
  open: string[];
}

/** Decides the page's open questions. */
export function gateState(input: GateInput): GateState {
  const settled: string[] = [];
  const skipped: string[] = [];
  const gateIndex = new Map(input.gates.map((id, i) => [id, i]));
  for (const id of input.questions) {
    if (input.answered.has(id)) settled.push(id);
    else if (input.skipped.has(id) || (gateIndex.get(id) ?? Infinity) < input.targetStep)
      skipped.push(id);
  }
  return {
    mode: input.readAll ? 'all' : 'on',
    settled,
    skipped,
    open: [...settled, ...skipped],
  };
}

/** The index of the first predict question that holds back what follows (-1: none). */
export function firstHeld(gates: readonly string[], open: ReadonlySet<string>): number {
  return gates.findIndex((id) => !open.has(id));
}

/** The questions a jump to a block of step `step` skips: the gates before it not yet open. */
export function skippedBy(
  gates: readonly string[],
  open: ReadonlySet<string>,
  step: number,
): string[] {
  return gates.slice(0, Math.max(0, step)).filter((id) => !open.has(id));
}

/** Whether a block of step `step` shows (every gate before it is open). */
export function isShown(
  gates: readonly string[],
  open: ReadonlySet<string>,
  step: number,
): boolean {
  return skippedBy(gates, open, step).length === 0;
}
