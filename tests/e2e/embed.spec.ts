import { expect, test, type Frame, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Embeds on a page of another origin: the host page is served by a tiny node:http server on a
 * second port, the diagrams by the site's preview server (playwright.config.ts).
 */
const hostHtml = fs.readFileSync(path.resolve('tests/e2e/fixtures/host.html'), 'utf8');
let server: http.Server;
let hostOrigin = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/host.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostHtml);
    } else if (req.url?.startsWith('/phone.html')) {
      // One German frame, phone-wide, with host.html's height snippet.
      const hop = new URL(req.url, 'http://host').searchParams.get('hop') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        hostHtml
          .replace(
            /<div class="pair">[\s\S]*?<\/div>/,
            () =>
              `<iframe id="de" data-hop-by-hop title="Hop für Hop" style="width:390px" ` +
              `data-src="/de/embed/local/?id=de&amp;chrome=full"></iframe>`,
          )
          .replace('https://hop-by-hop.example', hop),
      );
    } else {
      // favicon.ico and the like: nothing, without a 404 in the console.
      res.writeHead(204).end();
    }
  });
  // Port 0: each worker gets its own free port, so parallel workers never collide.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type HopMessage = {
  origin: string;
  type: string;
  id?: string;
  height?: number;
  requestId?: string;
  error?: string;
  step?: number;
  state?: {
    step: number;
    steps: number;
    playing: boolean;
    lang: string;
    overrides: Record<string, string>;
  };
};

const messages = (page: Page): Promise<HopMessage[]> =>
  page.evaluate(() => (window as unknown as { hopMessages: HopMessage[] }).hopMessages);

async function openHost(page: Page, baseURL: string | undefined): Promise<void> {
  await page.goto(`${hostOrigin}/host.html?hop=${encodeURIComponent(baseURL ?? '')}`);
  await expect
    .poll(
      async () =>
        (await messages(page))
          .filter((m) => m.type === 'ready')
          .map((m) => m.id)
          .sort(),
      {
        timeout: 20_000,
      },
    )
    .toEqual(['de', 'en']);
}

test('two embeds in different languages work side by side on another origin', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openHost(page, baseURL);
  const en = page.frameLocator('#en');
  const de = page.frameLocator('#de');
  await expect(en.locator('.hop-flow')).toBeVisible();
  await expect(de.locator('.hop-flow')).toBeVisible();
  await expect(en.getByRole('link', { name: /Open in Hop by Hop/ })).toBeVisible();
  await expect(de.getByRole('link', { name: /In Hop für Hop öffnen/ })).toBeVisible();
  await expect(de.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The German frame started at step 2 as its URL asked.
  const ready = (await messages(page)).filter((m) => m.type === 'ready');
  expect(ready.find((m) => m.id === 'de')?.state).toMatchObject({ step: 2, lang: 'de' });
  expect(ready.every((m) => m.origin === new URL(baseURL ?? '').origin)).toBe(true);
  expect(errors).toEqual([]);
});

test('height messages arrive and the host snippet sizes the frames', async ({ page, baseURL }) => {
  await openHost(page, baseURL);
  await expect
    .poll(async () => (await messages(page)).some((m) => m.type === 'height' && m.id === 'en'))
    .toBe(true);
  const reported =
    (await messages(page)).filter((m) => m.type === 'height' && m.id === 'en').at(-1)?.height ?? 0;
  expect(reported).toBeGreaterThan(200);
  await expect
    .poll(() => page.locator('#en').evaluate((f) => Math.round(f.getBoundingClientRect().height)))
    .toBe(reported);
  // Sized to its content, the frame has nothing to scroll inside.
  const inner = await page
    .frameLocator('#en')
    .locator('html')
    .evaluate((h) => h.scrollHeight - h.clientHeight);
  expect(inner).toBeLessThanOrEqual(1);
});

test('side by side, embeds keep their height while they play: the host page never jumps', async ({
  page,
  baseURL,
}) => {
  // Every hop of two diagrams, each seek awaited: longer than a page load on a busy machine.
  test.setTimeout(120_000);
  await openHost(page, baseURL);
  const send = (id: string, message: Record<string, unknown>): Promise<void> =>
    page.evaluate(
      ([frame, m]) =>
        (window as unknown as { hopSend: (id: string, m: unknown) => void }).hopSend(frame, m),
      [id, message] as const,
    );
  // Let the first height settle (both frames reported one and the host sized them to it), then
  // forget it.
  const sized = async (id: string): Promise<boolean> => {
    const last = (await messages(page)).filter((m) => m.type === 'height' && m.id === id).at(-1);
    const box = await page
      .locator(`#${id}`)
      .evaluate((f) => Math.round(f.getBoundingClientRect().height));
    return last?.height !== undefined && last.height === box;
  };
  await expect.poll(async () => (await sized('en')) && (await sized('de'))).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { hopMessages: unknown[] }).hopMessages.length = 0;
  });
  const steps: Record<string, number> = {};
  for (const id of ['en', 'de']) {
    await send(id, { type: 'getState', requestId: `s-${id}` });
    await expect
      .poll(async () => (await messages(page)).find((m) => m.requestId === `s-${id}`)?.state)
      .toBeTruthy();
    steps[id] = (await messages(page)).find((m) => m.requestId === `s-${id}`)?.state?.steps ?? 0;
  }
  // Every hop of both diagrams (each a different narration, inspector row and packet card),
  // then a few seconds of plain playing.
  const longest = Math.max(steps['en'] ?? 0, steps['de'] ?? 0);
  expect(longest).toBeGreaterThan(10);
  for (let k = 0; k <= longest; k++) {
    for (const id of ['en', 'de'])
      if (k <= (steps[id] ?? 0))
        await send(id, { type: 'seek', step: k, requestId: `k${k}-${id}` });
    await expect
      .poll(
        async () => (await messages(page)).filter((m) => m.requestId?.startsWith(`k${k}-`)).length,
      )
      .toBe(k <= Math.min(steps['en'] ?? 0, steps['de'] ?? 0) ? 2 : 1);
  }
  for (const id of ['en', 'de']) await send(id, { type: 'seek', step: 0, requestId: `z-${id}` });
  await expect
    .poll(async () => (await messages(page)).filter((m) => m.requestId?.startsWith('z-')).length)
    .toBe(2);
  const mark = (await messages(page)).length;
  for (const id of ['en', 'de']) await send(id, { type: 'play' });
  // Plain playing, until each diagram has moved on by itself to its third hop (the fixed wait
  // this replaces gave them three seconds).
  const played = async (id: string): Promise<boolean> =>
    (await messages(page))
      .slice(mark)
      .some((m) => m.type === 'step' && m.id === id && (m.step ?? 0) >= 3);
  await expect
    .poll(async () => (await played('en')) && (await played('de')), { timeout: 45_000 })
    .toBe(true);
  const heights = (await messages(page)).filter((m) => m.type === 'height');
  expect(heights.map((m) => `${m.id}:${m.height}`)).toEqual([]);
});

test('an embed uses the width it is given, also before anyone touches it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/embed/cluster-snat/');
  const flow = page.locator('.hop-flow');
  // Wider than its server frame was laid out for, it starts on its own and lays out again.
  await expect(flow).toHaveAttribute('data-hydrated', 'true', { timeout: 10_000 });
  const widths = async () => {
    const canvas = await flow.locator('.hop-canvas--wide').boundingBox();
    const box = await flow.boundingBox();
    return Math.round((canvas?.width ?? 0) - (box?.width ?? 0));
  };
  // The picture spans the diagram's box (less its padding), not 606 px of it.
  await expect.poll(widths).toBeGreaterThan(-40);
  // A phone-sized embed keeps waiting for the reader.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/de/embed/local/');
  // Every script has run (load), the browser has been idle and has drawn twice: still waiting.
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(r))),
      ),
  );
  await expect(page.locator('.hop-flow')).toHaveAttribute('data-hydrated', 'false');
});

test('page scroll passes through the frame and keys stay with the host', async ({
  page,
  baseURL,
}) => {
  await openHost(page, baseURL);
  // Nothing focuses itself: the host page keeps the focus after the frames load.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  await page.locator('#search').focus();
  await page.keyboard.type('snat');
  await expect(page.locator('#search')).toHaveValue('snat');
  await page.locator('#search').blur();
  const box = await page.locator('#en').boundingBox();
  if (!box) throw new Error('no frame box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await page.evaluate(() => window.scrollY);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 200);
});

test('postMessage commands steer the diagram and get answers', async ({ page, baseURL }) => {
  await openHost(page, baseURL);
  const send = (message: Record<string, unknown>): Promise<void> =>
    page.evaluate(
      (m) => (window as unknown as { hopSend: (id: string, m: unknown) => void }).hopSend('en', m),
      message,
    );
  const answer = async (requestId: string): Promise<HopMessage | undefined> => {
    await expect
      .poll(async () => (await messages(page)).some((m) => m.requestId === requestId))
      .toBe(true);
    return (await messages(page)).find((m) => m.requestId === requestId);
  };

  await send({ type: 'seek', step: 3, requestId: 'a' });
  expect((await answer('a'))?.state?.step).toBe(3);
  await send({ type: 'step', delta: 2, requestId: 'b' });
  expect((await answer('b'))?.state?.step).toBe(5);
  await expect(page.frameLocator('#en').locator('[data-narration]')).toContainText('5');
  await send({ type: 'getState', requestId: 'c' });
  expect((await answer('c'))?.state).toMatchObject({ step: 5, lang: 'en' });
  // Step events are reported without asking.
  expect((await messages(page)).some((m) => m.type === 'step' && m.id === 'en')).toBe(true);
  await send({ type: 'play', requestId: 'd' });
  expect((await answer('d'))?.state?.playing).toBe(true);
  await send({ type: 'pause', requestId: 'e' });
  expect((await answer('e'))?.state?.playing).toBe(false);
  await send({ type: 'setOption', key: 'masquerade', value: 'false', requestId: 'h' });
  expect((await answer('h'))?.state?.overrides).toMatchObject({ masquerade: 'false' });
  await send({ type: 'setOption', key: 'masquerade', value: 'perhaps', requestId: 'i' });
  expect(await answer('i')).toMatchObject({ type: 'error', error: 'badArgument' });
  await send({ type: 'explode', requestId: 'f' });
  expect(await answer('f')).toMatchObject({ type: 'error', error: 'unknownCommand' });
  await send({ type: 'seek', step: -4, requestId: 'g' });
  expect(await answer('g')).toMatchObject({ type: 'error', error: 'badArgument' });
});

test('origin= restricts who may send commands', async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin}/host.html?hop=${encodeURIComponent(baseURL ?? '')}`);
  await page.evaluate(
    ([base]) => {
      const f = document.getElementById('en') as HTMLIFrameElement;
      f.src = `${base}/en/embed/cluster-snat/?id=locked&origin=https://docs.example.com`;
    },
    [baseURL ?? ''],
  );
  // The locked frame's diagram is up (so it would have announced itself by now).
  let locked: Frame | undefined;
  await expect
    .poll(() => (locked = page.frames().find((f) => f.url().includes('id=locked'))) !== undefined)
    .toBe(true);
  await expect(locked?.locator('.hop-embed') ?? page.locator('#none')).toHaveAttribute(
    'data-ready',
    'true',
  );
  await page.evaluate(() =>
    (window as unknown as { hopSend: (id: string, m: unknown) => void }).hopSend('en', {
      type: 'seek',
      step: 4,
      requestId: 'x',
    }),
  );
  // The refusal is sent back to the sender (event.origin), the command is not obeyed.
  await expect
    .poll(async () => (await messages(page)).find((m) => m.requestId === 'x'))
    .toMatchObject({
      type: 'error',
      error: 'originNotAllowed',
    });
  // Events go only to the allowed origin: the frame posted its ready before it answered (one
  // window's messages arrive in order), and this host saw none of them.
  expect((await messages(page)).filter((m) => m.id === 'locked' && m.requestId !== 'x')).toEqual(
    [],
  );
  await expect(page.frameLocator('#en').locator('[data-narration]')).not.toContainText('4 of');
});

test('bad parameters show a localized message naming them, and nothing else breaks', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const evil = encodeURIComponent('<img src=x onerror="window.pwned=1">');
  await page.goto(
    `/en/embed/cluster-snat/?step=abc&zoom=2&theme=${evil}&set=masquerade:maybe&chrome=full`,
  );
  const box = page.getByTestId('embed-issues');
  await expect(box).toContainText('“step” cannot be “abc”. Allowed: 0, 1, 2, …');
  await expect(box).toContainText('“zoom” is not an embed parameter.');
  await expect(box).toContainText('Allowed: light, dark, auto');
  await expect(box).toContainText('set masquerade');
  // The markup arrived as text, never as an element.
  await expect(box.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  // The valid parameter still applies and the diagram runs.
  await expect(page.locator('.hop-flow')).toBeVisible();
  await expect(page.locator('.hop-panels')).toBeVisible();
  expect(errors).toEqual([]);

  await page.goto('/de/embed/local/?autoplay=vielleicht');
  await expect(page.getByTestId('embed-issues')).toContainText(
    '„autoplay“ darf nicht „vielleicht“ sein. Erlaubt: 1, 0, true, false.',
  );
});

test('the share dialog gives link, iframe and MDX snippets', async ({ page, baseURL }) => {
  await page.goto('/en/embed/cluster-snat/?step=4&chrome=full');
  // A wide embed starts on its own; the press waits for it, as the other embed tests do. (A press
  // before that is queued and replayed by client:interact, which diagram.spec tests; this test is
  // about the dialog's contents.)
  await expect(page.locator('.hop-flow')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Share / embed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const link = await dialog.getByLabel('Link to this moment').inputValue();
  expect(link).toBe(`${baseURL}/en/embed/cluster-snat/?step=4&chrome=full`);
  const backdrop = await dialog.evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor);
  expect(backdrop).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  await expect(dialog.getByLabel('Embed (HTML iframe)')).toHaveValue(
    /<iframe src="[^"]+step=4&amp;chrome=full"/,
  );
  await expect(dialog.getByLabel('Embed in MDX')).toHaveValue(/style=\{\{ border: 0 \}\}/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toBe('hop-by-hop-cluster-snat-4.png');
  const svg = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('hop-by-hop-cluster-snat-4.svg');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share / embed' })).toBeFocused();
  // The link opens the frame at the same moment.
  await page.goto(link);
  await expect(page.locator('.hop-flow')).toHaveAttribute('data-step', '4');
});

test('a framed German embed on a phone never collapses: its first height is its picture’s', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone-wide host page on the other origin (the host server's phone.html); chrome=full makes
  // the embed re-render its diagram for the URL (the server rendered the defaults).
  await page.goto(`${hostOrigin}/phone.html?hop=${encodeURIComponent(baseURL ?? '')}`);
  await expect
    .poll(async () => (await messages(page)).some((m) => m.type === 'ready'), { timeout: 30_000 })
    .toBe(true);
  const heights = (await messages(page))
    .filter((m) => m.type === 'height')
    .map((m) => m.height ?? 0);
  // The first height already holds the picture (it was 47 px, the footer alone).
  expect(heights[0]).toBeGreaterThan(400);
  expect(Math.min(...heights)).toBeGreaterThan(400);
  // And the frame ends sized to its content.
  const last = heights.at(-1) ?? 0;
  await expect
    .poll(() => page.locator('#de').evaluate((f) => Math.round(f.getBoundingClientRect().height)))
    .toBe(last);
});
