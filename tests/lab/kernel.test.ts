/**
 * Tests that need a real kernel: root, `ip netns` and iptables with the nf_tables backend. On
 * any other machine they are skipped, and the suite title says why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { iptablesRestore, nodeRuleSets, runScenario, scenarioIds } from '../../src/sim/index.ts';
import { nftRuleCount } from '../../src/lab/kernelLoad.ts';
import { iptablesRuleSets } from '../sim/helpers.ts';
import { ruleCount } from '../../src/lab/collect.ts';

const root = path.resolve(__dirname, '../..');
const sh = (cmd: string, args: string[], input?: string) =>
  spawnSync(cmd, args, { input, encoding: 'utf8', timeout: 20000 });

function why(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root';
  if (sh('iptables-nft-restore', ['--version']).status !== 0) return 'no iptables-nft-restore';
  const probe = `hbh-vt${process.pid % 1000}-probe`;
  if (sh('ip', ['netns', 'add', probe]).status !== 0) return 'ip netns add fails';
  sh('ip', ['netns', 'del', probe]);
  return null;
}
const reason = why();
const title = reason ? `real kernel (skipped: ${reason})` : 'real kernel';

const stateDir = mkdtempSync(path.join(os.tmpdir(), 'hbh-state-'));
const outDir = mkdtempSync(path.join(os.tmpdir(), 'hbh-out-'));
afterAll(() => {
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

const labNs = (): string[] =>
  sh('ip', ['netns', 'list'])
    .stdout.split('\n')
    .map((l) => l.split(' ')[0] ?? '')
    .filter((n) => n.startsWith('hbh-'));
/** Running (a zombie waiting for its parent to reap it does not count). */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

interface State {
  runId: string;
  owner: number;
  namespaces: string[];
  pids: number[];
}
const states = (): State[] =>
  existsSync(stateDir)
    ? readdirSync(stateDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(stateDir, f), 'utf8')) as State)
    : [];

/** Start the lab CLI directly (no npm wrapper), so its PID is the lab's own. */
function startLab(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/lab/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, HOP_LAB_STATE_DIR: stateDir, LANG: 'C', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, sig) => resolve(code ?? (sig ? 128 : 1))),
  );
  return { child, exited, output: () => out };
}

/** Wait until a run has its Pods listening (state file with Pod namespaces and PIDs). */
async function waitForPods(ms = 30000): Promise<State> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const s = states().find(
      (x) => x.namespaces.some((n) => /-p\d+$/.test(n)) && x.pids.length >= 2,
    );
    if (s && s.namespaces.every((n) => labNs().includes(n) || n.endsWith('probe'))) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the lab did not get its Pods up');
}

describe.skipIf(reason !== null)(title, { timeout: 90_000 }, () => {
  it('loads every node rule set of every built-in scenario into the kernel, rule for rule', () => {
    const ns = `hbh-vt${process.pid % 1000}-load`;
    expect(sh('ip', ['netns', 'add', ns]).status).toBe(0);
    try {
      for (const id of scenarioIds) {
        const r = runScenario(id);
        if (!r.ok) throw new Error(id);
        // An eBPF node has no kube-proxy rules to load.
        if (r.result.resolved.dataPath === 'ebpf') continue;
        for (const [node, sets] of Object.entries(iptablesRuleSets(r.result))) {
          for (const rs of sets) {
            const text = iptablesRestore(rs);
            const load = sh('ip', ['netns', 'exec', ns, 'iptables-nft-restore'], text);
            expect(load.status, `${id} ${node} #${rs.id}: ${load.stderr}`).toBe(0);
            const saved = sh('ip', ['netns', 'exec', ns, 'iptables-nft-save']).stdout;
            expect(ruleCount(saved), `${id} ${node}`).toBe(ruleCount(text));
            // The kernel keeps kube-proxy's chain names and comments.
            for (const chain of [...rs.nat.keys()]) expect(saved).toContain(`:${chain} `);
          }
        }
      }
    } finally {
      sh('ip', ['netns', 'del', ns]);
    }
  });

  it.skipIf(sh('nft', ['--version']).status !== 0)(
    'loads every node table of every built-in scenario in nftables mode with nft -f, rule for rule',
    () => {
      const ns = `hbh-vt${process.pid % 1000}-nft`;
      expect(sh('ip', ['netns', 'add', ns]).status).toBe(0);
      try {
        let tables = 0;
        for (const id of scenarioIds) {
          const r = runScenario(id, { overrides: { 'kubeProxy.mode': 'nftables' } });
          if (!r.ok) throw new Error(id);
          // An eBPF node has no kube-proxy rules to load.
          if (r.result.resolved.dataPath === 'ebpf') continue;
          for (const [node, sets] of Object.entries(nodeRuleSets(r.result))) {
            for (const rs of sets) {
              const program = rs.kernel();
              expect(program.loader).toBe('nft');
              // A later sync replaces the earlier table in the same namespace (one transaction).
              const load = sh('ip', ['netns', 'exec', ns, 'nft', '-f', '-'], program.text);
              expect(load.status, `${id} ${node} #${rs.id}: ${load.stderr}`).toBe(0);
              const json = sh('ip', [
                'netns',
                'exec',
                ns,
                'nft',
                '-j',
                'list',
                'table',
                'ip',
                'kube-proxy',
              ]);
              expect(nftRuleCount(json.stdout), `${id} ${node}`).toBe(program.rules);
              // The kernel keeps kube-proxy's chain names, slashes and all.
              const listing = sh('ip', [
                'netns',
                'exec',
                ns,
                'nft',
                'list',
                'table',
                'ip',
                'kube-proxy',
              ]);
              for (const h of r.result.featured.flatMap((t) => t.hops.flatMap((x) => x.rules)))
                if (
                  h.rule === 'service' &&
                  h.chain.length > 0 &&
                  rs.node === r.result.featured[0]?.record.ingressNode
                )
                  expect(listing.stdout).toContain(`chain ${h.chain} {`);
              tables++;
            }
          }
        }
        expect(tables).toBeGreaterThan(40);
      } finally {
        sh('ip', ['netns', 'del', ns]);
      }
    },
  );

  it('a killed run leaves namespaces; --cleanup removes them and every process', async () => {
    const lab = startLab(['cluster-snat', '--duration', '30', '--out', outDir]);
    const state = await waitForPods();
    expect(state.owner).toBe(lab.child.pid);
    lab.child.kill('SIGKILL');
    await lab.exited;
    const left = labNs().filter((n) => n.startsWith(`hbh-${state.runId}-`));
    expect(left.length).toBeGreaterThanOrEqual(7);
    const cleanup = startLab(['--cleanup']);
    expect(await cleanup.exited).toBe(0);
    expect(cleanup.output()).toMatch(/removed \d+ namespaces/);
    expect(labNs().filter((n) => n.startsWith(`hbh-${state.runId}-`))).toEqual([]);
    const last = states().find((s) => s.runId === state.runId);
    expect(last).toBeUndefined();
    for (const pid of state.pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });

  it('SIGINT stops the run and removes everything it created', async () => {
    const lab = startLab(['local', '--duration', '30', '--out', outDir]);
    const state = await waitForPods();
    lab.child.kill('SIGINT');
    expect(await lab.exited).toBe(130);
    expect(labNs().filter((n) => n.startsWith(`hbh-${state.runId}-`))).toEqual([]);
    for (const pid of state.pids) expect(alive(pid)).toBe(false);
    expect(states().find((s) => s.runId === state.runId)).toBeUndefined();
  });

  it('the wall-clock limit stops the run (exit 4) and removes everything', async () => {
    const lab = startLab(['local', '--duration', '30', '--time-limit', '6', '--out', outDir]);
    const state = await waitForPods();
    expect(await lab.exited).toBe(4);
    expect(lab.output()).toContain('time limit of 6 s');
    expect(labNs().filter((n) => n.startsWith(`hbh-${state.runId}-`))).toEqual([]);
    for (const pid of state.pids) expect(alive(pid)).toBe(false);
  });

  it('refuses with the missing tool named, and creates nothing', async () => {
    // A PATH with every tool the lab needs except conntrack.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'hbh-bin-'));
    for (const tool of [
      'ip',
      'sysctl',
      'iptables-nft-restore',
      'iptables-nft-save',
      'iptables-restore',
      'iptables-save',
      'tcpdump',
    ]) {
      const where = sh('sh', ['-c', `command -v ${tool}`]).stdout.trim();
      if (where) symlinkSync(where, path.join(bin, tool));
    }
    const before = labNs();
    const lab = startLab(['local', '--out', outDir], { PATH: bin });
    expect(await lab.exited).toBe(3);
    expect(lab.output()).toContain(
      'The tool conntrack is missing. On Debian: apt-get install conntrack',
    );
    expect(labNs()).toEqual(before);
    rmSync(bin, { recursive: true, force: true });
  });
});
