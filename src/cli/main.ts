/**
 * The `simulate` command: npm run simulate -- <scenario-id | file.json> [--seed N]
 * [--set key=value ...] [--json] [--print-scenario] [--lang en|de] | --list | --schema.
 * Bad input exits with 2 and a localized message naming the field; unexpected errors print one
 * generic line (exit 1). Relative paths are read from the directory the command was typed in.
 */
import { resolve } from 'node:path';
import {
  applyOverrides,
  getScenario,
  readSetList,
  runScenario,
  scenarioIds,
  scenarioJsonSchema,
  validateScenario,
  type InputIssue,
  type Scenario,
} from '../sim/index.ts';
import { parseCliArgs } from './args.ts';
import { practiceMain } from './practice.ts';
import { importDump, verdictsOfRun, verdictsText } from './fromKubectl.ts';
import type { ShareMeta } from '../clusterCheck/shareLink.ts';
import { t, tDyn, type Lang } from './i18n.ts';
import { issuesText, scenarioFile, scenarioList, summaryTable, toJson } from './output.ts';
import { helpText } from './help.ts';
import { traceJson, traceText } from './trace.ts';
import type { CliIo } from './io.ts';

export type { CliIo } from './io.ts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A scenario file's text, parsed; or the issues that stop it. */
function readScenarioFile(io: CliIo, shown: string, path: string): unknown | InputIssue[] {
  const size = io.fileSize(path);
  if (size === null) return [{ path: shown, code: 'unreadableFile' }];
  if (size > MAX_FILE_BYTES)
    return [{ path: shown, code: 'fileTooLarge', params: { received: `${size}` } }];
  const text = io.readFile(path);
  if (text === null) return [{ path: shown, code: 'unreadableFile' }];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return [{ path: shown, code: 'invalidJson' }];
  }
}

/** Run the CLI; returns the exit code (0 ok, 2 bad input, 1 internal error). */
export function main(argv: readonly string[], io: CliIo): number {
  let lang: Lang = 'en';
  try {
    const parsed = parseCliArgs(argv, io.env);
    lang = parsed.ok ? parsed.args.lang : parsed.lang;
    const tr = (key: string, vars?: Record<string, string | number>): string =>
      tDyn(lang, key, vars);
    const fail = (issues: InputIssue[]): number => {
      io.stderr(issuesText(lang, issues));
      // An option the command does not know: point to where all of them are.
      if (issues.some((i) => i.code === 'unknownFlag' || i.code === 'missingValue'))
        io.stderr(`${t(lang, 'cli.error.seeHelp')}\n`);
      return 2;
    };
    if (!parsed.ok) return fail(parsed.issues);
    const args = parsed.args;
    if (args.help) {
      io.stdout(helpText(lang));
      return 0;
    }
    if (args.schema) {
      io.stdout(`${JSON.stringify(scenarioJsonSchema, null, 2)}\n`);
      return 0;
    }
    if (args.list) {
      io.stdout(scenarioList(lang));
      return 0;
    }
    if (args.practice !== null || args.practiceSheet !== null) return practiceMain(args, lang, io);
    if (args.target === null && args.fromKubectl === null) {
      io.stderr(`${t(lang, 'cli.usage')}\n${t(lang, 'cli.error.seeHelp')}\n`);
      return 2;
    }
    if (args.target !== null && args.fromKubectl !== null)
      return fail([{ path: args.target.slice(0, 40), code: 'unknownFlag' }]);
    const sets = readSetList(args.sets);
    if (sets.issues.length > 0) return fail(sets.issues);

    let base: Scenario;
    let title: string;
    // The importer's report: on stderr with --json / --print-scenario, above the table otherwise.
    let report = '';
    // An imported dump also gets the your-cluster page's verdicts (the same code, the same run).
    let meta: ShareMeta | null = null;
    if (args.fromKubectl !== null) {
      const imported = importDump(io, lang, args.fromKubectl, {
        ...(args.service !== null ? { service: args.service } : {}),
        ...(args.port !== null ? { port: args.port } : {}),
        ...(args.preset !== null ? { preset: args.preset } : {}),
      });
      if (!imported.ok) {
        if ('issues' in imported) return fail(imported.issues);
        io.stderr(imported.message);
        return 2;
      }
      base = imported.scenario;
      report = imported.report;
      meta = imported.meta;
      title = t(lang, 'scenario.from-kubectl.title');
    } else if (
      args.target !== null &&
      (args.target.endsWith('.json') || /[\\/]/.test(args.target))
    ) {
      const input = readScenarioFile(io, args.target, resolve(io.cwd, args.target));
      if (Array.isArray(input)) return fail(input as InputIssue[]);
      const v = validateScenario(input);
      if (!v.ok) return fail(v.issues);
      base = v.scenario;
      // Only built-in ids have titles; a file is named by its path.
      title = scenarioIds.includes(base.id)
        ? tDyn(lang, `scenario.${base.id}.title`)
        : t(lang, 'cli.summary.fromFile', { file: args.target });
    } else {
      const id = args.target ?? '';
      const found = getScenario(id);
      if (!found) {
        const r = runScenario(id);
        return fail(r.ok ? [] : r.issues);
      }
      base = found;
      title = tDyn(lang, `scenario.${base.id}.title`);
    }
    const applied = applyOverrides(base, sets.overrides);
    if (!applied.ok) return fail(applied.issues);
    // A run the --set changed is not the scenario its title describes: the header says so.
    const changes = Object.entries(sets.overrides).map(([k, v]) => `${k}=${v}`);
    const heading =
      changes.length === 0
        ? { id: base.id, title }
        : {
            id: t(lang, 'cli.summary.changed', { id: base.id, changes: changes.join(', ') }),
            title: t(lang, 'cli.summary.changedFrom', { title }),
          };
    if (args.printScenario) {
      io.stderr(report);
      io.stdout(scenarioFile(applied.scenario));
      return 0;
    }
    const run = runScenario(applied.scenario, { seed: args.seed });
    if (!run.ok) return fail(run.issues);
    const featured = run.result.featured;
    const judged = meta ? verdictsOfRun(applied.scenario, meta, run.result, args.seed) : null;
    if (args.json) {
      io.stderr(report);
      const json = { ...(toJson(run.result) as Record<string, unknown>), ...(judged ?? {}) };
      io.stdout(
        `${JSON.stringify(args.trace ? { ...json, traces: traceJson(featured) } : json)}\n`,
      );
    } else
      io.stdout(
        `${report}${report ? '\n' : ''}${summaryTable(lang, run.result, heading.title, heading.id)}${judged ? `\n${verdictsText(lang, judged)}` : ''}${args.trace ? traceText(tr, featured) : ''}`,
      );
    return 0;
  } catch {
    io.stderr(`${t(lang, 'cli.internalError')}\n`);
    return 1;
  }
}
