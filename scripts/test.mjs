// The one test command (`npm test`): every gate CI needs, in order, stopping at the first failure.
// It first makes sure Debian's Chromium and fonts are there for the browser tests: as root it
// installs them with apt-get; otherwise it stops at once and names the command to run.
import { spawn } from 'node:child_process';
import { installBrowser, machineFacts, planBrowserSetup } from './lib/browserSetup.mjs';
import { freePort } from './lib/freePort.mjs';

function ensureBrowser() {
  const plan = planBrowserSetup(machineFacts());
  if (plan.kind === 'ready') return;
  if (plan.kind === 'stop') {
    console.error(`✖ ${plan.message}`);
    process.exit(1);
  }
  console.log("▶ installing Debian's Chromium and fonts for the browser tests (apt-get, once)");
  if (!installBrowser() || planBrowserSetup(machineFacts()).kind !== 'ready') {
    console.error("✖ Installing Chromium failed: see apt-get's messages above.");
    process.exit(1);
  }
}

// Steps in one inner list run side by side: ESLint and Prettier only read the sources while
// `astro check` writes .astro/, and type checking is mostly one thread (38 s together against
// 27 + 23 s one after the other, idle 2-core machine). The unit tests already use both cores
// (61 s alone; beside the dev-server test, 99 s for both against 100 s in turn: no gain), and
// the dev server, the build and the type check all write .astro/, so they run one at a time.
const steps = [
  [
    ['types (astro check)', 'npm', ['run', '--silent', 'check']],
    ['lint (ESLint + Prettier)', 'npm', ['run', '--silent', 'lint']],
  ],
  [['unit tests (vitest)', 'npm', ['run', '--silent', 'test:unit']]],
  [['dev server (npm run dev, en + de)', 'npm', ['run', '--silent', 'test:dev']]],
  [['build', 'npm', ['run', '--silent', 'build']]],
  [['site checks (links, budgets)', 'node', ['scripts/check-site.mjs']]],
  [['browser tests (Playwright + Debian Chromium)', 'npm', ['run', '--silent', 'test:e2e']]],
];

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.some((o) => name.startsWith(o));
if (wants('browser tests')) ensureBrowser();
// The preview and dev servers get free ports unless the caller chose them, so a server left
// behind by a killed run never blocks the next one.
const env = {
  ...process.env,
  HOP_PORT: process.env.HOP_PORT ?? String(await freePort()),
  HOP_DEV_PORT: process.env.HOP_DEV_PORT ?? String(await freePort()),
};
const started = Date.now();
const timings = [];

// Each step runs in its own process group, so that it can be stopped as a whole: on SIGINT,
// SIGTERM or SIGHUP this script passes the signal on and waits for the steps to end (Playwright
// then stops its preview server). Should this script be killed outright (SIGKILL), the reaper, a
// small detached process holding a pipe from it, sees the pipe close and stops the steps' groups.
const reaper = spawn(process.execPath, [new URL('./lib/reaper.mjs', import.meta.url).pathname], {
  stdio: ['pipe', 'ignore', 'ignore'],
  detached: true,
});
reaper.unref();
const running = new Set();
let stopSignal = null;
/** Sends `signal` to the process group of every running step. */
function signalSteps(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group has ended already
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopSignal = signal;
    if (running.size > 0) signalSteps(signal);
    else process.exit(130);
  });
}

/**
 * Runs one step in its own process group and resolves with its exit code or signal. A step that
 * runs beside another writes into a buffer, printed whole when it ends, so the logs never mix.
 */
function run(name, cmd, args, alone) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env,
      detached: true,
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    running.add(child);
    reaper.stdin.write(`+${child.pid}\n`);
    const t0 = Date.now();
    const done = (status) => {
      running.delete(child);
      reaper.stdin.write(`-${child.pid}\n`);
      if (!alone) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name, status, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
    };
    child.on('error', (err) => done(`error ${err.message}`));
    child.on('close', (code, signal) => done(code ?? signal));
  });
}

for (const group of steps) {
  const wanted = group.filter(([name]) => wants(name));
  if (wanted.length === 0) continue;
  const alone = wanted.length === 1;
  console.log(`\n▶ ${wanted.map(([name]) => name).join(alone ? '' : '  ∥  ')}`);
  const results = await Promise.all(
    wanted.map(([name, cmd, args]) =>
      run(name, cmd, args, alone).then((result) => {
        // The first failure stops the steps beside it: the run fails either way.
        if (result.status !== 0) signalSteps('SIGTERM');
        return result;
      }),
    ),
  );
  for (const { name, seconds } of results) timings.push(`${name}: ${seconds} s`);
  if (stopSignal) {
    console.error(`\n✖ stopped by ${stopSignal} during ${wanted.map(([n]) => n).join(', ')}`);
    reaper.stdin.end();
    process.exit(130);
  }
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    for (const { name, status, seconds } of failed)
      console.error(`\n✖ ${name} failed (exit ${status}) after ${seconds} s`);
    reaper.stdin.end();
    process.exit(1);
  }
}
reaper.stdin.end();
console.log(`\n${timings.join('\n')}`);
console.log(`✔ all gates passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
