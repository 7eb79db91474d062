/**
 * The practice page in both languages: a round of five families (its key from the engine, one
 * deliberate miss), graded and explained, the run's diagram loading after the commit and
 * playing the miss; a first visit starts with a worked example; a bad seed or topic gets a
 * message and a puzzle; misses come back on the due list, and a later lesson shows them.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  generatePuzzle,
  solvePuzzle,
  type KeyEntry,
  type QuestionSpec,
} from '../../src/sim/practice';
import { axeViolations } from './axe';

const text = {
  en: {
    score: (r: number, t: number) => `${r} of ${t} right.`,
    bad: /is not a puzzle number/,
    badFamily: /is not a practice topic/,
    due: 'Due for review today',
  },
  de: {
    score: (r: number, t: number) => `${r} von ${t} richtig.`,
    bad: /ist keine Rätselnummer/,
    badFamily: /ist kein Übungsthema/,
    due: 'Heute zur Wiederholung fällig',
  },
} as const;

/** Solo rounds in every family (two rounds each already done). */
async function asReturningLearner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('hop.practice.v1'))
      localStorage.setItem(
        'hop.practice.v1',
        JSON.stringify({
          rounds: 22,
          streak: 0,
          best: 0,
          families: Object.fromEntries(
            [
              'path',
              'cluster',
              'directReturn',
              'local',
              'balance',
              'zones',
              'metallb',
              'drain',
              'ipMode',
              'proxy',
              'ingress',
            ].map((f) => [f, 2]),
          ),
          graded: [],
        }),
      );
  });
}

async function ready(page: Page): Promise<void> {
  await expect(page.locator('.hop-practice')).toHaveAttribute('data-phase', 'ready', {
    timeout: 30_000,
  });
}

/** A number as typed in the page's language. */
const typed = (lang: 'en' | 'de', x: number): string =>
  lang === 'de' ? String(x).replace('.', ',') : String(x);

/** Enter an answer: the key's, or (wrong) a different one. */
async function answer(
  page: Page,
  lang: 'en' | 'de',
  q: QuestionSpec,
  k: KeyEntry,
  wrong: boolean,
): Promise<void> {
  const box = page.locator(`fieldset[data-question="${q.id}"]`);
  if (q.kind === 'number') {
    const v = k.answer as number;
    const w = q.unit === 'percent' ? (v >= 50 ? v - 40 : v + 40) : v + 30;
    await box.locator('input[type="text"]').fill(typed(lang, wrong ? w : v));
    return;
  }
  const values = (q.options ?? []).map((o) => o.value);
  if (q.kind === 'choice') {
    const v = wrong ? (values.find((x) => x !== k.answer) ?? '') : (k.answer as string);
    await box.locator(`input[value="${v}"]`).check();
    return;
  }
  const set = new Set(k.answer as string[]);
  if (wrong) {
    const first = values[0] ?? '';
    if (set.has(first)) set.delete(first);
    else set.add(first);
  }
  for (const v of set) await box.locator(`input[value="${v}"]`).check();
}

// One round per family, the languages taking turns (both languages, every family's page flow and
// diagram). Every family's explanations in both languages are checked without a browser
// (tests/islands/practice/explanations.test.ts).
/**
 * A round of five families, chosen so that between them every kind of answer is typed and missed
 * in the page (a choice, several boxes, a percentage, a factor, seconds with a German comma), both
 * languages, the drain's run over time and the after-moment MetalLB plays: the page handles every
 * family alike. What differs per family is pure code, tested on every family by unit tests: the
 * puzzle and its key (tests/sim/practice.test.ts, practiceProperty*.test.ts) and every answer's
 * explanation in both languages (tests/islands/practice/explanations.test.ts).
 */
const rounds = [
  { family: 'path', lang: 'en' },
  { family: 'local', lang: 'de' },
  { family: 'balance', lang: 'en' },
  { family: 'metallb', lang: 'en' },
  { family: 'drain', lang: 'de' },
] as const;
for (const { family, lang } of rounds) {
  test(`${lang}: a ${family} round, graded by the engine, one miss explained and played`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const seed = 11;
    const p = generatePuzzle(seed, family);
    const key = solvePuzzle(p);
    await asReturningLearner(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${lang}/practice/?seed=${seed}&family=${family}`);
    await ready(page);
    await expect(page.locator(`[data-family="${family}"]`)).toHaveAttribute(
      'data-lesson',
      String(p.lesson),
    );
    await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'solo');
    // Before the commit: no grade, no explanation, no diagram of the run.
    await expect(page.locator('[data-grade]')).toHaveCount(0);
    await expect(page.locator('[data-practice-diagram]')).toHaveCount(0);
    // Every question names its moment.
    for (const q of p.questions)
      await expect(page.locator(`fieldset[data-question="${q.id}"]`)).toHaveAttribute(
        'data-moment',
        q.moment,
      );

    const last = p.questions.at(-1);
    for (const q of p.questions) {
      const k = key.find((x) => x.id === q.id);
      if (k) await answer(page, lang, q, k, q === last);
    }
    await page.locator('.hop-practice__form button[type="submit"]').click();
    const n = p.questions.length;
    await expect(page.locator('[data-practice-result]')).toContainText(text[lang].score(n - 1, n));
    const miss = page.locator(`[data-question="${last?.id ?? ''}"] [data-grade="wrong"]`);
    await expect(miss).toBeVisible();
    const why = (await miss.locator('[data-explanation]').innerText()).trim();
    expect(why.length).toBeGreaterThan(20);
    expect(why).not.toMatch(/\{\{|practice\.|@/);
    for (const q of p.questions.slice(0, -1))
      await expect(page.locator(`[data-question="${q.id}"] [data-grade]`)).toHaveAttribute(
        'data-grade',
        'right',
      );

    // The run's diagram loads now, and the miss's moment plays in it.
    const flow = page.locator('[data-practice-diagram] .hop-flow');
    await expect(flow).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
    const play = miss.locator('[data-practice-play]');
    if ((await play.count()) > 0) {
      await play.click();
      await expect.poll(() => flow.getAttribute('data-step'), { timeout: 15_000 }).not.toBe('0');
    }
    // The graded round (feedback, band, the run's diagram) passes axe too.
    if (family === 'drain' || family === 'metallb') {
      expect(await axeViolations(page, '.hop-practice')).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: a bad seed or topic gets a message and a puzzle`, async ({ page }) => {
    await page.goto(`/${lang}/practice/?seed=7abc&family=<b>`);
    const alert = page.locator('.hop-practice__notice[role="alert"]');
    await expect(alert).toContainText(text[lang].bad);
    await expect(alert).toContainText(text[lang].badFamily);
    await expect(alert).toContainText('7abc');
    await ready(page);
    expect(new URL(page.url()).searchParams.get('seed')).toMatch(/^\d+$/);
  });
}

test('a first visit starts with a worked example; the second round is partly worked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/en/practice/?seed=7&family=local');
  await ready(page);
  await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'worked');
  const form = page.locator('.hop-practice__form');
  const n = generatePuzzle(7, 'local').questions.length;
  await expect(form.locator('.hop-practice__given')).toHaveCount(n);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-practice-result]')).toContainText(`All ${n} right.`);
  await expect(page.locator('[data-practice-progress]')).toContainText('Rounds done: 1');
  await page.locator('[data-practice-next]').click();
  await ready(page);
  await expect(page.locator('[data-fading]')).toHaveAttribute('data-fading', 'partial');
  await expect(page.locator('[data-family]')).toHaveAttribute('data-family', 'local');
  await expect(form.locator('.hop-practice__given')).toHaveCount(Math.floor(n / 2));
});

test('a miss comes back: due today on the practice page and at the top of a later lesson', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await asReturningLearner(page);
  await page.goto('/en/practice/?seed=5&family=zones');
  await ready(page);
  // Every share answered 0: wrong.
  for (const q of generatePuzzle(5, 'zones').questions)
    await page.locator(`fieldset[data-question="${q.id}"] input[type="text"]`).fill('0');
  await page.locator('.hop-practice__form button[type="submit"]').click();
  await expect(page.locator('[data-practice-result]')).toBeVisible();
  await page.reload();
  await ready(page);
  await expect(page.locator('[data-practice-due]')).toContainText(text.en.due);
  await expect(page.locator('[data-practice-due]')).toContainText('Zones with cross-zone off');
  // Lesson 6's recall note lists it (zones is lesson 5's topic), with a link to a puzzle of it.
  await page.goto('/en/lessons/draining-nodes/');
  const note = page.locator('[data-practice-due-note]');
  await expect(note).toBeVisible();
  await expect(note.locator('a')).toHaveAttribute('href', '/en/practice/?family=zones');
  // Lesson 5 itself does not (its recall questions are about earlier lessons).
  await page.goto('/en/lessons/balancing-local/');
  await expect(page.locator('[data-practice-due-note]')).toBeHidden();
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
