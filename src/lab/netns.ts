/**
 * Creating and deleting the lab's network namespaces. Every command names a namespace with the
 * lab prefix (`ip netns add|del hbh-…`, `ip -n hbh-… …`, `ip netns exec hbh-… …`), so the host's
 * own interfaces, routes and rules are never touched.
 */
import { readFileSync } from 'node:fs';
import { NS_PREFIX, type LabPlan } from './plan.ts';
import { alive, listStates, removeState, runSync, sleep, type Registry } from './proc.ts';

/** Namespaces whose name starts with the lab prefix. */
export function labNamespaces(): string[] {
  const r = runSync(['ip', 'netns', 'list']);
  return r.stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter((n) => n.startsWith(NS_PREFIX));
}

/** PIDs of the processes living in a namespace. */
export function nsPids(ns: string): number[] {
  return runSync(['ip', 'netns', 'pids', ns])
    .stdout.split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The runId of a lab namespace name (hbh-<run>-<role>). */
export function runIdOf(ns: string): string {
  return ns.slice(NS_PREFIX.length).split('-')[0] ?? '';
}

/** Stop the processes inside the namespaces, then delete the namespaces. */
export async function deleteNamespaces(names: readonly string[]): Promise<number[]> {
  const existing = new Set(labNamespaces());
  const targets = names.filter((n) => n.startsWith(NS_PREFIX) && existing.has(n));
  const pids = [...new Set(targets.flatMap(nsPids))];
  for (const pid of pids) kill(pid, 'SIGTERM');
  const until = Date.now() + 800;
  while (Date.now() < until && pids.some(alive)) await sleep(25);
  for (const pid of pids) if (alive(pid)) kill(pid, 'SIGKILL');
  for (const ns of targets) runSync(['ip', 'netns', 'del', ns]);
  return pids;
}

/** Synchronous variant for the process 'exit' handler. */
export function deleteNamespacesSync(names: readonly string[]): void {
  const existing = new Set(labNamespaces());
  for (const ns of names) {
    if (!ns.startsWith(NS_PREFIX) || !existing.has(ns)) continue;
    for (const pid of nsPids(ns)) kill(pid, 'SIGKILL');
    runSync(['ip', 'netns', 'del', ns]);
  }
}

function kill(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/** True when a state file's owner is a lab process that is still running. */
function ownerRunning(owner: number): boolean {
  if (owner === process.pid || !alive(owner)) return false;
  try {
    return readFileSync(`/proc/${owner}/cmdline`, 'utf8').includes('src/lab/');
  } catch {
    return false;
  }
}

export interface CleanupReport {
  namespaces: string[];
  pids: number[];
  /** Runs left alone because their lab process is still running (use --force). */
  skipped: string[];
}

/** The parent PID of a process (0 when unknown). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Remove what killed runs left: every lab namespace (and the processes in it) and every PID a
 * state file remembers, except runs whose lab process is still alive (unless `force`): known
 * from the state file, or, without one, from a process in the namespace whose parent is a
 * running lab.
 */
export async function cleanupLeftovers(force = false): Promise<CleanupReport> {
  const states = listStates();
  const live = new Set(states.filter((s) => !force && ownerRunning(s.owner)).map((s) => s.runId));
  const all = labNamespaces();
  if (!force) {
    for (const ns of all) {
      if (nsPids(ns).some((pid) => ownerRunning(parentOf(pid)))) live.add(runIdOf(ns));
    }
  }
  const namespaces = all.filter((ns) => !live.has(runIdOf(ns)));
  const pids = await deleteNamespaces(namespaces);
  for (const s of states) {
    if (live.has(s.runId)) continue;
    for (const pid of s.pids) {
      // A remembered PID outside any namespace: only if it is still one of our agents.
      if (alive(pid) && isLabAgent(pid)) {
        kill(pid, 'SIGKILL');
        pids.push(pid);
      }
    }
    removeState(s.runId);
  }
  return { namespaces, pids, skipped: [...live] };
}

function isLabAgent(pid: number): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('src/lab/agents/') || cmd.includes(`netns\0exec\0${NS_PREFIX}`);
  } catch {
    return false;
  }
}

/** Create the planned namespaces, links, addresses and routes; stops at the first failure. */
export function applyPlan(
  plan: LabPlan,
  reg: Registry,
): { ok: true } | { ok: false; step: string; stderr: string } {
  for (const step of plan.steps) {
    if (step[1] === 'netns' && step[2] === 'add' && step[3]) reg.namespace(step[3]);
    const r = runSync(step);
    if (r.code !== 0) return { ok: false, step: step.join(' '), stderr: r.stderr.trim() };
  }
  return { ok: true };
}
