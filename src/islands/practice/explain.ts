/**
 * Pure pieces of the practice page: the answer options and what they mean to the grader, and
 * the engine's reason codes turned into message keys with the numbers of the puzzle at hand.
 * The page (Practice.tsx) only renders what these return.
 */
import { fixed } from '../../i18n/number';
import type { Answer, Grade, Question, SourceKind, SuccessKind } from '../../sim/practice';
import type { Round } from './round';

/** The source-address options, each one set of addresses the Pods can see. */
export type SourceOption = 'client' | 'node' | 'bridge' | 'nodeOrBridge' | 'none';
export const SOURCE_OPTIONS: readonly SourceOption[] = [
  'client',
  'node',
  'bridge',
  'nodeOrBridge',
  'none',
];
export const SUCCESS_OPTIONS: readonly SuccessKind[] = ['always', 'sameNodeOnly', 'never'];

const SOURCES: Record<SourceOption, SourceKind[]> = {
  client: ['client'],
  node: ['ingressNode'],
  bridge: ['ingressBridge'],
  nodeOrBridge: ['ingressBridge', 'ingressNode'],
  none: [],
};

/** The addresses an option stands for (as the grader compares them). */
export function sourcesOf(option: SourceOption): SourceKind[] {
  return [...SOURCES[option]];
}

/** The option that stands for a set of addresses (the engine's answer, for worked examples). */
export function optionOfSources(sources: readonly SourceKind[]): SourceOption {
  const key = [...sources].sort().join(',');
  return SOURCE_OPTIONS.find((o) => [...SOURCES[o]].sort().join(',') === key) ?? 'none';
}

/** The bridge (cni0) address of a node: the first address of its Pod CIDR. */
export function bridgeIp(podCidr: string): string {
  const base = podCidr.split('/')[0] ?? '';
  const parts = base.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n))) return base;
  parts[3] = (parts[3] ?? 0) + 1;
  return parts.join('.');
}

/** What the learner has entered so far (strings as the inputs hold them). */
export interface Draft {
  pods: string[];
  source: SourceOption | null;
  success: SuccessKind | null;
  /** Percent, as typed. */
  share: string;
  /** Seconds, as typed. */
  window: string;
}

export const emptyDraft = (): Draft => ({
  pods: [],
  source: null,
  success: null,
  share: '',
  window: '',
});

/** A typed number in either language ("33,3" or "33.3"), or null. */
export function readNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{0,3})?$/.test(t)) return null;
  return Number(t);
}

/** The questions still unanswered in a draft (the page asks for them before grading). */
export function missing(draft: Draft, questions: readonly Question[]): Question[] {
  return questions.filter((q) => {
    switch (q) {
      case 'pods':
        return false; // none checked is an answer: the connection reaches no Pod
      case 'source':
        return draft.source === null;
      case 'success':
        return draft.success === null;
      case 'share': {
        const n = readNumber(draft.share);
        return n === null || n > 100;
      }
      case 'window':
        return readNumber(draft.window) === null;
    }
  });
}

/** The answer a complete draft stands for. */
export function answerOf(draft: Draft): Answer {
  return {
    pods: [...draft.pods].sort(),
    sources: sourcesOf(draft.source ?? 'none'),
    success: draft.success ?? 'always',
    share: (readNumber(draft.share) ?? 0) / 100,
    window: readNumber(draft.window),
  };
}

/** The engine's answer as a filled-in draft (worked and partly worked rounds). */
export function draftOf(round: Round, given: readonly Question[], draft = emptyDraft()): Draft {
  const a = round.solution.answer;
  const d = { ...draft };
  for (const q of given) {
    if (q === 'pods') d.pods = [...a.pods];
    if (q === 'source') d.source = optionOfSources(a.sources);
    if (q === 'success') d.success = a.success;
    if (q === 'share') d.share = String(Math.round(a.share * 1000) / 10);
    if (q === 'window') d.window = String(Math.round((a.window ?? 0) * 10) / 10);
  }
  return d;
}

/** A sentence by key, with its values. */
export interface Sentence {
  key: string;
  vars: Record<string, string | number>;
}

/** The values a round's sentences cite (what roundFacts returns). */
export type RoundFacts = ReturnType<typeof roundFacts>;

/** Numbers and names of a round the explanations cite. */
export function roundFacts(round: Round, lang: 'en' | 'de', list: (items: string[]) => string) {
  const { puzzle, solution } = round;
  const s = puzzle.scenario;
  const node = puzzle.ingressNode;
  const spec = s.nodes.find((n) => n.id === node);
  const pods = s.pods;
  const sharePod = pods.find((p) => p.id === puzzle.sharePod);
  const k = pods.filter((p) => p.node === sharePod?.node).length;
  const withPods = new Set(pods.map((p) => p.node)).size;
  const local = pods.filter((p) => p.node === node).map((p) => p.id);
  const probe = s.loadBalancer.probe;
  const band = solution.windowBand;
  return {
    duration: s.traffic.duration,
    diagram: fixed(lang, round.diagramWindow ?? 0, 1),
    node,
    nodeIp: spec?.ip ?? '',
    bridgeIp: bridgeIp(spec?.podCidr ?? ''),
    client: s.clients[0]?.ip ?? '',
    count: pods.length,
    reached: list(solution.answer.pods),
    localPods: list(local),
    pod: puzzle.sharePod,
    podNode: sharePod?.node ?? '',
    P: pods.length,
    N: withPods,
    k,
    nodes: s.nodes.length,
    share: `${fixed(lang, solution.answer.share * 100, 1)}\u00a0%`,
    drained: puzzle.drainNode ?? '',
    interval: probe.interval,
    threshold: probe.unhealthyThreshold,
    timeout: probe.timeout,
    window: fixed(lang, solution.answer.window ?? 0, 1),
    lo: fixed(lang, band?.[0] ?? 0, 1),
    hi: fixed(lang, band?.[1] ?? 0, 1),
  };
}

/**
 * Why the engine's answer to a question is what it is: the sentence of its reason code, with a
 * variant where one code covers two situations (no Pod reached; Local or Cluster served).
 */
export function explanation(
  round: Round,
  grade: Pick<Grade, 'question' | 'reason'>,
  facts: Record<string, string | number>,
): Sentence {
  const { question, reason } = grade;
  const a = round.solution.answer;
  const policy = round.puzzle.scenario.service.externalTrafficPolicy;
  if (question === 'window') {
    // The window is about the drained node; without SNAT, failures of every cross-node
    // connection fill the whole run, whatever the drain does.
    const vars = { ...facts, node: round.puzzle.drainNode ?? '' };
    if (policy === 'Cluster' && !round.puzzle.scenario.masquerade)
      return { key: 'practice.why.windowNoSnat', vars };
    return { key: `practice.why.${reason}`, vars };
  }
  if (question === 'source' && a.sources.length === 0)
    return { key: 'practice.why.sourceNone', vars: facts };
  if (reason === 'served') return { key: `practice.why.served${policy}`, vars: facts };
  if (reason === 'clusterNoSnatOnlyLocalAnswers' && a.pods.length === 0)
    return { key: 'practice.why.clusterNoSnatNoLocal', vars: facts };
  if (reason === 'directReturnFails' && a.success === 'never')
    return { key: 'practice.why.clusterNoSnatNoLocal', vars: facts };
  return { key: `practice.why.${reason}`, vars: facts };
}

/** Every message key `explanation` can return (the locale files must have them all). */
export const EXPLANATION_KEYS: readonly string[] = [
  'practice.why.clusterAnyPod',
  'practice.why.clusterNoSnatOnlyLocalAnswers',
  'practice.why.clusterNoSnatNoLocal',
  'practice.why.localOnlyLocalPods',
  'practice.why.localNoEndpointsDrop',
  'practice.why.localKeepsClient',
  'practice.why.clusterSnat',
  'practice.why.clusterNoSnatClient',
  'practice.why.sourceNone',
  'practice.why.directReturnFails',
  'practice.why.servedCluster',
  'practice.why.servedLocal',
  'practice.why.shareOneOverP',
  'practice.why.shareOneOverNk',
  'practice.why.windowHealthzTaint',
  'practice.why.windowLocalHcnp',
  'practice.why.windowDeregistered',
  'practice.why.windowAfterPowerOff',
  'practice.why.windowNoSnat',
];

/** The engine's answer to one question, as words and values the page shows. */
export function answerSentence(
  round: Round,
  question: Question,
  facts: Record<string, string | number>,
): Sentence {
  const a = round.solution.answer;
  switch (question) {
    case 'pods':
      return a.pods.length === 0
        ? { key: 'practice.answer.podsNone', vars: facts }
        : { key: 'practice.answer.pods', vars: facts };
    case 'source':
      return { key: `practice.source.${optionOfSources(a.sources)}`, vars: facts };
    case 'success':
      return { key: `practice.success.${a.success}`, vars: facts };
    case 'share':
      return { key: 'practice.answer.share', vars: facts };
    case 'window':
      return { key: 'practice.answer.window', vars: facts };
  }
}
