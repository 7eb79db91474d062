/**
 * Every process and namespace a lab run creates, remembered in memory and in a state file under
 * /run/hbh-lab (tmpfs: gone after a reboot), so that the run can stop and delete them on exit,
 * error, SIGINT/SIGTERM or time-out, and `lab --cleanup` can find what a killed run left.
 * Commands are argv arrays (no shell); setup commands run synchronously with a time limit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of one agent script in src/lab/agents (netns.ts recognises leftover agents by it). */
export function agentScript(file: string): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'agents', file);
}

/** Where run state files live (HOP_LAB_STATE_DIR overrides it for tests). */
export function stateDir(): string {
  return process.env.HOP_LAB_STATE_DIR ?? '/run/hbh-lab';
}

export interface RunState {
  runId: string;
  owner: number;
  startedAt: string;
  namespaces: string[];
  pids: number[];
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run one command synchronously (argv, no shell); never throws. */
export function runSync(argv: readonly string[], input?: string, timeoutMs = 15000): Result {
  const [cmd, ...args] = argv;
  const r = spawnSync(cmd ?? 'false', args, {
    input,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 32 * 1024 * 1024,
  });
  return {
    code: r.status ?? (r.error ? 127 : 1),
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? (r.error ? String(r.error.message) : ''),
  };
}

/** True while a process with this id runs (a zombie waiting for its parent counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The registry of one run. */
export class Registry {
  readonly state: RunState;
  private readonly file: string;
  private readonly children = new Map<number, ChildProcess>();

  constructor(runId: string) {
    this.state = {
      runId,
      owner: process.pid,
      startedAt: new Date().toISOString(),
      namespaces: [],
      pids: [],
    };
    mkdirSync(stateDir(), { recursive: true });
    this.file = path.join(stateDir(), `${runId}.json`);
    this.save();
  }

  private save(): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state)}\n`);
    renameSync(tmp, this.file);
  }

  /** Record a namespace before it is created, so a crash in between still leaves a trace. */
  namespace(name: string): void {
    if (!this.state.namespaces.includes(name)) {
      this.state.namespaces.push(name);
      this.save();
    }
  }

  /** Start a long-running process and remember its PID. */
  spawn(argv: readonly string[], options: { stdin?: 'pipe' | 'ignore' } = {}): ChildProcess {
    const [cmd, ...args] = argv;
    const child = spawn(cmd ?? 'false', args, {
      stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) {
      this.children.set(child.pid, child);
      this.state.pids.push(child.pid);
      this.save();
      child.on('exit', () => {
        if (child.pid !== undefined) this.children.delete(child.pid);
      });
    }
    return child;
  }

  /** PIDs started by this run that are still running. */
  running(): number[] {
    return this.state.pids.filter(alive);
  }

  /** Stop every remembered process: SIGTERM, then SIGKILL after `graceMs`. */
  async stopAll(graceMs = 800): Promise<void> {
    const pids = this.running();
    for (const pid of pids) signal(pid, 'SIGTERM');
    const until = Date.now() + graceMs;
    while (Date.now() < until && pids.some(alive)) await sleep(25);
    for (const pid of pids) if (alive(pid)) signal(pid, 'SIGKILL');
  }

  /** Synchronous last resort (process 'exit' handler): SIGKILL everything still running. */
  killAllSync(): void {
    for (const pid of this.running()) signal(pid, 'SIGKILL');
  }

  /** Forget the run (after everything was removed). */
  remove(): void {
    rmSync(this.file, { force: true });
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** State files of all runs (including dead ones). */
export function listStates(): RunState[] {
  const dir = stateDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as RunState];
      } catch {
        return [];
      }
    });
}

/** Remove the state file of a run. */
export function removeState(runId: string): void {
  rmSync(path.join(stateDir(), `${runId}.json`), { force: true });
}
