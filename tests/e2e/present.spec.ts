import { expect, test, type Page } from '@playwright/test';
import { builtPages } from './pages';

/** Presenter decks: keyboard and clicker flow, notes window sync, offline reload, print. */
const lesson = 'path-of-a-request';

/** Opens a deck page and waits until it reacts to keys. */
async function openDeck(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.deck')).toHaveAttribute('data-hydrated', 'true');
}

const deckState = async (page: Page): Promise<{ slide: number; step: number; kind: string }> => {
  const deck = page.locator('.deck');
  return {
    slide: Number(await deck.getAttribute('data-slide')),
    step: Number(await deck.getAttribute('data-step')),
    kind: (await deck.getAttribute('data-kind')) ?? '',
  };
};

/** Waits until the diagram on a diagram slide has reported its length. */
async function diagramSteps(page: Page): Promise<number> {
  const count = page.getByTestId('deck-count');
  await expect(count).toContainText(/(Hop|Hop) \d+ (of|von) \d+/);
  const m = /(\d+) (?:of|von) (\d+)\s*$/.exec((await count.textContent()) ?? '');
  return Number(m?.[2] ?? 0);
}

for (const lang of ['en', 'de'] as const) {
  test(`a ${lang} deck runs from start to end by keyboard`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openDeck(page, `/${lang}/present/${lesson}/`);
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'title');
    await expect(page.locator('h2.slide-title')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'goals');
    await expect(page).toHaveURL(/#slide=2$/);
    await page.keyboard.press('PageDown');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'diagram');
    const steps = await diagramSteps(page);
    expect(steps).toBeGreaterThan(3);
    // Every press is one packet hop, and the narration follows.
    await page.keyboard.press('Space');
    await expect(page.locator('.deck')).toHaveAttribute('data-step', '1');
    await expect(page).toHaveURL(/#slide=3&step=1$/);
    // The narration comes from the diagram a frame after the deck's own step: wait for it.
    const narration = page.locator('.slide-narration');
    await expect(narration).toContainText(lang === 'en' ? 'Step 1 of' : 'Schritt 1 von');
    const first = (await narration.textContent()) ?? '';
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.deck')).toHaveAttribute('data-step', '2');
    await expect(narration).toContainText(lang === 'en' ? 'Step 2 of' : 'Schritt 2 von');
    await expect(narration).not.toHaveText(first);
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.deck')).toHaveAttribute('data-step', '1');
    // Walk the rest of the deck with the clicker's "next".
    // Each press is awaited until the deck has moved, so a slow render (or the diagram
    // worker reporting late on a loaded machine) never turns into a stale read.
    let guard = 0;
    let state = await deckState(page);
    while (state.kind !== 'end' && guard++ < steps + 20) {
      const before = state;
      await page.keyboard.press('PageDown');
      await expect
        .poll(async () => {
          state = await deckState(page);
          return state.slide !== before.slide || state.step !== before.step;
        })
        .toBe(true);
    }
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'end');
    expect(guard).toBeGreaterThanOrEqual(steps);
    // Back from the recap enters the diagram at its last hop.
    await page.keyboard.press('PageUp');
    await expect(page.locator('.deck')).not.toHaveAttribute('data-kind', 'end');
    await page.keyboard.press('PageUp');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'diagram');
    await expect(page.locator('.deck')).toHaveAttribute('data-step', String(steps));
    await page.keyboard.press('Home');
    await expect(page.locator('.deck')).toHaveAttribute('data-slide', '1');
    await page.keyboard.press('End');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'end');
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect(page.locator('.deck')).toHaveAttribute('data-slide', '2');
    expect(errors).toEqual([]);
  });
}

test('the URL opens the deck at a slide and hop', async ({ page }) => {
  await page.goto(`/de/present/${lesson}/#slide=3&step=4`);
  await expect(page.locator('.deck')).toHaveAttribute('data-step', '4');
  await expect(page.getByTestId('deck-count')).toContainText('Folie 3 von');
  await expect(page.locator('.slide-narration')).toContainText('4');
});

test('slides fill 16:9 and 4:3 screens without scrolling', async ({ page }) => {
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/en/present/${lesson}/#slide=3&step=2`);
    // Measured once the diagram has laid itself out for the screen.
    await expect(page.locator('.slide-flow .hop-flow')).toHaveAttribute('data-hydrated', 'true');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight))
      .toBeLessThanOrEqual(0);
    await expect
      .poll(async () => {
        const flow = await page.locator('.slide-flow .hop-flow').boundingBox();
        const area = await page.locator('.slide-flow').boundingBox();
        return Boolean(flow && area && flow.y + flow.height <= area.y + area.height + 1);
      })
      .toBe(true);
  }
});

test('the notes window follows the deck and can drive it', async ({ context }) => {
  const deck = await context.newPage();
  await openDeck(deck, `/en/present/${lesson}/`);
  await expect(deck.locator('.deck')).toHaveAttribute('data-kind', 'title');
  const notes = await context.newPage();
  await notes.goto(`/en/present/${lesson}/notes/`);
  // The notes window says hello; the deck answers with where it is.
  await expect(notes.getByTestId('notes-position')).toHaveText('Slide 1 of 5');
  await expect(notes.getByTestId('notes-waiting')).toBeHidden();
  await expect(notes.locator('.notes-current [data-index="0"]')).toBeVisible();
  await expect(notes.locator('.notes-next [data-next-index="0"] h2')).toContainText(
    'After this lesson you can',
  );
  await deck.bringToFront();
  await deck.keyboard.press('ArrowRight');
  await deck.keyboard.press('ArrowRight');
  await deck.keyboard.press('ArrowRight');
  await expect(notes.getByTestId('notes-position')).toHaveText(/Slide 3 of 5 · Hop 1 of \d+/);
  await expect(notes.getByTestId('notes-narration')).not.toBeEmpty();
  // Driving from the notes window (the presenter's laptop).
  await notes.getByRole('button', { name: 'Next' }).click();
  await expect(deck.locator('.deck')).toHaveAttribute('data-step', '2');
  await expect(notes.getByTestId('notes-position')).toHaveText(/Hop 2 of/);
  await expect(notes.getByTestId('notes-timer')).toHaveText(/^\d+:\d\d$/);
});

test('a deck loaded once reloads offline', async ({ context, page }) => {
  await page.goto(`/en/present/${lesson}/`);
  // Wait until the worker controls the page and has stored the page and everything it loaded.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
    timeout: 15_000,
  });
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const n of await caches.keys())
      for (const r of await (await caches.open(n)).keys()) urls.push(r.url);
    return urls;
  });
  expect(cached).toContain(page.url().split('#')[0]);
  expect(cached.filter((u) => u.includes('/_astro/') && u.endsWith('.js')).length).toBeGreaterThan(
    3,
  );
  await context.setOffline(true);
  // Really offline: a page that was never loaded fails.
  const never = await page.evaluate(() =>
    fetch('/en/glossary/?never-cached').then(
      () => 'online',
      () => 'offline',
    ),
  );
  expect(never).toBe('offline');
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  await page.reload();
  await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'title');
  await expect(page.locator('.deck'), `failed offline: ${failed.join(', ')}`).toHaveAttribute(
    'data-hydrated',
    'true',
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.slide-flow .hop-flow')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.deck')).toHaveAttribute('data-step', '1');
  await context.setOffline(false);
});

test('the print handout shows every slide and every step', async ({ page }) => {
  await page.goto(`/en/present/${lesson}/print/`);
  await page.emulateMedia({ media: 'print' });
  const slides = page.locator('.handout-slide');
  await expect(slides).toHaveCount(5);
  await expect(page.locator('.handout-toolbar')).toBeHidden();
  const steps = page.getByTestId('handout-steps').first().locator('li');
  expect(await steps.count()).toBeGreaterThan(10);
  await expect(steps.first()).toBeVisible();
  await expect(steps.last()).toBeVisible();
  await expect(page.locator('.handout .hop-flow').first()).toBeVisible();
  const breaks = await slides.first().evaluate((el) => getComputedStyle(el).breakAfter);
  expect(breaks).toBe('page');
});

test('the drain deck steps through the drain, with the probe lane, LB view and window on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ['en', 'de'] as const) {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Slide 3: drain-local-hcnp; the load balancer takes node-1 out at ~18 s.
    await openDeck(page, `/${lang}/present/draining-nodes/#slide=3`);
    const count = page.getByTestId('deck-count');
    await expect(count).toContainText(lang === 'en' ? /Moment 1 of \d+/ : /Moment 1 von \d+/);
    const total = Number(/(\d+)\s*$/.exec((await count.textContent()) ?? '')?.[1] ?? 0);
    expect(total).toBeGreaterThanOrEqual(5);
    const chart = page.locator('.slide-flow .hop-chart--drain');
    await expect(chart).toBeVisible();
    const node1 = page.locator('.slide-flow [data-place="box:node-1"]');
    const outText = lang === 'en' ? 'LB: out of rotation' : 'LB: außer Rotation';
    await expect(node1).not.toContainText(outText);
    const narration = page.locator('.slide-narration');
    await expect(narration).toHaveText(/^t = 0[.,]0 s: /);
    const cursor = chart.locator('.hop-chart__cursor');
    let lastX = Number(await cursor.getAttribute('x1'));
    const seen: string[] = [];
    for (let i = 2; i <= total; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(count).toContainText(lang === 'en' ? `Moment ${i} of` : `Moment ${i} von`);
      await expect(page).toHaveURL(new RegExp(`#slide=3&step=${i - 1}$`));
      // Every press moves the clock forward: the chart's cursor follows it.
      await expect.poll(async () => Number(await cursor.getAttribute('x1'))).toBeGreaterThan(lastX);
      lastX = Number(await cursor.getAttribute('x1'));
      seen.push((await narration.textContent()) ?? '');
    }
    // One of the moments is the load balancer taking node-1 out; from there the picture says so.
    const down = lang === 'en' ? 'out of rotation' : 'aus der Rotation';
    expect(seen.some((s) => s.includes(down))).toBe(true);
    await expect(node1).toContainText(outText);
    // The whole slide fits the screen: picture, chart and narration, nothing scrolls.
    const box = await chart.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBe(0);
    // The next press leaves the slide; back enters it at its last moment.
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.deck')).toHaveAttribute('data-slide', '4');
    await page.keyboard.press('ArrowLeft');
    await expect(count).toContainText(lang === 'en' ? `Moment ${total} of` : `Moment ${total} von`);
    expect(errors).toEqual([]);
  }
});

test('every deck slide of a diagram over time steps through its moments (all decks, en and de)', async ({
  page,
}) => {
  // The handouts list what each slide steps through: moments for a diagram over time, hops
  // otherwise. A diagram over time stepped hop by hop never shows its point (its hops all
  // happen at t ≈ 0), so no such slide may list hops.
  const handouts = builtPages((u) => /^\/(en|de)\/present\/[^/]+\/print\/$/.test(u));
  // Lessons 1 to 9, in two languages.
  expect(handouts.length).toBe(18);
  let timed = 0;
  for (const url of handouts) {
    await page.goto(url);
    const slides = page.locator('.handout-slide[data-kind="diagram"]');
    for (let i = 0; i < (await slides.count()); i++) {
      const slide = slides.nth(i);
      const mode = await slide.locator('.hop-flow').getAttribute('data-mode');
      const first =
        (await slide.getByTestId('handout-steps').locator('li').first().textContent()) ?? '';
      if (mode === 'time') {
        timed++;
        expect(first, `${url} slide ${i}`).toMatch(/^t = 0[.,]0 s: /);
      } else {
        expect(first, `${url} slide ${i}`).not.toMatch(/^t = /);
      }
    }
  }
  // Lesson 5 (two balance runs and the MetalLB drain), lesson 6 (three drains) and lesson 9 (the
  // Maglev and random drains), in both languages.
  expect(timed).toBe(16);
});
