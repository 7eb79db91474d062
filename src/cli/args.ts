/**
 * The simulate command's arguments (node:util parseArgs, not strict): unknown flags, missing
 * values and bad values become localized input issues instead of exceptions.
 */
import { parseArgs as parseArgv } from 'node:util';
import { closest, type InputIssue } from '../sim/index.ts';
import type { Lang } from './i18n.ts';
import type { CliIo } from './io.ts';

/** The parsed command line. */
export interface CliArgs {
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
  /** --practice SEED, --practice-sheet N and --family F (src/cli/practice.ts). */
  practice: number | null;
  practiceSheet: number | null;
  family: string | null;
}

/** Every option the command takes (help.ts prints one line for each). */
export const OPTIONS = {
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
  // Practice puzzles for trainers (src/cli/practice.ts).
  practice: { type: 'string' },
  'practice-sheet': { type: 'string' },
  family: { type: 'string' },
} as const;

/** Parse the command line; the language comes from --lang, else from LANG / LC_ALL. */
export function parseCliArgs(
  argv: readonly string[],
  env: CliIo['env'],
): { ok: true; args: CliArgs } | { ok: false; lang: Lang; issues: InputIssue[] } {
  const envLang: Lang = (env.LANG ?? env.LC_ALL ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
  const args: CliArgs = {
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
    practice: null,
    practiceSheet: null,
    family: null,
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
        args.seed = intFlag(v, '--seed', 0, 999_999_999_999_999, issues) ?? args.seed;
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
      // Practice puzzles: a puzzle seed (0 … 2^31 − 1), a sheet of 1 … 50, a family id.
      case 'practice':
        args.practice = intFlag(v, '--practice', 0, 2 ** 31 - 1, issues) ?? args.practice;
        break;
      case 'practice-sheet':
        args.practiceSheet = intFlag(v, '--practice-sheet', 1, 50, issues) ?? args.practiceSheet;
        break;
      case 'family':
        args.family = v;
        break;
    }
  }
  return issues.length > 0 ? { ok: false, lang: args.lang, issues } : { ok: true, args };
}

/**
 * A whole-number flag within [min, max], written in digits only (no more of them than max has);
 * otherwise an `expectedInteger` issue and undefined.
 */
function intFlag(
  v: string,
  path: string,
  min: number,
  max: number,
  issues: InputIssue[],
): number | undefined {
  const n = Number(v);
  if (new RegExp(`^\\d{1,${String(max).length}}$`).test(v) && n >= min && n <= max) return n;
  issues.push({ path, code: 'expectedInteger', params: { min, max, received: v.slice(0, 40) } });
  return undefined;
}
