import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { builtPages, distDir } from './pages';
import { glossaryIds } from '../../src/lib/glossary';

test('no page title repeats the site title ("Hop by Hop | Hop by Hop")', () => {
  const bad: string[] = [];
  for (const url of builtPages()) {
    const html = fs.readFileSync(path.join(distDir(), url, 'index.html'), 'utf8');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    if (/^(.+) \| \1$/.test(title)) bad.push(`${url}: ${title}`);
  }
  expect(bad).toEqual([]);
  const home = fs.readFileSync(path.join(distDir(), 'de', 'index.html'), 'utf8');
  expect(home).toMatch(/<title>Hop für Hop: [^<]+<\/title>/);
});

/** The visible theme select's text width and the width of its longest option, in CSS pixels. */
async function themePicker(page: Page): Promise<{ has: number; needs: number; options: string[] }> {
  return page.evaluate(() => {
    const select = [...document.querySelectorAll('starlight-theme-select select')].find(
      (s) => s.getBoundingClientRect().width > 0,
    );
    if (!(select instanceof HTMLSelectElement)) throw new Error('no visible theme select');
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const options = [...select.options].map((o) => o.text);
    const box = select.getBoundingClientRect().width;
    const frame = ['borderLeftWidth', 'borderRightWidth', 'paddingLeft', 'paddingRight'] as const;
    const has = frame.reduce((w, p) => w - parseFloat(style[p]), box);
    return { has, needs: Math.max(...options.map((o) => ctx.measureText(o).width)), options };
  });
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`the German theme picker shows its whole label at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto('/de/glossary/');
    if (width < 800) await page.locator('button.sl-menu-button').click();
    const { has, needs, options } = await themePicker(page);
    expect(options).toContain('System');
    expect(has).toBeGreaterThanOrEqual(needs);
    await context.close();
  });
}

test('the glossary table of contents lists the terms, not only the letters', async ({ page }) => {
  for (const lang of ['en', 'de']) {
    await page.goto(`/${lang}/glossary/`);
    const toc = page.locator('starlight-toc nav');
    for (const id of glossaryIds) await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(1);
    await expect(toc.locator('a[href="#cordon"]')).toHaveText(
      lang === 'de' ? 'sperren (cordon)' : 'cordon',
    );
  }
});
