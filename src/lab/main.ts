/**
 * `npm run lab -- <scenario-id | file.json> [--capture node-1] [--keep] …`, `--cleanup`, `--list`.
 * Linux and root only; see the workshop page. Exit codes in session.ts (EXIT).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { scenarioIds } from '../sim/index.ts';
import { reportText } from './format.ts';
import { envLang, statusText, t, type Lang } from './i18n.ts';
import { cleanupLeftovers } from './netns.ts';
import { LabRun, LIMITS } from './run.ts';
import { EXIT, Session, failureText, forever } from './session.ts';

interface Args {
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

type Issue = { path: string; code: string; expected?: string; received?: string };

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
        expected: `${min} … ${max}`,
        received: v.slice(0, 40),
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
          expected: 'en | de',
          received: v.slice(0, 40),
        });
    } else if (a === '--set') {
      const v = value();
      if (v !== null) {
        const eq = v.indexOf('=');
        if (eq <= 0)
          issues.push({
            path: a,
            code: 'expectedKeyValue',
            expected: 'key=value',
            received: v.slice(0, 40),
          });
        else args.sets[v.slice(0, eq)] = v.slice(eq + 1);
      }
    } else if (a.startsWith('-') || args.target !== null) {
      issues.push({ path: a.slice(0, 40), code: 'unknownFlag' });
    } else args.target = a;
  }
  return { args, issues };
}

/** A scenario argument: a built-in id, or a JSON file (≤ 10 MB). */
function readTarget(
  target: string,
): { ok: true; value: string | unknown } | { ok: false; issue: Issue } {
  if (!target.endsWith('.json') && !target.includes('/')) return { ok: true, value: target };
  try {
    const st = statSync(target);
    if (!st.isFile()) return { ok: false, issue: { path: target, code: 'unreadableFile' } };
    if (st.size > 10 * 1024 * 1024)
      return {
        ok: false,
        issue: {
          path: target,
          code: 'fileTooLarge',
          expected: '≤ 10 MB',
          received: `${st.size} bytes`,
        },
      };
    return { ok: true, value: JSON.parse(readFileSync(target, 'utf8')) as unknown };
  } catch (err) {
    return {
      ok: false,
      issue: { path: target, code: err instanceof SyntaxError ? 'invalidJson' : 'unreadableFile' },
    };
  }
}

async function main(): Promise<number> {
  const { args, issues } = parseLabArgs(process.argv.slice(2), process.env);
  const lang = args.lang;
  const out = (s: string): void => void process.stdout.write(s);
  const err = (s: string): void => void process.stderr.write(s);
  if (issues.length > 0) {
    err(failureText(lang, { kind: 'input', issues }).text);
    return EXIT.input;
  }
  if (args.help) {
    out(`${t(lang, 'lab.usage')}\n`);
    return EXIT.ok;
  }
  if (args.list) {
    out(
      `${scenarioIds.map((id) => `${id.padEnd(30)} ${t(lang, `scenario.${id}.title`)}`).join('\n')}\n`,
    );
    return EXIT.ok;
  }
  if (args.cleanup) {
    if (process.getuid?.() !== 0) {
      err(failureText(lang, { kind: 'refused', refusals: [{ code: 'notRoot' }] }).text);
      return EXIT.refused;
    }
    const r = await cleanupLeftovers(args.force);
    if (r.namespaces.length === 0 && r.pids.length === 0)
      out(`${t(lang, 'lab.cleanup.nothing')}\n`);
    else
      out(
        `${t(lang, 'lab.cleanup.done', { namespaces: r.namespaces.length, pids: r.pids.length })}\n`,
      );
    if (r.skipped.length > 0)
      out(`${t(lang, 'lab.cleanup.skipped', { runs: r.skipped.join(', ') })}\n`);
    return EXIT.ok;
  }
  if (args.target === null) {
    err(`${t(lang, 'lab.usage')}\n`);
    return EXIT.input;
  }
  const target = readTarget(args.target);
  if (!target.ok) {
    err(failureText(lang, { kind: 'input', issues: [target.issue] }).text);
    return EXIT.input;
  }
  const session = new Session(lang, err, args.timeLimitS);
  session.keep = args.keep;
  if (process.platform === 'linux' && process.getuid?.() === 0) await session.sweep(out);
  const name =
    typeof target.value === 'string' ? target.value : path.basename(args.target, '.json');
  const run = new LabRun({
    target: target.value,
    seed: args.seed,
    overrides: args.sets,
    connections: args.connections,
    duration: args.duration,
    timeoutMs: args.timeoutMs,
    capture: args.capture,
    keep: args.keep,
    outDir: args.out ?? path.join('.cache', 'lab', `${name}`),
    log: (line) => out(`${statusText(lang, line)}\n`),
  });
  session.current = run;
  let code: number;
  try {
    const r = await run.run();
    if (!r.ok) {
      const f = failureText(lang, r.failure);
      err(f.text);
      code = f.code;
    } else {
      out(reportText(lang, r.report));
      code = r.report.ok ? EXIT.ok : EXIT.disagree;
      if (args.keep) {
        out(`${t(lang, 'lab.report.look')}\n`);
        for (const ns of run.reg.state.namespaces.filter((n) => !n.endsWith('probe')))
          out(`  ${ns}\n`);
        const node = r.report.labScenario.nodes[0];
        const client = r.report.labScenario.clients[0];
        const nodeNs = run.reg.state.namespaces.find((n) => n.endsWith('-n1')) ?? '';
        const clientNs = run.reg.state.namespaces.find((n) => n.endsWith('-c1')) ?? '';
        out(`  ip netns exec ${nodeNs} iptables-save -t nat   # ${node?.id ?? ''}\n`);
        out(`  ip netns exec ${nodeNs} conntrack -L\n`);
        out(
          `  ip netns exec ${clientNs} bash -c 'exec 3<>/dev/tcp/${r.report.labScenario.loadBalancer.frontendIp}/${r.report.labScenario.service.port}; cat <&3'   # ${client?.id ?? ''}\n`,
        );
      }
    }
  } catch (e) {
    err(
      `${t(lang, 'lab.setup.failed', { step: 'lab', error: e instanceof Error ? e.message : String(e) })}\n`,
    );
    code = EXIT.setup;
  }
  // A signal or the time limit is tearing the run down and exits with its own code.
  if (session.stopping) return forever();
  if (args.keep && code !== EXIT.setup) {
    // The Pods keep serving (detached); clients and the capture have already stopped.
    out(`${t(lang, 'lab.status.kept', { run: run.runId })}\n`);
  } else {
    await run.teardown();
    out(`${t(lang, 'lab.status.tornDown', { run: run.runId })}\n`);
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  () => process.exit(EXIT.setup),
);
