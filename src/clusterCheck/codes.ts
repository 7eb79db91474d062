/**
 * The verdicts' vocabulary, free of engine imports so the page's own bundle can name them: the
 * codes (sentences `cluster.verdict.<code>`), tones, the shape of one verdict, and the remedies
 * a problem verdict carries (sentences `cluster.remedy.<code>`).
 */

/** Every verdict code; the page's sentence is `cluster.verdict.<code>` (both languages). */
export const VERDICT_CODES = [
  // Where the load balancer sends (IP targets skip the nodes).
  'ipTargetsPath',
  // The client's address.
  'clientIpKeptLocal',
  'clientIpKept',
  'clientIpLostCluster',
  'clientIpLost',
  'clientIpPartly',
  'clientIpIpTargetsLost',
  'clientIpIpTargetsKept',
  'clientIpProxyProtocol',
  'noTraffic',
  // The load per Pod.
  'shareEven',
  'shareUnevenLocal',
  'shareUnevenZones',
  'shareUneven',
  'podsIdle',
  // Every node's role.
  'nodePods',
  'nodeForwardsOnly',
  'nodeCordonedPods',
  'nodeCordonedForwards',
  'nodeExcluded',
  'nodeNotListed',
  'nodeOutLocal',
  'nodeOutTerminating',
  'nodeOutTainted',
  'nodeOutProbe',
  'nodeDropsLocal',
  'nodeL2Announcer',
  'nodeL2Standby',
  'nodesMore',
  'nodesNotInPath',
  'nodeTakenOut',
  // Failures and the drain what-if.
  'failuresNone',
  'failuresSome',
  'establishedCut',
  'drainWindow',
  'drainWindowUpperBound',
  'drainNoLoss',
] as const;
export type VerdictCode = (typeof VERDICT_CODES)[number];

/** good = what one hopes for, warn = worth knowing, bad = connections fail. */
export type Tone = 'good' | 'warn' | 'bad';

/** One verdict; `id` pairs it with the same question in another run (before → after). */
export interface Verdict {
  id: string;
  code: VerdictCode;
  tone: Tone;
  params: Record<string, string | number>;
  /** Time stretches (s) the sentence lists as `{{spans}}` (the view formats the numbers). */
  spans?: Array<[number, number]>;
}

/** Params whose values are codes: translate them with this key prefix first. */
export const VERDICT_CODE_PARAMS = {
  reason: 'cluster.reason.',
  probe: 'cluster.probe.',
  role: 'cluster.role.',
} as const;

/** "Uneven" means the busiest serving Pod expects more than this many times the quietest's share. */
export const UNEVEN_RATIO = 1.5;

/** Every remedy code; the page's sentence is `cluster.remedy.<code>`. */
export const REMEDY_CODES = [
  'localSpread',
  'local',
  'proxyProtocol',
  'preserveClientIp',
  'spread',
  'crossZone',
  'preStop',
  'taintFirst',
  'excludeNode',
  'healthzProbe',
  'hcnpProbe',
  'readiness',
] as const;
export type RemedyCode = (typeof REMEDY_CODES)[number];

/** A what-if the page can run (kinds and values as in whatIfs.ts, kept free of engine code). */
export interface RemedyChoice {
  kind: string;
  value: string;
}

/** The setting that fixes a problem verdict: a what-if to run and the patch to apply. */
export interface Remedy {
  /** The verdict it answers (its id). */
  for: string;
  code: RemedyCode;
  params: Record<string, string | number>;
  /** The what-ifs that show it (empty: the simulation cannot run it; the patch still holds). */
  choices: RemedyChoice[];
  /** What to apply: the object it changes and the text (YAML, or a kubectl command). */
  patch: { object: string; text: string; format: 'yaml' | 'shell' };
}

/** A remedy with its what-if's verdict on the same question (null: not simulated). */
export interface RemedyResult {
  remedy: Remedy;
  after: Verdict | null;
  /** Failed new connections with the remedy (null: not simulated). */
  failedAfter: number | null;
}
