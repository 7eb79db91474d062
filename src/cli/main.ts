/**
 * The `simulate` command: npm run simulate -- <scenario-id | file.json> [--seed N]
 * [--set key=value ...] [--json] [--print-scenario] [--lang en|de] | --list | --schema.
 * Bad input exits with 2 and a localized message naming the field; unexpected errors print one
 * generic line (exit 1). Relative paths are read from the directory the command was typed in.
 */
import { resolve } from 'node:path';
import { parseArgs as parseArgv } from 'node:util';
import de from '../i18n/locales/sim/de.json' with { type: 'json' };
import en from '../i18n/locales/sim/en.json' with { type: 'json' };
import { translator } from '../i18n/interpolate.ts';
import { issueLine } from '../i18n/issues.ts';
import { fixed } from '../i18n/number.ts';
import { importDump } from './fromKubectl.ts';
import { traceJson, traceText } from './trace.ts';
import {
  applyOverrides,
  closest,
  getScenario,
  parseSetList,
  runScenario,
  scenarioIds,
  scenarioJsonSchema,
  validateScenario,
  type InputIssue,
  type Scenario,
  type SimResult,
} from '../sim/index.ts';

/** Everything the CLI touches outside itself, injectable for tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Size in bytes, or null when the file cannot be read. */
  fileSize(path: string): number | null;
  readFile(path: string): string | null;
  env: Readonly<Record<string, string | undefined>>;
  /** The directory the command was typed in (npm passes it as INIT_CWD). */
  cwd: string;
  /** Standard input as text, at most `maxBytes` (for `--from-kubectl -`); null when unreadable. */
  readStdin?(maxBytes: number): string | null;
}

type Lang = 'en' | 'de';
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export const t = translator<Lang>({ en, de });

const r3 = (n: number | null): number | null => (n === null ? null : Math.round(n * 1000) / 1000);

/** The documented JSON output of one run. */
export function toJson(result: SimResult): unknown {
  const s = result.summary;
  const share = (m: Record<string, number>): Record<string, number> =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v * 10000) / 10000]));
  return {
    scenario: result.scenario,
    seed: result.seed,
    summary: {
      connections: s.connections,
      succeeded: s.succeeded,
      failed: s.failed,
      clientIpPreserved: s.clientIpPreserved,
      clientIpKnownToApp: s.clientIpKnownToApp ?? s.clientIpPreserved,
      podShare: share(s.podShare),
      expectedShare: share(s.expectedShare),
      disruption: {
        seconds: r3(s.disruption.seconds),
        firstFailureAt: r3(s.disruption.firstFailureAt),
        lastFailureAt: r3(s.disruption.lastFailureAt),
      },
      nodes: Object.fromEntries(
        Object.entries(s.nodes).map(([k, v]) => [
          k,
          { markedDownAt: r3(v.markedDownAt), markedUpAt: r3(v.markedUpAt) },
        ]),
      ),
      failedByReason: s.failedByReason ?? {},
      failedNew: s.failedNew ?? 0,
      brokenEstablished: s.brokenEstablished ?? 0,
    },
    featured: result.featured.map((f) => f.record.id),
    connections: result.connections.map((c) => ({
      id: c.id,
      at: r3(c.at),
      ingressNode: c.ingressNode,
      pod: c.pod,
      podNode: c.podNode,
      sourceSeenByPod: c.sourceSeenByPod,
      clientSeenByApp: c.clientSeenByApp,
      clientSeenVia: c.clientSeenVia,
      outcome: c.outcome,
      reason: c.reason,
    })),
  };
}

/** Rows of cells as aligned columns (first column left, the others right). */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((row) =>
    row
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('   ')
      .trimEnd(),
  );
}

function table(lang: Lang, result: SimResult, title: string): string {
  const s = result.summary;
  // Decimals in the table's language (German "12,345 s", never a thousands-looking "12.345").
  const num = (v: number | null, digits = 3): string => (v === null ? '–' : fixed(lang, v, digits));
  const pct = (v: number): string => `${num(v * 100, 1)} %`;
  const lines = [
    `${t(lang, 'cli.summary.scenario')}: ${result.scenario}  (${title})  seed ${result.seed}`,
    `${t(lang, 'cli.summary.connections')}: ${s.connections}   ${t(lang, 'cli.summary.succeeded')}: ${s.succeeded}   ${t(lang, 'cli.summary.failed')}: ${s.failed}   ${t(lang, 'cli.summary.clientIpPreserved')}: ${s.clientIpPreserved}`,
    `${t(lang, 'cli.summary.disruption')}: ${num(s.disruption.seconds)} s` +
      (s.disruption.firstFailureAt === null
        ? ''
        : ` (${num(s.disruption.firstFailureAt)} s … ${num(s.disruption.lastFailureAt)} s)`),
  ];
  // Failures by reason and node: the reason sentences name the node (e.g. "node-3 has no …").
  const failures = new Map<string, { reason: string; node: string; count: number }>();
  for (const c of result.connections) {
    if (c.outcome === 'ok') continue;
    const node = c.ingressNode ?? '';
    const key = `${c.reason}\u0000${node}`;
    const f = failures.get(key) ?? { reason: c.reason, node, count: 0 };
    f.count++;
    failures.set(key, f);
  }
  for (const f of failures.values()) {
    const node = f.node === '' ? t(lang, 'cli.summary.noNode') : f.node;
    lines.push(`  ${String(f.count).padStart(6)} × ${t(lang, `reason.${f.reason}`, { node })}`);
  }
  lines.push(
    '',
    ...columns([
      [t(lang, 'cli.summary.pod'), t(lang, 'cli.summary.share'), t(lang, 'cli.summary.expected')],
      ...Object.entries(s.podShare).map(([pod, share]) => [
        pod,
        pct(share),
        pct(s.expectedShare[pod] ?? 0),
      ]),
    ]),
    '',
    ...columns([
      [
        t(lang, 'cli.summary.node'),
        t(lang, 'cli.summary.markedDownAt'),
        t(lang, 'cli.summary.markedUpAt'),
      ],
      ...Object.entries(s.nodes).map(([node, v]) => [
        node,
        v.markedDownAt === null ? '–' : `${num(v.markedDownAt)} s`,
        v.markedUpAt === null ? '–' : `${num(v.markedUpAt)} s`,
      ]),
    ]),
  );
  return `${lines.join('\n')}\n`;
}

interface Parsed {
  target: string | null;
  /** --from-kubectl FILE (or - for standard input) and the importer's choices. */
  fromKubectl: string | null;
  service: string | null;
  port: string | null;
  preset: string | null;
  seed: number;
  sets: string[];
  json: boolean;
  trace: boolean;
  list: boolean;
  schema: boolean;
  help: boolean;
  printScenario: boolean;
  lang: Lang;
}

const OPTIONS = {
  json: { type: 'boolean' },
  trace: { type: 'boolean' },
  list: { type: 'boolean' },
  schema: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'print-scenario': { type: 'boolean' },
  lang: { type: 'string' },
  seed: { type: 'string' },
  set: { type: 'string', multiple: true },
  'from-kubectl': { type: 'string' },
  service: { type: 'string' },
  port: { type: 'string' },
  preset: { type: 'string' },
} as const;

function parseArgs(
  argv: readonly string[],
  env: CliIo['env'],
): { ok: true; args: Parsed } | { ok: false; lang: Lang; issues: InputIssue[] } {
  const envLang: Lang = (env.LANG ?? env.LC_ALL ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
  const args: Parsed = {
    target: null,
    fromKubectl: null,
    service: null,
    port: null,
    preset: null,
    seed: 1,
    sets: [],
    json: false,
    trace: false,
    list: false,
    schema: false,
    help: false,
    printScenario: false,
    lang: envLang,
  };
  const issues: InputIssue[] = [];
  // A string option followed by another option has no value (parseArgs would take the option).
  const stringOptions = Object.entries(OPTIONS)
    .filter(([, o]) => o.type === 'string')
    .map(([name]) => `--${name}`);
  const list = argv.filter((a, i) => {
    const missing = stringOptions.includes(a) && (argv[i + 1] ?? '-').startsWith('--');
    if (missing) issues.push({ path: a, code: 'missingValue' });
    return !missing;
  });
  // Not strict: unknown options and missing values become localized issues, not exceptions.
  const { tokens } = parseArgv({
    args: list,
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const known = Object.keys(OPTIONS);
  for (const tok of tokens) {
    if (tok.kind === 'positional') {
      if (args.target === null) args.target = tok.value;
      else issues.push({ path: tok.value.slice(0, 40), code: 'unknownFlag' });
      continue;
    }
    if (tok.kind !== 'option') continue;
    const flag = tok.rawName.slice(0, 40);
    if (!known.includes(tok.name)) {
      const suggestion = closest(tok.name, known);
      issues.push({
        path: flag,
        code: 'unknownFlag',
        ...(suggestion ? { params: { suggestion: `--${suggestion}` } } : {}),
      });
      continue;
    }
    const spec = OPTIONS[tok.name as keyof typeof OPTIONS];
    if (spec.type === 'string' && tok.value === undefined) {
      issues.push({ path: flag, code: 'missingValue' });
      continue;
    }
    const v = tok.value ?? '';
    switch (tok.name) {
      case 'json':
        args.json = true;
        break;
      case 'trace':
        args.trace = true;
        break;
      case 'list':
        args.list = true;
        break;
      case 'schema':
        args.schema = true;
        break;
      case 'help':
        args.help = true;
        break;
      case 'print-scenario':
        args.printScenario = true;
        break;
      case 'lang':
        if (v === 'en' || v === 'de') args.lang = v;
        else
          issues.push({
            path: '--lang',
            code: 'expectedOneOf',
            params: { values: ['en', 'de'], received: v.slice(0, 40) },
          });
        break;
      case 'seed':
        if (/^\d{1,15}$/.test(v)) args.seed = Number(v);
        else
          issues.push({
            path: '--seed',
            code: 'expectedInteger',
            params: { min: 0, max: 999_999_999_999_999, received: v.slice(0, 40) },
          });
        break;
      case 'set':
        args.sets.push(v);
        break;
      case 'from-kubectl':
        args.fromKubectl = v;
        break;
      case 'service':
      case 'port':
      case 'preset':
        args[tok.name] = v;
        break;
    }
  }
  return issues.length > 0 ? { ok: false, lang: args.lang, issues } : { ok: true, args };
}

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

/** The scenario as a file that `npm run simulate -- file.json` runs to the identical result. */
export function scenarioFile(s: Scenario): string {
  return `${JSON.stringify({ $schema: './scenario.schema.json', ...s }, null, 2)}\n`;
}

/** Run the CLI; returns the exit code (0 ok, 2 bad input, 1 internal error). */
export function main(argv: readonly string[], io: CliIo): number {
  let lang: Lang = 'en';
  try {
    const parsed = parseArgs(argv, io.env);
    lang = parsed.ok ? parsed.args.lang : parsed.lang;
    const tr = (key: string, vars?: Record<string, string | number>): string => t(lang, key, vars);
    const fail = (issues: InputIssue[]): number => {
      io.stderr(
        `${t(lang, 'cli.error.header')}\n${issues.map((x) => `  - ${issueLine(tr, lang, x)}`).join('\n')}\n`,
      );
      return 2;
    };
    if (!parsed.ok) return fail(parsed.issues);
    const args = parsed.args;
    if (args.help) {
      io.stdout(`${t(lang, 'cli.usage')}\n`);
      return 0;
    }
    if (args.schema) {
      io.stdout(`${JSON.stringify(scenarioJsonSchema, null, 2)}\n`);
      return 0;
    }
    if (args.list) {
      const width = Math.max(...scenarioIds.map((id) => id.length)) + 2;
      io.stdout(
        scenarioIds
          .map((id) => `${id.padEnd(width)}${t(lang, `scenario.${id}.description`)}`)
          .join('\n') + '\n',
      );
      return 0;
    }
    if (args.target === null && args.fromKubectl === null) {
      io.stderr(`${t(lang, 'cli.usage')}\n`);
      return 2;
    }
    if (args.target !== null && args.fromKubectl !== null)
      return fail([{ path: args.target.slice(0, 40), code: 'unknownFlag' }]);
    const sets = parseSetList(args.sets);
    if (sets.issues.length > 0) return fail(sets.issues);

    let base: Scenario;
    let title: string;
    // The importer's report: on stderr with --json / --print-scenario, above the table otherwise.
    let report = '';
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
        ? t(lang, `scenario.${base.id}.title`)
        : t(lang, 'cli.summary.fromFile', { file: args.target });
    } else {
      const id = args.target ?? '';
      const found = getScenario(id);
      if (!found) {
        const r = runScenario(id);
        return fail(r.ok ? [] : r.issues);
      }
      base = found;
      title = t(lang, `scenario.${base.id}.title`);
    }
    const applied = applyOverrides(base, sets.overrides);
    if (!applied.ok) return fail(applied.issues);
    if (args.printScenario) {
      io.stderr(report);
      io.stdout(scenarioFile(applied.scenario));
      return 0;
    }
    const run = runScenario(applied.scenario, { seed: args.seed });
    if (!run.ok) return fail(run.issues);
    const featured = run.result.featured;
    if (args.json) {
      io.stderr(report);
      const json = toJson(run.result) as Record<string, unknown>;
      io.stdout(
        `${JSON.stringify(args.trace ? { ...json, traces: traceJson(featured) } : json)}\n`,
      );
    } else
      io.stdout(
        `${report}${report ? '\n' : ''}${table(lang, run.result, title)}${args.trace ? traceText(tr, featured) : ''}`,
      );
    return 0;
  } catch {
    io.stderr(`${t(lang, 'cli.internalError')}\n`);
    return 1;
  }
}
