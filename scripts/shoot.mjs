// Dev helper: screenshots built pages in Debian Chromium so a person can look at them.
// Usage: node scripts/shoot.mjs <baseURL> <outDir> <path> [<path> ...]   (desktop 1280 and phone 390)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const [base, out, ...paths] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
for (const [label, width, height] of [
  ['desktop', 1280, 900],
  ['phone', 390, 844],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${label}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
    console.log(`${out}/${name}`);
  }
  await context.close();
}
await browser.close();
