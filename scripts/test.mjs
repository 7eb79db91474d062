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

const steps = [
  ['types (astro check)', 'npm', ['run', '--silent', 'check']],
  ['lint (ESLint + Prettier)', 'npm', ['run', '--silent', 'lint']],
  ['unit tests (vitest)', 'npm', ['run', '--silent', 'test:unit']],
  ['dev server (npm run dev, en + de)', 'npm', ['run', '--silent', 'test:dev']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['site checks (links, budgets)', 'node', ['scripts/check-site.mjs']],
  ['browser tests (Playwright + Debian Chromium)', 'npm', ['run', '--silent', 'test:e2e']],
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
// SIGTERM or SIGHUP this script passes the signal on and waits for the step to end (Playwright
// then stops its preview server). Should this script be killed outright (SIGKILL), the reaper, a
// small detached process holding a pipe from it, sees the pipe close and stops the step's group.
const reaper = spawn(process.execPath, [new URL('./lib/reaper.mjs', import.meta.url).pathname], {
  stdio: ['pipe', 'ignore', 'ignore'],
  detached: true,
});
reaper.unref();
let current = null;
let stopSignal = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopSignal = signal;
    if (current?.pid) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // the step has ended already
      }
    } else process.exit(130);
  });
}

/** Runs one step in its own process group and resolves with its exit code or signal. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env, detached: true });
    current = child;
    reaper.stdin.write(`${child.pid}\n`);
    child.on('error', (err) => resolve(`error ${err.message}`));
    child.on('exit', (code, signal) => {
      current = null;
      reaper.stdin.write('0\n');
      resolve(code ?? signal);
    });
  });
}

for (const [name, cmd, args] of steps) {
  if (!wants(name)) continue;
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const status = await run(cmd, args);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (stopSignal) {
    console.error(`\n✖ stopped by ${stopSignal} during ${name} after ${seconds} s`);
    reaper.stdin.end();
    process.exit(130);
  }
  if (status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${status}) after ${seconds} s`);
    reaper.stdin.end();
    process.exit(1);
  }
}
reaper.stdin.end();
console.log(`\n${timings.join('\n')}`);
console.log(`✔ all gates passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
