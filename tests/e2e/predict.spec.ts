/**
 * Predict → commit → observe → explain, on every question of every lesson in both languages:
 * before an answer is committed none of the question's giveaways (the diagram's inspector, log,
 * charts, summary and transcript) is visible; a wrong first answer gets one more try; after the
 * commit the feedback is in the viewport, and the page did not jump away from it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { builtPages } from './pages';

const lessons = builtPages((u) => /^\/(en|de)\/lessons\/[^/]+\/$/.test(u));

async function inViewport(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y + Math.min(box.height, 40) <= h;
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
      await q.scrollIntoViewIfNeeded();
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
      await q.locator('.hop-predict__check').click();
      // One more try: the explanation of that option, the answer still hidden.
      const status = q.locator('[data-predict-status]');
      await expect(status).not.toBeEmpty();
      // The status scrolls into view smoothly: wait for it to arrive (a persistent miss still fails).
      await expect.poll(() => inViewport(page, status), { timeout: 2000 }).toBe(true);
      await expect(q.locator('[data-predict-answer]')).not.toHaveAttribute('open', '');
      await expect(options.nth(wrong)).toBeDisabled();
      const before = (await q.boundingBox())?.y ?? 0;
      await options.nth(answer).check();
      await q.locator('.hop-predict__check').click();
      const verdict = q.locator('[data-predict-verdict]');
      await expect(verdict).not.toBeEmpty();
      await expect(q.locator('[data-predict-answer]')).toHaveAttribute('open', '');
      // Give the diagram a moment to play; the feedback must stay where the learner looks.
      await page.waitForTimeout(300);
      await expect
        .poll(() => inViewport(page, verdict), {
          message: `${url} question ${i + 1}: verdict in view`,
          // The diagram's code may still be loading on a busy machine; the scroll follows it.
          timeout: 5000,
        })
        .toBe(true);
      // The question stays about where it was on the screen (the diagram above may grow a little).
      // Polled: on a loaded machine a diagram above may still be hydrating for a moment; what
      // must not happen is that the page settles away from the question.
      await expect
        .poll(async () => Math.abs(((await q.boundingBox())?.y ?? 0) - before), {
          message: `${url} question ${i + 1}: the page did not jump`,
          timeout: 3000,
        })
        .toBeLessThan(300);
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
