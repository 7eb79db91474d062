/**
 * The shapes of practice puzzles: a family of puzzles per topic (each tagged with the lesson it
 * drills), the questions a puzzle asks (each with its moment), the engine's answer key and the
 * grades. Codes and numbers only: the practice page and the CLI write the sentences.
 */
import type { Rng } from '../rng.ts';
import type { Scenario, SimResult } from '../types.ts';

/** Every family, in lesson order (the registry holds their modules). */
export const FAMILY_IDS = [
  'path',
  'cluster',
  'directReturn',
  'local',
  'balance',
  'zones',
  'metallb',
  'drain',
  'ipMode',
  'proxy',
  'ingress',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/**
 * When a question's answer holds: before the drain (t < 5 s), after it (once the drained node is
 * out and its Pods are gone), or over the whole run (a puzzle without a drain, or the window).
 */
export type Moment = 'before' | 'after' | 'run';

/** A choice among options, a set of options, or a number in the question's unit. */
export type QuestionKind = 'choice' | 'multi' | 'number';

/** A sentence as a message key and its values (lists are joined by the view in its language). */
export interface Phrase {
  key: string;
  vars?: Record<string, PhraseValue>;
}

/**
 * A value in a sentence: text, a number (the view writes it in its language), a message key
 * as `@key`, or a list of these or of sentences (joined by the view).
 */
export type PhraseValue = string | number | Array<string | number | Phrase>;

/** One option of a choice or multi question. */
export interface QuestionOption {
  value: string;
  label: Phrase;
}

/**
 * Misconceptions the property test plays as learners; a question lists the ones it is aimed at
 * (a learner holding one must get that question wrong whenever it changes the answer).
 */
export const MISCONCEPTIONS = [
  'divideByPods',
  'ignoreLocal',
  'ignoreDrain',
  'forgetThreshold',
  'timeoutTwice',
  'lbSkipsPodless',
  'snatKeepsClient',
  'clusterLocalOnly',
  'deliveryAlwaysNodePort',
  'replyFromPod',
  'noDirectReturn',
  'ignoreHealthCheck',
  'countEmptyNodes',
  'ignoreZones',
  'metallbSpreads',
  'metallbIgnoresLocal',
  'metallbInstant',
  'ignoreTaint',
  'ignoreTerminating',
  'podCallViaLb',
  'localKeepsClientBehindProxy',
  'appIgnoresProxyHeader',
  'checksIgnoreHeader',
  'xffFromAppService',
  'ingressKeepsIpHeader',
] as const;
export type Misconception = (typeof MISCONCEPTIONS)[number];

/** One question of a puzzle. */
export interface QuestionSpec {
  /** Unique within the puzzle (e.g. 'share', 'window'). */
  id: string;
  kind: QuestionKind;
  moment: Moment;
  prompt: Phrase;
  /** A line under the prompt (what to enter, an assumption the number rests on). */
  hint?: Phrase;
  /** Options of a choice or multi question. */
  options?: QuestionOption[];
  /** Unit of a number question. */
  unit?: 'percent' | 'seconds' | 'times';
  /** Misconceptions this question is aimed at. */
  aimedAt: Misconception[];
}

/** A node as the setup describes it (the compact diagram draws these). */
export interface SetupNode {
  id: string;
  ip: string;
  zone?: string;
  pods: string[];
}

/** What a puzzle tells the learner, as data (the setup's sentences and the compact diagram). */
export interface PuzzleSetup {
  nodes: SetupNode[];
  /** The setup in sentences, in order. */
  lines: Phrase[];
  /** The connection the questions are about, when there is one. */
  named?: Phrase;
  /** The node a drain takes away. */
  drained?: string;
  /** Who calls: an outside client, or a Pod on a node. */
  caller?: { id: string; ip: string; node?: string };
  /** Draw the load balancer as a box (false: MetalLB L2, clients reach a node directly). */
  lbBox: boolean;
}

/** A puzzle: the scenario the engine runs, its setup and its questions. */
export interface Puzzle {
  seed: number;
  family: FamilyId;
  /** The lesson the family drills (1–8). */
  lesson: number;
  /** What `simulate` runs (a scenario file the CLI accepts). */
  scenario: Scenario;
  setup: PuzzleSetup;
  questions: QuestionSpec[];
  /** Family-specific facts the key and the test learners read (never the answers). */
  facts: Record<string, string | number | boolean | string[] | null>;
}

/** A learner's answer to one question. */
export type AnswerValue = string | string[] | number;
export type Answers = Record<string, AnswerValue>;

/** The band of the drain window over every probe timing of the drained node. */
export interface WindowBand {
  lo: number;
  hi: number;
  /** The drained node's first check (s) that gives the shortest and the longest window. */
  loPhase: number;
  hiPhase: number;
  /** Windows measured at the phases tried, ascending by phase: [phase, window]. */
  samples: Array<[number, number]>;
}

/** The engine's answer to one question. */
export interface KeyEntry {
  id: string;
  kind: QuestionKind;
  moment: Moment;
  answer: AnswerValue;
  /** Numbers: the accepted range [lo, hi]; choices: every accepted value; multi: the exact set. */
  accepted: [number, number] | string[];
  /** The mechanism the engine ran, as a sentence. */
  explanation: Phrase;
  /** The drain window's band over probe timings (window questions). */
  band?: WindowBand;
  /** A moment of the diagram that shows the answer: a connection to play, or a time. */
  show?: { connection?: number; at?: number };
}

/** One graded answer. */
export interface Grade {
  id: string;
  correct: boolean;
}

/** A family of puzzles: one module per family, registered in registry.ts. */
export interface Family {
  id: FamilyId;
  lesson: number;
  /** Build the puzzle of a seed (pure: no engine run). */
  generate(seed: number, rng: Rng): Puzzle;
  /** The engine's answer key, one entry per question, from the puzzle's run (and more runs). */
  solve(p: Puzzle, run: SimResult): KeyEntry[];
}
