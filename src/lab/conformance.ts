/**
 * `npm run conformance`: every built-in scenario on a real kernel, once with kube-proxy's
 * iptables mode and once with its nftables mode. Each scenario's topology is built out of network
 * namespaces, the engine's own rules are loaded into its nodes (iptables-restore text or an nft
 * script), and the engine's prediction is compared with what the kernel did, per connection class. Prints one
 * table, lists what is out of scope and why, and exits 1 on any disagreement (2 bad input,
 * 3 a missing piece, 4 stopped or timed out, 5 a setup step failed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  getScenario,
  nodeRuleSets,
  runScenario,
  scenarioIds,
  type InputIssue,
} from '../sim/index.ts';
import { classBlocks, classTable } from './format.ts';
import { envLang, t } from './i18n.ts';
import { makeRunId, NS_PREFIX } from './plan.ts';
import { usesEbpf } from '../sim/ebpf/config.ts';
import { aboveIpHeader } from './renumber.ts';
import { Registry, runSync } from './proc.ts';
import { checkTools, type Tools } from './preflight.ts';
import { loadedRules, loadProgram } from './kernelLoad.ts';
import { LabRun } from './run.ts';
import { EXIT, Session, failureText, forever } from './session.ts';

/** kube-proxy's modes, each run over every scenario; the overrides that select one. */
const MODES = [
  { mode: 'iptables', overrides: {} },
  { mode: 'nftables', overrides: { 'kubeProxy.mode': 'nftables' } },
] as const;

/** Load every node rule set of the scenarios, in both modes, into a scratch namespace and read it back. */
function loadEveryRuleSet(
  ids: readonly string[],
  tools: Tools,
  modes: readonly (typeof MODES)[number][],
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
    for (const { mode, overrides } of modes)
      for (const id of ids) {
        const r = runScenario(id, { overrides });
        // An eBPF node has no kube-proxy rules to load.
        if (!r.ok || usesEbpf(r.result.resolved)) continue;
        for (const [node, list] of Object.entries(nodeRuleSets(r.result))) {
          for (const rs of list) {
            const program = rs.kernel();
            const load = loadProgram(ns, program, tools);
            const back = loadedRules(ns, program.loader, tools).rules;
            sets++;
            rules += program.rules;
            if (load.code !== 0 || back !== program.rules) {
              failed.push(
                `  ${id} (${mode}) ${node} #${rs.id}: ${load.stderr.trim() || `${back} of ${program.rules}`}`,
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
  const only = argv.filter(
    (a, i) => !a.startsWith('--') && argv[i - 1] !== '--lang' && argv[i - 1] !== '--mode',
  );
  // `--mode iptables|nftables` runs one of kube-proxy's modes only (default: both).
  const modeFlag = argv.indexOf('--mode');
  const modes = MODES.filter((m) => modeFlag < 0 || argv[modeFlag + 1] === m.mode);
  const unknown = only.filter((id) => !scenarioIds.includes(id));
  const issues: InputIssue[] = unknown.map((u) => ({
    path: 'scenario',
    code: 'unknownScenario' as const,
    params: { received: u },
  }));
  if (modes.length === 0)
    issues.push({
      path: '--mode',
      code: 'expectedOneOf',
      params: {
        values: MODES.map((m) => m.mode),
        received: (argv[modeFlag + 1] ?? '').slice(0, 40),
      },
    });
  if (issues.length > 0) {
    process.stderr.write(failureText(lang, { kind: 'input', issues }).text);
    return EXIT.input;
  }
  const ids = only.length > 0 ? only : [...scenarioIds];
  const out = (s: string): void => void process.stdout.write(s);
  const started = Date.now();
  // A safety cap, not the target (both modes: well under 6 minutes on 2 idle cores).
  const session = new Session(lang, (s) => void process.stderr.write(s), 1200);
  await session.sweep(out);
  out(`${t(lang, 'conformance.title')}\n\n`);
  // Every rule set the engine computes in any scenario (later syncs of the drains included)
  // must load unchanged: same number of rules back from iptables-save.
  const pre = checkTools((a) => runSync(a), {
    platform: process.platform,
    uid: process.getuid?.() ?? -1,
    capture: false,
    nft: true,
  });
  if (!pre.ok) {
    process.stderr.write(failureText(lang, { kind: 'refused', refusals: pre.refusals }).text);
    return EXIT.refused;
  }
  const loads = loadEveryRuleSet(ids, pre.tools, modes);
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
  let total = 0;
  for (const { mode, overrides } of modes)
    for (const id of ids) {
      const scenario = getScenario(id);
      // The eBPF data path is modelled from Cilium's source, not checked on a kernel here.
      if (scenario && usesEbpf(scenario)) {
        if (!ebpf.includes(id)) ebpf.push(id);
        continue;
      }
      // Lesson 8's paths: above the IP header, or a client Pod in the Pod network.
      if (
        scenario &&
        (aboveIpHeader(scenario) || scenario.clients.some((c) => c.node !== undefined))
      ) {
        if (!beyond.includes(id)) beyond.push(id);
        continue;
      }
      total++;
      const timeline = (scenario?.timeline.length ?? 0) > 0;
      const label = mode === 'iptables' ? id : `${id} · ${mode}`;
      const run = new LabRun({
        target: id,
        seed: 1,
        overrides: { ...overrides },
        connections: 600,
        duration: 3,
        timeoutMs: 1000,
        capture: null,
        keep: false,
        phases: true,
        outDir: path.join(
          '.cache',
          'lab',
          'conformance',
          mode === 'iptables' ? id : `${id}-${mode}`,
        ),
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
        rows.push(...withScenario(label, r));
        if (timeline && !outOfScope.includes(id)) outOfScope.push(id);
        if (!r.report.ok) failed.push(label);
        const line = t(lang, 'conformance.line', {
          classes: String(r.report.rows.length).padStart(2),
          connections: String(r.report.sent).padStart(4),
          seconds: (Date.now() - t0) / 1000, // formatted by the message
        });
        out(`${r.report.ok ? '✓' : '✗'} ${label.padEnd(48)} ${line}\n`);
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
  const reasons = [
    ...(outOfScope.length > 0
      ? [`- ${t(lang, 'conformance.reason.timeline', { id: outOfScope.join(', ') })}`]
      : []),
    ...(beyond.length > 0
      ? [`- ${t(lang, 'conformance.reason.beyond', { id: beyond.join(', ') })}`]
      : []),
    ...(ebpf.length > 0
      ? [`- ${t(lang, 'conformance.reason.ebpf', { id: ebpf.join(', ') })}`]
      : []),
  ];
  const tail = [
    t(lang, 'lab.report.tolerance'),
    // The heading only above reasons: a run of named scenarios may have none out of scope.
    ...(reasons.length > 0 ? ['', t(lang, 'conformance.outOfScope'), ...reasons] : []),
    '',
    t(lang, 'conformance.summary', {
      passed: total - failed.length,
      total,
      rows: rows.filter((r) => r.key !== t(lang, 'lab.report.overall')).length,
      seconds, // formatted by the message (one decimal, in the reader's language)
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
