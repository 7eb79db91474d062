/**
 * `npm run lab -- <scenario-id | file.json> [--capture node-1] [--keep] …`, `--cleanup`, `--list`.
 * Linux and root only; see the workshop page. Exit codes in session.ts (EXIT).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runScenario, scenarioIds } from '../sim/index.ts';
import { reportText } from './format.ts';
import { statusText, t, tDyn } from './i18n.ts';
import { parseLabArgs, type Issue } from './args.ts';
import { cleanupLeftovers } from './netns.ts';
import { LabRun } from './run.ts';
import { EXIT, Session, failureText, forever } from './session.ts';

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
        issue: { path: target, code: 'fileTooLarge' },
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
      `${scenarioIds.map((id) => `${id.padEnd(30)} ${tDyn(lang, `scenario.${id}.title`)}`).join('\n')}\n`,
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
  // Bad input is reported before anything is created.
  const checked = runScenario(target.value, { seed: args.seed, overrides: args.sets });
  if (!checked.ok) {
    err(failureText(lang, { kind: 'input', issues: checked.issues }).text);
    return EXIT.input;
  }
  const nodes = checked.result.resolved.nodes.map((n) => n.id);
  if (args.capture !== null && !nodes.includes(args.capture)) {
    const issue: Issue = {
      path: '--capture',
      code: 'unknownReference',
      params: { values: nodes, received: args.capture.slice(0, 40) },
    };
    err(failureText(lang, { kind: 'input', issues: [issue] }).text);
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
    phases: true,
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
    const created = run.reg.state.namespaces.length > 0;
    await run.teardown();
    if (created) out(`${t(lang, 'lab.status.tornDown', { run: run.runId })}\n`);
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  () => process.exit(EXIT.setup),
);
