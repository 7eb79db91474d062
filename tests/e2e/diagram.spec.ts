import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { distDir } from './pages';

const PG = '/en/playground/cluster-snat/';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Opens a page and wakes its first diagram (they hydrate on first use, or at once with a query). */
async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.hop-flow').first().hover();
  await expect(page.locator('.hop-flow[data-hydrated="true"]').first()).toBeVisible();
}

const flow = (page: Page) => page.locator('.hop-flow').first();
const button = (page: Page, action: string) => flow(page).locator(`[data-action="${action}"]`);

test('lesson diagrams wait for the reader, then replay the first click and key', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/en/lessons/choosing/');
  const islands = page.locator('.hop-diagram astro-island');
  await page.waitForLoadState('networkidle');
  // Nothing hydrated at load: every island still carries its server-rendered marker.
  const total = await islands.count();
  expect(total).toBeGreaterThan(1);
  expect(await page.locator('.hop-diagram astro-island[ssr]').count()).toBe(total);
  // A click on a static control hydrates that diagram and is not lost.
  const first = page.locator('.hop-diagram .hop-flow').first();
  await first.locator('[data-action="forward"]').click();
  await expect(first).toHaveAttribute('data-hydrated', 'true');
  await expect(first).toHaveAttribute('data-step', '1');
  expect(await page.locator('.hop-diagram astro-island[ssr]').count()).toBe(total - 1);
  // A key press that gives a still static diagram focus is replayed after hydration too.
  const second = page.locator('.hop-diagram .hop-flow').nth(1);
  await second.locator('.hop-canvas-wrap').focus();
  await page.keyboard.press('ArrowRight');
  await expect(second).toHaveAttribute('data-hydrated', 'true');
  await expect(second).toHaveAttribute('data-step', '1');
  expect(errors).toEqual([]);
});

/** Counts, in `window.__runs`, the runs a page asks the engine's worker for. */
async function countWorkerRuns(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const W = window.Worker;
    window.__runs = 0;
    window.Worker = class extends W {
      postMessage(...a) { window.__runs += 1; return super.postMessage(...a); }
    };
  })()`);
}

test('a lesson diagram in view starts its first run in the worker; the first press reuses it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await countWorkerRuns(page);
  await page.goto('/en/lessons/draining-nodes/');
  await page.waitForLoadState('networkidle');
  const first = page.locator('.hop-diagram .hop-flow').first();
  const runs = (): Promise<number> => page.evaluate('window.__runs');
  // Far below the fold: nothing asked for yet.
  expect(await runs()).toBe(0);
  await first.scrollIntoViewIfNeeded();
  // In view: its first run is on its way before anyone touches it, and the island is still static.
  await expect.poll(runs).toBeGreaterThan(0);
  const warmed = await runs();
  await expect(page.locator('.hop-diagram astro-island[ssr]').first()).toBeAttached();
  await first.locator('[data-action="forward"]').click();
  await expect(first).toHaveAttribute('data-step', '1');
  // The island found the warmed run: it did not ask the worker again.
  expect(await runs()).toBe(warmed);
  expect(errors).toEqual([]);
});

test('with a URL query no run is warmed (the island may read other options from it)', async ({
  page,
}) => {
  await countWorkerRuns(page);
  await page.goto('/en/lessons/draining-nodes/?hop-test=1');
  await page.waitForLoadState('networkidle');
  const first = page.locator('.hop-diagram[data-hop-warm]').first();
  await first.scrollIntoViewIfNeeded();
  // Readiness, not time: an observer of our own, made after the page's (src/scripts/warmDiagrams.ts)
  // with its margin, is called after it in the same rendering step; then the module a warm run
  // imports is imported here too, which settles after the page's own import of it, and so after
  // the run the page would have started with it.
  const runJobs = fs.readdirSync(path.join(distDir(), '_astro')).find((f) => /^runJobs\./.test(f));
  expect(runJobs).toBeDefined();
  await first.evaluate(
    (el, src) =>
      new Promise<void>((resolve, reject) => {
        const io = new IntersectionObserver(
          (entries) => {
            if (!entries.some((e) => e.isIntersecting)) return;
            io.disconnect();
            import(src).then(() => resolve(), reject);
          },
          { rootMargin: '400px 0px' },
        );
        io.observe(el);
      }),
    `/_astro/${runJobs ?? ''}`,
  );
  expect(await page.evaluate('window.__runs')).toBe(0);
});

test('a press on a diagram that is still starting shows a busy bar until it runs', async ({
  browser,
}) => {
  // Hold the island's module, as a slow phone or network would (the service worker would
  // answer from its cache, past the route).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  let release = (): void => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/PacketFlowEn\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/lessons/choosing/');
  const island = page.locator('.hop-diagram astro-island').first();
  const diagram = island.locator('.hop-flow');
  await diagram.locator('[data-action="forward"]').click();
  await expect(island).toHaveAttribute('data-interact', 'pending');
  const bar = await diagram.evaluate((el) => getComputedStyle(el, '::after').height);
  expect(bar).toBe('3px');
  release();
  await expect(island).toHaveAttribute('data-interact', 'ready');
  await expect(diagram).toHaveAttribute('data-step', '1');
  expect(await diagram.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');
  await context.close();
});

test('play, pause, step, step back and seek', async ({ page }) => {
  const errors = collectErrors(page);
  await page.clock.install({ time: 0 });
  await ready(page, PG);
  await expect(flow(page)).toHaveAttribute('data-step', '0');
  await button(page, 'forward').click();
  await button(page, 'forward').click();
  await expect(flow(page)).toHaveAttribute('data-step', '2');
  await expect(flow(page).locator('[data-narration]')).toContainText('KUBE-SEP DNAT');
  await expect(flow(page).locator('.hop-tag mark').first()).toBeVisible();
  await button(page, 'back').click();
  await expect(flow(page)).toHaveAttribute('data-step', '1');
  await button(page, 'play').click();
  await expect(flow(page)).toHaveAttribute('data-playing', 'true');
  await page.clock.runFor(3500);
  await button(page, 'play').click();
  await expect(flow(page)).toHaveAttribute('data-playing', 'false');
  const step = Number(await flow(page).getAttribute('data-step'));
  expect(step).toBeGreaterThanOrEqual(3);
  await flow(page).locator('input[type="range"]').fill('10');
  await expect(flow(page)).toHaveAttribute('data-step', '10');
  expect(errors).toEqual([]);
});

test('inspector shows the headers of a Cluster and a Local connection', async ({ page }) => {
  await ready(page, `${PG}?step=2`);
  const insp = flow(page).locator('.hop-inspector');
  await expect(insp).toContainText('KUBE-MARK-MASQ');
  await expect(insp).toContainText('KUBE-SVC-');
  await expect(insp).toContainText('Source address the Pod saw: 198.51.100.11');
  await ready(page, '/en/playground/local/?step=2');
  const local = flow(page).locator('.hop-inspector');
  await expect(local).toContainText('KUBE-SVL-');
  await expect(local).toContainText('Source address the Pod saw: 192.0.2.10');
});

test('a what-if change re-runs the engine and lands in the URL; reload restores it', async ({
  page,
}) => {
  await ready(page, PG);
  await button(page, 'forward').click();
  await flow(page).getByLabel('SNAT (masquerade)').uncheck();
  await expect(flow(page).locator('.hop-flow__bar')).toContainText('SNAT off');
  // One `set` grammar on every surface: key=value, as the CLI's --set writes it.
  await expect(page).toHaveURL(/set=masquerade=false/);
  await expect(page).toHaveURL(/step=1/);
  await page.reload();
  await flow(page).scrollIntoViewIfNeeded();
  await expect(flow(page)).toHaveAttribute('data-hydrated', 'true');
  await expect(flow(page)).toHaveAttribute('data-step', '1');
  await expect(flow(page).getByLabel('SNAT (masquerade)')).not.toBeChecked();
});

test('links written before the one set grammar (key:value) still open the same what-if', async ({
  page,
}) => {
  await ready(page, `${PG}?set=masquerade:false`);
  await expect(flow(page).locator('.hop-flow__bar')).toContainText('SNAT off');
});

test('bad URL parameters give a clear message and no crash', async ({ page }) => {
  const errors = collectErrors(page);
  await ready(page, `${PG}?step=abc&set=nope:1&set=masquerade:<b>x</b>`);
  const note = flow(page).locator('.hop-error');
  await expect(note).toContainText('“step”');
  await expect(note).toContainText('masquerade');
  await expect(note).toContainText('<b>x</b>');
  await expect(flow(page).locator('b')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('German page speaks German, including the narration', async ({ page }) => {
  await ready(page, '/de/playground/cluster-snat/?step=2');
  await expect(button(page, 'play')).toHaveAttribute('aria-label', 'Abspielen');
  await expect(flow(page).locator('[data-narration]')).toContainText(
    // The Azure-style load balancer keeps its frontend address (delivery "vip").
    'ändert das Ziel von 203.0.113.100:80 in pod-c',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('keyboard only: Tab in, arrows, Space, Home, End', async ({ page }) => {
  await page.clock.install({ time: 0 });
  await ready(page, PG);
  await button(page, 'play').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(flow(page)).toHaveAttribute('data-step', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(flow(page)).toHaveAttribute('data-step', '1');
  await page.keyboard.press('End');
  await expect(flow(page)).toHaveAttribute(
    'data-step',
    (await flow(page).getAttribute('data-steps')) ?? '',
  );
  await page.keyboard.press('Home');
  await expect(flow(page)).toHaveAttribute('data-step', '0');
  await flow(page).locator('.hop-canvas-wrap').focus();
  await page.keyboard.press('Space');
  await expect(flow(page)).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('Space');
  await expect(flow(page)).toHaveAttribute('data-playing', 'false');
  await button(page, 'play').focus();
  await page.keyboard.press('Enter');
  await expect(flow(page)).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await expect(flow(page)).toHaveAttribute('data-playing', 'false');
});

test('reduced motion jumps between states instead of animating', async ({ browser }) => {
  const ctx = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.clock.install({ time: 0 });
  await ready(page, PG);
  await button(page, 'play').click();
  for (let i = 0; i < 6; i++) {
    await page.clock.runFor(370);
    const tag = flow(page).locator('.hop-tag');
    if ((await tag.count()) > 0) await expect(tag).toHaveAttribute('data-arrived', /true|false/);
    // The packet never sits between places: it is at a place (start or arrived).
    const step = Number(await flow(page).getAttribute('data-step'));
    if (step > 0) await expect(tag).toHaveAttribute('data-arrived', 'true');
  }
  await ctx.close();
});

test('axe finds no violations in the diagram (light and dark)', async ({ browser }) => {
  for (const theme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ colorScheme: theme });
    const page = await ctx.newPage();
    await ready(page, `${PG}?step=2`);
    const violations = await axeViolations(page, '.hop-flow');
    expect(violations.map((v) => `${theme}: ${v}`)).toEqual([]);
    await ctx.close();
  }
});

test('lesson page: server-rendered first frame and transcript without JavaScript', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('/en/lessons/path-of-a-request/');
  await expect(page.locator('.hop-flow .react-flow__node').first()).toBeAttached();
  await expect(page.locator('.hop-flow .hop-link').first()).toBeAttached();
  expect(await page.locator('.hop-transcript li').count()).toBeGreaterThan(10);
  await expect(page.locator('.hop-canvas-wrap[data-pagefind-ignore]').first()).toBeAttached();
  await ctx.close();
});

test('phones see a stacked first frame before the diagram runs, and one canvas after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/lessons/path-of-a-request/');
  const flow = page.locator('.hop-flow').first();
  const wide = flow.locator('.hop-canvas--wide');
  const narrow = flow.locator('.hop-canvas--narrow');
  await expect(narrow).toBeVisible();
  await expect(wide).toBeHidden();
  // The stacked copy fits the phone: no sideways scrolling before hydration.
  const fits = await flow
    .locator('.hop-canvas-wrap')
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  // On a wide screen the same HTML shows the wide frame.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(wide).toBeVisible();
  await expect(narrow).toBeHidden();
  // Once the diagram runs it lays itself out and the server's copy is gone.
  await page.setViewportSize({ width: 390, height: 844 });
  await flow.locator('[data-action="forward"]').click();
  await expect(flow).toHaveAttribute('data-step', '1');
  await expect(narrow).toHaveCount(0);
  await expect(flow).toHaveClass(/is-stacked/);
});

test('on a phone the inspector lists each hop as a card and stays a table for assistive tech', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await readWithoutQuestions(page);
  await page.goto('/de/lessons/why-snat/');
  const insp = page.locator('.hop-flow').first().locator('.hop-inspector');
  const table = insp.getByRole('table');
  const rows = table.getByRole('row');
  const firstHop = rows.nth(1);
  const display = () => firstHop.evaluate((el) => getComputedStyle(el).display);
  await expect.poll(display).toBe('block');
  // Still a table with its headers for a screen reader, though the header row is not shown.
  await expect(table.getByRole('columnheader', { name: 'vorher' })).toBeAttached();
  expect(await rows.count()).toBeGreaterThan(2);
  // Each card labels its addresses and nothing runs off to the side.
  await expect(firstHop.getByRole('cell').nth(2)).toHaveAttribute('data-label', 'vorher');
  const fits = await insp
    .locator('.hop-scroll')
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  // Wide screens keep the five-column table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(display).toBe('table-row');
});

test('on a phone the stepped packet stays in view above the pinned step buttons', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await phone.newPage();
  await page.goto('/en/lessons/path-of-a-request/');
  const diagram = page.locator('.hop-flow').first();
  const forward = diagram.locator('[data-action="forward"]');
  await forward.scrollIntoViewIfNeeded();
  // Touch screens get no keyboard hints.
  await expect(diagram.locator('.hop-keys')).toBeHidden();
  // What hides part of the screen: the site's header above, the pinned card and buttons below.
  const outOfView = () =>
    diagram.evaluate((root) => {
      const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      const covers = [
        ...root.querySelectorAll('.hop-stepbar .hop-tag, .hop-stepbar .hop-playback'),
      ];
      const bottom = Math.min(innerHeight, ...covers.map((e) => e.getBoundingClientRect().top));
      const out = [...root.querySelectorAll<HTMLElement>('.hop-canvas--wide .hop-place.is-active')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.top < top - 1 || r.bottom > bottom + 1;
        })
        .map((e) => e.dataset['place'] ?? '?');
      const b = root.querySelector('[data-action="forward"]')?.getBoundingClientRect();
      if (!b || b.top < 0 || b.bottom > innerHeight) out.push('forward button');
      return out;
    });
  for (let i = 1; i <= 6; i++) {
    await forward.tap();
    await expect(diagram).toHaveAttribute('data-step', String(i));
    await expect(diagram).toHaveClass(/is-stacked/);
    // The places the packet moves between, and the button the thumb is on.
    await expect.poll(outOfView, { message: `step ${i}` }).toEqual([]);
  }
  // The header card rides with the buttons, not next to the packet (it would hide its box).
  await expect(diagram.locator('.hop-packets .hop-tag')).toHaveCount(0);
  await expect(diagram.locator('.hop-stepbar .hop-tag-dock .hop-tag')).toContainText('SYN-ACK');
  await phone.close();
  // A keyboard and a mouse: the hints are there, the tag sits next to the packet, no dock.
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await ready(desk, '/en/lessons/path-of-a-request/');
  await expect(flow(desk).locator('.hop-keys')).toBeVisible();
  await flow(desk).locator('[data-action="forward"]').click();
  await expect(flow(desk).locator('.hop-packets .hop-tag')).toBeVisible();
  await expect(flow(desk).locator('.hop-tag-dock')).toHaveCount(0);
  await desk.close();
});

/** The deck address of a lesson's first diagram slide (question slides come before some). */
async function firstDiagramSlide(page: Page, lang: 'en' | 'de', lesson: string): Promise<string> {
  for (let n = 1; n <= 12; n++) {
    const url = `/${lang}/present/${lesson}/#slide=${n}`;
    await page.goto(`/${lang}/present/${lesson}/?probe=${n}#slide=${n}`);
    await expect(page.locator('.deck')).toHaveAttribute('data-slide', String(n));
    if ((await page.locator('.deck').getAttribute('data-kind')) === 'diagram') return url;
  }
  throw new Error(`${lesson}: no diagram slide among the first 12`);
}

test('the packet card never hides a name or an address, in a lesson and on a slide', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const hidden = (root: Locator) =>
    root.evaluate((r) => {
      const card = r.querySelector('.hop-packets .hop-tag')?.getBoundingClientRect();
      if (!card) return [];
      const texts = r.querySelectorAll(
        '.hop-canvas--wide :is(.hop-place__label, .hop-place__sub, .hop-badge)',
      );
      return [...texts]
        .filter((e) => {
          const b = e.getBoundingClientRect();
          return (
            b.left < card.right && card.left < b.right && b.top < card.bottom && card.top < b.bottom
          );
        })
        .map((e) => e.textContent ?? '');
    });
  // Lesson 1 in the page (606 px) and on its slide (the deck's presenter size).
  await ready(page, '/en/lessons/path-of-a-request/');
  const lesson = flow(page);
  await lesson.locator('.hop-canvas-wrap').focus();
  const covered: string[] = [];
  for (let i = 1; i <= 35; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(lesson).toHaveAttribute('data-step', String(i));
    for (const t of await hidden(lesson)) covered.push(`lesson hop ${i}: ${t}`);
  }
  await page.goto(await firstDiagramSlide(page, 'en', 'path-of-a-request'));
  const slide = page.locator('.slide-flow .hop-flow');
  await expect(slide).toHaveAttribute('data-hydrated', 'true');
  // Every stop of the slide (a slide stops at the hops its captions tell, not at every hop).
  const deck = page.locator('.deck');
  const slideNo = await deck.getAttribute('data-slide');
  let stops = 0;
  for (let i = 1; i <= 20; i++) {
    await page.keyboard.press('ArrowRight');
    // The press either moves to the next stop or, after the last one, to the next slide.
    await expect
      .poll(async () => {
        const [n, step] = [
          await deck.getAttribute('data-slide'),
          await deck.getAttribute('data-step'),
        ];
        return n !== slideNo || step === String(i);
      })
      .toBe(true);
    if ((await deck.getAttribute('data-slide')) !== slideNo) break;
    stops++;
    for (const t of await hidden(slide)) covered.push(`slide stop ${i}: ${t}`);
  }
  expect(stops).toBeGreaterThan(0);
  expect(covered).toEqual([]);
  await page.close();
});

/** Every ARIA and title text inside the diagrams, and React Flow's hidden help texts. */
const ariaTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const root of document.querySelectorAll('.hop-flow')) {
      for (const el of root.querySelectorAll('*')) {
        for (const a of ['aria-label', 'aria-description', 'aria-roledescription', 'title']) {
          const v = el.getAttribute(a);
          if (v) out.push(`${a}=${v}`);
        }
      }
      for (const el of root.querySelectorAll('[id^="react-flow__"][id*="-desc"]'))
        out.push(`desc=${el.textContent ?? ''}`);
    }
    return out;
  });
/** React Flow's English defaults: its role descriptions, and words of its labels and help texts. */
const isEnglish = (t: string): boolean =>
  /^aria-roledescription=(node|edge)$/.test(t) ||
  /\b(edge|from|press|select|delete|between|link|zoom|panel)\b/i.test(t.replace(/^[^=]+=/, ''));

test('German diagrams carry no English ARIA text, in the server frame and running', async ({
  browser,
}) => {
  // Nine page loads, four of them hydrating diagrams: room on a busy machine.
  test.setTimeout(120_000);
  const pages = [
    '/de/lessons/path-of-a-request/',
    '/de/playground/drain-local-hcnp/',
    '/de/embed/local/',
  ];
  // The server-rendered frame, as a reader without JavaScript (and a crawler) gets it; a deck's
  // diagrams are server-rendered in its handout.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const server = await noJs.newPage();
  for (const url of [...pages, '/de/present/draining-nodes/print/']) {
    await server.goto(url);
    const texts = await ariaTexts(server);
    expect(texts.length, url).toBeGreaterThan(5);
    expect(texts.filter(isEnglish), url).toEqual([]);
  }
  await noJs.close();
  const page = await browser.newPage();
  const deck = await firstDiagramSlide(page, 'de', 'draining-nodes');
  for (const url of [...pages, deck]) {
    await page.goto(url);
    await page.locator('.hop-flow').first().hover();
    await expect(page.locator('.hop-flow[data-hydrated="true"]').first()).toBeVisible();
    const texts = await ariaTexts(page);
    expect(
      texts.some((t) => t.includes('Netzverbindung zwischen')),
      url,
    ).toBe(true);
    expect(texts.filter(isEnglish), url).toEqual([]);
  }
  await page.close();
});

test('hop:reveal plays the diagram to the named mark', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page, '/en/lessons/path-of-a-request/');
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent('hop:reveal', { detail: { diagram: 'other', reveal: 'end' } }),
    );
    window.dispatchEvent(
      new CustomEvent('hop:reveal', { detail: { diagram: 'd1', reveal: '0:delivered' } }),
    );
  });
  await expect(page.locator('#d1')).toHaveAttribute('data-step', '4');
  await expect(page.locator('#d1 [data-narration]')).toContainText('sees the source address');
  // Revealing an earlier moment jumps back to it.
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent('hop:reveal', { detail: { diagram: 'd1', reveal: '0:dnat' } }),
    );
  });
  await expect(page.locator('#d1')).toHaveAttribute('data-step', '2');
});

test('drain scenario: timeline over simulated time with the per-node chart', async ({ page }) => {
  const errors = collectErrors(page);
  await ready(page, '/en/playground/drain-cluster-nodeport-probe/?t=20');
  await expect(flow(page)).toHaveAttribute('data-mode', 'time');
  await expect(flow(page).locator('.hop-chart--drain')).toBeVisible();
  await expect(flow(page).locator('.hop-seek__label')).toContainText('t = 20.0 s');
  expect(errors).toEqual([]);
});

test('German diagrams write decimals with a comma, as the lessons do', async ({ page }) => {
  await ready(page, '/de/playground/drain-cluster-nodeport-probe/?t=20');
  await expect(flow(page).locator('.hop-seek__label')).toHaveText('t = 20,0 s');
  await expect(flow(page).locator('.hop-chart--drain figcaption')).toContainText(
    /Unterbrechung: \d+,\d\ss\./,
  );
  // The log's times too (the first entries fall before 10 s: four decimals).
  await flow(page).locator('.hop-log .hop-disclosure').click();
  await expect(flow(page).locator('.hop-log__t').first()).toHaveText(/^\d+,\d{1,4}\ss$/);
});

/**
 * Opens lessons with "Read without questions" on, as a reader who switched it on: every diagram
 * shows, with its panels (a question otherwise holds back what follows it, and a diagram keeps
 * its panels closed until its questions are settled; tests/e2e/steps.spec.ts tests that).
 */
async function readWithoutQuestions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const lesson = /^\/(?:en|de)\/(lessons\/[^/]+)\//.exec(location.pathname)?.[1];
    if (!lesson) return;
    const key = 'hop.progress.v1';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    const readAll = { ...(stored['readAll'] as object), [lesson]: true };
    localStorage.setItem(key, JSON.stringify({ ...stored, readAll }));
  });
}

/** Wakes every diagram, waits until each has hydrated, and opens every event log. */
async function hydrateAll(page: Page): Promise<void> {
  const flows = page.locator('.hop-diagram .hop-flow');
  const n = await flows.count();
  for (let i = 0; i < n; i++) {
    await flows.nth(i).hover();
    await expect(flows.nth(i)).toHaveAttribute('data-hydrated', 'true');
    const log = flows.nth(i).locator('.hop-log .hop-disclosure');
    if ((await log.count()) > 0) {
      await log.click();
      await expect(log).toHaveAttribute('aria-expanded', 'true');
    }
  }
  await page.waitForLoadState('networkidle');
}

/**
 * One lesson per theme, one per language, each with every diagram hydrated and every panel open
 * at two widths: the diagrams share one component and one stylesheet, so a third lesson would
 * audit the same markup again. What depends on a lesson's content (names, labels, ids) is checked
 * on every built page by scripts/check-site.mjs (scripts/lib/htmlA11y.mjs), and the playground's
 * diagram is audited in both themes above.
 */
const axePages = [
  // Charts of the load per Pod, a time-mode diagram and spreading what-ifs.
  { url: '/en/lessons/balancing-local/', theme: 'light' },
  // The drain: timelines, the probe lane and the per-node chart, in German.
  { url: '/de/lessons/draining-nodes/', theme: 'dark' },
] as const;
// One test per width: each is one page hydrated and audited once (over 90 s for both widths of the
// drain lesson at load 13 on 2 cores), and the two run side by side.
for (const { url, theme } of axePages) {
  for (const width of [1280, 375]) {
    test(`axe finds nothing in the diagrams of ${url} (${theme}, ${width} px)`, async ({
      page,
    }) => {
      // Five diagrams with every panel open: axe needs its time on a busy machine.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
      await readWithoutQuestions(page);
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await hydrateAll(page);
      const violations = await axeViolations(page, '.hop-diagram');
      expect(violations.map((v) => `${width}px ${v}`)).toEqual([]);
      // Landmarks are page-wide: every region name on the page is unique.
      const names = await page
        .locator('section[aria-label], section[aria-labelledby], [role="region"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.id));
      expect(new Set(names).size).toBe(names.length);
    });
  }
}

test('SNAT chip and switch follow the policy: no SNAT under Local', async ({ page }) => {
  await ready(page, '/en/playground/local/');
  const chip = flow(page).locator('[data-chip="snat"]');
  await expect(chip).toHaveText('no SNAT (Local)');
  const snat = flow(page).getByLabel('SNAT (masquerade)');
  await expect(snat).toBeDisabled();
  await expect(snat).toHaveAccessibleDescription(/Local never masquerades/);
  await flow(page).getByLabel('externalTrafficPolicy').selectOption('Cluster');
  await expect(chip).toHaveText(/SNAT (on|off)/);
  await expect(snat).toBeEnabled();
  await ready(page, '/de/lessons/local-policy/');
  await expect(flow(page).locator('[data-chip="snat"]')).toHaveText('kein SNAT (Local)');
});

test('Share / embed opens the dialog with the current moment, loaded on click', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await readWithoutQuestions(page);
  await ready(page, '/en/lessons/balancing-local/');
  const d2 = page.locator('#d2');
  await d2.hover();
  await expect(d2).toHaveAttribute('data-hydrated', 'true');
  await d2.locator('[data-action="forward"]').click();
  await d2.locator('[data-action="forward"]').click();
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) chunks.push(r.url());
  });
  await d2.locator('[data-action="share"]').click();
  const dialog = page.getByRole('dialog', { name: 'Share or embed this diagram' });
  await expect(dialog).toBeVisible();
  expect(chunks.length).toBeGreaterThan(0);
  // The link leads to the scenario's full page at this moment, with the lesson's settings.
  const link = dialog.getByLabel('Link to this moment');
  await expect(link).toHaveValue(/\/en\/playground\/local-spread\/\?.*step=2/);
  await expect(link).toHaveValue(/placement\.replicas/);
  await expect(dialog.getByLabel('Embed (HTML iframe)')).toHaveValue(/<iframe src=/);
  await expect(dialog.getByRole('button', { name: 'Download SVG' })).toBeVisible();
  expect(await axeViolations(page, '.hop-share-dialog')).toEqual([]);
  // A modal in the middle of the window, over a dimmed page; Tab stays inside it.
  const box = await dialog.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error('no dialog box');
  expect(Math.abs(box.x + box.width / 2 - view.width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - view.height / 2)).toBeLessThan(2);
  const backdrop = await dialog.evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor);
  expect(backdrop).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  const shared = await link.inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(d2.locator('[data-action="share"]')).toBeFocused();
  // Opening the link lands on the same moment.
  await page.goto(shared);
  await expect(flow(page)).toHaveAttribute('data-hydrated', 'true');
  await expect(flow(page)).toHaveAttribute('data-step', '2');
  await expect(flow(page).locator('.hop-whatif')).toBeVisible();
  // A drain at t = 50 s: the link and the embed snippet both keep the time.
  await ready(page, '/de/playground/drain-cluster-nodeport-probe/?t=50');
  const time = flow(page).locator('.hop-seek__label');
  await expect(time).toHaveText('t = 50,0 s');
  const step = await flow(page).getAttribute('data-step');
  await flow(page).locator('[data-action="share"]').click();
  const de = page.getByRole('dialog', { name: 'Dieses Diagramm teilen oder einbetten' });
  await expect(de).toBeVisible();
  const deLink = await de.getByLabel('Link auf genau diesen Moment').inputValue();
  const iframe = await de.getByLabel('Einbetten (HTML-iframe)').inputValue();
  const embed = /src="([^"]+)"/.exec(iframe)?.[1]?.replace(/&amp;/g, '&') ?? '';
  expect(embed).toMatch(/\/de\/embed\/drain-cluster-nodeport-probe\/\?t=50&/);
  for (const url of [deLink, embed]) {
    await page.goto(url);
    await expect(flow(page)).toHaveAttribute('data-hydrated', 'true');
    await expect(flow(page).locator('.hop-seek__label')).toHaveText('t = 50,0 s');
    await expect(flow(page)).toHaveAttribute('data-step', step ?? '');
  }
  expect(errors).toEqual([]);
});
