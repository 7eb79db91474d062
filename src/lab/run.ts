/**
 * One lab run: a scenario's topology as network namespaces, the engine's own iptables-restore
 * text loaded into each node, bounded traffic from the clients through the stand-in load
 * balancer, and the engine's prediction compared with what the Pods saw. `LabRun.teardown()`
 * stops every process and deletes every namespace the run made; callers run it on every exit path.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  connectionRuleSet,
  iptablesRestore,
  nodeRuleSets,
  runScenario,
  simulate,
  stateAt,
  validateScenario,
  type ConnectionRecord,
  type InputIssue,
  type RuleSet,
  type Scenario,
} from '../sim/index.ts';
import {
  compareClasses,
  overallShares,
  type Check,
  type ClassRow,
  type Kind,
  type LabConnection,
} from './compare.ts';
import type { Planned as AgentPlanned } from './agents/client.ts';
import { applyPlan, deleteNamespaces, deleteNamespacesSync } from './netns.ts';
import { buildPlan, makeRunId, nsName, type LabPlan } from './plan.ts';
import { checkTools, probeKernel, type Refusal, type Tools } from './preflight.ts';
import { Registry, runSync, sleep } from './proc.ts';
import { renumber, type RenumberIssue } from './renumber.ts';

/** Bounds: the lab never sends more than this, and never runs longer than this. */
export const LIMITS = {
  connections: 5000,
  durationS: 60,
  timeLimitS: 600,
  timeoutMs: 10000,
} as const;

export interface LabOptions {
  target: string | unknown;
  seed: number;
  overrides: Record<string, string>;
  /** Connections through the load balancer (spread round-robin over the clients). */
  connections: number;
  /** Seconds over which the connections are spread. */
  duration: number;
  /** Per-connection timeout of the client (a silent DROP shows up as this). */
  timeoutMs: number;
  capture: string | null;
  keep: boolean;
  /** Replay a timeline's data-path phases with direct connections to every node. */
  phases: boolean;
  outDir: string;
  log: (line: string) => void;
}

export type LabFailure =
  | { kind: 'input'; issues: InputIssue[] }
  | { kind: 'refused'; refusals: Refusal[] }
  | { kind: 'address'; issue: RenumberIssue }
  | { kind: 'setup'; step: string; error: string };

export interface LabReport {
  scenario: string;
  runId: string;
  labScenario: Scenario;
  addressMap: Record<string, string>;
  rows: ClassRow[];
  overall: Check;
  rules: Array<{ node: string; emitted: number; loaded: number; ok: boolean }>;
  ok: boolean;
  notes: string[];
  outDir: string;
  files: string[];
  sent: number;
  seconds: number;
}

const AGENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'agents');

/** The number of `-A` lines per table of an iptables(-save/-restore) text. */
export function ruleCount(text: string): number {
  return text.split('\n').filter((l) => l.startsWith('-A ')).length;
}

/** One conntrack -L line: original source and port, and where the reply comes from. */
export interface CtEntry {
  src: string;
  sport: number;
  dst: string;
  replySrc: string;
  mark: number;
}

/** Parse `conntrack -L -p tcp` output (each line: original tuple, then reply tuple). */
export function parseConntrack(text: string): CtEntry[] {
  const out: CtEntry[] = [];
  for (const line of text.split('\n')) {
    const src = [...line.matchAll(/\bsrc=(\S+)/g)].map((m) => m[1] ?? '');
    const dst = [...line.matchAll(/\bdst=(\S+)/g)].map((m) => m[1] ?? '');
    const sport = [...line.matchAll(/\bsport=(\d+)/g)].map((m) => Number(m[1]));
    const mark = /\bmark=(\d+)/.exec(line);
    if (src.length < 2 || dst.length < 1 || sport.length < 1) continue;
    out.push({
      src: src[0] ?? '',
      sport: sport[0] ?? 0,
      dst: dst[0] ?? '',
      replySrc: src[1] ?? '',
      mark: mark ? Number(mark[1]) : 0,
    });
  }
  return out;
}

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

/** A lab run in progress; owns its registry of namespaces and processes. */
export class LabRun {
  readonly runId: string;
  readonly reg: Registry;
  private namespaces: string[] = [];
  private tornDown = false;
  private aborted = false;

  constructor(private readonly opts: LabOptions) {
    this.runId = makeRunId(process.pid ^ (Date.now() & 0xffff));
    this.reg = new Registry(this.runId);
  }

  /** Stop early (SIGINT/SIGTERM/time-out): clients stop sending, teardown follows. */
  abort(): void {
    this.aborted = true;
  }

  /** Stop every process and delete every namespace of the run (idempotent). */
  async teardown(): Promise<void> {
    if (this.tornDown) return;
    this.tornDown = true;
    await this.reg.stopAll();
    await deleteNamespaces(this.reg.state.namespaces);
    this.reg.remove();
  }

  /** Last resort from a synchronous 'exit' handler. */
  teardownSync(): void {
    if (this.tornDown) return;
    this.tornDown = true;
    this.reg.killAllSync();
    deleteNamespacesSync(this.reg.state.namespaces);
    this.reg.remove();
  }

  /** Whether teardown already ran. */
  get done(): boolean {
    return this.tornDown;
  }

  /** The namespaces this run created so far. */
  get created(): string[] {
    return [...this.namespaces];
  }

  async run(): Promise<{ ok: true; report: LabReport } | { ok: false; failure: LabFailure }> {
    const o = this.opts;
    const started = Date.now();
    const notes: string[] = [];
    const resolved = runScenario(o.target, { seed: o.seed, overrides: o.overrides });
    if (!resolved.ok) return { ok: false, failure: { kind: 'input', issues: resolved.issues } };
    const base = resolved.result.resolved;
    if (base.timeline.length > 0) notes.push('timeline');
    const renum = renumber(base);
    if (!renum.ok) return { ok: false, failure: { kind: 'address', issue: renum.issue } };
    // The timeline is replayed as phases (below); t = 0 runs the steady state.
    const labFull = renum.value.scenario;
    const lab: Scenario = { ...labFull, timeline: [] };
    const valid = validateScenario(lab);
    if (!valid.ok) return { ok: false, failure: { kind: 'input', issues: valid.issues } };
    if (o.capture !== null && !lab.nodes.some((n) => n.id === o.capture)) {
      return {
        ok: false,
        failure: {
          kind: 'input',
          issues: [
            {
              path: '--capture',
              code: 'unknownReference',
              params: { values: lab.nodes.map((n) => n.id), received: o.capture },
            },
          ],
        },
      };
    }
    const schedule = labSchedule(lab, o.connections, o.duration);
    const predicted = simulate(schedule, { seed: o.seed });
    // The kernel draws its own random numbers: pool the engine over seeds for the shares.
    const engineConns: ConnectionRecord[] = [...predicted.connections];
    for (let k = 1; k < predictionSeeds(o.connections); k++) {
      engineConns.push(...simulate(schedule, { seed: o.seed + k }).connections);
    }
    const rulesByNode: Record<string, RuleSet> = {};
    for (const [node, list] of Object.entries(nodeRuleSets(predicted))) {
      const first = list[0];
      if (first) rulesByNode[node] = first;
    }
    const rotation = lab.nodes
      .filter((n) => predicted.initialLbRotation?.[n.id] === true)
      .map((n) => n.id);

    // Preflight: tools, then the kernel's netfilter pieces in a scratch namespace.
    const pre = checkTools((argv) => runSync(argv), {
      platform: process.platform,
      uid: process.getuid?.() ?? -1,
      capture: o.capture !== null,
    });
    if (!pre.ok) return { ok: false, failure: { kind: 'refused', refusals: pre.refusals } };
    const tools = pre.tools;
    const probeNs = `${nsName(this.runId, 'lb')}probe`;
    this.reg.namespace(probeNs);
    const add = runSync(['ip', 'netns', 'add', probeNs]);
    if (add.code !== 0) {
      return {
        ok: false,
        failure: { kind: 'refused', refusals: [{ code: 'netns', detail: add.stderr.trim() }] },
      };
    }
    const missing = probeKernel((text) =>
      runSync(['ip', 'netns', 'exec', probeNs, tools.restore], text),
    );
    await deleteNamespaces([probeNs]);
    if (missing) return { ok: false, failure: { kind: 'refused', refusals: [missing] } };

    // Topology and rules.
    const plan = buildPlan(this.runId, lab, rulesByNode, rotation);
    o.log(`lab.status.creating|${plan.namespaces.length}`);
    const applied = applyPlan(plan, this.reg);
    this.namespaces = [...this.reg.state.namespaces];
    if (!applied.ok) {
      return { ok: false, failure: { kind: 'setup', step: applied.step, error: applied.stderr } };
    }
    const outDir = o.outDir;
    mkdirSync(outDir, { recursive: true });
    const files: string[] = [];
    const write = (name: string, text: string): void => {
      const f = path.join(outDir, name);
      writeFileSync(f, text);
      files.push(f);
    };
    const rulesCheck: LabReport['rules'] = [];
    for (const nr of plan.nodeRules) {
      write(`rules-${nr.node}.txt`, nr.text);
      const r = runSync(['ip', 'netns', 'exec', nr.ns, tools.restore], nr.text);
      if (r.code !== 0) {
        return {
          ok: false,
          failure: { kind: 'setup', step: `${tools.restore} (${nr.node})`, error: r.stderr.trim() },
        };
      }
      const saved = runSync(['ip', 'netns', 'exec', nr.ns, tools.save]).stdout;
      rulesCheck.push({
        node: nr.node,
        emitted: ruleCount(nr.text),
        loaded: ruleCount(saved),
        ok: ruleCount(nr.text) === ruleCount(saved),
      });
    }
    write('lb-rules.txt', plan.lbRules);
    const lbLoad = runSync(['ip', 'netns', 'exec', plan.lbNs, tools.restore], plan.lbRules);
    if (lbLoad.code !== 0) {
      return {
        ok: false,
        failure: { kind: 'setup', step: `${tools.restore} (lb)`, error: lbLoad.stderr.trim() },
      };
    }
    o.log(`lab.status.rulesLoaded|${plan.nodeRules.length}`);

    // Pods.
    await this.startServers(plan);
    o.log(`lab.status.serversReady|${plan.servers.length}`);
    // Capture.
    let capture: { file: string; stop: () => Promise<void> } | null = null;
    if (o.capture !== null) capture = await this.startCapture(plan, o.capture, outDir);

    // Traffic.
    const { results, sent } = await this.traffic(plan, lab, predicted.connections);
    if (capture) await capture.stop();

    // What the kernel kept: conntrack and counters, for the projector and for the ingress node.
    const lbCt = runSync(['ip', 'netns', 'exec', plan.lbNs, 'conntrack', '-L', '-p', 'tcp']).stdout;
    write('conntrack-lb.txt', lbCt);
    for (const n of lab.nodes) {
      const ns = plan.nodeNs[n.id] ?? '';
      write(
        `conntrack-${n.id}.txt`,
        runSync(['ip', 'netns', 'exec', ns, 'conntrack', '-L', '-p', 'tcp']).stdout,
      );
      write(
        `iptables-save-${n.id}.txt`,
        runSync(['ip', 'netns', 'exec', ns, tools.save, '-c']).stdout,
      );
    }
    if (capture) {
      files.push(capture.file);
      // Decode inside the node's namespace: the capture names interfaces by their index there.
      const ns = plan.nodeNs[o.capture ?? ''] ?? '';
      write(
        `capture-${o.capture ?? ''}.txt`,
        runSync(['ip', 'netns', 'exec', ns, 'tcpdump', '-nn', '-r', capture.file]).stdout,
      );
    }
    const ct = parseConntrack(lbCt);
    const byTuple = new Map(ct.map((e) => [`${e.src}:${e.sport}`, e]));
    const nodeByIp = new Map(lab.nodes.map((n) => [n.ip, n.id]));
    const labConns: LabConnection[] = results.map((r) => {
      const e = byTuple.get(`${r.clientIp}:${r.localPort}`);
      let ingress: string | null = null;
      if (r.direct) ingress = r.node;
      else if (e && lab.loadBalancer.delivery === 'vip')
        ingress = plan.rotation[e.mark - 1] ?? null;
      else if (e) ingress = nodeByIp.get(e.replySrc) ?? null;
      return {
        id: r.id,
        client: r.client,
        ingressNode: ingress,
        direct: r.direct,
        kind: r.kind,
        pod: r.pod,
        src: r.src,
      };
    });
    const rows = compareClasses(engineConns, labConns);
    if (labFull.timeline.length > 0 && o.phases) {
      rows.push(...(await this.phases(plan, labFull, tools, write)));
    }
    const overall = overallShares(engineConns, labConns);
    const addresses = Object.entries(renum.value.map)
      .map(([from, to]) => `${from.padEnd(18)} → ${to}`)
      .join('\n');
    write('addresses.txt', `${addresses}\n`);
    const report: LabReport = {
      scenario: base.id,
      runId: this.runId,
      labScenario: lab,
      addressMap: renum.value.map,
      rows,
      overall,
      rules: rulesCheck,
      ok: rows.every((r) => r.ok) && overall.ok && rulesCheck.every((r) => r.ok) && !this.aborted,
      notes,
      outDir,
      files,
      sent,
      seconds: (Date.now() - started) / 1000,
    };
    write(
      'results.json',
      `${JSON.stringify({ ...report, labScenario: undefined, connections: labConns }, null, 1)}\n`,
    );
    return { ok: true, report };
  }

  /** The running Pod servers, by Pod id. */
  private readonly servers = new Map<string, ChildProcess>();

  private async startServers(plan: LabPlan, only?: readonly string[]): Promise<void> {
    const agent = path.join(AGENTS, 'podServer.ts');
    const waits = plan.servers
      .filter((s) => !only || only.includes(s.pod))
      .map((s) => {
        const argv = ['ip', 'netns', 'exec', s.ns, process.execPath, agent, s.pod, String(s.port)];
        if (this.opts.keep) argv.push('--detached');
        const child = this.reg.spawn(argv, { stdin: this.opts.keep ? 'ignore' : 'pipe' });
        if (this.opts.keep) child.unref();
        this.servers.set(s.pod, child);
        child.on('exit', () => {
          if (this.servers.get(s.pod) === child) this.servers.delete(s.pod);
        });
        return new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${s.pod}: server did not start`)),
            15000,
          );
          child.stdout?.on('data', (d: Buffer) => {
            if (d.toString().includes('ready')) {
              clearTimeout(timer);
              resolve();
            }
          });
          child.on('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`${s.pod}: server exited (${code ?? 'signal'})`));
          });
        });
      });
    await Promise.all(waits);
  }

  private async startCapture(
    plan: LabPlan,
    node: string,
    outDir: string,
  ): Promise<{ file: string; stop: () => Promise<void> }> {
    const file = path.join(outDir, `capture-${node}.pcap`);
    const ns = plan.nodeNs[node] ?? '';
    // Bounded: at most 5000 packets, TCP only, written packet by packet.
    const child = this.reg.spawn(
      [
        'ip',
        'netns',
        'exec',
        ns,
        'tcpdump',
        '-i',
        'any',
        '-nn',
        '-U',
        '-c',
        '5000',
        '-w',
        file,
        'tcp',
      ],
      { stdin: 'ignore' },
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      child.stderr?.on('data', (d: Buffer) => {
        if (d.toString().includes('listening')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    return {
      file,
      stop: async () => {
        await sleep(200);
        if (child.exitCode === null) child.kill('SIGINT');
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null) resolve();
          else child.on('exit', () => resolve());
          setTimeout(resolve, 2000);
        });
      },
    };
  }

  /**
   * A timeline's data path, phase by phase: between two changes of rules or liveness (a sync,
   * a Pod exit, kube-proxy stopping, the node leaving the network) every node gets the rules
   * the engine had compiled for it at that moment, Pods the engine shows exited are stopped,
   * nodes off the network are cut from the fabric, and client-1 sends direct connections to
   * every node's NodePort. The load balancer and its probes are not involved.
   */
  private async phases(
    plan: LabPlan,
    s: Scenario,
    tools: Tools,
    write: (name: string, text: string) => void,
  ): Promise<ClassRow[]> {
    const o = this.opts;
    const client = plan.clients[0];
    if (!client) return [];
    const changes = new Set([
      'pod.terminating',
      'endpoint.changed',
      'kubeProxy.synced',
      'pod.exited',
      'kubeProxy.stopped',
      'node.offline',
      'node.online',
    ]);
    const first = simulate(s, { seed: o.seed });
    const times = [
      ...new Set(first.events.filter((e) => changes.has(e.type)).map((e) => e.at)),
    ].sort((a, b) => a - b);
    const at = [Math.min(0.5, (times[0] ?? 1) / 2)];
    times.forEach((t, i) => at.push(i + 1 < times.length ? (t + (times[i + 1] ?? t)) / 2 : t + 1));
    const phases = at.slice(0, 12);
    const K = 10;
    const probes = phases.flatMap((t) =>
      s.nodes.flatMap((n) =>
        Array.from({ length: K }, (_, j) => ({
          at: t + j * 0.0005,
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
      c.direct === true && c.client === client.id && c.at >= t && c.at < t + K * 0.0005 + 1e-9;
    const main = simulate(probed, { seed: o.seed });
    const pooled: ConnectionRecord[] = [...main.connections];
    for (let k = 1; k < 10; k++) pooled.push(...simulate(probed, { seed: o.seed + k }).connections);
    const rows: ClassRow[] = [];
    const nodeIndex = new Map(s.nodes.map((n, i) => [n.id, i]));
    const fab = plan.namespaces.find((n) => n.role === 'fabric')?.name ?? '';
    const written = new Set<number>();
    let port = 40000;
    for (const t of phases) {
      if (this.aborted) break;
      const state = stateAt(main, t);
      for (const n of s.nodes) {
        const rec = main.connections.find((c) => inPhase(c, t) && c.ingressNode === n.id);
        const rs = rec ? connectionRuleSet(main, rec.id) : undefined;
        const ns = plan.nodeNs[n.id] ?? '';
        if (rs) {
          const text = iptablesRestore(rs, [`Hop by Hop lab: ${s.id}, ${n.id} at t = ${t} s`]);
          if (!written.has(rs.id)) {
            write(`rules-${n.id}-set${rs.id}.txt`, text);
            written.add(rs.id);
          }
          runSync(['ip', 'netns', 'exec', ns, tools.restore], text);
        }
        const up = state.nodes[n.id]?.dataPathForwarding !== false;
        const fabIf = `n${(nodeIndex.get(n.id) ?? 0) + 1}`;
        runSync(['ip', '-n', fab, 'link', 'set', fabIf, up ? 'up' : 'down']);
      }
      // Pods the engine shows exited stop; the others (re)start.
      const stop = plan.servers.filter((x) => state.pods[x.pod]?.phase === 'exited');
      for (const x of stop) {
        const child = this.servers.get(x.pod);
        if (child && child.exitCode === null) {
          child.kill('SIGKILL');
          await new Promise<void>((resolve) => child.once('exit', () => resolve()));
        }
      }
      const missing = plan.servers
        .filter((x) => state.pods[x.pod]?.phase !== 'exited' && !this.servers.has(x.pod))
        .map((x) => x.pod);
      if (missing.length > 0) await this.startServers(plan, missing);
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
      const results = await this.runClient(client, planned, Date.now() + 200, 5000 + o.timeoutMs);
      const lab: LabConnection[] = results.map((r) => ({
        id: r.id,
        client: r.client,
        ingressNode: r.node,
        direct: true,
        kind: r.kind,
        pod: r.pod,
        src: r.src,
      }));
      const label = `t = ${Math.round(t * 100) / 100} s: `;
      for (const row of compareClasses(
        pooled.filter((c) => inPhase(c, t)),
        lab,
      )) {
        rows.push({ ...row, key: `${label}${row.key}` });
      }
    }
    return rows;
  }

  /** Run one client agent over its planned connections; resolves with its results. */
  private async runClient(
    client: { id: string; ns: string; ip: string },
    planned: readonly Planned[],
    startAt: number,
    deadlineMs: number,
  ): Promise<LabResult[]> {
    const o = this.opts;
    if (planned.length === 0 || this.aborted) return [];
    const agent = path.join(AGENTS, 'client.ts');
    const child = this.reg.spawn(['ip', 'netns', 'exec', client.ns, process.execPath, agent]);
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
        timeoutMs: o.timeoutMs,
        deadlineMs,
      }),
    );
    const byId = new Map(planned.map((p) => [p.id, p]));
    const out: LabResult[] = [];
    let buffer = '';
    await new Promise<void>((resolve) => {
      const stopper = setInterval(() => {
        if (this.aborted && child.exitCode === null) child.kill('SIGTERM');
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

  private async traffic(
    plan: LabPlan,
    s: Scenario,
    schedule: readonly ConnectionRecord[],
  ): Promise<{ results: LabResult[]; sent: number }> {
    const o = this.opts;
    const fe = s.loadBalancer.frontendIp;
    const ipOf = new Map(s.nodes.map((n) => [n.id, n.ip]));
    // The engine's own schedule: the same clients, times and direct connections.
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
    o.log(`lab.status.sending|${schedule.length}`);
    const startAt = Date.now() + 800;
    const deadlineMs = (o.duration + 2) * 1000 + o.timeoutMs;
    const runs = plan.clients.map((client) =>
      this.runClient(client, perClient.get(client.id) ?? [], startAt, deadlineMs),
    );
    const results = (await Promise.all(runs)).flat();
    return { results, sent: schedule.length };
  }
}

/** A connection of the agent's plan, plus what the runner needs to compare it afterwards. */
interface Planned extends AgentPlanned {
  direct: boolean;
  node: string | null;
}

interface LabResult {
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

export type { Tools };
