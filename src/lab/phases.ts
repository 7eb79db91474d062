/**
 * `--phases`: a timeline's data path replayed phase by phase. Between two changes of rules or
 * liveness (a sync, a Pod exit, kube-proxy stopping, the node leaving the network) every node
 * gets the rules the engine had compiled for it at that moment, Pods the engine shows exited are
 * stopped, nodes off the network are cut from the fabric, and client-1 sends direct connections
 * to every node's NodePort. The load balancer and its probes are not involved.
 */
import {
  connectionRuleSet,
  simulate,
  stateAt,
  type ConnectionRecord,
  type Scenario,
} from '../sim/index.ts';
import { compareClasses, type ClassRow, type LabConnection } from './compare.ts';
import type { LabPlan } from './plan.ts';
import type { Tools } from './preflight.ts';
import { loadProgram } from './kernelLoad.ts';
import { runSync } from './proc.ts';
import type { PodServers } from './servers.ts';
import { runClient, type Planned, type TrafficContext } from './traffic.ts';

/** Changes of the engine's events that start a new phase. */
const CHANGES = new Set([
  'pod.terminating',
  'endpoint.changed',
  'kubeProxy.synced',
  'pod.exited',
  'kubeProxy.stopped',
  'node.offline',
  'node.online',
]);

/** Replay the timeline of `s` phase by phase; the comparison rows are labelled by phase time. */
export async function replayPhases(
  ctx: TrafficContext & { seed: number },
  plan: LabPlan,
  s: Scenario,
  tools: Tools,
  servers: PodServers,
  write: (name: string, text: string) => void,
): Promise<ClassRow[]> {
  const client = plan.clients[0];
  if (!client) return [];
  const first = simulate(s, { seed: ctx.seed });
  const times = [...new Set(first.events.filter((e) => CHANGES.has(e.type)).map((e) => e.at))].sort(
    (a, b) => a - b,
  );
  const at = [Math.min(0.5, (times[0] ?? 1) / 2)];
  times.forEach((t, i) => at.push(i + 1 < times.length ? (t + (times[i + 1] ?? t)) / 2 : t + 1));
  const phases = at.slice(0, 12);
  // 30 connections per node and phase: enough that Fisher's test (compare.ts) can flag a gross
  // skew, packed into 3 ms of simulated time so that none crosses into the next phase.
  const K = 30;
  const GAP = 0.0001;
  const probes = phases.flatMap((t) =>
    s.nodes.flatMap((n) =>
      Array.from({ length: K }, (_, j) => ({
        at: t + j * GAP,
        client: client.id,
        node: n.id,
      })),
    ),
  );
  const probed: Scenario = {
    ...s,
    directConnections: [...(s.directConnections ?? []), ...probes],
  };
  const inPhase = (c: ConnectionRecord, t: number): boolean =>
    c.direct === true && c.client === client.id && c.at >= t && c.at < t + K * GAP + 1e-9;
  const main = simulate(probed, { seed: ctx.seed });
  const pooled: ConnectionRecord[] = [...main.connections];
  for (let k = 1; k < 10; k++) pooled.push(...simulate(probed, { seed: ctx.seed + k }).connections);
  const rows: ClassRow[] = [];
  const nodeIndex = new Map(s.nodes.map((n, i) => [n.id, i]));
  const fab = plan.namespaces.find((n) => n.role === 'fabric')?.name ?? '';
  const written = new Set<number>();
  let port = 40000;
  for (const t of phases) {
    if (ctx.aborted()) break;
    const state = stateAt(main, t);
    for (const n of s.nodes) {
      const rec = main.connections.find((c) => inPhase(c, t) && c.ingressNode === n.id);
      const rs = rec ? connectionRuleSet(main, rec.id) : undefined;
      const ns = plan.nodeNs[n.id] ?? '';
      if (rs) {
        const program = rs.kernel([`Hop by Hop lab: ${s.id}, ${n.id} at t = ${t} s`]);
        if (!written.has(rs.id)) {
          write(
            `rules-${n.id}-set${rs.id}.${program.loader === 'nft' ? 'nft' : 'txt'}`,
            program.text,
          );
          written.add(rs.id);
        }
        loadProgram(ns, program, tools);
      }
      const up = state.nodes[n.id]?.dataPathForwarding !== false;
      const fabIf = `n${(nodeIndex.get(n.id) ?? 0) + 1}`;
      runSync(['ip', '-n', fab, 'link', 'set', fabIf, up ? 'up' : 'down']);
    }
    // Pods the engine shows exited stop; the others (re)start.
    const stop = plan.servers.filter((x) => state.pods[x.pod]?.phase === 'exited');
    for (const x of stop) await servers.kill(x.pod);
    const missing = plan.servers
      .filter((x) => state.pods[x.pod]?.phase !== 'exited' && !servers.has(x.pod))
      .map((x) => x.pod);
    if (missing.length > 0) await servers.start(plan, missing);
    const planned: Planned[] = s.nodes.flatMap((n) =>
      Array.from({ length: K }, (_, j) => ({
        id: 1_000_000 + port,
        at: j * 0.002,
        host: n.ip,
        port: s.service.nodePort,
        localPort: port++,
        direct: true,
        node: n.id,
      })),
    );
    const results = await runClient(ctx, client, planned, Date.now() + 200, 5000 + ctx.timeoutMs);
    const lab: LabConnection[] = results.map((r) => ({
      id: r.id,
      client: r.client,
      ingressNode: r.node,
      direct: true,
      kind: r.kind,
      pod: r.pod,
      src: r.src,
    }));
    // The report puts the phase's instant before the class (format.ts, in the reader's language).
    for (const row of compareClasses(
      pooled.filter((c) => inPhase(c, t)),
      lab,
    )) {
      rows.push({ ...row, at: t });
    }
  }
  return rows;
}
