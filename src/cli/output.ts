/**
 * What the simulate command prints: the documented JSON of a run, the summary table in the
 * reader's language, the scenario list, a scenario as a file, and input issues as a message.
 */
import { issueLine } from '../i18n/issues.ts';
import {
  dataPathKindOf,
  scenarioIds,
  type InputIssue,
  type Scenario,
  type SimResult,
} from '../sim/index.ts';
import { t, tDyn, type Lang } from './i18n.ts';

const r3 = (n: number | null): number | null => (n === null ? null : Math.round(n * 1000) / 1000);

/** Presets of an AWS Network Load Balancer, whose passive health checks can end a window early. */
const NLB_PRESETS: ReadonlySet<string> = new Set(['aws-nlb', 'aws-shared', 'aws-lbc']);

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
      ...(s.flows ? { flows: s.flows } : {}),
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

/**
 * One run as the summary table: totals, failures by reason and node, Pod shares, node marks.
 * `name` is what the header calls the scenario (its id, or the id with the --set that changed it).
 */
export function summaryTable(
  lang: Lang,
  result: SimResult,
  title: string,
  name: string = result.scenario,
): string {
  const s = result.summary;
  // The messages format the numbers: German "12,345 s", never a thousands-looking "12.345".
  const sec = (v: number | null): string =>
    v === null ? '–' : t(lang, 'cli.summary.seconds', { s: v });
  const pct = (v: number): string => t(lang, 'cli.summary.percent', { percent: v * 100 });
  const lines = [
    `${t(lang, 'cli.summary.scenario')}: ${name}  (${title})  seed ${result.seed}  ${t(lang, `dataPath.${dataPathKindOf(result.resolved)}`)}`,
    `${t(lang, 'cli.summary.connections')}: ${s.connections}   ${t(lang, 'cli.summary.succeeded')}: ${s.succeeded}   ${t(lang, 'cli.summary.failed')}: ${s.failed}   ${t(lang, 'cli.summary.clientIpPreserved')}: ${s.clientIpPreserved}`,
    `${t(lang, 'cli.summary.disruption')}: ${sec(s.disruption.seconds)}` +
      (s.disruption.firstFailureAt === null
        ? ''
        : ` ${t(lang, 'cli.summary.window', { from: s.disruption.firstFailureAt, to: s.disruption.lastFailureAt ?? s.disruption.firstFailureAt })}`),
  ];
  // An AWS NLB also marks targets down from failed traffic (passive health checks, not
  // configurable): the window from its active checks is an upper bound (source: aws-nlb-passive-checks).
  if (s.disruption.seconds > 0 && NLB_PRESETS.has(result.resolved.loadBalancer.preset))
    lines.push(`  ${t(lang, 'cli.summary.nlbUpperBound')}`);
  lines.push(...failureLines(lang, result));
  // The eBPF data path: how flows keep their backend (src/sim/ebpf/stability.ts).
  if (s.flows) {
    const f = s.flows;
    const same = t(lang, 'cli.summary.flows', {
      algorithm: f.algorithm,
      same: f.sameOnOtherNode,
      flows: f.flows,
    });
    // The second half only when the backends changed during the run (kept > 0).
    const moved =
      f.kept > 0 ? t(lang, 'cli.summary.flowsMoved', { moved: f.moved, kept: f.kept }) : '';
    lines.push(`${same}${moved}`);
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
      ...Object.entries(s.nodes).map(([node, v]) => [node, sec(v.markedDownAt), sec(v.markedUpAt)]),
    ]),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Failures by reason: one line per reason, or per reason and ingress node when the sentence
 * names the node ("node-3 has no local endpoints"). A sentence that is the same for every node
 * is printed once, with the count per ingress node after it, never three identical lines.
 */
export function failureLines(lang: Lang, result: SimResult): string[] {
  const byReason = new Map<string, Map<string, number>>();
  for (const c of result.connections) {
    if (c.outcome === 'ok') continue;
    const nodes = byReason.get(c.reason) ?? new Map<string, number>();
    const node = c.ingressNode ?? '';
    nodes.set(node, (nodes.get(node) ?? 0) + 1);
    byReason.set(c.reason, nodes);
  }
  const line = (count: number, text: string): string => `  ${String(count).padStart(6)} × ${text}`;
  const out: string[] = [];
  for (const [reason, nodes] of byReason) {
    const name = (node: string): string => (node === '' ? t(lang, 'cli.summary.noNode') : node);
    const texts = [...nodes.keys()].map((n) => tDyn(lang, `reason.${reason}`, { node: name(n) }));
    if (new Set(texts).size > 1) {
      [...nodes].forEach(([, count], i) => out.push(line(count, texts[i] ?? '')));
      continue;
    }
    const total = [...nodes.values()].reduce((a, b) => a + b, 0);
    const split =
      nodes.size > 1
        ? ` (${t(lang, 'cli.summary.byNode', {
            list: [...nodes].map(([n, count]) => `${name(n)} ${count}`).join(', '),
          })})`
        : '';
    out.push(line(total, `${texts[0] ?? ''}${split}`));
  }
  return out;
}

/** `--list`: every built-in scenario id with its description. */
export function scenarioList(lang: Lang): string {
  const width = Math.max(...scenarioIds.map((id) => id.length)) + 2;
  return (
    scenarioIds
      .map((id) => `${id.padEnd(width)}${tDyn(lang, `scenario.${id}.description`)}`)
      .join('\n') + '\n'
  );
}

/**
 * The scenario as a file that `npm run simulate -- file.json` runs to the identical result. No
 * `$schema`: where the file lands is the shell's choice, so a relative schema path would not
 * resolve (the CLI page shows how to add one after `--schema > scenario.schema.json`).
 */
export function scenarioFile(s: Scenario): string {
  return `${JSON.stringify(s, null, 2)}\n`;
}

/** Input issues as the localized message on stderr: a header, then one line per issue. */
export function issuesText(lang: Lang, issues: readonly InputIssue[]): string {
  const tr = (key: string, vars?: Record<string, string | number>): string => tDyn(lang, key, vars);
  return `${t(lang, 'cli.error.header')}\n${issues.map((x) => `  - ${issueLine(tr, lang, x)}`).join('\n')}\n`;
}
