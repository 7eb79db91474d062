import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { builtPages, distDir } from './pages';

// Pages as a reader meets them: with the service worker (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const sitePages = builtPages((url) => url !== '/');
// playwright.config.ts sets HOP_PORT (a free port unless the caller chose one).
const siteOrigin = `http://127.0.0.1:${process.env['HOP_PORT']}`;

/** A page's template: its path with the language and the lesson, scenario or deck left out. */
const template = (url: string): string =>
  url
    .replace(/^\/(en|de)\//, '/')
    .replace(/^\/(lessons|playground|embed|present)\/[^/]+\//, '/$1/*/');

/**
 * One page per template and language for the browser's full check (no console error, no failed
 * or foreign request): English takes a template's first page, German its last, so two different
 * lessons, scenarios and decks are loaded. What depends on a page's content (names, alt texts,
 * heading order, ids, foreign requests, links, the German twin) is checked on every built page
 * without a browser by scripts/check-site.mjs (scripts/lib/htmlA11y.mjs).
 *
 * axe runs on both languages' pages of a template that builds part of its page in the browser
 * (an island: practice, your cluster, decks, playground and lesson diagrams), where a language's
 * strings reach the page only at run time. A template served as static HTML only (the reference
 * pages, indexes, notes and print handouts) has one stylesheet and one markup for both
 * languages, so axe audits it in one language: English and German in turn across these
 * templates, both loaded cleanly either way (axe on a long static page is most of its test).
 */
const auditPages = (['en', 'de'] as const).flatMap((lang) => {
  const byTemplate = new Map<string, string[]>();
  for (const url of sitePages.filter((u) => u.startsWith(`/${lang}/`)))
    byTemplate.set(template(url), [...(byTemplate.get(template(url)) ?? []), url]);
  return [...byTemplate.values()].map((urls) => (lang === 'en' ? urls[0] : urls.at(-1)) ?? '');
});
const html = (url: string): string =>
  fs.readFileSync(path.join(distDir(), url, 'index.html'), 'utf8');
const staticTemplates = [
  ...new Set(auditPages.filter((u) => !html(u).includes('<astro-island')).map(template)),
].sort();
/** Whether axe audits this page (see above). */
const audited = (url: string): boolean => {
  const i = staticTemplates.indexOf(template(url));
  return i < 0 || url.startsWith(i % 2 === 0 ? '/en/' : '/de/');
};

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

for (const url of auditPages) {
  const title = audited(url) ? 'loads cleanly and passes axe' : 'loads cleanly';
  test(`${url} (template ${template(url)}) ${title}`, async ({ browser }) => {
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
    if (audited(url)) {
      expect(await axeViolations(page)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

// The picker's target on every page is checked in the HTML (scripts/check-site.mjs); here it is
// used on a lesson and on the practice page, which writes a query (?seed=) into its address.
for (const url of ['/en/lessons/why-snat/', '/en/practice/']) {
  test(`the language switch on ${url} lands on its German twin`, async ({ page }) => {
    await page.goto(url);
    const select = page.locator('starlight-lang-select select').first();
    await expect(page.locator('starlight-lang-select select')).not.toHaveCount(0);
    await Promise.all([
      // The path decides; a query the page wrote (the practice page's ?seed=) may come along.
      page.waitForURL((u) => u.pathname === url.replace('/en/', '/de/')),
      select.selectOption({ label: 'Deutsch' }),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
}

test.describe('the table of contents follows the reader', () => {
  const lesson = '/en/lessons/draining-nodes/';
  const current = (page: Page, toc: string) =>
    page
      .locator(`${toc} a[aria-current="true"]`)
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash));

  test('on a wide screen: Overview at load, then the section scrolled to, then Overview again', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(lesson);
    await expect.poll(() => current(page, 'starlight-toc')).toEqual(['#_top']);
    const ids = await page
      .locator('starlight-toc a')
      .evaluateAll((as) =>
        as.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))),
      );
    // Two sections down, past two diagrams; then one back up; then the top.
    for (const id of [ids[3], ids[2], '_top']) {
      await page.evaluate((h) => {
        if (h === '_top') window.scrollTo(0, 0);
        else document.getElementById(h ?? '')?.scrollIntoView();
      }, id);
      await expect.poll(() => current(page, 'starlight-toc')).toEqual([`#${id}`]);
    }
  });

  test('on a phone: the bar names the section being read', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(lesson);
    const bar = page.locator('mobile-starlight-toc .display-current');
    await expect(bar).toHaveText('Overview');
    const link = page.locator('mobile-starlight-toc a').nth(2);
    const id = decodeURIComponent(((await link.getAttribute('href')) ?? '#').slice(1));
    await page.evaluate((h) => document.getElementById(h)?.scrollIntoView(), id);
    await expect(bar).toHaveText((await link.textContent())?.trim() ?? '');
  });

  test('a link to a section below the diagrams lands on that section', async ({ page }) => {
    // Four tall diagrams sit above it, and the TOC script must not move the page after the jump.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${lesson}#try-it-on-a-cluster`);
    await expect(page.locator('#try-it-on-a-cluster')).toBeInViewport();
    // Once every script has run (the load event) and two frames are drawn, it is still there.
    await page.waitForLoadState('load');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await expect(page.locator('#try-it-on-a-cluster')).toBeInViewport();
  });
});

test.describe('site search', () => {
  /** Types into the opened search dialog (its input must have focus) and returns the hits. */
  async function search(page: Page, term: string): Promise<string[]> {
    const input = page.locator('#starlight__search input');
    await expect(input).toBeFocused();
    await input.fill(term);
    const results = page.locator('#starlight__search .pagefind-ui__result-link');
    await expect(results.first()).toBeVisible();
    // Pagefind shows each hit as a placeholder (class pagefind-ui__loading) until the hit's
    // fragment has loaded: read the links once none is left (the first hit alone may be a
    // glossary entry, with the lessons still loading).
    await expect(page.locator('#starlight__search .pagefind-ui__loading')).toHaveCount(0);
    return results.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  }

  test('loads nothing until the reader heads for it, then finds lessons', async ({ page }) => {
    const searchCode: string[] = [];
    page.on('request', (req) => {
      if (/\/(ui-core\.[^/]*\.js|pagefind\/pagefind\.js)$/.test(req.url()))
        searchCode.push(req.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/lessons/why-snat/');
    await page.waitForLoadState('networkidle');
    // Starlight would have built the search UI by now, in an idle callback.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null))));
    expect(searchCode).toEqual([]);
    await page.locator('site-search button[data-open-modal]').click();
    const hrefs = await search(page, 'SNAT');
    expect(hrefs.some((h) => h.startsWith('/en/lessons/why-snat/'))).toBe(true);
    expect(hrefs.every((h) => h.startsWith('/en/'))).toBe(true);
  });

  test('still builds when the reader opens search before the page has settled', async ({
    page,
  }) => {
    await page.goto('/en/lessons/local-policy/', { waitUntil: 'domcontentloaded' });
    await page.locator('site-search button[data-open-modal]:enabled').click();
    const hrefs = await search(page, 'healthCheckNodePort');
    expect(hrefs.some((h) => h.startsWith('/en/lessons/local-policy/'))).toBe(true);
  });

  test('a search UI that failed to load is tried again at the next opening', async ({
    browser,
  }) => {
    // No service worker: it would answer from its cache, past the route that fails the load.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/\/ui-core\.[^/]*\.js$/, (route) => route.abort());
    await page.goto('/en/lessons/why-snat/');
    await page.waitForLoadState('networkidle');
    const open = page.locator('site-search button[data-open-modal]');
    const failed = page.waitForEvent('requestfailed', (req) =>
      /\/ui-core\.[^/]*\.js$/.test(req.url()),
    );
    await open.click();
    await expect(page.locator('site-search dialog')).toHaveAttribute('open', '');
    // The load was tried and failed (not merely not yet made): no search form was built.
    await failed;
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await expect(page.locator('#starlight__search input')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.unroute(/\/ui-core\.[^/]*\.js$/);
    await open.click();
    await search(page, 'SNAT');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('opens with Ctrl+K on a German page and finds German lessons only', async ({ page }) => {
    await page.goto('/de/lessons/cluster-policy/');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Control+k');
    const hrefs = await search(page, 'Quell-NAT');
    expect(hrefs.some((h) => h.startsWith('/de/lessons/'))).toBe(true);
    expect(hrefs.every((h) => h.startsWith('/de/'))).toBe(true);
  });
});
