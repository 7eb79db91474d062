import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtPages } from './pages';

const sitePages = builtPages((url) => url !== '/');
const siteOrigin = `http://127.0.0.1:${process.env['HOP_PORT'] ?? 4329}`;

test('the root page offers both languages without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('a[data-lang="en"]')).toHaveAttribute('href', '/en/');
  await expect(page.locator('a[data-lang="de"]')).toHaveAttribute('href', '/de/');
  await context.close();
});

test('the root page redirects by browser language when JavaScript is on', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForURL('**/de/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

for (const url of sitePages) {
  test(`${url} loads cleanly and passes axe`, async ({ browser }) => {
    // Lessons with four full diagrams take a while to hydrate and to audit on 2 cores.
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning')
        problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
    // Privacy: the site never talks to another origin (no CDN, fonts, analytics).
    page.on('request', (req) => {
      const origin = new URL(req.url()).origin;
      if (!/^(data|blob):/.test(req.url()) && origin !== siteOrigin) {
        problems.push(`request to another origin: ${req.url()}`);
      }
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const lang = url.slice(1, 3);
    if (lang === 'en' || lang === 'de')
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.waitForLoadState('networkidle');
    const axe = await new AxeBuilder({ page }).analyze();
    const violations = axe.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
}

const twins = sitePages.filter((u) => u.startsWith('/en/') && !/\/(embed|present)\//.test(u));
for (const url of twins) {
  test(`the language switch on ${url} lands on its German twin`, async ({ page }) => {
    await page.goto(url);
    const select = page.locator('starlight-lang-select select').first();
    test.skip((await select.count()) === 0, 'page has no Starlight language picker');
    await Promise.all([
      page.waitForURL(`**${url.replace('/en/', '/de/')}`),
      select.selectOption({ label: 'Deutsch' }),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
}
