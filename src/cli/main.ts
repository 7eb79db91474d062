/**
 * The `simulate` command: npm run simulate -- <scenario-id | file.json> [--seed N]
 * [--set key=value ...] [--json] [--lang en|de] | --list | --schema. Bad input exits with 2 and
 * a localized message naming the field; unexpected errors print one generic line (exit 1).
 */
import de from '../i18n/locales/sim/de.json' with { type: 'json' };
import en from '../i18n/locales/sim/en.json' with { type: 'json' };
import { fixed } from '../i18n/number.ts';
import { runFromKubectl } from './fromKubectl.ts';
import {
  runScenario,
  scenarioIds,
  scenarioJsonSchema,
  type InputIssue,
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
  /** Standard input as text, at most `maxBytes` (for `--from-kubectl -`); null when unreadable. */
  readStdin?(maxBytes: number): string | null;
}

type Lang = 'en' | 'de';
const LOCALES: Record<Lang, Record<string, string>> = { en, de };
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = LOCALES[lang][key] ?? LOCALES.en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

function issueText(lang: Lang, issue: InputIssue): string {
  return t(lang, `issue.${issue.code}`, {
    path: issue.path || '(root)',
    expected: issue.expected ?? '',
    received: issue.received ?? '',
  });
}

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
      outcome: c.outcome,
      reason: c.reason,
    })),
  };
}

function table(lang: Lang, result: SimResult): string {
  const s = result.summary;
  // Decimals in the table's language (German "12,345 s", never a thousands-looking "12.345").
  const num = (v: number | null, digits = 3): string => (v === null ? '–' : fixed(lang, v, digits));
  const pct = (v: number): string => `${num(v * 100, 1)} %`;
  const lines = [
    `${t(lang, 'cli.summary.scenario')}: ${result.scenario}  (${t(lang, `scenario.${result.scenario}.title`)})  seed ${result.seed}`,
    `${t(lang, 'cli.summary.connections')}: ${s.connections}   ${t(lang, 'cli.summary.succeeded')}: ${s.succeeded}   ${t(lang, 'cli.summary.failed')}: ${s.failed}   ${t(lang, 'cli.summary.clientIpPreserved')}: ${s.clientIpPreserved}`,
    `${t(lang, 'cli.summary.disruption')}: ${num(s.disruption.seconds)} s` +
      (s.disruption.firstFailureAt === null
        ? ''
        : ` (${num(s.disruption.firstFailureAt)} s … ${num(s.disruption.lastFailureAt)} s)`),
  ];
  for (const [reason, n] of Object.entries(s.failedByReason ?? {})) {
    // Count first: the reasons are whole sentences, ending in a full stop.
    lines.push(`  ${String(n).padStart(6)} × ${t(lang, `reason.${reason}`)}`);
  }
  lines.push(
    '',
    `${t(lang, 'cli.summary.pod')}   ${t(lang, 'cli.summary.share')}   ${t(lang, 'cli.summary.expected')}`,
  );
  for (const [pod, share] of Object.entries(s.podShare)) {
    lines.push(
      `${pod.padEnd(8)} ${pct(share).padStart(8)}   ${pct(s.expectedShare[pod] ?? 0).padStart(8)}`,
    );
  }
  lines.push(
    '',
    `${t(lang, 'cli.summary.node')}   ${t(lang, 'cli.summary.markedDownAt')}   ${t(lang, 'cli.summary.markedUpAt')}`,
  );
  for (const [node, v] of Object.entries(s.nodes)) {
    lines.push(
      `${node.padEnd(8)} ${num(v.markedDownAt).padStart(10)}   ${num(v.markedUpAt).padStart(10)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Parsed {
  target: string | null;
  seed: number;
  sets: Record<string, string>;
  json: boolean;
  list: boolean;
  schema: boolean;
  help: boolean;
  lang: Lang;
}

function parseArgs(
  argv: readonly string[],
  env: CliIo['env'],
): { ok: true; args: Parsed } | { ok: false; lang: Lang; issues: InputIssue[] } {
  const envLang: Lang = (env.LANG ?? env.LC_ALL ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
  const args: Parsed = {
    target: null,
    seed: 1,
    sets: {},
    json: false,
    list: false,
    schema: false,
    help: false,
    lang: envLang,
  };
  const issues: InputIssue[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = (): string | null => {
      const v = argv[i + 1];
      if (v === undefined) {
        issues.push({ path: a, code: 'missingValue' });
        return null;
      }
      i++;
      return v;
    };
    if (a === '--json') args.json = true;
    else if (a === '--list') args.list = true;
    else if (a === '--schema') args.schema = true;
    else if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--lang') {
      const v = value();
      if (v === 'en' || v === 'de') args.lang = v;
      else if (v !== null)
        issues.push({
          path: '--lang',
          code: 'expectedOneOf',
          expected: 'en | de',
          received: v.slice(0, 40),
        });
    } else if (a === '--seed') {
      const v = value();
      if (v !== null) {
        if (/^\d{1,15}$/.test(v)) args.seed = Number(v);
        else
          issues.push({
            path: '--seed',
            code: 'expectedInteger',
            expected: '0 … 999999999999999',
            received: v.slice(0, 40),
          });
      }
    } else if (a === '--set') {
      const v = value();
      if (v !== null) {
        const eq = v.indexOf('=');
        if (eq <= 0)
          issues.push({
            path: '--set',
            code: 'expectedKeyValue',
            expected: 'key=value',
            received: v.slice(0, 40),
          });
        else args.sets[v.slice(0, eq)] = v.slice(eq + 1);
      }
    } else if (a.startsWith('-')) {
      issues.push({ path: a.slice(0, 40), code: 'unknownFlag' });
    } else if (args.target === null) {
      args.target = a;
    } else {
      issues.push({ path: a.slice(0, 40), code: 'unknownFlag' });
    }
  }
  return issues.length > 0 ? { ok: false, lang: args.lang, issues } : { ok: true, args };
}

/** Run the CLI; returns the exit code (0 ok, 2 bad input, 1 internal error). */
export function main(argv: readonly string[], io: CliIo): number {
  let lang: Lang = 'en';
  // --- hook: --from-kubectl (importer, src/cli/fromKubectl.ts) ---
  if (argv.some((a) => a === '--from-kubectl' || a.startsWith('--from-kubectl=')))
    return runFromKubectl(argv, io, {
      toJson,
      table,
      issuesText: (l, issues) =>
        `${t(l, 'cli.error.header')}\n${issues.map((x) => `  - ${issueText(l, x)}`).join('\n')}\n`,
    });
  // --- end hook ---
  try {
    const parsed = parseArgs(argv, io.env);
    lang = parsed.ok ? parsed.args.lang : parsed.lang;
    const fail = (issues: InputIssue[]): number => {
      io.stderr(
        `${t(lang, 'cli.error.header')}\n${issues.map((x) => `  - ${issueText(lang, x)}`).join('\n')}\n`,
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
      io.stdout(
        scenarioIds
          .map((id) => `${id.padEnd(30)} ${t(lang, `scenario.${id}.description`)}`)
          .join('\n') + '\n',
      );
      return 0;
    }
    if (args.target === null) {
      io.stderr(`${t(lang, 'cli.usage')}\n`);
      return 2;
    }
    let input: string | unknown = args.target;
    if (args.target.endsWith('.json') || args.target.includes('/')) {
      const size = io.fileSize(args.target);
      if (size === null) return fail([{ path: args.target, code: 'unreadableFile' }]);
      if (size > MAX_FILE_BYTES)
        return fail([
          {
            path: args.target,
            code: 'fileTooLarge',
            expected: '≤ 10 MB',
            received: `${size} bytes`,
          },
        ]);
      const text = io.readFile(args.target);
      if (text === null) return fail([{ path: args.target, code: 'unreadableFile' }]);
      try {
        input = JSON.parse(text) as unknown;
      } catch {
        return fail([{ path: args.target, code: 'invalidJson' }]);
      }
    }
    const run = runScenario(input, { seed: args.seed, overrides: args.sets });
    if (!run.ok) return fail(run.issues);
    io.stdout(args.json ? `${JSON.stringify(toJson(run.result))}\n` : table(lang, run.result));
    return 0;
  } catch {
    io.stderr(`${t(lang, 'cli.internalError')}\n`);
    return 1;
  }
}
