/**
 * The pages that compute in a module worker (a lesson diagram, practice, your cluster) still work
 * when the browser has no Worker, and when their worker fails: the shared worker client
 * (src/lib/workerClient.ts) answers on the main thread instead.
 */
import { expect, test, type Page } from '@playwright/test';

type Mode = 'no Worker' | 'a failing worker';

/** Takes Worker away, or puts in one that fails (an `error` event) on its first message. */
async function breakWorkers(page: Page, mode: Mode): Promise<void> {
  if (mode === 'no Worker')
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'Worker');
    });
  else
    await page.addInitScript(() => {
      window.Worker = class extends EventTarget {
        postMessage(): void {
          queueMicrotask(() => this.dispatchEvent(new Event('error')));
        }
        terminate(): void {}
      } as unknown as typeof Worker;
    });
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const mode of ['no Worker', 'a failing worker'] as const) {
  test(`with ${mode}, a lesson diagram steps and its what-if runs`, async ({ page }) => {
    const errors = watchErrors(page);
    await breakWorkers(page, mode);
    await page.goto('/en/lessons/choosing/');
    const flow = page.locator('.hop-diagram .hop-flow').first();
    await flow.locator('[data-action="forward"]').click();
    // The engine then runs on the main thread: slow on a busy machine, so a generous wait.
    await expect(flow).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
    await expect(flow).toHaveAttribute('data-step', '1', { timeout: 30_000 });
    await flow.locator('[data-action="end"]').click();
    await expect(flow).not.toHaveAttribute('data-step', '1', { timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  test(`with ${mode}, practice deals a round`, async ({ page }) => {
    const errors = watchErrors(page);
    await breakWorkers(page, mode);
    await page.goto('/en/practice/?seed=7&family=local');
    await expect(page.locator('.hop-practice')).toHaveAttribute('data-phase', 'ready', {
      timeout: 30_000,
    });
    await expect(page.locator('.hop-practice__form fieldset').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`with ${mode}, your cluster imports a sample`, async ({ page }) => {
    const errors = watchErrors(page);
    await breakWorkers(page, mode);
    await page.goto('/en/your-cluster/');
    // The page's island hydrates on load; a press before that would go to the static button.
    await expect(page.locator('astro-island[ssr]:has(.hop-cluster)')).toHaveCount(0, {
      timeout: 30_000,
    });
    await page.locator('button[data-sample="aks-cluster"]').click();
    await expect(page.locator('.hop-cluster')).toHaveAttribute('data-ready', 'true', {
      timeout: 30_000,
    });
    await expect(page.locator('.hop-cluster__verdicts [data-testid="verdicts"]')).toContainText(
      'Client IP kept: no',
    );
    expect(errors).toEqual([]);
  });
}
