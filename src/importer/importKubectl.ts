/**
 * The importer: the text of `kubectl get svc,endpointslices,pods,nodes -o yaml` → a Scenario the
 * engine accepts, plus a report of what was used, inferred, ignored, not simulated and
 * contradictory. Pure (no DOM, no node:*), deterministic, never throws.
 */
import type { CloudPreset, Scenario } from '../sim/types.ts';
import { PRESET_NAMES } from '../sim/validate.ts';
import { reportOf, scenarioOf, validated, type Stages } from './assemble.ts';
import { dataPathOf } from './dataPath.ts';
import { collectEndpoints, type Endpoints } from './endpoints.ts';
import { indexObjects } from './kinds.ts';
import { lifecycleOf, trafficOf } from './lifecycle.ts';
import { loadBalancerOf } from './loadBalancer.ts';
import type { ServiceView } from './objects.ts';
import { MAX_INPUT_BYTES, parseDump } from './parse.ts';
import { placementOf } from './placement.ts';
import type { NodeView } from './podNodeObjects.ts';
import { safeToken } from './read.ts';
import { ReportBuilder, type ImportReport, type ReportItem } from './report.ts';
import { pickService } from './service.ts';
import { reportUnsimulatedFields, servicePorts } from './serviceFields.ts';
import { AddressPool, buildTopology, type Topology } from './topology.ts';

export { IMPORTED_SCENARIO_ID } from './assemble.ts';

/** YAML above this many characters gets the hint to use `-o json` (2 MB, a few seconds). */
const LARGE_YAML = 2 * 1024 * 1024;

/** Choices a caller (CLI flags, the page's selects) can make; all optional. */
export interface ImportOptions {
  /** "namespace/name" or "name" of the Service to simulate. */
  service?: string;
  /** Port name or number of the Service port to simulate. */
  port?: string;
  /** A cloud preset instead of the inferred one. */
  preset?: string;
  /** Input size limit in bytes (default 10 MB). */
  maxBytes?: number;
}

export type ImportResult =
  { ok: true; scenario: Scenario; report: ImportReport } | { ok: false; issues: ReportItem[] };

type Failed = Extract<ImportResult, { ok: false }>;

const fatal = (code: ReportItem['code'], params: ReportItem['params'] = {}): Failed => ({
  ok: false,
  issues: [{ kind: 'error', code, params }],
});

/** Import a kubectl dump; never throws. */
export function importKubectl(text: string, options: ImportOptions = {}): ImportResult {
  try {
    return run(text, options);
  } catch {
    // Defensive: every reader is total, but a crash must still become a message.
    return fatal('notKubernetes');
  }
}

/** The import as a sequence of stages; each reports into `r` in turn, so the order is fixed. */
function run(text: string, options: ImportOptions): ImportResult {
  const preset = presetOption(options.preset);
  if (!preset.ok) return preset;
  const parsed = parseDump(text, options.maxBytes ?? MAX_INPUT_BYTES);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const r = new ReportBuilder();
  // A big YAML dump: JSON of the same cluster is read by the platform's JSON.parse, far faster.
  if (parsed.format === 'yaml' && text.length > LARGE_YAML)
    r.add('yamlLarge', { size: Math.round((text.length / (1024 * 1024)) * 10) / 10 });
  const dump = indexObjects(parsed.objects, r);
  if (dump.services.length === 0) return fatal('noService', { count: parsed.objects.length });
  const picked = pickService(dump.services, options, r);
  if ('issues' in picked) return { ok: false, issues: picked.issues };
  const { svc, port } = picked;
  const endpoints = collectEndpoints(svc, port, dump, r);
  // Addresses in use: the nodes and Pods take theirs, the load balancer and clients get spares.
  const pool = new AddressPool();
  const topology = topologyOf(svc, endpoints, dump.nodes, pool, r);
  if ('issues' in topology) return { ok: false, issues: topology.issues };
  const ports = servicePorts(svc, port, endpoints.used, r);
  reportUnsimulatedFields(svc, endpoints.all, r);
  const lb = loadBalancerOf({ svc, port, ports, topology, preset: preset.preset }, pool, r);
  const lifecycle = lifecycleOf(endpoints.used, r);
  const traffic = trafficOf(r);
  const placement = placementOf(endpoints.used, r);
  const dataPath = dataPathOf(dump.pods, parsed.objects, r);
  const stages: Stages = {
    objectCount: parsed.objects.length,
    dump,
    picked,
    endpoints,
    topology,
    ports,
    lb,
    lifecycle,
    traffic,
    placement,
    dataPath,
  };
  const checked = validated(scenarioOf(stages));
  if (!checked.ok) return checked;
  return { ok: true, scenario: checked.scenario, report: reportOf(stages, r) };
}

/** The --preset option checked against the engine's presets (undefined: infer it). */
function presetOption(
  preset: string | undefined,
): { ok: true; preset: CloudPreset | undefined } | Failed {
  if (preset === undefined) return { ok: true, preset: undefined };
  const known = PRESET_NAMES.find((p) => p === preset);
  if (known) return { ok: true, preset: known };
  return fatal('presetUnknown', {
    preset: safeToken(preset, 32) ?? '…',
    allowed: PRESET_NAMES.join(', '),
  });
}

/** Nodes and Pods in engine terms, with the Service's load-balancer IP kept out of the pool. */
function topologyOf(
  svc: ServiceView,
  endpoints: Endpoints,
  nodes: NodeView[],
  pool: AddressPool,
  r: ReportBuilder,
): Topology | { issues: ReportItem[] } {
  const frontendIp = svc.ingressIps[0];
  if (frontendIp) pool.take(frontendIp);
  const topology = buildTopology(svc, endpoints.used, endpoints.all, nodes, pool, r);
  if ('issues' in topology) return topology;
  r.add('endpointsUsed', {
    count: endpoints.used.filter((u) => u.nodeName).length,
    slices: endpoints.slicesUsed,
  });
  return topology;
}
