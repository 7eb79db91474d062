/** The lab's command-line flags; every problem becomes an input issue (exit 2). */
import type { InputIssue } from '../sim/types.ts';
import { envLang, type Lang } from './i18n.ts';
import { LIMITS } from './run.ts';

export interface Args {
  target: string | null;
  seed: number;
  sets: Record<string, string>;
  capture: string | null;
  keep: boolean;
  cleanup: boolean;
  force: boolean;
  list: boolean;
  help: boolean;
  connections: number;
  duration: number;
  timeoutMs: number;
  timeLimitS: number;
  out: string | null;
  lang: Lang;
}

export type Issue = InputIssue;

/** Parse the lab's flags; every problem becomes an input issue (exit 2). */
export function parseLabArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { args: Args; issues: Issue[] } {
  const args: Args = {
    target: null,
    seed: 1,
    sets: {},
    capture: null,
    keep: false,
    cleanup: false,
    force: false,
    list: false,
    help: false,
    connections: 600,
    duration: 5,
    timeoutMs: 1000,
    timeLimitS: 120,
    out: null,
    lang: envLang(env),
  };
  const issues: Issue[] = [];
  const int = (flag: string, v: string | null, min: number, max: number): number | null => {
    if (v === null) return null;
    if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
      issues.push({
        path: flag,
        code: 'outOfRange',
        params: { min, max, received: v.slice(0, 40) },
      });
      return null;
    }
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = (): string | null => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) {
        issues.push({ path: a, code: 'missingValue' });
        return null;
      }
      i++;
      return v;
    };
    if (a === '--keep') args.keep = true;
    else if (a === '--cleanup') args.cleanup = true;
    else if (a === '--force') args.force = true;
    else if (a === '--list') args.list = true;
    else if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--capture') args.capture = value();
    else if (a === '--out') args.out = value();
    else if (a === '--seed') args.seed = int(a, value(), 0, 999999999) ?? args.seed;
    else if (a === '--connections')
      args.connections = int(a, value(), 1, LIMITS.connections) ?? args.connections;
    else if (a === '--duration')
      args.duration = int(a, value(), 1, LIMITS.durationS) ?? args.duration;
    else if (a === '--timeout-ms')
      args.timeoutMs = int(a, value(), 100, LIMITS.timeoutMs) ?? args.timeoutMs;
    else if (a === '--time-limit')
      args.timeLimitS = int(a, value(), 5, LIMITS.timeLimitS) ?? args.timeLimitS;
    else if (a === '--lang') {
      const v = value();
      if (v === 'en' || v === 'de') args.lang = v;
      else if (v !== null)
        issues.push({
          path: a,
          code: 'expectedOneOf',
          params: { values: ['en', 'de'], received: v.slice(0, 40) },
        });
    } else if (a === '--set') {
      const v = value();
      if (v !== null) {
        const eq = v.indexOf('=');
        if (eq <= 0)
          issues.push({
            path: a,
            code: 'expectedKeyValue',
            params: { received: v.slice(0, 40) },
          });
        else args.sets[v.slice(0, eq)] = v.slice(eq + 1);
      }
    } else if (a.startsWith('-') || args.target !== null) {
      issues.push({ path: a.slice(0, 40), code: 'unknownFlag' });
    } else args.target = a;
  }
  return { args, issues };
}
