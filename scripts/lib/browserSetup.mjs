// What `npm test` does when Debian's Chromium or its fonts are missing (scripts/test.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.mjs';

export const APT_PACKAGES = Object.freeze(['chromium', 'fonts-dejavu-core', 'fonts-liberation']);
export const APT_COMMAND = `apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`;

/**
 * Decide from the machine's facts: 'ready', 'install' (root on Debian), or the one sentence that
 * tells anyone else which command to run.
 * @param {{ chromium: boolean, fonts: boolean, root: boolean, apt: boolean }} facts
 * @returns {{ kind: 'ready' } | { kind: 'install' } | { kind: 'stop', message: string }}
 */
export function planBrowserSetup(facts) {
  if (facts.chromium && facts.fonts) return { kind: 'ready' };
  if (facts.root && facts.apt) return { kind: 'install' };
  const prefix = facts.root ? '' : 'sudo ';
  return {
    kind: 'stop',
    message: `The browser tests need Debian's Chromium and fonts: run \`${prefix}${APT_COMMAND}\`, then \`npm test\` again.`,
  };
}

/** The facts of this machine. */
export function machineFacts() {
  const fonts = spawnSync('fc-list', [], { encoding: 'utf8' });
  return {
    chromium: existsSync(CHROMIUM_PATH),
    fonts: /dejavu/i.test(fonts.stdout ?? ''),
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    apt: existsSync('/usr/bin/apt-get'),
  };
}

/** Install the packages quietly (updating the package lists once if needed); true on success. */
export function installBrowser() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
  const args = ['install', '-y', '-qq', '--no-install-recommends', ...APT_PACKAGES];
  if (spawnSync('apt-get', args, quiet).status === 0) return true;
  spawnSync('apt-get', ['update', '-qq'], quiet);
  return spawnSync('apt-get', args, quiet).status === 0;
}
