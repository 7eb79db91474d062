/**
 * `npm run conformance`: every built-in scenario on a real kernel. Each scenario's topology is
 * built out of network namespaces, the engine's own rules are loaded into its nodes, and the
 * engine's prediction is compared with what the kernel did, per connection class. Prints one
 * table, lists what is out of scope and why, and exits 1 on any disagreement (2 bad input,
 * 3 a missing piece, 4 stopped or timed out, 5 a setup step failed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  getScenario,
  iptablesRestore,
  nodeRuleSets,
  runScenario,
  scenarioIds,
} from '../sim/index.ts';
import { classBlocks, classTable, localizeNumbers } from './format.ts';
import { envLang, t } from './i18n.ts';
import { makeRunId, NS_PREFIX } from './plan.ts';
import { usesEbpf } from '../sim/ebpf/config.ts';
import { aboveIpHeader } from './renumber.ts';
import { Registry, runSync } from './proc.ts';
import { checkTools } from './preflight.ts';
import { ruleCount } from './collect.ts';
import { LabRun } from './run.ts';
import { EXIT, Session, failureText, forever } from './session.ts';

/** Load every node rule set of the scenarios into a scratch namespace and read it back. */
function loadEveryRuleSet(
  ids: readonly string[],
  restore: string,
  save: string,
): { sets: number; rules: number; failed: string[] } {
  const reg = new Registry(makeRunId(process.pid + 1));
  const ns = `${NS_PREFIX}${reg.state.runId}-rules`;
  reg.namespace(ns);
  const failed: string[] = [];
  let sets = 0;
  let rules = 0;
  if (runSync(['ip', 'netns', 'add', ns]).code !== 0)
    return { sets, rules, failed: [`ip netns add ${ns}`] };
  try {
    for (const id of ids) {
      const r = runScenario(id);
      // An eBPF node has no kube-proxy rules to load.
      if (!r.ok || usesEbpf(r.result.resolved)) continue;
      for (const [node, list] of Object.entries(nodeRuleSets(r.result))) {
        for (const rs of list) {
          const text = iptablesRestore(rs);
          const load = runSync(['ip', 'netns', 'exec', ns, restore], text);
          const back = ruleCount(runSync(['ip', 'netns', 'exec', ns, save]).stdout);
          sets++;
          rules += ruleCount(text);
          if (load.code !== 0 || back !== ruleCount(text)) {
            failed.push(
              `  ${id} ${node} #${rs.id}: ${load.stderr.trim() || `${back} of ${ruleCount(text)}`}`,
            );
          }
        }
      }
    }
  } finally {
    runSync(['ip', 'netns', 'del', ns]);
    reg.remove();
  }
  return { sets, rules, failed };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const langFlag = argv.indexOf('--lang');
  const lang = langFlag >= 0 && argv[langFlag + 1] === 'de' ? 'de' : envLang(process.env);
  const only = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--lang');
  const unknown = only.filter((id) => !scenarioIds.includes(id));
  if (unknown.length > 0) {
    process.stderr.write(
      failureText(lang, {
        kind: 'input',
        issues: unknown.map((u) => ({
          path: 'scenario',
          code: 'unknownScenario' as const,
          params: { received: u },
        })),
      }).text,
    );
    return EXIT.input;
  }
  const ids = only.length > 0 ? only : [...scenarioIds];
  const out = (s: string): void => void process.stdout.write(s);
  const started = Date.now();
  // A safety cap, not the target (which is well under 3 minutes on 2 idle cores).
  const session = new Session(lang, (s) => void process.stderr.write(s), 600);
  await session.sweep(out);
  out(`${t(lang, 'conformance.title')}\n\n`);
  // Every rule set the engine computes in any scenario (later syncs of the drains included)
  // must load unchanged: same number of rules back from iptables-save.
  const pre = checkTools((a) => runSync(a), {
    platform: process.platform,
    uid: process.getuid?.() ?? -1,
    capture: false,
  });
  if (!pre.ok) {
    process.stderr.write(failureText(lang, { kind: 'refused', refusals: pre.refusals }).text);
    return EXIT.refused;
  }
  const loads = loadEveryRuleSet(ids, pre.tools.restore, pre.tools.save);
  const counts = { sets: loads.sets, rules: loads.rules };
  if (loads.failed.length > 0) {
    out(`✗ ${t(lang, 'conformance.rulesLoad', counts)}\n${loads.failed.join('\n')}\n`);
    return EXIT.disagree;
  }
  out(`✓ ${t(lang, 'conformance.rulesLoad', counts)}\n`);
  const rows: Array<ReturnType<typeof withScenario>[number]> = [];
  const failed: string[] = [];
  const outOfScope: string[] = [];
  const withScenario = (id: string, r: Awaited<ReturnType<LabRun['run']>>) =>
    r.ok
      ? [
          ...r.report.rows.map((row) => ({ ...row, scenario: id })),
          {
            key: t(lang, 'lab.report.overall'),
            nEngine: r.report.overall.nEngine ?? 0,
            nLab: r.report.overall.nLab ?? 0,
            checks: [r.report.overall],
            ok: r.report.overall.ok && r.report.rules.every((x) => x.ok),
            scenario: id,
          },
        ]
      : [];
  const beyond: string[] = [];
  const ebpf: string[] = [];
  for (const id of ids) {
    const scenario = getScenario(id);
    // The eBPF data path is modelled from Cilium's source, not checked on a kernel here.
    if (scenario && usesEbpf(scenario)) {
      ebpf.push(id);
      continue;
    }
    // Lesson 8's paths: above the IP header, or a client Pod in the Pod network.
    if (
      scenario &&
      (aboveIpHeader(scenario) || scenario.clients.some((c) => c.node !== undefined))
    ) {
      beyond.push(id);
      continue;
    }
    const timeline = (scenario?.timeline.length ?? 0) > 0;
    const run = new LabRun({
      target: id,
      seed: 1,
      overrides: {},
      connections: 600,
      duration: 3,
      timeoutMs: 1000,
      capture: null,
      keep: false,
      phases: true,
      outDir: path.join('.cache', 'lab', 'conformance', id),
      log: () => undefined,
    });
    session.current = run;
    const t0 = Date.now();
    try {
      const r = await run.run();
      if (session.stopping) return forever();
      if (!r.ok) {
        const f = failureText(lang, r.failure);
        process.stderr.write(f.text);
        await run.teardown();
        return f.code;
      }
      const label = id;
      rows.push(...withScenario(label, r));
      if (timeline) outOfScope.push(id);
      if (!r.report.ok) failed.push(id);
      const line = t(lang, 'conformance.line', {
        classes: String(r.report.rows.length).padStart(2),
        connections: String(r.report.sent).padStart(4),
        seconds: ((Date.now() - t0) / 1000).toFixed(1),
      });
      out(`${r.report.ok ? '✓' : '✗'} ${label.padEnd(38)} ${localizeNumbers(lang, line)}\n`);
      if (!r.report.ok)
        out(
          classBlocks(
            lang,
            r.report.rows.filter((x) => !x.ok),
          ),
        );
    } finally {
      await run.teardown();
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const table = classTable(lang, rows, true);
  const file = path.join('.cache', 'lab', 'conformance.md');
  const tail = [
    t(lang, 'lab.report.tolerance'),
    '',
    t(lang, 'conformance.outOfScope'),
    ...(outOfScope.length > 0
      ? [`- ${t(lang, 'conformance.reason.timeline', { id: outOfScope.join(', ') })}`]
      : []),
    ...(beyond.length > 0
      ? [`- ${t(lang, 'conformance.reason.beyond', { id: beyond.join(', ') })}`]
      : []),
    ...(ebpf.length > 0
      ? [`- ${t(lang, 'conformance.reason.ebpf', { id: ebpf.join(', ') })}`]
      : []),
    '',
    t(lang, 'conformance.summary', {
      passed: ids.length - beyond.length - ebpf.length - failed.length,
      total: ids.length - beyond.length - ebpf.length,
      rows: rows.filter((r) => r.key !== t(lang, 'lab.report.overall')).length,
      seconds: localizeNumbers(lang, `${seconds.toFixed(1)} s`).slice(0, -2),
    }),
    ...(failed.length > 0 ? [t(lang, 'conformance.failed', { failed: failed.join(', ') })] : []),
  ].join('\n');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `# ${t(lang, 'conformance.title')}\n\n${table}\n${tail}\n`);
  out(`\n${tail}\n${t(lang, 'conformance.table', { file })}\n`);
  return failed.length > 0 ? EXIT.disagree : EXIT.ok;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(EXIT.setup);
  },
);
