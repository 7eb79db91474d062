/**
 * The last stage of an import: the earlier stages' results put together into the engine's
 * Scenario (then validated like any scenario file) and the ImportReport.
 */
import type { LifecycleSpec, Scenario, TrafficSpec } from '../sim/types.ts';
import { validateScenario } from '../sim/validate.ts';
import type { Endpoints } from './endpoints.ts';
import type { DumpIndex } from './kinds.ts';
import type { LoadBalancer } from './loadBalancer.ts';
import type {
  DataPathHint,
  ImportReport,
  PlacementHint,
  ReportBuilder,
  ReportItem,
} from './report.ts';
import type { Picked } from './service.ts';
import type { ServicePorts } from './serviceFields.ts';
import type { Topology } from './topology.ts';
import { workloadOf } from './workload.ts';

/** Scenario id of every imported scenario. */
export const IMPORTED_SCENARIO_ID = 'from-kubectl';

/** Everything the stages found, in the order they ran. */
export interface Stages {
  /** How many objects the dump held, of any kind. */
  objectCount: number;
  dump: DumpIndex;
  picked: Picked;
  endpoints: Endpoints;
  topology: Topology;
  ports: ServicePorts;
  lb: LoadBalancer;
  lifecycle: LifecycleSpec;
  traffic: TrafficSpec;
  placement: PlacementHint;
  dataPath: DataPathHint;
}

/** The scenario the stages describe (not yet validated). */
export function scenarioOf(s: Stages): Scenario {
  const { svc, port } = s.picked;
  const { nodePort, healthCheckNodePort, targetPort } = s.ports;
  return {
    id: IMPORTED_SCENARIO_ID,
    clients: [
      { id: 'client-1', ip: s.lb.clientIps[0] ?? '192.0.2.10' },
      { id: 'client-2', ip: s.lb.clientIps[1] ?? '203.0.113.25' },
    ],
    nodes: s.topology.nodes,
    pods: s.topology.pods,
    service: {
      name: svc.ref.name,
      namespace: svc.ref.namespace,
      port: port.port,
      targetPort,
      nodePort,
      externalTrafficPolicy: svc.policy,
      ...(healthCheckNodePort === undefined ? {} : { healthCheckNodePort }),
    },
    loadBalancer: {
      frontendIp: s.lb.frontendIp,
      delivery: s.lb.cloud.delivery,
      preset: s.lb.cloud.preset,
      probe: s.lb.cloud.probe,
      ...(s.lb.cloud.crossZone === undefined ? {} : { crossZone: s.lb.cloud.crossZone }),
    },
    masquerade: true,
    ...(s.dataPath.dataPath === 'ebpf' ? { dataPath: 'ebpf' as const } : {}),
    traffic: s.traffic,
    lifecycle: s.lifecycle,
    timeline: s.topology.timeline,
    featured: [],
    featuredSelectors:
      svc.policy === 'Cluster'
        ? [{ kind: 'firstCrossNode' }, { kind: 'firstSameNode' }]
        : [{ kind: 'firstOutcome', outcome: 'ok' }],
  };
}

/** Validate the scenario as the engine would; its first ten issues become import errors. */
export function validated(
  candidate: Scenario,
): { ok: true; scenario: Scenario } | { ok: false; issues: ReportItem[] } {
  const checked = validateScenario(candidate);
  if (checked.ok) return { ok: true, scenario: checked.scenario };
  return {
    ok: false,
    issues: checked.issues.slice(0, 10).map((i) => ({
      kind: 'error' as const,
      code: 'scenarioInvalid' as const,
      params: { path: i.path, code: i.code },
    })),
  };
}

/** The report: what was simulated, the choices offered, names, counts and every item. */
export function reportOf(s: Stages, r: ReportBuilder): ImportReport {
  const { svc, choices, ports } = s.picked;
  const { nodeList, nodeIds, podIds, drainCandidates } = s.topology;
  return {
    service: {
      namespace: svc.ref.namespace,
      name: svc.ref.name,
      type: svc.type,
      externalTrafficPolicy: svc.policy,
    },
    services: choices.filter((c) => c.type === 'LoadBalancer' || c.type === 'NodePort' || c.chosen),
    ports,
    cloud: {
      preset: s.lb.cloud.preset,
      source: s.lb.cloud.source,
      alternatives: s.lb.cloud.alternatives,
    },
    names: {
      nodes: Object.fromEntries(nodeList.map((n, i) => [nodeIds[i] ?? '', n.ref.name])),
      pods: Object.fromEntries(s.endpoints.used.map((u, i) => [podIds[i] ?? '', u.name])),
    },
    placement: s.placement,
    lb: s.lb.cloud.lb,
    workload: workloadOf(svc, s.endpoints.used),
    dataPath: s.dataPath,
    drainCandidates,
    counts: {
      objects: s.objectCount,
      services: s.dump.services.length,
      endpointSlices: s.dump.sliceRaws.length,
      pods: s.dump.pods.length,
      nodes: s.dump.nodes.length,
    },
    items: r.finish(),
  };
}
