/**
 * The engine-versus-kernel table as text (a Markdown table, readable in a terminal too). Numbers
 * are formatted by the messages ("12,5 %", "t = 7,5 s" in German), never patched into text.
 */
import type { ClassRow, Observed } from './compare.ts';
import { t, type Lang } from './i18n.ts';
import type { LabReport } from './run.ts';

/** What one side observed, in the reader's language: "pod-a 33.3 %, pod-b 66.7 %". */
export function observedText(lang: Lang, items: readonly Observed[]): string {
  return items
    .map((o) =>
      o.share === undefined
        ? o.name
        : t(lang, 'lab.report.share', { name: o.name, percent: o.share * 100 }),
    )
    .join(', ');
}

/** A row's class, after the instant of its timeline phase when it has one. */
export function rowLabel(lang: Lang, r: Pick<ClassRow, 'key' | 'at'>): string {
  return r.at === undefined ? r.key : t(lang, 'lab.report.phaseClass', { t: r.at, key: r.key });
}

function cell(text: string): string {
  return text.replace(/\|/g, '/');
}

/** One table row per class: what the engine predicted and what the kernel did, per check. */
export function classTable(
  lang: Lang,
  rows: ReadonlyArray<ClassRow & { scenario?: string }>,
  withScenario: boolean,
): string {
  const head = [
    ...(withScenario ? [t(lang, 'conformance.scenario')] : []),
    t(lang, 'lab.report.class'),
    t(lang, 'lab.report.n'),
    t(lang, 'lab.report.outcome'),
    t(lang, 'lab.report.pods'),
    t(lang, 'lab.report.source'),
    '',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const by = (what: string): string => {
      const c = r.checks.find((x) => x.what === what);
      if (!c) return '–';
      return `${t(lang, 'lab.report.engine')}: ${cell(observedText(lang, c.engine))}<br>${t(lang, 'lab.report.kernel')}: ${cell(observedText(lang, c.lab))}`;
    };
    const presence = r.checks.find((x) => x.what === 'presence');
    lines.push(
      `| ${[
        ...(withScenario ? [r.scenario ?? ''] : []),
        rowLabel(lang, r),
        `${r.nLab} / ${r.nEngine}`,
        presence
          ? `${t(lang, 'lab.report.presence')}: ${observedText(lang, presence.lab)} / ${observedText(lang, presence.engine)}`
          : by('outcome'),
        by('pods'),
        by('source'),
        r.ok ? t(lang, 'lab.report.agree') : t(lang, 'lab.report.disagree'),
      ].join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows for a terminal: one block per class, engine and kernel side by side. */
export function classBlocks(lang: Lang, rows: readonly ClassRow[]): string {
  const label = (what: string): string =>
    ({
      outcome: t(lang, 'lab.report.outcome'),
      pods: t(lang, 'lab.report.pods'),
      source: t(lang, 'lab.report.source'),
      presence: t(lang, 'lab.report.presence'),
    })[what] ?? what;
  const out: string[] = [];
  for (const r of rows) {
    out.push(
      `${rowLabel(lang, r)}  (n ${r.nLab} / ${r.nEngine})  ${r.ok ? t(lang, 'lab.report.agree') : t(lang, 'lab.report.disagree')}`,
    );
    for (const c of r.checks) {
      out.push(
        `    ${label(c.what).padEnd(16)} ${t(lang, 'lab.report.engine').padEnd(7)} ${observedText(lang, c.engine)}`,
      );
      out.push(
        `    ${''.padEnd(16)} ${t(lang, 'lab.report.kernel').padEnd(7)} ${observedText(lang, c.lab)}${c.ok ? '' : '   ✗'}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** The full report of one lab run. */
export function reportText(lang: Lang, r: LabReport): string {
  const out = [
    t(lang, 'lab.report.title', {
      scenario: r.scenario,
      run: r.runId,
      sent: r.sent,
      seconds: r.seconds, // the message formats it (one decimal, in the reader's language)
    }),
    ...r.rules.map((x) =>
      t(lang, 'lab.report.rules', { node: x.node, loaded: x.loaded, emitted: x.emitted }),
    ),
    '',
    classBlocks(lang, r.rows),
    `${t(lang, 'lab.report.overall')}: ${t(lang, 'lab.report.engine')} ${observedText(lang, r.overall.engine)}; ${t(lang, 'lab.report.kernel')} ${observedText(lang, r.overall.lab)} → ${r.overall.ok ? t(lang, 'lab.report.agree') : t(lang, 'lab.report.disagree')}`,
    t(lang, 'lab.report.tolerance'),
    ...(r.notes.includes('timeline') ? [t(lang, 'lab.note.timeline')] : []),
    r.ok ? t(lang, 'lab.report.verdictOk') : t(lang, 'lab.report.verdictFail'),
    t(lang, 'lab.report.files', { dir: r.outDir }),
  ];
  return `${out.join('\n')}\n`;
}
