import { expect, test } from '@playwright/test';

test('the root page offers both languages without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('a[data-lang="en"]')).toHaveAttribute('href', '/en/');
  await expect(page.locator('a[data-lang="de"]')).toHaveAttribute('href', '/de/');
  await context.close();
});
