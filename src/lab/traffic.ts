/**
 * A lab run's bounded traffic: the schedule engine and kernel share, its split into one plan per
 * client agent, and the client agents that send it and report one result per connection.
 */
import type { ConnectionRecord, Scenario } from '../sim/index.ts';
import type { Planned as AgentPlanned } from './agents/client.ts';
import type { Kind } from './compare.ts';
import type { LabPlan } from './plan.ts';
import { agentScript, type Registry } from './proc.ts';

/**
 * The traffic both the engine and the kernel get: `connections` spread evenly over `duration`
 * seconds (round-robin over the clients, as the engine does), plus the scenario's direct
 * connections moved into that window. The scenario's own rate is replaced so that every class
 * gets enough connections for shares; engine and kernel see the very same schedule.
 */
export function labSchedule(s: Scenario, connections: number, duration: number): Scenario {
  const direct = (s.directConnections ?? []).map((d) => ({
    ...d,
    at: Math.min(d.at, duration * 0.9),
  }));
  return {
    ...s,
    traffic: { ...s.traffic, rate: connections / duration, duration },
    directConnections: direct,
  };
}

/** How many seeds the engine's prediction pools (about 20,000 connections, 4 … 100 runs). */
export function predictionSeeds(connections: number): number {
  return Math.min(100, Math.max(4, Math.ceil(20000 / Math.max(1, connections))));
}

/** A connection of the agent's plan, plus what the runner needs to compare it afterwards. */
export interface Planned extends AgentPlanned {
  direct: boolean;
  node: string | null;
}

/** One connection as a client agent reported it, with the plan's fields the comparison needs. */
export interface LabResult {
  id: number;
  kind: Kind;
  pod: string | null;
  src: string | null;
  client: string;
  clientIp: string;
  localPort: number;
  direct: boolean;
  node: string | null;
}

/** What sending traffic needs from the run it belongs to. */
export interface TrafficContext {
  reg: Registry;
  /** Per-connection timeout of the client. */
  timeoutMs: number;
  /** Read on every check: once true, clients stop sending. */
  aborted: () => boolean;
}

const KINDS: readonly Kind[] = [
  'ok',
  'timeout',
  'refused',
  'reset',
  'unreachable',
  'error',
  'notRun',
];

/** One JSON result line of the client agent, or null. */
function parseResult(
  line: string,
): { id: number; kind: Kind; pod: string | null; src: string | null } | null {
  try {
    const r = JSON.parse(line) as { id?: unknown; outcome?: unknown; pod?: unknown; src?: unknown };
    if (typeof r.id !== 'number') return null;
    const kind = KINDS.find((k) => k === r.outcome) ?? 'error';
    return {
      id: r.id,
      kind,
      pod: typeof r.pod === 'string' ? r.pod : null,
      src: typeof r.src === 'string' ? r.src : null,
    };
  } catch {
    return null;
  }
}

/** Run one client agent over its planned connections; resolves with its results. */
export async function runClient(
  ctx: TrafficContext,
  client: { id: string; ns: string; ip: string },
  planned: readonly Planned[],
  startAt: number,
  deadlineMs: number,
): Promise<LabResult[]> {
  if (planned.length === 0 || ctx.aborted()) return [];
  const agent = agentScript('client.ts');
  const child = ctx.reg.spawn(['ip', 'netns', 'exec', client.ns, process.execPath, agent]);
  child.stdin?.end(
    JSON.stringify({
      localAddress: client.ip,
      startAt,
      connections: planned.map((p) => ({
        id: p.id,
        at: p.at,
        host: p.host,
        port: p.port,
        localPort: p.localPort,
      })),
      timeoutMs: ctx.timeoutMs,
      deadlineMs,
    }),
  );
  const byId = new Map(planned.map((p) => [p.id, p]));
  const out: LabResult[] = [];
  let buffer = '';
  await new Promise<void>((resolve) => {
    const stopper = setInterval(() => {
      if (ctx.aborted() && child.exitCode === null) child.kill('SIGTERM');
    }, 100);
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
        const r = parseResult(line);
        const p = r ? byId.get(r.id) : undefined;
        if (!r || !p) continue;
        out.push({
          ...r,
          client: client.id,
          clientIp: client.ip,
          localPort: p.localPort,
          direct: p.direct,
          node: p.node,
        });
      }
    });
    child.on('exit', () => {
      clearInterval(stopper);
      resolve();
    });
  });
  return out;
}

/** The engine's schedule as one plan per client: the same clients, times and direct connections. */
function clientPlans(s: Scenario, schedule: readonly ConnectionRecord[]): Map<string, Planned[]> {
  const fe = s.loadBalancer.frontendIp;
  const ipOf = new Map(s.nodes.map((n) => [n.id, n.ip]));
  const perClient = new Map<string, Planned[]>();
  const portOf = new Map<string, number>();
  for (const c of schedule) {
    const port = (portOf.get(c.client) ?? 20000) + 1;
    portOf.set(c.client, port);
    const direct = c.direct === true;
    const list = perClient.get(c.client) ?? [];
    list.push({
      id: c.id,
      at: c.at,
      host: direct ? (ipOf.get(c.ingressNode ?? '') ?? fe) : fe,
      port: direct ? s.service.nodePort : s.service.port,
      localPort: port,
      direct,
      node: direct ? c.ingressNode : null,
    });
    perClient.set(c.client, list);
  }
  return perClient;
}

/** Send the engine's schedule from every client of the plan at once; resolves with all results. */
export async function sendTraffic(
  ctx: TrafficContext & { duration: number; log: (line: string) => void },
  plan: LabPlan,
  s: Scenario,
  schedule: readonly ConnectionRecord[],
): Promise<{ results: LabResult[]; sent: number }> {
  const perClient = clientPlans(s, schedule);
  ctx.log(`lab.status.sending|${schedule.length}`);
  const startAt = Date.now() + 800;
  const deadlineMs = (ctx.duration + 2) * 1000 + ctx.timeoutMs;
  const runs = plan.clients.map((client) =>
    runClient(ctx, client, perClient.get(client.id) ?? [], startAt, deadlineMs),
  );
  const results = (await Promise.all(runs)).flat();
  return { results, sent: schedule.length };
}
