// Dev helper: screenshots the first diagram on a page (and the area around it) at desktop and phone width.
// Usage: node scripts/shoot-diagram.mjs <url> <outPrefix> [selector]
// WAKE=1 hovers the diagram first (diagrams hydrate on first use) and waits for hydration.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
const [url, out, selector = 'astro-island'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
for (const [label, width, height] of [
  ['desktop', 1280, 1000],
  ['phone', 390, 844],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  if (process.env.WAKE === '1') {
    await el.hover();
    await page.locator('.hop-flow[data-hydrated="true"]').first().waitFor();
  }
  await page.waitForTimeout(800);
  await el.screenshot({ path: `${out}-${label}.png` });
  console.log(`${out}-${label}.png`, errors.length ? `ERRORS: ${errors.join(' | ')}` : '');
  await page.close();
}
await browser.close();
