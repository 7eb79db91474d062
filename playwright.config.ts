import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';
import { freePortSync } from './scripts/lib/freePort.mjs';

// A free port unless the caller chose one, so a server left behind never blocks a run. Chosen
// once: Playwright evaluates this file again in every worker, and the workers inherit this
// process's environment, so they all see the port the runner picked.
if (!process.env['HOP_PORT']) process.env['HOP_PORT'] = String(freePortSync());
const port = Number(process.env['HOP_PORT']);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two cores: one worker each. More would only queue on the CPU; under load (other jobs on the
  // machine) the waits below stretch instead, since every wait is for a state, not a time.
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  reporter: [['list']],
  // Generous limits cost nothing when the page is ready early (waits end on the state they wait
  // for) and keep the suite green when two other CPU-heavy jobs share the machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    // The site's service worker stores every page's files after its first load (a cache warm-up
    // of dozens of requests): work that tests of other behaviours do not check. The tests it
    // belongs to turn it on: each page template loading cleanly (site.spec), a clean console
    // (console.spec), offline reloads and a new deploy taking over (present, quality).
    serviceWorkers: 'block',
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  webServer: {
    // Serves the already built dist/ (npm test builds first). The guard stops the server when
    // Playwright ends, even when Playwright itself is killed (scripts/guard.mjs).
    command: `scripts/run node scripts/guard.mjs astro preview --ignore-lock --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}/en/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
