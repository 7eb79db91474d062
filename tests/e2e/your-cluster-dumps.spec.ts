/**
 * Every test dump (tests/fixtures/kubectl) pasted into one page, in English and in German: the
 * page gives the verdicts written down for it (the same the CLI gives), and in the diagram no
 * label is clipped or runs over another (names up to 63 characters, AKS, EKS, GKE, k3s).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from '../fixtures/kubectl/fixtures';

const text = (id: string): string =>
  readFileSync(new URL(`../fixtures/kubectl/${id}.yaml`, import.meta.url), 'utf8');

/**
 * Problems with the diagram's labels: a text element cut by its own box (its content wider than
 * it shows), sticking out of its place, or overlapping another text or a box drawn inside the
 * same Node (kube-proxy, the Pods).
 */
async function labelProblems(page: Page): Promise<string[]> {
  return page.locator('.hop-cluster__diagram .react-flow').evaluate((root) => {
    type R = { l: number; t: number; r: number; b: number };
    const rect = (e: Element): R => {
      const x = e.getBoundingClientRect();
      return { l: x.left, t: x.top, r: x.right, b: x.bottom };
    };
    const overlap = (a: R, b: R): boolean =>
      Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1;
    const inside = (a: R, b: R): boolean =>
      a.l >= b.l - 1 && a.t >= b.t - 1 && a.r <= b.r + 1 && a.b <= b.b + 1;
    const out: string[] = [];
    const places = [...root.querySelectorAll('.hop-place')];
    for (const place of places) {
      const name = place.getAttribute('data-place') ?? '?';
      const box = rect(place);
      const texts = [
        ...place.querySelectorAll('.hop-place__label, .hop-place__sub, .hop-badge'),
      ].filter((e) => (e as HTMLElement).offsetParent !== null);
      for (const t of texts) {
        const el = t as HTMLElement;
        const what = `${name} ${el.className} "${el.textContent ?? ''}"`;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`clipped: ${what}`);
        if (!inside(rect(el), box)) out.push(`outside its box: ${what}`);
      }
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i];
          const b = texts[j];
          if (a && b && overlap(rect(a), rect(b)))
            out.push(`overlap in ${name}: "${a.textContent}" / "${b.textContent}"`);
        }
      // A Node's name, address and badges must stay clear of the boxes drawn inside it.
      if (place.classList.contains('hop-place--node')) {
        const node = rect(place);
        const inner = places.filter(
          (p) => p !== place && !p.classList.contains('hop-place--node') && inside(rect(p), node),
        );
        for (const t of texts)
          for (const p of inner)
            if (overlap(rect(t), rect(p)))
              out.push(`${name}: "${t.textContent}" runs over ${p.getAttribute('data-place')}`);
      }
    }
    return out;
  });
}

for (const lang of ['en', 'de'] as const)
  test(`${lang}: every test dump gives its verdicts, and no label clips or overlaps`, async ({
    page,
  }) => {
    // Eight imports with their diagrams, one after another, on a machine that may be busy.
    test.setTimeout(600_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${lang}/your-cluster/`);
    const box = page.locator('#hop-cluster-text');
    const root = page.locator('.hop-cluster');
    for (const f of FIXTURES) {
      // One input event with the whole text, as a paste gives: Playwright's fill types it through
      // the editor's insertText and takes minutes for the 100-node dump (440 kB).
      await box.evaluate((el, v) => {
        (el as HTMLTextAreaElement).value = v;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, text(f.id));
      await page.locator('.hop-cluster__import').click();
      await expect(root).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
      await expect(root).toHaveAttribute('data-ready', 'true');
      const svc = f.def.services[0];
      await expect(page.locator('.hop-cluster__status')).toContainText(
        `${svc?.namespace}/${svc?.name}`,
      );
      // The page says what the CLI says (fixtures.test.ts holds the CLI to the same list).
      const codes = await page
        .locator('.hop-cluster__verdicts [data-testid="verdicts"] > li')
        .evaluateAll((li) =>
          li.map((e) => `${e.getAttribute('data-id')} ${e.getAttribute('data-verdict')}`),
        );
      const among = new Set(f.announcerAmong?.map((n) => `node:${n}`));
      expect(codes.filter((c) => !among.has(c.split(' ')[0] ?? '')).sort(), f.id).toEqual(
        f.expect.map((e) => `${e.id} ${e.code}`).sort(),
      );
      const drawn = page.locator('.hop-cluster__diagram .hop-flow[data-hydrated="true"]');
      if (f.def.nodes.length > 10) {
        await expect(page.locator('.hop-cluster__diagram')).toContainText(
          lang === 'en' ? 'too many to draw' : 'zu viele',
        );
        continue;
      }
      await expect(drawn).toBeVisible({ timeout: 60_000 });
      await expect(drawn.locator('.hop-place--pod').first()).toBeVisible();
      expect(await labelProblems(page), `${lang} ${f.id}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
