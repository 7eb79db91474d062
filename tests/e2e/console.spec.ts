import { expect, test, type Page } from '@playwright/test';

/**
 * A newcomer's console stays clean once they use a diagram: no error and no warning after the
 * island hydrates and steps (lessons in both languages, a run over time, the playground, an
 * embed, a deck). tests/dev/devServer.test.ts checks the same under `npm run dev`, where
 * Preact's hydration checks and React Flow's attribution check are on.
 */

// Pages as a reader meets them: with the service worker (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const pages = [
  '/en/lessons/path-of-a-request/',
  '/de/lessons/draining-nodes/',
  '/en/playground/local/',
  '/de/embed/local/',
];

/** Hovers, steps the first diagram three times and waits for it to settle. */
async function useFirstDiagram(page: Page): Promise<void> {
  const flow = page.locator('.hop-flow').first();
  await flow.scrollIntoViewIfNeeded();
  // Reset, back, play, forward, end.
  const forward = flow.locator('.hop-playback button').nth(3);
  await forward.hover();
  await forward.click();
  await expect(flow).toHaveAttribute('data-hydrated', 'true');
  await forward.click();
  await forward.click();
  await expect(flow).toHaveAttribute('data-step', '3');
}

for (const path of pages) {
  test(`${path}: no console error or warning after using a diagram`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    await page.goto(path);
    await useFirstDiagram(page);
    // The attribution is shown, small, in the picture's corner.
    const credit = page.locator('.hop-flow .react-flow__attribution').first();
    await expect(credit).toBeVisible();
    expect((await credit.boundingBox())?.height ?? 99).toBeLessThan(20);
    expect(messages).toEqual([]);
  });
}
