import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { distDir } from './pages';

test('keyboard only: a whole lesson, from the skip link through a question into the diagram', async ({
  page,
}) => {
  await page.goto('/en/lessons/path-of-a-request/');
  // The first Tab reaches Starlight's skip link.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(/skip to content/i);

  // Walk forward until a Predict option has focus.
  const focusedIn = (selector: string) =>
    page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);
  let steps = 0;
  while (!(await focusedIn('[data-predict]')) && steps++ < 400) await page.keyboard.press('Tab');
  expect(await focusedIn('[data-predict]')).toBe(true);
  const predict = page.locator('[data-predict]').filter({ has: page.locator(':focus') });

  // Arrow keys move within the radio group (Space picks the first option); Tab leads to the
  // optional "why" line, where the learner types, and on to the button that checks the answer.
  // The right one, so that the answer opens at once (a wrong first answer earns one more try).
  const answer = Number(await predict.getAttribute('data-answer'));
  if (answer === 0) await page.keyboard.press('Space');
  for (let i = 0; i < answer; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-predict-why', '');
  await page.keyboard.type('the kernel does it');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveClass(/hop-predict__check/);
  await page.keyboard.press('Enter');
  await expect(predict.locator('[data-predict-answer]')).toHaveAttribute('open', '');
  await expect(predict.locator('[data-predict-verdict]')).toHaveText(/Right\./);
  await expect(predict.locator('[data-predict-verdict]')).toBeFocused();
  await expect(predict.locator('[data-predict-reason-text]')).toHaveText('the kernel does it');

  // Later questions are about the same diagram, so it stays in its first frame; the moment that
  // settles this question plays on a press of its button.
  const flow = page.locator('.hop-flow').first();
  await expect(flow).toHaveAttribute('data-step', '0');
  const play = predict.locator('[data-predict-play]');
  await expect(play).toHaveText(/step that settles it/);
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(flow).not.toHaveAttribute('data-step', '0');
  await expect(flow).toHaveAttribute('data-playing', 'false');

  // On to the diagram (the question comes before it: predict first, then see): Tab until focus
  // is inside it, then step with the arrow key.
  steps = 0;
  while (!(await focusedIn('.hop-flow')) && steps++ < 400) await page.keyboard.press('Tab');
  expect(await focusedIn('.hop-flow')).toBe(true);
  await expect(flow.locator(':focus')).toHaveCount(1);
  const before = Number(await flow.getAttribute('data-step'));
  await page.keyboard.press('Escape'); // leave any control so the diagram's own keys apply
  await flow.focus();
  await page.keyboard.press('ArrowRight');
  await expect(flow).toHaveAttribute('data-step', String(before + 1));
});

test('every page carries a strict Content-Security-Policy that the page runs under', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCsp: (v: string) => void }).reportCsp(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  for (const url of [
    '/en/',
    '/de/lessons/draining-nodes/',
    '/en/playground/cluster-snat/',
    '/de/embed/local/',
    '/en/present/path-of-a-request/',
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const csp = await page
      .locator('meta[http-equiv="content-security-policy"]')
      .getAttribute('content');
    expect(csp, url).toMatch(/script-src 'self'/);
    expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, url).not.toMatch(/'unsafe-eval'/);
    expect(csp, url).toMatch(/object-src 'none'/);
  }
  expect(violations).toEqual([]);
});

test('the framing policy: embeds and decks may be framed, nothing else may', () => {
  const headers = fs.readFileSync(path.join(distDir(), '_headers'), 'utf8');
  const block = (path: string) =>
    headers.split(/\n(?=\/)/).find((b) => b.startsWith(`${path}\n`)) ?? '';
  expect(block('/*')).toMatch(/frame-ancestors 'none'/);
  expect(block('/*')).toMatch(/X-Frame-Options: DENY/);
  for (const lang of ['en', 'de']) {
    // Embeds per scenario: the embed gallery (/en/embed/) is a site page like any other.
    for (const rule of [`/${lang}/embed/:scenario/*`, `/${lang}/present/*`]) {
      expect(block(rule)).toMatch(/frame-ancestors \*/);
      expect(block(rule)).toMatch(/! X-Frame-Options/);
    }
    expect(block(`/${lang}/embed/*`)).toBe('');
  }
  expect(block('/sw.js')).toMatch(/Cache-Control: no-cache/);
});

test('a visited lesson reloads offline', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/de/lessons/why-snat/');
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
    timeout: 15_000,
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toContainText('SNAT');
  // The diagram never hydrated online (it waits for the reader); offline it still starts and
  // steps, so the worker cached its whole module graph, the engine's worker included.
  const flow = page.locator('.hop-flow').first();
  await flow.locator('[data-action="forward"]').click();
  await expect(flow).toHaveAttribute('data-hydrated', 'true');
  await expect(flow).toHaveAttribute('data-step', '1');
  // Search was never opened online either; offline its dialog still builds the search form.
  await page.locator('site-search button[data-open-modal]').click();
  await expect(page.locator('#starlight__search input')).toBeFocused();
  await context.close();
});

test('a new deploy takes over: its worker activates and deletes older caches', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  // A cache left behind by an earlier build, as a returning reader would have it. Made on a
  // page that registers no worker, so the new worker activates after it exists.
  await page.goto('/favicon.svg');
  await page.evaluate(async () => {
    const old = await caches.open('hop-earlier-build');
    await old.put('/en/old-page/', new Response('old'));
  });
  await page.goto('/en/lessons/why-snat/');
  // clients.claim(): the new worker takes over the open page without a reload.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
    timeout: 15_000,
  });
  const state = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const script = await (await fetch('/sw.js')).text();
    return {
      keys: await caches.keys(),
      active: reg.active?.state,
      version: /const CACHE = 'hop-' \+ "([^"]+)"/.exec(script)?.[1] ?? '',
    };
  });
  expect(state.version).not.toBe('');
  expect(state.keys).toEqual([`hop-${state.version}`]);
  expect(state.active).toBe('activated');
  await context.close();
});
