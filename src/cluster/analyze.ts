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
import type { Scenario } from '../sim/types.ts';
import { decodeShare, encodeShare, type ShareMeta } from './shareLink.ts';
import { factsOf, verdictsOf, type RunFacts, type Verdict } from './verdicts.ts';
import { applyWhatIfs, whatIfOptions, type WhatIfChoice, type WhatIfOption } from './whatIfs.ts';

export { decodeShare, encodeShare };

/** One run's verdicts with the facts they came from. */
export interface Outcome {
  scenario: Scenario;
  facts: RunFacts;
  verdicts: Verdict[];
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

/** Run a scenario and derive its verdicts. */
export function outcomeOf(scenario: Scenario): Outcome {
  const result = simulate(scenario);
  const facts = factsOf(result);
  return { scenario, facts, verdicts: verdictsOf(facts) };
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
  };
}

/** A scenario with its metadata → today's result and the what-ifs it offers. */
export function analyzeScenario(
  scenario: Scenario,
  meta: ShareMeta,
  report: ImportReport | null,
): Analysis {
  return {
    today: outcomeOf(scenario),
    meta,
    report,
    options: whatIfOptions(scenario, meta.cloud.alternatives),
  };
}

/** Pasted text → import → today's result; never throws (the importer's messages on failure). */
export function analyzeText(text: string, options: ImportOptions = {}): AnalyzeResult {
  const imported = importKubectl(text, options);
  if (!imported.ok) return { ok: false, issues: imported.issues };
  return {
    ok: true,
    analysis: analyzeScenario(imported.scenario, metaOf(imported.report), imported.report),
  };
}

/** The result with the what-ifs applied, or null when one does not fit the scenario. */
export function whatIfOutcome(
  scenario: Scenario,
  choices: readonly WhatIfChoice[],
): Outcome | null {
  const applied = applyWhatIfs(scenario, choices);
  return applied.ok ? outcomeOf(applied.scenario) : null;
}

export { itemKey, itemParams, MAX_INPUT_BYTES, REPORT_KINDS } from '../importer/index.ts';
