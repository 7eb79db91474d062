// The one test command (`npm test`): every gate CI needs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['types (astro check)', 'npm', ['run', '--silent', 'check']],
  ['lint (ESLint + Prettier)', 'npm', ['run', '--silent', 'lint']],
  ['unit tests (vitest)', 'npm', ['run', '--silent', 'test:unit']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['site checks (links, budgets)', 'node', ['scripts/check-site.mjs']],
  ['browser tests (Playwright + Debian Chromium)', 'npm', ['run', '--silent', 'test:e2e']],
];

const only = process.argv.slice(2);
const started = Date.now();
const timings = [];
for (const [name, cmd, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    process.exit(1);
  }
}
console.log(`\n${timings.join('\n')}`);
console.log(`✔ all gates passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
