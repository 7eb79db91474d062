/**
 * The Pod servers of a lab run: one podServer agent per planned Pod inside its namespace,
 * started (or restarted) and stopped by Pod id, so that timeline phases can follow the Pods
 * the engine shows exited.
 */
import type { ChildProcess } from 'node:child_process';
import type { LabPlan } from './plan.ts';
import { agentScript, type Registry } from './proc.ts';

/** The running Pod servers of one run, by Pod id. */
export class PodServers {
  private readonly running = new Map<string, ChildProcess>();

  /** `keep`: servers outlive the runner (detached, no stdin) for `--keep`. */
  constructor(
    private readonly reg: Registry,
    private readonly keep: boolean,
  ) {}

  /** Whether the server of this Pod is running. */
  has(pod: string): boolean {
    return this.running.has(pod);
  }

  /** Start the plan's servers (or only those of `only`); resolves once every one is ready. */
  async start(plan: LabPlan, only?: readonly string[]): Promise<void> {
    const agent = agentScript('podServer.ts');
    const waits = plan.servers
      .filter((s) => !only || only.includes(s.pod))
      .map((s) => {
        const argv = ['ip', 'netns', 'exec', s.ns, process.execPath, agent, s.pod, String(s.port)];
        if (this.keep) argv.push('--detached');
        const child = this.reg.spawn(argv, { stdin: this.keep ? 'ignore' : 'pipe' });
        if (this.keep) child.unref();
        this.running.set(s.pod, child);
        child.on('exit', () => {
          if (this.running.get(s.pod) === child) this.running.delete(s.pod);
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

  /** Kill this Pod's server if it still runs; resolves once it exited. */
  async kill(pod: string): Promise<void> {
    const child = this.running.get(pod);
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    }
  }
}
