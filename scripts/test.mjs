// The one test command (`npm test`): every gate CI needs, in order, stopping at the first failure.
// It first makes sure Debian's Chromium and fonts are there for the browser tests: as root it
// installs them with apt-get; otherwise it stops at once and names the command to run.
import { spawnSync } from 'node:child_process';
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
for (const [name, cmd, args] of steps) {
  if (!wants(name)) continue;
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    process.exit(1);
  }
}
console.log(`\n${timings.join('\n')}`);
console.log(`✔ all gates passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
