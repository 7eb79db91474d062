/**
 * `--from-kubectl FILE|-` for the simulate command (args.ts parses the flags): reads the output of
 * `kubectl get svc,endpointslices,pods,nodes -o yaml` and imports it (src/importer) into a
 * scenario that then runs like a scenario file, plus the import report as text.
 */
import { resolve } from 'node:path';
import clusterDe from '../i18n/locales/cluster/de.json' with { type: 'json' };
import clusterEn from '../i18n/locales/cluster/en.json' with { type: 'json' };
import importerDe from '../i18n/locales/importer/de.json' with { type: 'json' };
import importerEn from '../i18n/locales/importer/en.json' with { type: 'json' };
import { makeTs, type Vars } from '../i18n/translate.ts';
import { metaOf, outcomeOf, type Outcome } from '../clusterCheck/analyze.ts';
import type { ShareMeta } from '../clusterCheck/shareLink.ts';
import { remedyText, verdictText } from '../clusterCheck/words.ts';
import {
  importKubectl,
  itemKey,
  itemParams,
  MAX_INPUT_BYTES,
  REPORT_KINDS,
  type ImportReport,
  type ReportItem,
} from '../importer/index.ts';
import type { InputIssue, Scenario, SimResult } from '../sim/index.ts';
import type { CliIo } from './io.ts';

type Lang = 'en' | 'de';
const importerT = makeTs(importerEn, importerDe);
/** Translate an importer key (made from report codes at run time); English, then the key. */
export function tImporter(lang: Lang, key: string, vars?: Vars): string {
  return importerT[lang].dyn(key, vars);
}
/** The verdicts' sentences (the your-cluster page's own words). */
const clusterT = makeTs(clusterEn, clusterDe);

/** One report item as a sentence in `lang`. */
export function itemText(lang: Lang, item: ReportItem): string {
  return tImporter(
    lang,
    itemKey(item),
    itemParams(item, (k) => tImporter(lang, k)),
  );
}

/** The report as text: one heading per group, one line per item. */
export function reportText(lang: Lang, items: ReportItem[]): string {
  const lines: string[] = [];
  for (const kind of REPORT_KINDS) {
    const group = items.filter((i) => i.kind === kind);
    if (group.length === 0) continue;
    lines.push(`${tImporter(lang, `importer.kind.${kind}`)}:`);
    for (const item of group) lines.push(`  - ${itemText(lang, item)}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function namesText(lang: Lang, report: ImportReport): string {
  const rows = [...Object.entries(report.names.nodes), ...Object.entries(report.names.pods)].filter(
    ([id, name]) => id !== name,
  );
  if (rows.length === 0) return '';
  return `${tImporter(lang, 'importer.cli.names')}:\n${rows.map(([id, name]) => `  ${id} = ${name}`).join('\n')}\n`;
}

/** Read and import a kubectl dump for the CLI: the scenario and its report as text, or a message. */
export function importDump(
  io: CliIo,
  lang: Lang,
  file: string,
  options: { service?: string; port?: string; preset?: string },
):
  | { ok: true; scenario: Scenario; report: string; meta: ShareMeta }
  | { ok: false; issues: InputIssue[] }
  | { ok: false; message: string } {
  const unreadable = (path: string) => ({
    ok: false as const,
    issues: [{ path, code: 'unreadableFile' as const }],
  });
  let text: string | null;
  if (file === '-') {
    text = io.readStdin ? io.readStdin(MAX_INPUT_BYTES + 1) : null;
    if (text === null) return unreadable('-');
  } else {
    // Relative to the directory the command was typed in, as scenario files are.
    const path = resolve(io.cwd, file);
    const size = io.fileSize(path);
    if (size === null) return unreadable(file);
    if (size > MAX_INPUT_BYTES)
      return {
        ok: false,
        message: reportText(lang, [
          { kind: 'error', code: 'inputTooLarge', params: { bytes: size, max: MAX_INPUT_BYTES } },
        ]),
      };
    text = io.readFile(path);
    if (text === null) return unreadable(file);
  }
  const imported = importKubectl(text, options);
  if (!imported.ok) return { ok: false, message: reportText(lang, imported.issues) };
  return {
    ok: true,
    scenario: imported.scenario,
    report: reportBlock(lang, imported.report),
    meta: metaOf(imported.report),
  };
}

/** The import report with its heading: what was used, inferred, ignored, and the names. */
export function reportBlock(lang: Lang, report: ImportReport): string {
  return `${tImporter(lang, 'importer.cli.report')}:\n${reportText(lang, report.items)}${namesText(lang, report)}`;
}

/**
 * The page's verdicts and remedies for the run the CLI printed (the same functions, the same run),
 * so `--json` carries what the page shows: `verdicts` (codes with their numbers) and `remedies`.
 */
export function verdictsOfRun(
  scenario: Scenario,
  meta: ShareMeta,
  result: SimResult,
  seed: number,
): Pick<Outcome, 'verdicts' | 'remedies'> {
  const o = outcomeOf(scenario, meta, { seed, result });
  return { verdicts: o.verdicts, remedies: o.remedies };
}

/** The verdicts as text, each problem followed by its remedies and their patches. */
export function verdictsText(lang: Lang, o: Pick<Outcome, 'verdicts' | 'remedies'>): string {
  const tr = (key: string, vars?: Vars): string => clusterT[lang].dyn(key, vars);
  const lines = [`${tr('cluster.verdicts.heading')}:`];
  for (const v of o.verdicts) {
    lines.push(`  ${tr(`cluster.tone.${v.tone}`)}: ${verdictText(v, tr, lang)}`);
    for (const r of o.remedies.filter((x) => x.remedy.for === v.id)) {
      lines.push(`    → ${remedyText(r.remedy, tr, lang)}`);
      if (r.after)
        lines.push(`      ${tr('cluster.fix.after')}: ${verdictText(r.after, tr, lang)}`);
      lines.push(
        ...r.remedy.patch.text
          .trimEnd()
          .split('\n')
          .map((l) => `      ${l}`),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
