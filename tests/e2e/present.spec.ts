import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'node-html-parser';
import { builtPages, distDir } from './pages';

/**
 * Presenter decks: keyboard and clicker flow through every diagram and question of a lesson,
 * votes and answers, notes window sync, offline reload, print. (Sizes: deck-size.spec.ts.)
 */
const lesson = 'why-snat';

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

/** Presses "next" until the deck shows a slide of this kind (the lesson's order decides). */
async function nextUntil(page: Page, kind: string): Promise<void> {
  for (let i = 0; i < 30 && (await deckState(page)).kind !== kind; i++) {
    const before = await deckState(page);
    await page.keyboard.press('PageDown');
    await expect
      .poll(async () => JSON.stringify(await deckState(page)))
      .not.toBe(JSON.stringify(before));
  }
  await expect(page.locator('.deck')).toHaveAttribute('data-kind', kind);
}

for (const lang of ['en', 'de'] as const) {
  test(`a ${lang} deck runs from start to end by keyboard, through every diagram and question`, async ({
    page,
  }) => {
    // About 60 presses, each awaited: longer than one page load on a busy machine.
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openDeck(page, `/${lang}/present/${lesson}/`);
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'title');
    await expect(page.locator('h2.slide-title')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'goals');
    await expect(page).toHaveURL(/#slide=2$/);
    await nextUntil(page, 'diagram');
    const count = page.getByTestId('deck-count');
    // One word for a step, in the footer and nowhere else on the slide.
    await expect(count).toContainText(lang === 'en' ? /Step 0 of \d+/ : /Schritt 0 von \d+/);
    const caption = page.getByTestId('slide-caption');
    const first = (await caption.textContent()) ?? '';
    await page.keyboard.press('Space');
    await expect(count).toContainText(lang === 'en' ? /Step 1 of/ : /Schritt 1 von/);
    await expect(caption).not.toHaveText(first);
    await expect(caption).not.toContainText(lang === 'en' ? 'Step' : 'Schritt');
    await page.keyboard.press('ArrowLeft');
    await expect(count).toContainText(lang === 'en' ? /Step 0 of/ : /Schritt 0 von/);
    // Walk the rest of the deck with the clicker's "next", each press awaited until it moved.
    const kinds = new Set<string>();
    let guard = 0;
    let state = await deckState(page);
    while (state.kind !== 'end' && guard++ < 150) {
      const before = state;
      await page.keyboard.press('PageDown');
      await expect
        .poll(async () => {
          state = await deckState(page);
          return state.slide !== before.slide || state.step !== before.step;
        })
        .toBe(true);
      kinds.add(state.kind);
    }
    expect([...kinds].sort()).toEqual(['diagram', 'end', 'question', 'recap']);
    expect(guard).toBeGreaterThan(30);
    // Back from the end enters the recap, then the last question at its last step.
    await page.keyboard.press('PageUp');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'recap');
    await page.keyboard.press('PageUp');
    await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'question');
    await expect(page.locator('.deck')).not.toHaveAttribute('data-step', '0');
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

test('the room votes on a question, then the answer plays its moment on the diagram', async ({
  page,
  context,
}) => {
  await openDeck(page, `/en/present/${lesson}/`);
  await nextUntil(page, 'diagram');
  // The diagram stops before the moment the question asks about: after its last step, it asks.
  for (;;) {
    const before = await deckState(page);
    await page.keyboard.press('PageDown');
    await expect
      .poll(async () => JSON.stringify(await deckState(page)))
      .not.toBe(JSON.stringify(before));
    if ((await deckState(page)).kind !== 'diagram') break;
  }
  await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'question');
  await expect(page.locator('.slide-flow')).toHaveCount(0);
  const notes = await context.newPage();
  await notes.goto(`/en/present/${lesson}/notes/`);
  await page.bringToFront();
  // Hands up: 3 for option 1, 2 for option 2, one taken back.
  for (const key of ['1', '1', '1', '2', '2', '3']) await page.keyboard.press(key);
  await page.keyboard.press('Shift+Digit3');
  const votes = page.getByTestId('slide-votes');
  await expect(votes.nth(0)).toContainText('3');
  await expect(votes.nth(1)).toContainText('2');
  await expect(votes.nth(2)).toContainText('0');
  // Digits counted votes; they did not jump to a slide.
  await expect(page.locator('.deck')).toHaveAttribute('data-kind', 'question');
  await expect(notes.getByTestId('notes-votes')).toHaveText('Votes: 1: 3 · 2: 2 · 3: 0');
  // Next: the answer, played on its diagram up to the moment.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.deck')).toHaveAttribute('data-step', '1');
  await expect(page.locator('.slide-heading--answer')).toContainText('Answer 1:');
  const flow = page.locator('.slide-flow .hop-flow');
  await expect(flow).toHaveAttribute('data-hydrated', 'true');
  const at = /Step (\d+) of/.exec((await page.getByTestId('deck-count').textContent()) ?? '')?.[1];
  await expect(flow).toHaveAttribute('data-step', at ?? '-');
  await expect(flow).toHaveAttribute('data-playing', 'false');
});

test('the URL opens the deck at a slide and step', async ({ page }) => {
  // Slide 5 of lesson 3 is its first diagram.
  await page.goto(`/de/present/${lesson}/#slide=5&step=2`);
  await expect(page.locator('.deck')).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('deck-count')).toContainText('Folie 5 von');
  await expect(page.getByTestId('deck-count')).toContainText('Schritt 2 von');
  await expect(page.locator('.slide-flow .hop-flow')).toHaveAttribute('data-step', '2');
});

test('slides fill 16:9 and 4:3 screens without scrolling', async ({ page }) => {
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/en/present/${lesson}/#slide=5&step=2`);
    // Measured once the diagram has laid itself out for the screen.
    await expect(page.locator('.slide-flow .hop-flow')).toHaveAttribute('data-hydrated', 'true');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight))
      .toBeLessThanOrEqual(0);
    await expect
      .poll(async () => {
        const flow = await page.locator('.slide-flow .hop-canvas').boundingBox();
        const bar = await page.locator('.deck-bar').boundingBox();
        return Boolean(flow && bar && flow.y + flow.height <= bar.y + 1 && flow.x >= 0);
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
  await expect(notes.getByTestId('notes-position')).toHaveText('Slide 1 of 14');
  await expect(notes.getByTestId('notes-waiting')).toBeHidden();
  await expect(notes.locator('.notes-current [data-index="0"]')).toBeVisible();
  await expect(notes.locator('.notes-current [data-index="0"]')).toContainText(/(Time|Zeit): \d/);
  await expect(notes.locator('.notes-next [data-next-index="0"] h2')).toContainText(
    'After this lesson you can',
  );
  await deck.bringToFront();
  await deck.goto(`/en/present/${lesson}/#slide=5&step=1`);
  await expect(notes.getByTestId('notes-position')).toHaveText('Slide 5 of 14 · Step 1 of 21');
  // The full sentence of the step is in the notes; the slide has its short line.
  const full = notes.locator('[data-narr="4:1"]');
  await expect(full).toBeVisible();
  expect(((await full.textContent()) ?? '').length).toBeGreaterThan(
    ((await deck.getByTestId('slide-caption').textContent()) ?? '').length,
  );
  // Specific notes: what to point at, what to ask, a time budget.
  await expect(notes.locator('.notes-current [data-index="4"]')).toContainText(/(Time|Zeit): \d/);
  // Driving from the notes window (the presenter's laptop).
  await notes.getByRole('button', { name: 'Next' }).click();
  await expect(deck.locator('.deck')).toHaveAttribute('data-step', '2');
  await expect(notes.getByTestId('notes-position')).toHaveText(/Step 2 of/);
  await expect(notes.getByTestId('notes-timer')).toHaveText(/^\d+:\d\d$/);
});

test('a deck loaded once reloads offline', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
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
  await nextUntil(page, 'diagram');
  await expect(page.locator('.slide-flow .hop-flow')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.deck')).toHaveAttribute('data-step', '1');
  await expect(page.locator('.slide-flow .hop-flow')).toHaveAttribute('data-step', '1');
  await context.close();
});

test('the print handout shows every slide, every step, every question with its answer', async ({
  page,
}) => {
  await page.goto(`/en/present/${lesson}/print/`);
  await page.emulateMedia({ media: 'print' });
  const slides = page.locator('.handout-slide');
  await expect(slides).toHaveCount(14);
  await expect(page.locator('.handout-toolbar')).toBeHidden();
  const steps = page.getByTestId('handout-steps').locator('li');
  // Lesson 3's diagrams have 4 + 21 + 20 + … steps over their slides.
  expect(await steps.count()).toBeGreaterThan(40);
  await expect(steps.first()).toBeVisible();
  await expect(steps.first()).toContainText(/^Step 0 of \d+: /);
  const questions = page.locator('.handout-slide[data-kind="question"]');
  expect(await questions.count()).toBe(7);
  for (let i = 0; i < 7; i++) {
    const q = questions.nth(i);
    await expect(q.getByTestId('handout-answer')).toContainText('Answer: ');
    expect(await q.getByTestId('handout-options').locator('li').count()).toBeGreaterThan(2);
    await expect(q.locator('.handout-why li').first()).toBeVisible();
    await expect(q.locator('.handout-notes')).toContainText(/(Time|Zeit): \d/);
  }
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
    // Slide 7: the second drain of lesson 6 (no preStop), whose stops run to its failures.
    await openDeck(page, `/${lang}/present/draining-nodes/#slide=7`);
    const count = page.getByTestId('deck-count');
    await expect(count).toContainText(/t = 0[.,]0\u00a0s/);
    const chart = page.locator('.slide-chart .hop-chart--drain');
    await expect(chart).toBeVisible();
    // At t = 0 nothing is out of rotation yet: the picture does not give the drain away.
    const node1 = page.locator('.slide-flow [data-place="box:node-1"]');
    const outText = lang === 'en' ? 'LB: out of rotation' : 'LB: aus der Rotation';
    await expect(node1).not.toContainText(outText);
    const cursor = chart.locator('.hop-chart__cursor');
    let lastX = Number(await cursor.getAttribute('x1'));
    const last = Number(await page.locator('.deck').getAttribute('data-step'));
    expect(last).toBe(0);
    for (let i = 1; i < 3; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(new RegExp(`#slide=7&step=${i}$`));
      // Every press moves the clock forward: the chart's cursor follows it.
      await expect.poll(async () => Number(await cursor.getAttribute('x1'))).toBeGreaterThan(lastX);
      lastX = Number(await cursor.getAttribute('x1'));
      await expect(count).toContainText(/t = [\d.,]+\u00a0s/);
    }
    // The whole slide fits the screen: picture, chart and caption, nothing scrolls.
    const box = await chart.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBe(0);
    expect(errors).toEqual([]);
  }
});

test('every deck slide of a diagram over time steps through its moments (all decks, en and de)', () => {
  // The handouts list what each slide steps through: moments for a diagram over time, hops
  // otherwise. A diagram over time stepped hop by hop never shows its point (its hops all
  // happen at t ≈ 0), so no such slide may list hops. Read from the built handouts' HTML (the
  // list and the diagram's mode are server-rendered): no browser needed.
  const handouts = builtPages((u) => /^\/(en|de)\/present\/[^/]+\/print\/$/.test(u));
  expect(handouts.length).toBeGreaterThanOrEqual(18);
  let timed = 0;
  for (const url of handouts) {
    const root = parse(fs.readFileSync(path.join(distDir(), url, 'index.html'), 'utf8'));
    const slides = root.querySelectorAll('.handout-slide[data-kind="diagram"]');
    slides.forEach((slide, i) => {
      const mode = slide.querySelector('.hop-flow')?.getAttribute('data-mode');
      expect(mode, `${url} slide ${i}: a diagram with a mode`).toBeDefined();
      const first = slide.querySelector('[data-testid="handout-steps"] li')?.text.trim() ?? '';
      if (mode === 'time') {
        timed++;
        expect(first, `${url} slide ${i}`).toMatch(/^t = [\d.,]+\u00a0s: /);
      } else {
        expect(first, `${url} slide ${i}`).not.toMatch(/^t = /);
      }
    });
  }
  // Lesson 5 (two balance runs, topology spread twice, the MetalLB drain), lesson 6 (five
  // drains) and lesson 9 (the Maglev and random drains), in both languages.
  expect(timed).toBeGreaterThanOrEqual(22);
});
