/**
 * `npm run simulate -- --from-kubectl FILE|- [--service NS/NAME] [--port NAME] [--preset P]
 * [--json] [--print-scenario] [--seed N] [--set key=value ...] [--lang en|de]`: imports the
 * output of `kubectl get svc,endpointslices,pods,nodes -o yaml` (src/importer) and runs it like
 * a scenario file. stdout gets exactly what a scenario file would give (the JSON, or the table);
 * the import report goes to stderr with --json / --print-scenario, before the table otherwise.
 */
import { parseArgs } from 'node:util';
import importerDe from '../i18n/locales/importer/de.json' with { type: 'json' };
import importerEn from '../i18n/locales/importer/en.json' with { type: 'json' };
import {
  importKubectl,
  itemKey,
  itemParams,
  MAX_INPUT_BYTES,
  REPORT_KINDS,
  type ImportReport,
  type ReportItem,
} from '../importer/index.ts';
import { applyOverrides, runScenario, type InputIssue, type SimResult } from '../sim/index.ts';
import type { CliIo } from './main.ts';

type Lang = 'en' | 'de';
const LOCALES: Record<Lang, Record<string, string>> = { en: importerEn, de: importerDe };

/** Translate an importer key with {{placeholders}}; English, then the key, as fallback. */
export function tImporter(
  lang: Lang,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = LOCALES[lang][key] ?? LOCALES.en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

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

/** What main.ts hands over, so this module needs no import back into it. */
export interface CliHelpers {
  toJson(result: SimResult): unknown;
  table(lang: Lang, result: SimResult): string;
  /** Localized lines for engine input issues (bad --seed, --set). */
  issuesText(lang: Lang, issues: InputIssue[]): string;
}

/** Run the --from-kubectl flow; returns the exit code (0 ok, 2 bad input, 1 internal error). */
export function runFromKubectl(argv: readonly string[], io: CliIo, helpers: CliHelpers): number {
  const envLang: Lang = (io.env.LANG ?? io.env.LC_ALL ?? '').toLowerCase().startsWith('de')
    ? 'de'
    : 'en';
  // --lang first, so that even a message about another bad flag is in the chosen language.
  const langAt = argv.findIndex((a) => a === '--lang');
  const early =
    langAt >= 0 ? argv[langAt + 1] : argv.find((a) => a.startsWith('--lang='))?.slice(7);
  let lang: Lang = early === 'de' || early === 'en' ? early : envLang;
  try {
    let values: Record<string, string | boolean | string[] | undefined>;
    try {
      ({ values } = parseArgs({
        args: [...argv],
        strict: true,
        allowPositionals: false,
        options: {
          'from-kubectl': { type: 'string' },
          service: { type: 'string' },
          port: { type: 'string' },
          preset: { type: 'string' },
          json: { type: 'boolean' },
          'print-scenario': { type: 'boolean' },
          seed: { type: 'string' },
          set: { type: 'string', multiple: true },
          lang: { type: 'string' },
        },
      }));
    } catch (e) {
      // parseArgs names the offending option in its message; show only the option itself.
      const flag = /'(-{1,2}[^' ]{1,40})'/.exec(e instanceof Error ? e.message : '')?.[1] ?? '';
      io.stderr(
        `${helpers.issuesText(lang, [{ path: flag || '--from-kubectl', code: flag ? 'unknownFlag' : 'missingValue' }])}${tImporter(lang, 'importer.cli.usage')}\n`,
      );
      return 2;
    }
    const langValue = values['lang'];
    if (langValue === 'de' || langValue === 'en') lang = langValue;
    else if (langValue !== undefined) {
      io.stderr(
        helpers.issuesText(lang, [
          {
            path: '--lang',
            code: 'expectedOneOf',
            expected: 'en | de',
            received: String(langValue).slice(0, 40),
          },
        ]),
      );
      return 2;
    }
    const file = values['from-kubectl'];
    if (typeof file !== 'string' || file === '') {
      io.stderr(`${tImporter(lang, 'importer.cli.usage')}\n`);
      return 2;
    }
    let text: string | null;
    if (file === '-') {
      text = io.readStdin ? io.readStdin(MAX_INPUT_BYTES + 1) : null;
      if (text === null) {
        io.stderr(helpers.issuesText(lang, [{ path: '-', code: 'unreadableFile' }]));
        return 2;
      }
    } else {
      const size = io.fileSize(file);
      if (size === null) {
        io.stderr(helpers.issuesText(lang, [{ path: file, code: 'unreadableFile' }]));
        return 2;
      }
      if (size > MAX_INPUT_BYTES) {
        io.stderr(
          reportText(lang, [
            { kind: 'error', code: 'inputTooLarge', params: { bytes: size, max: MAX_INPUT_BYTES } },
          ]),
        );
        return 2;
      }
      text = io.readFile(file);
      if (text === null) {
        io.stderr(helpers.issuesText(lang, [{ path: file, code: 'unreadableFile' }]));
        return 2;
      }
    }
    const str = (k: string): string | undefined =>
      typeof values[k] === 'string' ? (values[k] as string) : undefined;
    const options: { service?: string; port?: string; preset?: string } = {};
    const service = str('service');
    const port = str('port');
    const preset = str('preset');
    if (service !== undefined) options.service = service;
    if (port !== undefined) options.port = port;
    if (preset !== undefined) options.preset = preset;
    const imported = importKubectl(text, options);
    if (!imported.ok) {
      io.stderr(reportText(lang, imported.issues));
      return 2;
    }
    const { scenario, report } = imported;

    let seed = 1;
    const seedText = str('seed');
    if (seedText !== undefined) {
      if (!/^\d{1,15}$/.test(seedText)) {
        io.stderr(
          helpers.issuesText(lang, [
            {
              path: '--seed',
              code: 'expectedInteger',
              expected: '0 … 999999999999999',
              received: seedText.slice(0, 40),
            },
          ]),
        );
        return 2;
      }
      seed = Number(seedText);
    }
    const sets: Record<string, string> = {};
    const setValues = values['set'];
    for (const kv of Array.isArray(setValues) ? setValues : []) {
      const eq = kv.indexOf('=');
      if (eq <= 0) {
        io.stderr(
          helpers.issuesText(lang, [
            {
              path: '--set',
              code: 'expectedKeyValue',
              expected: 'key=value',
              received: kv.slice(0, 40),
            },
          ]),
        );
        return 2;
      }
      sets[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
    const reportBlock = `${reportText(lang, report.items)}${namesText(lang, report)}`;
    if (values['print-scenario'] === true) {
      const applied = applyOverrides(scenario, sets);
      if (!applied.ok) {
        io.stderr(helpers.issuesText(lang, applied.issues));
        return 2;
      }
      io.stderr(reportBlock);
      io.stdout(`${JSON.stringify(applied.scenario, null, 2)}\n`);
      return 0;
    }
    const run = runScenario(scenario, { seed, overrides: sets });
    if (!run.ok) {
      io.stderr(helpers.issuesText(lang, run.issues));
      return 2;
    }
    if (values['json'] === true) {
      io.stderr(reportBlock);
      io.stdout(`${JSON.stringify(helpers.toJson(run.result))}\n`);
      return 0;
    }
    io.stdout(
      `${tImporter(lang, 'importer.cli.report')}:\n${reportBlock}\n${helpers.table(lang, run.result)}`,
    );
    return 0;
  } catch {
    io.stderr(`${tImporter(lang, 'importer.cli.internalError')}\n`);
    return 1;
  }
}
