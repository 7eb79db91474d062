/**
 * `npm run conformance`: every built-in scenario on a real kernel. Each scenario's topology is
 * built out of network namespaces, the engine's own rules are loaded into its nodes, and the
 * engine's prediction is compared with what the kernel did, per connection class. Prints one
 * table, lists what is out of scope and why, and exits 1 on any disagreement (2 bad input,
 * 3 a missing piece, 4 stopped or timed out, 5 a setup step failed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getScenario, scenarioIds } from '../sim/index.ts';
import { classTable } from './format.ts';
import { envLang, t } from './i18n.ts';
import { LabRun } from './run.ts';
import { EXIT, Session, failureText, forever } from './session.ts';

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
        issues: unknown.map((u) => ({ path: 'scenario', code: 'unknownScenario', received: u })),
      }).text,
    );
    return EXIT.input;
  }
  const ids = only.length > 0 ? only : [...scenarioIds];
  const out = (s: string): void => void process.stdout.write(s);
  const started = Date.now();
  const session = new Session(lang, (s) => void process.stderr.write(s), 170);
  await session.sweep(out);
  out(`${t(lang, 'conformance.title')}\n\n`);
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
  for (const id of ids) {
    const timeline = (getScenario(id)?.timeline.length ?? 0) > 0;
    const run = new LabRun({
      target: id,
      seed: 1,
      overrides: {},
      connections: 600,
      duration: 4,
      timeoutMs: 1000,
      capture: null,
      keep: false,
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
      const label = timeline ? `${id} (t = 0)` : id;
      rows.push(...withScenario(label, r));
      if (timeline) outOfScope.push(t(lang, 'conformance.reason.timeline', { id }));
      if (!r.report.ok) failed.push(id);
      out(`${r.report.ok ? '✓' : '✗'} ${label}  ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    } finally {
      await run.teardown();
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const table = classTable(lang, rows, true);
  const text = [
    '',
    table,
    t(lang, 'lab.report.tolerance'),
    '',
    t(lang, 'conformance.outOfScope'),
    ...outOfScope.map((x) => `- ${x}`),
    '',
    t(lang, 'conformance.summary', {
      passed: ids.length - failed.length,
      total: ids.length,
      rows: rows.length,
      seconds: seconds.toFixed(1),
    }),
    ...(failed.length > 0 ? [t(lang, 'conformance.failed', { failed: failed.join(', ') })] : []),
  ].join('\n');
  out(`${text}\n`);
  mkdirSync(path.join('.cache', 'lab'), { recursive: true });
  writeFileSync(path.join('.cache', 'lab', 'conformance.md'), `${text}\n`);
  return failed.length > 0 ? EXIT.disagree : EXIT.ok;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(EXIT.setup);
  },
);
