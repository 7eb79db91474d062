// Debian's Chromium and the flags every headless run here uses, in one place for all callers:
// Playwright, the bench, Lighthouse (npm run audit) and the screenshot helpers.

/** Path of Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless flags: no sandbox (root in a VM), no GPU, no background network or updates. */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
