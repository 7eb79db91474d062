import { expect, test, type Page } from '@playwright/test';

/**
 * A newcomer's first hour on the built site (newcomer review, turn 3): every headline feature is
 * one click from home and counts come from the lesson list; the embedding guide lists every
 * scenario and shows snippets for the address the site is served from; a run over time says
 * what is on screen; a phone keeps packet and buttons in view together; a what-if title is
 * worded.
 */

const COUNT_WORDS = {
  en: ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  de: ['keine', 'eine', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn'],
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`the ${lang} home page counts its lessons and links every headline feature`, async ({
    page,
  }) => {
    await page.goto(`/${lang}/`);
    const cards = await page.locator('[data-progress-outline] > li').count();
    expect(cards).toBeGreaterThan(7);
    await expect(page.locator('[data-lesson-count]')).toHaveText(COUNT_WORDS[lang][cards] ?? '');
    // The README's headline features, one click away.
    for (const to of [
      'lessons',
      'playground',
      'practice',
      'your-cluster',
      'embedding',
      'present',
      'workshop',
      'cli',
      'glossary',
    ])
      await expect(page.locator(`main a[href="/${lang}/${to}/"]`).first()).toBeVisible();
    // The lesson index says the same number, in its text and its meta description.
    await page.goto(`/${lang}/lessons/`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toContain(` ${COUNT_WORDS[lang][cards]} `);
    expect(description).not.toContain('{');
    await expect(page.locator('[data-lesson-index] > li')).toHaveCount(cards);
  });
}

test('the embedding guide lists every scenario and snippets for this address', async ({
  page,
  baseURL,
}) => {
  await page.goto('/en/playground/');
  const all = await page
    .locator('[data-scenario]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-scenario')));
  expect(all.length).toBeGreaterThan(15);
  await page.goto('/en/embedding/');
  const listed = await page.locator('[data-scenario-ids] code').allTextContents();
  expect([...listed].sort()).toEqual([...new Set(all)].sort());
  // Served from this machine: the snippet names it, and a note says to put the real host in.
  const origin = new URL(baseURL ?? '').origin;
  const snippet = page.locator('.expressive-code').first();
  await expect(snippet).toContainText(`${origin}/en/embed/cluster-snat/`);
  await expect(snippet).not.toContainText('hop-by-hop.example');
  const copy = await snippet.locator('[data-code]').getAttribute('data-code');
  expect(copy).toContain(`${origin}/en/embed/cluster-snat/`);
  await expect(page.locator('[data-host-note]')).toBeVisible();
  await expect(page.locator('[data-host-note]')).toContainText(origin);
  await expect(page.locator('[data-host-note]')).not.toContainText('{origin}');
});

test('a run over time says what is on screen at t = 75 s, not its first packet', async ({
  page,
}) => {
  await page.goto('/en/lessons/draining-nodes/');
  const flow = page.locator('#d1');
  await flow.scrollIntoViewIfNeeded();
  await flow.locator('.hop-playback button').nth(4).click();
  await expect(flow).toHaveAttribute('data-hydrated', 'true');
  await flow.locator('.hop-playback button').nth(4).click();
  const narration = flow.locator('[data-narration]');
  await expect(narration).toContainText('t = 75.0 s');
  // The last hop of the first connection happened at t ≈ 0; the picture shows the drain's end.
  await expect(narration).not.toContainText('Step');
  await expect(narration).toContainText(/Last change, at [\d.]+\u00a0s: /);
  const text = (await narration.textContent()) ?? '';
  const at = Number(/at ([\d.]+)\u00a0s/.exec(text)?.[1]);
  expect(at).toBeGreaterThan(10);
  expect(at).toBeLessThanOrEqual(75);
});

/** The top and bottom of an element in the viewport. */
const span = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });

test('on a phone, stepping keeps the packet and the buttons in view together', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/de/lessons/local-policy/');
  const flow = page.locator('.hop-flow').first();
  const forward = flow.locator('.hop-playback button').nth(3);
  await forward.scrollIntoViewIfNeeded();
  expect((await flow.boundingBox())?.height ?? 0).toBeGreaterThan(1000);
  // The first tap hydrates the diagram and is replayed: step 1.
  await forward.tap();
  await expect(flow).toHaveAttribute('data-step', '1');
  const total = Number(await flow.getAttribute('data-steps'));
  for (let step = 1; step <= total; step++) {
    if (step > 1) {
      await forward.tap();
      await expect(flow).toHaveAttribute('data-step', String(step));
    }
    // Scrolling has settled: two frames at the same place.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const y = scrollY;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === y)));
            }),
        ),
      )
      .toBe(true);
    const dot = await span(page, '.hop-flow .hop-packet__dot');
    const buttons = await span(page, '.hop-flow .hop-playback');
    const header = await page.evaluate(
      () => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0,
    );
    const where = `step ${step} of ${total}`;
    expect(buttons.bottom, where).toBeLessThanOrEqual(844 + 1);
    expect(buttons.top, where).toBeGreaterThan(0);
    expect(dot.top, where).toBeGreaterThanOrEqual(header - 1);
    // Not under the buttons, nor under the header card docked above them.
    const cover = await page.evaluate(() =>
      Math.min(
        ...[
          ...document.querySelectorAll('.hop-flow .hop-stepbar .hop-tag, .hop-flow .hop-playback'),
        ]
          .slice(0, 2)
          .map((e) => e.getBoundingClientRect().top),
      ),
    );
    expect(dot.bottom, where).toBeLessThanOrEqual(Math.min(buttons.top, cover) + 1);
  }
  await context.close();
});

for (const [lang, words] of [
  ['en', 'externalTrafficPolicy: Cluster'],
  ['de', 'externalTrafficPolicy: Cluster'],
] as const) {
  test(`the ${lang} playground names a what-if in words`, async ({ page }) => {
    await page.goto(`/${lang}/playground/local/`);
    const flow = page.locator('.hop-flow').first();
    const policy = flow.locator('.hop-ctl select').first();
    await policy.hover();
    await expect(flow).toHaveAttribute('data-hydrated', 'true');
    await policy.selectOption('Cluster');
    const title = flow.locator('.hop-flow__title');
    await expect(title).toContainText(words);
    await expect(title).not.toContainText('service.externalTrafficPolicy=');
  });
}
