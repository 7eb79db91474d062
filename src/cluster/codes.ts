/**
 * The verdicts' vocabulary, free of engine imports so the page's own bundle can name them: the
 * codes (sentences `cluster.verdict.<code>`), tones and the shape of one verdict.
 */

/** Every verdict code; the page's sentence is `cluster.verdict.<code>` (both languages). */
export const VERDICT_CODES = [
  'clientIpKeptLocal',
  'clientIpKept',
  'clientIpLostCluster',
  'clientIpLost',
  'clientIpPartly',
  'noTraffic',
  'shareEven',
  'shareUnevenLocal',
  'shareUneven',
  'podsIdle',
  'nodeNoTrafficLocal',
  'nodeNoTrafficTainted',
  'nodeNoTrafficDown',
  'nodeNoTraffic',
  'nodeForwardsOnly',
  'nodeTakenOut',
  'nodesServing',
  'failuresNone',
  'failuresSome',
  'drainWindow',
  'drainNoLoss',
  'establishedCut',
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
export const VERDICT_CODE_PARAMS = { reason: 'cluster.reason.', probe: 'cluster.probe.' } as const;
