/**
 * One lab run: a scenario's topology as network namespaces, the engine's own rules loaded into
 * each node (its iptables-restore text, or its nft script in kube-proxy's nftables mode), bounded traffic from the clients through the stand-in load
 * balancer, and the engine's prediction compared with what the Pods saw. `LabRun.teardown()`
 * stops every process and deletes every namespace the run made; callers run it on every exit path.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  nodeRuleSets,
  runScenario,
  simulate,
  validateScenario,
  type ConnectionRecord,
  type InputIssue,
  type NodeDataPath,
  type Scenario,
} from '../sim/index.ts';
import { startCapture, type Capture } from './capture.ts';
import { labConnections, saveKernelState } from './collect.ts';
import { compareClasses, overallShares, type Check, type ClassRow } from './compare.ts';
import { applyPlan, deleteNamespaces, deleteNamespacesSync } from './netns.ts';
import { replayPhases } from './phases.ts';
import { buildPlan, makeRunId, nsName } from './plan.ts';
import { loadProgram, loadedRules } from './kernelLoad.ts';
import { checkTools, NFT, NFT_FEATURES, probeKernel, type Refusal } from './preflight.ts';
import { Registry, runSync } from './proc.ts';
import { renumber, type RenumberIssue } from './renumber.ts';
import { PodServers } from './servers.ts';
import { labSchedule, predictionSeeds, sendTraffic, type TrafficContext } from './traffic.ts';

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

/** A lab run in progress; owns its registry of namespaces and processes. */
export class LabRun {
  readonly runId: string;
  readonly reg: Registry;
  private namespaces: string[] = [];
  private tornDown = false;
  private aborted = false;
  /** The running Pod servers (timeline phases stop and restart some). */
  private readonly servers: PodServers;

  constructor(private readonly opts: LabOptions) {
    this.runId = makeRunId(process.pid ^ (Date.now() & 0xffff));
    this.reg = new Registry(this.runId);
    this.servers = new PodServers(this.reg, opts.keep);
  }

  /** What the traffic of this run needs; `aborted` reads the flag live. */
  private get traffic(): TrafficContext {
    return { reg: this.reg, timeoutMs: this.opts.timeoutMs, aborted: () => this.aborted };
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

  /** Build, load, drive and compare the run; the caller tears it down afterwards, on every path. */
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
    const rulesByNode: Record<string, NodeDataPath> = {};
    for (const [node, list] of Object.entries(nodeRuleSets(predicted))) {
      const first = list[0];
      if (first) rulesByNode[node] = first;
    }
    const rotation = lab.nodes
      .filter((n) => predicted.initialLbRotation?.[n.id] === true)
      .map((n) => n.id);

    // Preflight: tools, then the kernel's netfilter pieces in a scratch namespace.
    // kube-proxy's nftables mode needs nft (and the kernel's nftables pieces) on top.
    const nft = Object.values(rulesByNode).some((rs) => rs.kind === 'nftables');
    const pre = checkTools((argv) => runSync(argv), {
      platform: process.platform,
      uid: process.getuid?.() ?? -1,
      capture: o.capture !== null,
      nft,
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
    const missing =
      probeKernel((text) => runSync(['ip', 'netns', 'exec', probeNs, tools.restore], text)) ??
      (nft
        ? probeKernel(
            (text) => runSync(['ip', 'netns', 'exec', probeNs, NFT, '-f', '-'], text),
            NFT_FEATURES,
            'kernelNft',
          )
        : null);
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
      write(`rules-${nr.node}.${nr.loader === 'nft' ? 'nft' : 'txt'}`, nr.text);
      const r = loadProgram(nr.ns, nr, tools);
      if (r.code !== 0) {
        const tool = nr.loader === 'nft' ? `${NFT} -f` : tools.restore;
        return {
          ok: false,
          failure: { kind: 'setup', step: `${tool} (${nr.node})`, error: r.stderr.trim() },
        };
      }
      const loaded = loadedRules(nr.ns, nr.loader, tools).rules;
      rulesCheck.push({ node: nr.node, emitted: nr.rules, loaded, ok: nr.rules === loaded });
    }
    write('lb-rules.txt', plan.lbRules);
    const lbLoad = runSync(['ip', 'netns', 'exec', plan.lbNs, tools.restore], plan.lbRules);
    if (lbLoad.code !== 0) {
      return {
        ok: false,
        failure: { kind: 'setup', step: `${tools.restore} (lb)`, error: lbLoad.stderr.trim() },
      };
    }
    const nftNodes = plan.nodeRules.some((r) => r.loader === 'nft');
    o.log(`lab.status.${nftNodes ? 'nftLoaded' : 'rulesLoaded'}|${plan.nodeRules.length}`);

    // Pods.
    await this.servers.start(plan);
    o.log(`lab.status.serversReady|${plan.servers.length}`);
    // Capture.
    let capture: Capture | null = null;
    if (o.capture !== null) capture = await startCapture(this.reg, plan, o.capture, outDir);

    // Traffic.
    const { results, sent } = await sendTraffic(
      { ...this.traffic, duration: o.duration, log: o.log },
      plan,
      lab,
      predicted.connections,
    );
    if (capture) await capture.stop();

    // What the kernel kept: conntrack and counters, for the projector and for the ingress node.
    const lbCt = saveKernelState(plan, lab, tools, write);
    if (capture) {
      files.push(capture.file);
      write(`capture-${o.capture ?? ''}.txt`, capture.decode());
    }
    const labConns = labConnections(results, lbCt, lab, plan);
    const rows = compareClasses(engineConns, labConns);
    if (labFull.timeline.length > 0 && o.phases) {
      const ctx = { ...this.traffic, seed: o.seed };
      rows.push(...(await replayPhases(ctx, plan, labFull, tools, this.servers, write)));
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
}
