/**
 * The table of contents names a lesson's section only once the learner may see it: a heading
 * after a question can state its answer (lesson 1's "What pod-c sees as the source"). The rules
 * come from src/lib/lessonSteps.ts; this checks that they match Starlight's real markup, on the
 * desktop list and in the phone's drop-down.
 */
import { expect, test, type Page } from '@playwright/test';

const later = '#what-pod-c-sees-as-the-source';

/** The text of the line the rules add after the list, or '' when there is none. */
function moreLine(page: Page, list: string): Promise<string> {
  return page
    .locator(list)
    .first()
    .evaluate((ul) => getComputedStyle(ul, '::after').content.replace(/^"|"$/g, ''));
}

test('a section waiting for a question is not named in the table of contents', async ({
  browser,
}) => {
  for (const [width, height, list] of [
    [1280, 900, 'starlight-toc nav > ul'],
    [390, 844, 'mobile-starlight-toc .dropdown > ul'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto('/en/lessons/path-of-a-request/');
    if (width < 800) await page.locator('mobile-starlight-toc summary').click();
    const toc = page.locator(list);
    await expect(toc.locator('a[href="#who-picks-the-pod"]')).toBeVisible();
    await expect(toc.locator(`a[href="${later}"]`)).toBeHidden();
    expect(await moreLine(page, list)).toBe('More sections appear as you answer.');
    // Reading without questions names every section again, and the line goes.
    if (width < 800) await page.locator('mobile-starlight-toc summary').click();
    await page.locator('[data-hop-readall]').check();
    if (width < 800) await page.locator('mobile-starlight-toc summary').click();
    await expect(toc.locator(`a[href="${later}"]`)).toBeVisible();
    expect(await moreLine(page, list)).toBe('none');
    await context.close();
  }
});

test('German: the same, in German', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/de/lessons/path-of-a-request/');
  await expect(page.locator('starlight-toc a[href="#wer-wählt-den-pod"]')).toBeVisible();
  await expect(page.locator('starlight-toc a[href="#welche-quelle-pod-c-sieht"]')).toBeHidden();
  expect(await moreLine(page, 'starlight-toc nav > ul')).toBe(
    'Weitere Abschnitte erscheinen, sobald du antwortest.',
  );
});
