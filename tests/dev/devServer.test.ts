/**
 * The README's run command, as a newcomer meets it: `npm run dev` serves every page type with a
 * diagram (lesson, playground, embed, deck) in both languages, with the diagram's server-rendered
 * first frame in the HTML. Starts the dev server on its own port and stops it by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const port = Number(process.env['HOP_DEV_PORT'] ?? 4421);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
let log = '';
let lastError = '';

async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`dev server exited early:\n${log}`);
    try {
      const res = await fetch(`${base}/en/`);
      if (res.ok) return;
    } catch (e) {
      lastError = String((e as Error).cause ?? e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`dev server did not answer within the time limit (${lastError}):\n${log}`);
}

beforeAll(async () => {
  server = spawn(
    'scripts/run',
    ['astro', 'dev', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Without Vitest's own variables: under VITEST, Vite's dev server does not listen.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
        NODE_ENV: 'development',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    },
  );
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForServer(Date.now() + 90_000);
}, 100_000);

afterAll(async () => {
  const pid = server?.pid;
  if (!server || pid === undefined || server.exitCode !== null) return;
  const exited = new Promise<void>((r) => server?.once('exit', () => r()));
  process.kill(pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (server.exitCode === null && server.signalCode === null) process.kill(pid, 'SIGKILL');
});

const diagramPages = (lang: 'en' | 'de') => [
  `/${lang}/lessons/path-of-a-request/`,
  `/${lang}/playground/local/`,
  `/${lang}/embed/cluster-snat/`,
  // A deck's server HTML is its title slide; its handout carries every slide's diagram.
  `/${lang}/present/draining-nodes/print/`,
];

async function get(path: string): Promise<string> {
  const res = await fetch(`${base}${path}`);
  const html = await res.text();
  expect(res.status, html.slice(0, 400)).toBe(200);
  return html;
}

describe.each(['en', 'de'] as const)('npm run dev (%s)', (lang) => {
  it.each(diagramPages(lang))(
    '%s answers 200 with the first frame of its diagram',
    async (path) => {
      const html = await get(path);
      expect(html).toContain(`lang="${lang}"`);
      // The server-rendered first frame: the diagram root and React Flow's nodes and edges.
      expect(html).toMatch(/class="hop-flow[^"]*"/);
      expect(html).toMatch(/react-flow__node[\s"]/);
      expect(html).toMatch(/react-flow__edge[\s"]/);
    },
    60_000,
  );

  it(`/${lang}/present/draining-nodes/ answers 200 with its first slide`, async () => {
    const html = await get(`/${lang}/present/draining-nodes/`);
    expect(html).toContain(`lang="${lang}"`);
    expect(html).toMatch(/class="slide[\s"]/);
  }, 60_000);
});
