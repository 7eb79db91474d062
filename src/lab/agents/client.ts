/**
 * The lab's client: opens the planned TCP connections at their planned times (the engine's own
 * schedule, relative to a shared start), one source port each, with a per-connection timeout and
 * an overall deadline; reads the Pod's one-line answer and prints one JSON result per
 * connection. Runs inside a client namespace; imports only node:*. The plan arrives on stdin.
 */
import net from 'node:net';

/** One connection the client agent opens (the runner's plan extends it). */
export interface Planned {
  id: number;
  /** Seconds after the shared start. */
  at: number;
  host: string;
  port: number;
  localPort: number;
}
interface Plan {
  localAddress: string;
  /** Epoch milliseconds of t = 0 (shared by every client of the run). */
  startAt: number;
  connections: Planned[];
  timeoutMs: number;
  deadlineMs: number;
}

function classify(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'unreachable';
    default:
      return 'error';
  }
}

function one(plan: Plan, c: Planned): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let data = '';
    let connected = false;
    let settled = false;
    const socket = net.connect({
      host: c.host,
      port: c.port,
      localAddress: plan.localAddress,
      localPort: c.localPort,
    });
    const done = (outcome: string, extra: Record<string, unknown> = {}): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({ id: c.id, outcome, connected, ms: Math.round(ms * 10) / 10, ...extra });
    };
    const timer = setTimeout(() => done('timeout'), plan.timeoutMs);
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(data.trim()) as Record<string, unknown>;
        done('ok', { pod: answer.pod, src: answer.src });
      } catch {
        done('error', { code: 'badAnswer' });
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      done(classify(err.code), { code: err.code }),
    );
  });
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const plan = JSON.parse(input) as Plan;
  const deadline = plan.startAt + plan.deadlineMs;
  const write = (r: Record<string, unknown>): void =>
    void process.stdout.write(`${JSON.stringify(r)}\n`);
  await Promise.all(
    plan.connections.map(
      (c) =>
        new Promise<void>((resolve) => {
          const wait = Math.max(0, plan.startAt + c.at * 1000 - Date.now());
          setTimeout(() => {
            if (Date.now() > deadline) {
              write({ id: c.id, outcome: 'notRun' });
              resolve();
              return;
            }
            void one(plan, c).then((r) => {
              write(r);
              resolve();
            });
          }, wait);
        }),
    ),
  );
  write({ done: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`client: ${String(err)}\n`);
  process.exit(1);
});
