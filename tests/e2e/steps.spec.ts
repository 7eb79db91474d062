/**
 * A lesson in steps: a "Predict, then check" question holds back what follows it until it is
 * settled. Every lesson in both languages loads with its questions live and without moving; four
 * lessons are walked question by question at desktop width and two of them at phone width: before
 * a question is settled nothing of the lesson after it is visible except the diagram it is about
 * (with its giveaways closed); after "Show me" its explanation and the lesson up to the next
 * question are. Then: a fragment opens the lesson up to its target and marks the questions it
 * jumps as skipped; "Read without questions" shows everything, and is remembered; without
 * JavaScript everything is visible. Waits depend on readiness, never on time. Which block waits
 * for which question, on every lesson, is checked in the built HTML by scripts/check-site.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { builtPages, distDir } from './pages';

const lessons = builtPages((u) => /^\/(en|de)\/lessons\/[^/]+\/$/.test(u));
/** How many "Predict, then check" questions a built lesson has (read from its HTML). */
const questions = (url: string): number =>
  (
    fs
      .readFileSync(path.join(distDir(), url, 'index.html'), 'utf8')
      .match(/class="[^"]*hop-predict--predict/g) ?? []
  ).length;
/** The lesson with the most questions among some. */
const mostQuestions = (urls: string[]): string =>
  urls.reduce((a, b) => (questions(b) > questions(a) ? b : a));
const busiestEn = mostQuestions(lessons.filter((u) => u.startsWith('/en/')));
/**
 * Two lessons with many questions, one per language (the German one another lesson than the
 * English one): walked at phone width too, and used for the fragment and "Read without questions"
 * checks, which do not depend on the lesson's content. Every lesson is walked at desktop width
 * and checked without JavaScript.
 */
const busiest = [
  busiestEn,
  mostQuestions(
    lessons.filter((u) => u.startsWith('/de/') && u !== busiestEn.replace('/en/', '/de/')),
  ),
];

/** What a check of the lesson's blocks found. */
interface Blocks {
  /** Blocks after the question that are visible but should not be (their first words). */
  leaked: string[];
  /** Blocks up to the next question (its explanation) that are not visible. */
  missing: string[];
  /** Whether the diagram the question is about is visible (null: it names none). */
  diagramShown: boolean | null;
  /** Visible giveaways (panels, answer-stating badges) of that diagram. */
  giveaways: number;
  /** The step that diagram shows (its first frame is "0"). */
  frame: string | null;
}

/**
 * Looks at the lesson around its n-th predict question: the blocks after it, the diagram it
 * names and the explanation up to the next question. One round trip per question.
 */
function blocksAround(page: Page, n: number): Promise<Blocks> {
  return page.evaluate((n) => {
    const all = [...document.querySelectorAll<HTMLElement>('.sl-markdown-content > *')].filter(
      (el) => !['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName),
    );
    const gates = all.filter((el) => el.matches('.hop-predict--predict'));
    const q = gates[n];
    if (!q) throw new Error(`no question ${n}`);
    const at = all.indexOf(q);
    const next = gates[n + 1] ? all.indexOf(gates[n + 1] as HTMLElement) : all.length;
    // Diagrams this question or an earlier one is about may show (they were seen already).
    const named = new Set(gates.slice(0, n + 1).map((g) => g.dataset['diagram'] ?? ''));
    const holdsNamed = (el: HTMLElement): boolean =>
      [el, ...el.querySelectorAll<HTMLElement>('.hop-diagram')].some(
        (d) => d.matches('.hop-diagram') && named.has(d.dataset['diagram'] ?? ''),
      );
    const words = (el: HTMLElement): string =>
      `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 60)}`;
    const settled = q.classList.contains('is-settled');
    const after = all.slice(at + 1);
    const leaked = settled ? [] : after.filter((el) => el.checkVisibility() && !holdsNamed(el));
    const missing = settled ? all.slice(at + 1, next).filter((el) => !el.checkVisibility()) : [];
    const id = q.dataset['diagram'];
    const wrap = id
      ? document.querySelector<HTMLElement>(`.hop-diagram[data-diagram="${id}"]`)
      : null;
    const giveaways = wrap
      ? [
          ...wrap.querySelectorAll<HTMLElement>('.hop-panels, .hop-transcript, .hop-giveaway'),
        ].filter((el) => el.checkVisibility({ visibilityProperty: true })).length
      : 0;
    return {
      leaked: leaked.map(words),
      missing: missing.map(words),
      diagramShown: wrap ? wrap.checkVisibility() : null,
      giveaways,
      frame: wrap?.querySelector('.hop-flow')?.getAttribute('data-step') ?? null,
    };
  }, n);
}

/**
 * Every block of the lesson that is not visible (their first words). The practice-due note is not
 * lesson text: it stays hidden while nothing is due for review in this browser.
 */
function hiddenBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.sl-markdown-content > *')]
      .filter((el) => !['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName))
      .filter((el) => !el.hasAttribute('data-practice-due-note'))
      .filter((el) => !el.checkVisibility())
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 60)}`),
  );
}

/**
 * The layout shift inside the lesson while it loaded, up to the next two frames: the first frame
 * is the final one. (Starlight's sidebar spacer sometimes moves by a pixel as the page settles:
 * not ours, so only shifts inside <main> count.)
 */
function loadShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node: Node | null }[];
          })[]) {
            const inLesson = e.sources.some((s) => {
              const el = s.node instanceof Element ? s.node : (s.node?.parentElement ?? null);
              return el?.closest('main') !== null && el !== null;
            });
            if (inLesson) sum += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
/**
 * Walked question by question at desktop width: the two busiest lessons and two of other
 * layouts (every question about a diagram and no recall question; questions without a diagram
 * and recall questions between them). Which block waits for which question on every lesson is
 * read from the built HTML by scripts/check-site.mjs, with the page's rules that hide them; the
 * walk shows that those rules and the page's scripts hold the lesson back in a browser.
 */
const walked = [...busiest, '/en/lessons/path-of-a-request/', '/de/lessons/choosing/'];
if (!walked.every((u) => lessons.includes(u))) throw new Error(`steps.spec: not built: ${walked}`);

for (const url of walked) {
  for (const viewport of viewports.filter((v) => v.width > 800 || busiest.includes(url))) {
    test(`${url} at ${viewport.width}px: each question holds back what follows until settled`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const gates = page.locator('.sl-markdown-content > .hop-predict--predict');
      await expect(gates.first()).toHaveClass(/is-live/);
      expect(await loadShift(page), 'layout shift in the lesson while loading').toBe(0);
      const count = await gates.count();
      for (let i = 0; i < count; i++) {
        const q = gates.nth(i);
        await expect(q).toBeVisible();
        const before = await blocksAround(page, i);
        expect(before.leaked, `${url} question ${i + 1}: nothing after it shows`).toEqual([]);
        if (before.diagramShown !== null) {
          expect(before.diagramShown, `question ${i + 1}: its diagram shows`).toBe(true);
          expect(before.giveaways, `question ${i + 1}: its diagram gives nothing away`).toBe(0);
          // In its first frame: an earlier question's moment does not answer this one.
          expect(before.frame, `question ${i + 1}: its diagram in its first frame`).toBe('0');
        }
        await expect(q.locator('[data-predict-held]')).toBeVisible();
        await q.locator('[data-predict-skip]').click();
        await expect(q).toHaveClass(/is-settled/);
        await expect(q.locator('[data-predict-verdict]')).toBeFocused();
        const after = await blocksAround(page, i);
        expect(after.missing, `${url} question ${i + 1}: its explanation shows`).toEqual([]);
      }
      expect(await hiddenBlocks(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

for (const url of busiest) {
  test(`${url}: a link past questions skips them; "Read without questions" shows it all`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A heading about halfway through the questions.
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const targets = await page
      .locator(
        '.sl-markdown-content > h2[id][data-hop-step], .sl-markdown-content > h3[id][data-hop-step]',
      )
      .evaluateAll((hs) =>
        hs.map((h) => ({ id: h.id, step: Number((h as HTMLElement).dataset['hopStep']) })),
      );
    const gateCount = await page.locator('.sl-markdown-content > .hop-predict--predict').count();
    const target = targets.find((t) => t.step >= Math.ceil(gateCount / 2)) ?? targets.at(-1);
    expect(target, 'a heading after a question').toBeDefined();
    if (!target) return;
    // A fresh load with the fragment (not a same-document jump): decided before the first paint.
    await page.goto('about:blank');
    await page.goto(`${url}#${target.id}`, { waitUntil: 'domcontentloaded' });
    const heading = page.locator(`[id="${target.id}"]`);
    await expect(heading).toBeInViewport();
    const gates = page.locator('.sl-markdown-content > .hop-predict--predict');
    for (let i = 0; i < gateCount; i++) {
      const skipped = i < target.step;
      if (skipped) {
        await expect(gates.nth(i)).toHaveClass(/is-skipped/);
        await expect(gates.nth(i).locator('[data-predict-skipped]')).toBeVisible();
      } else await expect(gates.nth(i)).not.toHaveClass(/is-skipped/);
    }
    // The questions it jumped can still be answered.
    await gates.first().locator('[data-predict-skip]').click();
    await expect(gates.first()).toHaveClass(/is-settled/);
    // The switch at the top shows everything, and the lesson remembers it.
    const box = page.locator('[data-hop-readall]');
    await box.check();
    expect(await hiddenBlocks(page)).toEqual([]);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-hop-readall]')).toBeChecked();
    expect(await hiddenBlocks(page)).toEqual([]);
    await context.close();
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`every ${lang} lesson loads with its questions live and nothing moving`, async ({
    browser,
  }) => {
    // A language's lessons in one test, one page load each.
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const url of lessons.filter((u) => u.startsWith(`/${lang}/`))) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await expect(
        page.locator('.sl-markdown-content > .hop-predict--predict').first(),
      ).toHaveClass(/is-live/);
      expect(await loadShift(page), `${url}: layout shift in the lesson while loading`).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`without JavaScript every ${lang} lesson shows everything`, async ({ browser }) => {
    // No scripts, so each lesson is only parsed and laid out: a language's lessons in one test
    // (114 s for all 18 measured at load 43 on 2 cores, hence the limit).
    test.setTimeout(240_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of lessons.filter((u) => u.startsWith(`/${lang}/`))) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('[data-hop-step]').count(), url).toBeGreaterThan(0);
      const hidden = await page
        .locator('.sl-markdown-content > :not(script, style, link, [data-practice-due-note])')
        .evaluateAll((els) => els.filter((el) => !el.checkVisibility()).length);
      expect(hidden, url).toBe(0);
      await expect(page.locator('[data-hop-readall]'), url).toBeHidden();
    }
    await context.close();
  });
}

test('a same-page link past open questions opens the lesson there and skips them', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/en/lessons/path-of-a-request/', { waitUntil: 'domcontentloaded' });
  const gates = page.locator('.sl-markdown-content > .hop-predict--predict');
  await expect(gates.first()).toHaveClass(/is-live/);
  const heading = page.locator('#a-pod-on-the-ingress-node');
  await expect(heading).toBeHidden();
  // The table of contents does not name a section that waits (toc.spec.ts); a link in the page
  // to it, as an author may write one, still goes there.
  const tocLink = page.locator('starlight-toc a[href="#a-pod-on-the-ingress-node"]');
  await expect(tocLink).toBeHidden();
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#a-pod-on-the-ingress-node';
    a.id = 'hop-test-jump';
    a.textContent = 'A Pod on the ingress node';
    document.querySelector('.sl-markdown-content')?.prepend(a);
  });
  await page.locator('#hop-test-jump').click();
  await expect(heading).toBeInViewport();
  const count = await gates.count();
  for (let i = 0; i < count; i++) await expect(gates.nth(i)).toHaveClass(/is-skipped/);
  await expect(tocLink).toBeVisible();
  // The table of contents marks the section being read, not one that was hidden.
  await expect(page.locator('starlight-toc a[aria-current="true"]')).toHaveAttribute(
    'href',
    '#a-pod-on-the-ingress-node',
  );
  // Remembered: the next visit opens the lesson as far as the reader went.
  await page.goto('/en/lessons/path-of-a-request/', { waitUntil: 'domcontentloaded' });
  await expect(heading).toBeAttached();
  expect(await hiddenBlocks(page)).toEqual([]);
  await context.close();
});

test('a returning learner finds settled questions settled, drawn so before any module runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const url = '/de/lessons/why-snat/';
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const gates = page.locator('.sl-markdown-content > .hop-predict--predict');
  for (let i = 0; i < 2; i++) {
    await gates.nth(i).locator('[data-predict-skip]').click();
    await expect(gates.nth(i)).toHaveClass(/is-settled/);
  }
  // Next visit, with every script file held back: only the inline first-paint scripts run.
  await page.route('**/*.js', (route) => route.abort());
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-hop-gate', 'on');
  for (let i = 0; i < 2; i++) {
    await expect(gates.nth(i)).toHaveClass(/is-settled/);
    await expect(gates.nth(i).locator('[data-predict-answer]')).toHaveAttribute('open', '');
  }
  await expect(gates.nth(2)).toBeVisible();
  await expect(gates.nth(2)).not.toHaveClass(/is-settled/);
  await expect(gates.nth(2).locator('[data-predict-held]')).toBeVisible();
  expect((await blocksAround(page, 2)).leaked).toEqual([]);
  await context.close();
});
