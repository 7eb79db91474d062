import type { Page } from '@playwright/test';

/**
 * Renders the diagrams that `content-visibility: auto` skips while off screen, before axe runs.
 * axe decides text contrast by hit-testing, and skipped content has nothing to hit, so it
 * reports contrast failures for text whose colours are fine. Rendering them changes when they
 * are laid out, not how they look; screen readers get skipped content either way.
 */
export async function renderSkipped(page: Page): Promise<void> {
  await page.locator('.hop-diagram').evaluateAll((els) => {
    for (const el of els) if (el instanceof HTMLElement) el.style.contentVisibility = 'visible';
  });
}
