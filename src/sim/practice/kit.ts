/**
 * The scaffolding every family writes the same way: a drawn cluster, questions, the setup's
 * common sentences, the puzzle record, and on the key's side the facts, the questions by id and a
 * Pod's share. The families keep only what is their own (what they vary and what they ask).
 * Nothing here draws from the generator unless its name says so (`drawCluster`), so a family's
 * draws stay in the order it writes them and a seed keeps its puzzle.
 */
import { FAMILY_LESSONS } from '../practiceFamilies.ts';
import type { Rng } from '../rng.ts';
import type {
  CloudPreset,
  ConnectionRecord,
  ExternalTrafficPolicy,
  NodeSpec,
  PodSpec,
  Scenario,
  SimResult,
} from '../types.ts';
import {
  buildScenario,
  chance,
  drawCounts,
  pct,
  podsOn,
  nodesOf,
  setupNodes,
  type ScenarioParts,
} from './build.ts';
import { numberKey } from './key.ts';
import { showFirst } from './observe.ts';
import type {
  Family,
  FamilyId,
  KeyEntry,
  Misconception,
  Phrase,
  Puzzle,
  PuzzleSetup,
  QuestionKind,
  QuestionOption,
  QuestionSpec,
} from './types.ts';

/** A family from its id (its lesson is the one FAMILY_LESSONS gives) and its two functions. */
export function family(id: FamilyId, fns: Pick<Family, 'generate' | 'solve'>): Family {
  return { id, lesson: FAMILY_LESSONS[id], generate: fns.generate, solve: fns.solve };
}

/** Cluster or Local, one each half of the seeds. */
export const drawPolicy = (rng: Rng): ExternalTrafficPolicy =>
  chance(rng, 0.5) ? 'Cluster' : 'Local';

/** A puzzle's scenario (buildScenario), named after its seed. */
export const scenarioOf = (seed: number, parts: Omit<ScenarioParts, 'id'>): Scenario =>
  buildScenario({ id: `practice-${seed}`, ...parts });

/** A drawn cluster: nodes, Pods per node, the Pods, and which nodes hold some and which none. */
export interface DrawnCluster {
  nodes: NodeSpec[];
  counts: number[];
  pods: PodSpec[];
  withPods: string[];
  empty: string[];
}

/** A cluster a drain can take a node from: up to 3 Pods a node, on 2 nodes at least. */
export const drawDrainCluster = (rng: Rng, n: number): DrawnCluster =>
  drawCluster(rng, n, { max: 3, minWithPods: 2, minTotal: 2 });

/**
 * n nodes with Pods drawn by drawCounts; `adjust` may change the counts before the Pods are
 * placed (it must not draw).
 */
export function drawCluster(
  rng: Rng,
  n: number,
  opts: Parameters<typeof drawCounts>[2],
  adjust: (counts: number[]) => number[] = (c) => c,
): DrawnCluster {
  const nodes = nodesOf(n);
  const counts = adjust(drawCounts(rng, n, opts));
  const has = (i: number): boolean => (counts[i] ?? 0) > 0;
  return {
    nodes,
    counts,
    pods: podsOn(nodes, counts),
    withPods: nodes.filter((_, i) => has(i)).map((x) => x.id),
    empty: nodes.filter((_, i) => !has(i)).map((x) => x.id),
  };
}

/** A question, asked over the whole run unless `more` names another moment. */
export function ask(
  id: string,
  kind: QuestionKind,
  prompt: Phrase,
  aimedAt: Misconception[],
  more: Partial<QuestionSpec> = {},
): QuestionSpec {
  return { id, kind, moment: 'run', prompt, aimedAt, ...more };
}

/** A question answered with a percentage. */
export const askPercent = (
  id: string,
  prompt: Phrase,
  aimedAt: Misconception[],
  more: Partial<QuestionSpec> = {},
): QuestionSpec => ask(id, 'number', prompt, aimedAt, { unit: 'percent', ...more });

/** A question answered by picking one of the options. */
export const askChoice = (
  id: string,
  prompt: Phrase,
  options: QuestionOption[],
  aimedAt: Misconception[],
  more: Partial<QuestionSpec> = {},
): QuestionSpec => ask(id, 'choice', prompt, aimedAt, { options, ...more });

/** The setup's first sentence: how many nodes and Pods. */
export const clusterLine = (nodes: number, pods: number): Phrase => ({
  key: 'practice.setup.cluster',
  vars: { nodes, count: pods },
});

/** The setup's sentence on the policy (Cluster with the node's SNAT, or Local). */
export const policyLine = (policy: ExternalTrafficPolicy): Phrase => ({
  key: policy === 'Local' ? 'practice.setup.policyLocal' : 'practice.setup.policyClusterSnat',
});

/** The setup's sentence on the cloud's load balancer. */
export const lbCloudLine = (preset: CloudPreset): Phrase => ({
  key: 'practice.setup.lbCloud',
  vars: { preset: `@practice.preset.${preset}` },
});

/** The setup's usual first sentences: nodes and Pods, the policy, the cloud's load balancer. */
export const baseLines = (
  nodes: number,
  pods: number,
  policy: Phrase,
  preset: CloudPreset,
): Phrase[] => [clusterLine(nodes, pods), policy, lbCloudLine(preset)];

/** The parts of a puzzle a family writes; the rest follows from the family and the scenario. */
export interface PuzzleParts {
  scenario: Scenario;
  setup: Omit<PuzzleSetup, 'nodes' | 'lbBox'> & { lbBox?: boolean };
  questions: QuestionSpec[];
  facts: Puzzle['facts'];
}

/**
 * A family's puzzle of a seed, tagged with the family's lesson; the setup lists the scenario's
 * nodes and draws a load-balancer box unless told otherwise.
 */
export function puzzleOf(
  family: FamilyId,
  seed: number,
  { scenario, setup, questions, facts }: PuzzleParts,
): Puzzle {
  const { lbBox = true, ...rest } = setup;
  return {
    seed,
    family,
    lesson: FAMILY_LESSONS[family],
    scenario,
    setup: { nodes: setupNodes(scenario), lbBox, ...rest },
    questions,
    facts,
  };
}

/** A fact of the puzzle as text. */
export const fact = (p: Puzzle, name: string): string => String(p.facts[name]);

/** The puzzle's question of an id (the families ask each id once). */
export function asked(p: Puzzle, id: string): QuestionSpec {
  const q = p.questions.find((x) => x.id === id);
  if (!q) throw new Error(`practice ${p.seed}: no question ${id}`);
  return q;
}

/** The ids whose value is positive (odds) or true (rotation), in the record's order. */
export function upIn(record: Readonly<Record<string, number | boolean>>): string[] {
  return Object.entries(record)
    .filter(([, x]) => (typeof x === 'number' ? x > 0 : x))
    .map(([id]) => id);
}

/**
 * A Pod's share as the key stores it, with a connection it served between `from` and `to` to
 * play.
 */
export function podShareKey(
  q: QuestionSpec,
  run: SimResult,
  share: Readonly<Record<string, number>>,
  pod: string,
  why: Phrase,
  from = 0,
  to = Infinity,
): KeyEntry {
  return numberKey(
    q,
    pct(share[pod] ?? 0),
    why,
    showFirst(run, (c) => c.pod === pod, from, to),
  );
}

/** A connection to play, when there is one. */
export const showConnection = (
  c: ConnectionRecord | undefined,
): { connection: number } | undefined => (c ? { connection: c.id } : undefined);

/** The engine's reason a connection failed, as a message key ('' without one). */
export const reasonOf = (c: ConnectionRecord | undefined): string =>
  c ? `@practice.reason.${c.reason}` : '';

/** Why the app learned what it did: nothing (and the failure that left it so), or these addresses. */
export function appWhy(
  app: string,
  failed: ConnectionRecord | undefined,
  seen: string[],
  via: string,
): Phrase {
  return app === 'nothing'
    ? { key: 'practice.why.appNothing', vars: { reason: reasonOf(failed) } }
    : { key: 'practice.why.appLearns', vars: { seen, via: `@practice.via.${via}` } };
}
