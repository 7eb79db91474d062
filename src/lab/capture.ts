/**
 * `--capture NODE`: a bounded tcpdump inside one node's namespace for the whole traffic phase,
 * written packet by packet to capture-<node>.pcap in the run's output directory.
 */
import path from 'node:path';
import type { LabPlan } from './plan.ts';
import { runSync, sleep, type Registry } from './proc.ts';

/** A running capture: its pcap file, how to stop it once the traffic is done, and its text. */
export interface Capture {
  file: string;
  stop: () => Promise<void>;
  /** The stopped capture as tcpdump's text (`tcpdump -nn -r`). */
  decode: () => string;
}

/** Start tcpdump in `node`'s namespace; resolves once it listens (or after 2 s). */
export async function startCapture(
  reg: Registry,
  plan: LabPlan,
  node: string,
  outDir: string,
): Promise<Capture> {
  const file = path.join(outDir, `capture-${node}.pcap`);
  const ns = plan.nodeNs[node] ?? '';
  // Bounded: at most 5000 packets, TCP only, written packet by packet.
  const child = reg.spawn(
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
    // Decode inside the node's namespace: the capture names interfaces by their index there.
    decode: () => runSync(['ip', 'netns', 'exec', ns, 'tcpdump', '-nn', '-r', file]).stdout,
  };
}
