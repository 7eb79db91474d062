/**
 * The your-cluster page's lazy half: importer, engine, verdicts, what-ifs, and share links,
 * loaded on the first paste, file, sample or link (the page itself ships none of
 * it). Pure functions over strings and scenarios; the island keeps the results.
 */
import {
  importKubectl,
  type ImportOptions,
  type ImportReport,
  type ReportItem,
} from '../importer/index.ts';
import { simulate } from '../sim/index.ts';
import type { Scenario, SimResult } from '../sim/types.ts';
import type { RemedyResult } from './codes.ts';
import { remedyCandidates } from './remedies.ts';
import { decodeShare, encodeShare, type ShareMeta } from './shareLink.ts';
import { factsOf, verdictsOf, type RunFacts, type Verdict } from './verdicts.ts';
import {
  applyWhatIfs,
  parseWhatIf,
  whatIfOptions,
  type WhatIfChoice,
  type WhatIfOption,
} from './whatIfs.ts';

export { decodeShare, encodeShare };

/** One run's verdicts with the facts they came from, and a remedy for each problem. */
export interface Outcome {
  scenario: Scenario;
  facts: RunFacts;
  verdicts: Verdict[];
  remedies: RemedyResult[];
}

/** Today's result of an imported (or shared) topology and what the page offers next. */
export interface Analysis {
  today: Outcome;
  meta: ShareMeta;
  /** The import report; null when the view came from a share link (the paste is not in it). */
  report: ImportReport | null;
  options: WhatIfOption[];
}

export type AnalyzeResult = { ok: true; analysis: Analysis } | { ok: false; issues: ReportItem[] };

/** The verdicts of a scenario's run (done here unless given), without remedies. */
function verdictRun(
  scenario: Scenario,
  meta: ShareMeta,
  seed: number,
  done?: SimResult,
): Omit<Outcome, 'remedies'> {
  const facts = factsOf(done ?? simulate(scenario, { seed }));
  return { scenario, facts, verdicts: verdictsOf(facts, meta.lb) };
}

/** Is the remedy's run better on the question its verdict asks? */
function improves(
  before: Omit<Outcome, 'remedies'>,
  after: Omit<Outcome, 'remedies'>,
  id: string,
): boolean {
  const a = after.verdicts.find((v) => v.id === id);
  const failed = (o: Omit<Outcome, 'remedies'>) => o.facts.failed - o.facts.brokenEstablished;
  if (id === 'clientIp') return a?.tone === 'good';
  if (id === 'share') {
    // Even, or less uneven (5 Pods spread over 3 nodes stay 2 : 1, still better than 4 : 1).
    const b = before.verdicts.find((v) => v.id === id);
    const r = (v: Verdict | undefined) => Number(v?.params['ratio'] ?? Infinity);
    return a?.tone === 'good' || r(a) < r(b);
  }
  if (id === 'cut') return after.facts.brokenEstablished < before.facts.brokenEstablished;
  return failed(after) < failed(before);
}

/**
 * Run a scenario (or take its run), derive its verdicts and try a remedy for each problem beside
 * it; the page and the CLI both come here, so they say the same.
 */
export function outcomeOf(
  scenario: Scenario,
  meta: ShareMeta,
  options: { seed?: number; result?: SimResult } = {},
): Outcome {
  const seed = options.seed ?? 1;
  const today = verdictRun(scenario, meta, seed, options.result);
  const remedies: RemedyResult[] = [];
  // Remedies of several verdicts often run the same change (a preStop for the failures and the
  // drain): run each distinct change once.
  const runs = new Map<string, Omit<Outcome, 'remedies'> | null>();
  for (const remedy of remedyCandidates({
    scenario,
    facts: today.facts,
    verdicts: today.verdicts,
    lb: meta.lb,
    workload: meta.workload,
    service: { namespace: meta.service.namespace, name: meta.service.name },
    names: meta.names,
  })) {
    if (remedy.choices.length === 0) {
      remedies.push({ remedy, after: null, failedAfter: null });
      continue;
    }
    const choices = remedy.choices.flatMap((c) => parseWhatIf(c) ?? []);
    const key = JSON.stringify(choices);
    if (!runs.has(key)) {
      const applied = applyWhatIfs(scenario, choices);
      runs.set(key, applied.ok ? verdictRun(applied.scenario, meta, seed) : null);
    }
    const after = runs.get(key);
    if (!after || !improves(today, after, remedy.for)) continue;
    remedies.push({
      remedy,
      after: after.verdicts.find((v) => v.id === remedy.for) ?? null,
      failedAfter: after.facts.failed - after.facts.brokenEstablished,
    });
  }
  return { ...today, remedies };
}

/** The page's metadata for a scenario from its import report. */
export function metaOf(report: ImportReport): ShareMeta {
  const names: Record<string, string> = {};
  for (const [id, name] of [
    ...Object.entries(report.names.nodes),
    ...Object.entries(report.names.pods),
  ])
    if (id !== name) names[id] = name;
  return {
    service: {
      namespace: report.service.namespace,
      name: report.service.name,
      type: report.service.type,
      policy: report.service.externalTrafficPolicy,
    },
    cloud: { preset: report.cloud.preset, alternatives: [...report.cloud.alternatives] },
    names,
    lb: { ...report.lb },
    workload: report.workload
      ? { ...report.workload, labels: { ...report.workload.labels } }
      : null,
  };
}

/** A scenario with its metadata → today's result and the what-ifs it offers. */
export function analyzeScenario(
  scenario: Scenario,
  meta: ShareMeta,
  report: ImportReport | null,
): Analysis {
  return {
    today: outcomeOf(scenario, meta),
    meta,
    report,
    options: whatIfOptions(scenario, meta.cloud.alternatives, meta.lb.targetType),
  };
}

/**
 * Pasted text → import → today's result; never throws (the importer's messages on failure).
 * `progress` hears the topology's size once the import is done and the engine starts.
 */
export function analyzeText(
  text: string,
  options: ImportOptions = {},
  progress?: (p: { nodes: number; pods: number }) => void,
): AnalyzeResult {
  const imported = importKubectl(text, options);
  if (!imported.ok) return { ok: false, issues: imported.issues };
  progress?.({ nodes: imported.scenario.nodes.length, pods: imported.scenario.pods.length });
  return {
    ok: true,
    analysis: analyzeScenario(imported.scenario, metaOf(imported.report), imported.report),
  };
}

/** The result with the what-ifs applied, or null when one does not fit the scenario. */
export function whatIfOutcome(
  scenario: Scenario,
  meta: ShareMeta,
  choices: readonly WhatIfChoice[],
): Outcome | null {
  const applied = applyWhatIfs(scenario, choices);
  return applied.ok ? outcomeOf(applied.scenario, meta) : null;
}

export { itemKey, itemParams, MAX_INPUT_BYTES, REPORT_KINDS } from '../importer/index.ts';
