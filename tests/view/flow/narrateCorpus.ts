/**
 * Hops and events from real engine runs, one of each kind the engine produces: every built-in
 * scenario with a load balancer that keeps the frontend address (`vip`, Azure and GCP) and with
 * one that rewrites to the nodePort (AWS instance targets), and
 * drain scenarios with timelines that reach the remaining outcomes (a power-off that cuts open
 * connections, a cluster whose nodes all go away, a Pod deleted under Local, cordon and taint);
 * last the bare-metal runs (MetalLB L2: no LB device, and once with no node to answer ARP).
 */
import {
  getScenario,
  runScenario,
  scenarioIds,
  traceConnection,
  type Hop,
  type Scenario,
  type SimEvent,
  type SimResult,
} from '../../../src/sim/index';

export interface Run {
  name: string;
  result: SimResult;
}

function base(id: string): Scenario {
  const s = getScenario(id);
  if (!s) throw new Error(`no built-in scenario ${id}`);
  return s;
}

/** The scenarios the corpus runs, by name. */
export function variants(): Array<[string, Scenario]> {
  const out: Array<[string, Scenario]> = [];
  // Bare-metal scenarios (MetalLB) go last, so that each shared sentence is specified by a cloud run.
  const bareMetal = (id: string) => base(id).loadBalancer.preset === 'metallb-l2';
  for (const id of scenarioIds.filter((x) => !bareMetal(x))) {
    const s = base(id);
    out.push([id, { ...s, loadBalancer: { ...s.loadBalancer, delivery: 'nodePort' } }]);
    out.push([`${id}+vip`, { ...s, loadBalancer: { ...s.loadBalancer, delivery: 'vip' } }]);
  }
  const drain = base('drain-cluster-nodeport-probe');
  out.push([
    'power-off',
    {
      ...drain,
      timeline: [
        { at: 5, type: 'powerOffNode', node: 'node-1' },
        { at: 30, type: 'powerOnNode', node: 'node-1' },
      ],
      traffic: { ...drain.traffic, connectionDuration: 3 },
    },
  ]);
  const cluster = base('cluster-snat');
  out.push([
    'all-nodes-off',
    {
      ...cluster,
      timeline: ['node-1', 'node-2', 'node-3'].map((node) => ({
        at: 0.1,
        type: 'powerOffNode' as const,
        node,
      })),
      traffic: { ...cluster.traffic, duration: 60 },
    },
  ]);
  const local = base('drain-local-hcnp');
  out.push([
    'delete-pod',
    {
      ...local,
      timeline: [
        { at: 5, type: 'deletePod', pod: 'pod-a' },
        { at: 6, type: 'cordonNode', node: 'node-2' },
        { at: 7, type: 'uncordonNode', node: 'node-2' },
        { at: 8, type: 'taintToBeDeleted', node: 'node-2' },
      ],
      lifecycle: {
        ...local.lifecycle,
        proxySyncDelay: 3,
        servesWhileTerminating: false,
        preStopSeconds: 0,
      },
    },
  ]);
  for (const id of scenarioIds.filter(bareMetal)) out.push([id, base(id)]);
  // MetalLB with no Pod left anywhere: no node is elected, nobody answers ARP for the LB IP.
  const l2 = base('metallb-l2-local');
  out.push([
    'metallb-nobody',
    {
      ...l2,
      timeline: ['pod-a', 'pod-b', 'pod-c'].map((pod) => ({
        at: 5,
        type: 'deletePod' as const,
        pod,
      })),
      lifecycle: { ...l2.lifecycle, preStopSeconds: 0 },
      traffic: { ...l2.traffic, duration: 20 },
    },
  ]);
  return out;
}

/** Runs every variant; a variant the engine rejects fails loudly. */
export function runs(): Run[] {
  return variants().map(([name, scenario]) => {
    const r = runScenario(scenario);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.issues)}`);
    return { name, result: r.result };
  });
}

/** The hops of a run worth narrating: the featured traces and one connection per outcome. */
export function hopsOf(result: SimResult): Hop[] {
  const ids: number[] = result.featured.map((t) => t.record.id);
  const outcomes = new Set<string>();
  for (const c of result.connections) {
    const key = `${c.outcome}/${c.reason ?? ''}`;
    if (outcomes.has(key)) continue;
    outcomes.add(key);
    if (!ids.includes(c.id)) ids.push(c.id);
  }
  return ids.flatMap((id) => traceConnection(result, id)?.hops ?? []);
}

/** What makes two events read differently: type, and probe or failure details. */
export function eventShape(e: SimEvent): string {
  if (e.type === 'probe.result') return `${e.type} ${e.kind} ${e.ok ? 'ok' : 'fail'}`;
  if (e.type === 'connection.failed') return `${e.type} ${e.reason}`;
  if ((e.type === 'lb.backendDown' || e.type === 'lb.backendUp') && e.cause && e.cause !== 'probe')
    return `${e.type} ${e.cause}`;
  return e.type;
}
