/**
 * The practice page in both languages: puzzle 7 from the URL, nothing that answers it visible
 * before the commit, one deliberate miss graded wrong and explained in view, the next puzzle
 * with a new seed, progress kept over a reload; a bad seed gets a message and a new puzzle;
 * a first visit starts with a worked example.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

const text = {
  en: {
    score: '3 of 4 right.',
    mechanism: /discards/,
    bad: /is not a puzzle number/,
    all: 'All 4 right.',
  },
  de: {
    score: '3 von 4 richtig.',
    mechanism: /verwirft/,
    bad: /ist keine Rätselnummer/,
    all: 'Alle 4 richtig.',
  },
} as const;

async function inViewport(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y + Math.min(box.height, 60) <= h;
}

/** Solo rounds: two rounds already done (the worked and the partly worked one). */
async function asReturningLearner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('hop.practice.v1'))
      localStorage.setItem(
        'hop.practice.v1',
        JSON.stringify({ rounds: 2, streak: 0, best: 0, graded: [] }),
      );
  });
}

async function ready(page: Page): Promise<void> {
  await expect(page.locator('.hop-practice')).toHaveAttribute('data-phase', 'ready', {
    timeout: 20_000,
  });
  await expect(page.locator('.hop-practice__diagram .hop-flow')).toBeVisible({ timeout: 20_000 });
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: puzzle 7, predict, commit, a miss explained, next, progress kept`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await asReturningLearner(page);
    await page.goto(`/${lang}/practice/?seed=7`);
    await ready(page);
    await expect(page.locator('.hop-practice')).toHaveAttribute('data-seed', '7');
    await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'solo');

    // Before the commit: the diagram shows its picture only, and takes no input.
    const diagram = page.locator('.hop-practice__diagram');
    await expect(diagram).toHaveAttribute('data-revealed', 'false');
    await expect(diagram).toHaveAttribute('inert', '');
    for (const giveaway of [
      '.hop-panels',
      '.hop-stepbar',
      '.hop-narration',
      '.hop-packets',
      '.hop-place__badges',
      '.hop-link--extra',
    ])
      for (const el of await diagram.locator(giveaway).all()) await expect(el).toBeHidden();
    await expect(page.locator('[data-grade]')).toHaveCount(0);
    await expect(page.locator('[data-explanation]')).toHaveCount(0);
    await expect(page.locator('[data-practice-result]')).toHaveCount(0);

    // The engine's answer to puzzle 7: pod-a only, the client's address, only on node-1, 1/3.
    // One deliberate miss: "every time".
    const form = page.locator('.hop-practice__form');
    await form.locator('input[name="pods"][value="pod-a"]').check();
    await form.locator('input[name="source"][value="client"]').check();
    await form.locator('input[name="success"][value="always"]').check();
    await form.locator('input[name="share"]').fill(lang === 'de' ? '33,3' : '33.3');
    await form.locator('button[type="submit"]').click();

    const result = page.locator('[data-practice-result]');
    await expect(result).toContainText(text[lang].score);
    const miss = page.locator('[data-question="success"] [data-grade="wrong"]');
    await expect(miss).toBeVisible();
    await expect(miss.locator('[data-explanation]')).toContainText(text[lang].mechanism);
    await expect(miss.locator('button')).toBeVisible();
    await expect
      .poll(() => inViewport(page, miss), { timeout: 3000, message: 'the miss is in view' })
      .toBe(true);
    for (const q of ['pods', 'source', 'share'])
      await expect(page.locator(`[data-question="${q}"] [data-grade]`)).toHaveAttribute(
        'data-grade',
        'right',
      );
    // After the commit the diagram opens and plays.
    await expect(diagram).toHaveAttribute('data-revealed', 'true');
    await expect(diagram.locator('.hop-stepbar')).toBeVisible();
    await miss.locator('button').click();
    await expect(diagram.locator('.hop-flow')).not.toHaveAttribute('data-step', '0');

    const progress = page.locator('[data-practice-progress]');
    await expect(progress).toContainText(/\b3\b/);

    // The next puzzle has another seed, in the URL too.
    await result.locator('[data-practice-next]').click();
    await ready(page);
    const seed = await page.locator('.hop-practice').getAttribute('data-seed');
    expect(seed).not.toBe('7');
    expect(new URL(page.url()).searchParams.get('seed')).toBe(seed);
    await expect(page.locator('[data-grade]')).toHaveCount(0);

    // A reload keeps the rounds done.
    await page.reload();
    await ready(page);
    await expect(page.locator('.hop-practice')).toHaveAttribute('data-seed', seed ?? '');
    await expect(progress).toContainText(/\b3\b/);
    expect(errors).toEqual([]);
  });

  test(`${lang}: a bad seed gets a message and a new puzzle`, async ({ page }) => {
    await page.goto(`/${lang}/practice/?seed=7abc`);
    await expect(page.locator('.hop-practice__notice[role="alert"]')).toContainText(text[lang].bad);
    await expect(page.locator('.hop-practice__notice[role="alert"]')).toContainText('7abc');
    await ready(page);
    expect(new URL(page.url()).searchParams.get('seed')).toMatch(/^\d+$/);
  });
}

test('a first visit starts with a worked example the learner checks', async ({ page }) => {
  await page.goto('/en/practice/?seed=7');
  await ready(page);
  await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'worked');
  const form = page.locator('.hop-practice__form');
  await expect(form.locator('input[name="pods"][value="pod-a"]')).toBeChecked();
  await expect(form.locator('input[name="success"][value="sameNodeOnly"]')).toBeChecked();
  await expect(form.locator('input[name="success"][value="sameNodeOnly"]')).toBeDisabled();
  await expect(form.locator('.hop-practice__given')).toHaveCount(4);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-practice-result]')).toContainText(text.en.all);
  await expect(page.locator('[data-practice-progress]')).toContainText('Rounds done: 1');
  // The second round is partly worked: the first two answers given, the rest open.
  await page.locator('[data-practice-next]').click();
  await ready(page);
  await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'partial');
  await expect(form.locator('.hop-practice__given')).toHaveCount(2);
  await expect(form.locator('input[name="success"]').first()).toBeEnabled();
});

test('storage that throws does not break the page', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
  });
  await page.goto('/de/practice/?seed=7');
  await ready(page);
  await expect(page.locator('[data-practice-progress]')).toContainText('nicht speichern');
});
