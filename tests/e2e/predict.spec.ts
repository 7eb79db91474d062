/**
 * Predict → commit → observe → explain, on every question of four lessons in both languages:
 * before an answer is committed none of the question's giveaways (the diagram's inspector, log,
 * charts, summary and transcript) is visible; a wrong first answer gets one more try with every
 * option still there (no strike-through); after the commit the feedback, the learner's picks
 * and their "why" line are in the viewport, and the page did not jump away from them.
 * (tests/e2e/steps.spec.ts checks what a question holds back of the lesson.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { builtPages } from './pages';

/**
 * One lesson per kind of question layout, both languages across the set (walking all 18 lessons
 * repeated the same behaviour; what a question holds back on every lesson is checked without a
 * browser by scripts/check-site.mjs, and by steps.spec.ts on its own set): every question about a
 * diagram placed below it; questions without a diagram among them; diagrams over time (a drain);
 * the most diagrams (twelve), with long German questions.
 */
const walked = [
  '/en/lessons/path-of-a-request/',
  '/en/lessons/no-kube-proxy/',
  '/de/lessons/draining-nodes/',
  '/de/lessons/client-ip-beyond-kube-proxy/',
];
const lessons = builtPages((u) => walked.includes(u));
if (lessons.length !== walked.length) throw new Error(`predict.spec: not built: ${walked.join()}`);

async function inViewport(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y + Math.min(box.height, 40) <= h;
}

/**
 * The element's top once the page is still: unchanged over three animation frames (a smooth
 * scroll or a diagram above that is still hydrating has finished). Readiness, not a timeout.
 */
function stillTop(el: Locator): Promise<number> {
  return el.evaluate(
    (e) =>
      new Promise<number>((resolve) => {
        let last = NaN;
        let same = 0;
        const tick = (): void => {
          const y = e.getBoundingClientRect().top;
          same = Math.abs(y - last) < 0.5 ? same + 1 : 0;
          last = y;
          if (same >= 3) resolve(y);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

for (const url of lessons) {
  test(`${url}: no answer shows before its question is committed`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const questions = page.locator('[data-predict].is-live');
    await expect(questions.first()).toBeVisible();
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const q = questions.nth(i);
      const diagram = await q.getAttribute('data-diagram');
      const answer = Number(await q.getAttribute('data-answer'));
      // The question at the top of the window (as a reader has it while answering): its
      // feedback then fits below it, and nothing needs to scroll.
      await q.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      if (diagram) {
        const wrap = page.locator(`.hop-diagram[data-diagram="${diagram}"]`);
        // Before this question is committed its diagram keeps every giveaway closed.
        await expect(wrap.locator('.hop-panels')).toBeHidden();
        await expect(wrap.locator('.hop-transcript')).toBeHidden();
        await expect(wrap.locator('.hop-concealed-note')).toBeVisible();
      }
      // The answer is not on the page yet either (the <details> is closed).
      await expect(q.locator('[data-predict-answer]')).not.toHaveAttribute('open', '');
      const options = q.locator('input[type="radio"]');
      const wrong = answer === 0 ? 1 : 0;
      await options.nth(wrong).check();
      await q.locator('[data-predict-why]').fill(`reason ${i + 1}`);
      await q.locator('.hop-predict__check').click();
      // One more try: the explanation of that option, the answer still hidden.
      const status = q.locator('[data-predict-status]');
      await expect(status).not.toBeEmpty();
      // The status is scrolled into view (at once, the least scroll that shows it).
      await expect.poll(() => inViewport(page, status)).toBe(true);
      await expect(q.locator('[data-predict-answer]')).not.toHaveAttribute('open', '');
      // Nothing is struck out: the second answer is a decision, not a pick between the rest.
      for (let o = 0; o < (await options.count()); o++) await expect(options.nth(o)).toBeEnabled();
      await expect(q.locator('.is-ruled-out')).toHaveCount(0);
      await expect(options.nth(wrong)).not.toBeChecked();
      // Playwright scrolls what it presses into view first (a long German question's option or
      // button can sit under the window's edge): press the option and bring the button into
      // view before measuring, so that only the page's own moves count.
      await options.nth(answer).check();
      const check = q.locator('.hop-predict__check');
      await check.scrollIntoViewIfNeeded();
      const before = await stillTop(q);
      // By keyboard, as a reader may: Playwright's click retries a target that moved between
      // two of its frames (a diagram above playing) with the page scrolled to other alignments,
      // a scroll of the test's own that read as the page jumping (350–385 px).
      await check.focus();
      await page.keyboard.press('Enter');
      const verdict = q.locator('[data-predict-verdict]');
      await expect(verdict).toHaveText(/second|zweiten/);
      await expect(q.locator('[data-predict-answer]')).toHaveAttribute('open', '');
      // Both picks and the learner's reason come back beside the explanations.
      await expect(q.locator(`[data-option="${wrong}"]`)).toHaveClass(/is-picked/);
      await expect(q.locator(`[data-option="${answer}"]`)).toHaveClass(/is-picked/);
      await expect(q.locator('[data-predict-reason-text]')).toHaveText(`reason ${i + 1}`);
      await expect
        .poll(() => inViewport(page, verdict), {
          message: `${url} question ${i + 1}: verdict in view`,
          // The diagram's code may still be loading on a busy machine; the scroll follows it.
          timeout: 5000,
        })
        .toBe(true);
      // The question stays where it was on the screen while the lesson opens below it, the
      // diagram's panels open (above it, for some) and the diagram hydrates to play the moment.
      // Measured once the page is still; polled, as the diagram above may still be playing.
      await expect
        .poll(async () => Math.round(Math.abs((await stillTop(q)) - before)), {
          message: `${url} question ${i + 1}: px the question moved`,
          timeout: 10_000,
        })
        .toBeLessThan(2);
    }
    // Every question settled: every diagram shows its panels again.
    for (const wrap of await page.locator('.hop-diagram[data-diagram]').all())
      await expect(wrap).toHaveAttribute('data-revealed', 'true');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('"Show me" settles a question without an answer, and a settled page stays settled', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/de/lessons/path-of-a-request/', { waitUntil: 'domcontentloaded' });
  const q = page.locator('[data-predict].is-live').first();
  await q.scrollIntoViewIfNeeded();
  await q.locator('[data-predict-skip]').click();
  await expect(q.locator('[data-predict-answer]')).toHaveAttribute('open', '');
  await expect(q.locator('[data-predict-verdict]')).toHaveText('Hier ist die Antwort.');
  await page.reload({ waitUntil: 'domcontentloaded' });
  const again = page.locator('[data-predict].is-live').first();
  await expect(again).toHaveClass(/is-settled/);
  await expect(again.locator('[data-predict-answer]')).toHaveAttribute('open', '');
  await context.close();
});

test('a held question lets go when the reader pages on, from inside it too', async ({ page }) => {
  await page.goto('/en/lessons/path-of-a-request/');
  const live = page.locator('[data-predict].is-live');
  await expect(live.first()).toBeVisible();
  // The first question open now with a diagram above it (only those hold); "Show me" settles
  // the ones before it.
  const candidate = (): Promise<number> =>
    live.evaluateAll((qs) =>
      qs.findIndex(
        (q) =>
          q.checkVisibility() &&
          !q.classList.contains('is-settled') &&
          [...document.querySelectorAll('.hop-diagram')].some(
            (d) => d.compareDocumentPosition(q) & Node.DOCUMENT_POSITION_FOLLOWING,
          ),
      ),
    );
  let index = await candidate();
  for (let i = 0; index < 0 && i < (await live.count()); i++) {
    await live.nth(i).locator('[data-predict-skip]').click();
    await expect(live.nth(i)).toHaveClass(/is-settled/);
    index = await candidate();
  }
  expect(index).toBeGreaterThanOrEqual(0);
  const q = live.nth(index);
  const html = page.locator('html');
  const radio = q.locator('input[type="radio"]').first();
  await radio.focus();
  await expect(html).toHaveAttribute('data-hop-pinned', '');
  // In the "why" field Home and End move the caret: the question stays held.
  await q.locator('[data-predict-why]').focus();
  await page.keyboard.press('End');
  await expect(html).toHaveAttribute('data-hop-pinned', '');
  // Page Down on a radio button scrolls the page: the question lets go, the page moves.
  await radio.focus();
  const y = await page.evaluate(() => scrollY);
  await page.keyboard.press('PageDown');
  await expect(html).not.toHaveAttribute('data-hop-pinned', '');
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(y);
});
