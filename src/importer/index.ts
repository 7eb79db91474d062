/** Public API of the kubectl importer: a dump's text → a Scenario and a structured report. */
export {
  importKubectl,
  IMPORTED_SCENARIO_ID,
  type ImportOptions,
  type ImportResult,
} from './importKubectl.ts';
export type { DataPathHint } from './report.ts';
export { MAX_INPUT_BYTES } from './parse.ts';
export {
  REPORT_CODES,
  REPORT_KINDS,
  CODE_PARAMS,
  formatRef,
  itemKey,
  itemParams,
  type ImportReport,
  type ObjectRef,
  type PlacementHint,
  type PortChoice,
  type ReportCode,
  type ReportItem,
  type ReportKind,
  type ServiceChoice,
} from './report.ts';
