import { expect, test, type Page } from '@playwright/test';

/**
 * A deck is read from the back of a room: on every diagram slide (and every answer played on a
 * diagram) of a lesson's deck, at 1920×1080 and 1280×720, the picture takes at least 80 % of
 * the slide's width or 85 % of its height and at least half of its area, its smallest label is
 * at least 22 px tall on 1080p, the caption is one line, and the packet's card neither covers
 * the box the packet is at nor leaves the picture. Measured in the browser, not estimated.
 */

interface Measure {
  kind: string;
  width: number;
  height: number;
  area: number;
  smallest: number;
  smallestText: string;
  captionLines: number;
  /** Problems of the packet's card (empty: none). */
  tag: string[];
}

/**
 * Opens the deck at a slide and step: loaded once, then by its address's fragment, as a
 * presenter's link or the deck's own keys move it (a reload per stop measured the same and took
 * twice as long).
 */
async function openAt(page: Page, path: string, slide: number, step: number): Promise<void> {
  const hash = `#slide=${slide}&step=${step}`;
  if (new URL(page.url()).pathname === path) await toHash(page, hash, slide);
  else await page.goto(`${path}${hash}`);
  await expect(page.locator('.deck')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.deck')).toHaveAttribute('data-slide', String(slide));
}

/** Moves the deck by its address's fragment, as a presenter's link does. */
async function toHash(page: Page, hash: string, slide: number): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  await expect(page.locator('.deck')).toHaveAttribute('data-slide', String(slide));
}

/** Waits until the diagram has its run, rests at the deck's step and has been fitted. */
async function settled(page: Page): Promise<void> {
  const flow = page.locator('.slide-flow .hop-flow');
  await expect(flow).toHaveAttribute('data-hydrated', 'true');
  await expect(flow).toHaveAttribute('data-playing', 'false');
  await expect(page.locator('.slide-flow')).toHaveAttribute('data-scale', /\d/);
  // The fit runs a frame after a resize: two frames with the same box.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const box = (): string =>
              JSON.stringify(
                document.querySelector('.slide-flow .hop-canvas')?.getBoundingClientRect(),
              );
            const a = box();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(a === box() ? 'same' : 'moving')),
            );
          }),
      ),
    )
    .toBe('same');
}

async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const canvas = document.querySelector('.slide-flow .hop-canvas');
    const scale = Number(document.querySelector<HTMLElement>('.slide-flow')?.dataset['scale']);
    if (!canvas || !Number.isFinite(scale)) throw new Error('no diagram on this slide');
    const c = canvas.getBoundingClientRect();
    let smallest = Infinity;
    let smallestText = '';
    const walker = document.createTreeWalker(canvas, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      // React Flow's attribution is not a label of the picture.
      if (!el || text === '' || el.closest('.react-flow__attribution')) continue;
      if (el.getClientRects().length === 0) continue;
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (px < smallest) {
        smallest = px;
        smallestText = text.slice(0, 40);
      }
    }
    const caption = document.querySelector('.slide-caption');
    const lineH = caption ? parseFloat(getComputedStyle(caption).lineHeight) : 1;
    const tag: string[] = [];
    const card = document.querySelector<HTMLElement>('.slide-flow .hop-tag');
    const inside = (r: DOMRect): boolean =>
      r.left >= c.left - 1 &&
      r.right <= c.right + 1 &&
      r.top >= c.top - 1 &&
      r.bottom <= c.bottom + 1;
    if (card) {
      const r = card.getBoundingClientRect();
      if (!inside(r)) tag.push(`card leaves the picture: ${JSON.stringify(r)}`);
      const at = card.dataset['at'];
      const place = at
        ? document.querySelector(`.slide-flow .react-flow__node[data-id="${at}"]`)
        : null;
      if (card.dataset['arrived'] === 'true' && place) {
        const p = place.getBoundingClientRect();
        const w = Math.min(r.right, p.right) - Math.max(r.left, p.left);
        const h = Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top);
        if (w > 1 && h > 1) tag.push(`card covers ${at} (${Math.round(w)}×${Math.round(h)} px)`);
      }
    }
    // No address or name cut off by its box.
    for (const el of canvas.querySelectorAll<HTMLElement>('.hop-place__sub, .hop-place__label'))
      if (
        el.scrollWidth > el.clientWidth + 1 ||
        el.getBoundingClientRect().right >
          (el.closest('.hop-place')?.getBoundingClientRect().right ?? Infinity) + 1
      )
        tag.push(`"${el.textContent ?? ''}" is cut off`);
    const clock = document.querySelector('.slide-flow .hop-clock__face');
    if (clock && !inside(clock.getBoundingClientRect()))
      tag.push('give-up clock leaves the picture');
    return {
      kind: document.querySelector<HTMLElement>('.deck')?.dataset['kind'] ?? '',
      width: c.width / innerWidth,
      height: c.height / innerHeight,
      area: (c.width * c.height) / (innerWidth * innerHeight),
      smallest,
      smallestText,
      captionLines: caption ? Math.round(caption.getBoundingClientRect().height / lineH) : 0,
      tag,
    };
  });
}

/** Every slide and step of a deck that shows a diagram: [slide, steps to look at]. */
async function diagramStops(page: Page, path: string): Promise<Array<[number, number[]]>> {
  await openAt(page, path, 1, 0);
  // "Slide 1 of 14" / "Folie 1 von 14": the title slide has no step after it.
  const total = Number(
    /(\d+)\s*$/.exec((await page.getByTestId('deck-count').textContent()) ?? '')?.[1],
  );
  const out: Array<[number, number[]]> = [];
  for (let slide = 1; slide <= total; slide++) {
    await toHash(page, `#slide=${slide}&step=99`, slide);
    const kind = await page.locator('.deck').getAttribute('data-kind');
    const last = Number(await page.locator('.deck').getAttribute('data-step'));
    if (kind === 'diagram') out.push([slide, [...new Set([0, Math.ceil(last / 2), last])]]);
    if (kind === 'question' && (await page.locator('.slide-flow').count()) > 0)
      out.push([slide, [...new Set([1, last])]]);
  }
  return out;
}

const decks = [
  { lang: 'en', lesson: 'why-snat' },
  { lang: 'en', lesson: 'balancing-local' },
  { lang: 'de', lesson: 'draining-nodes' },
];

for (const { lang, lesson } of decks) {
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
  ]) {
    test(`${lang} ${lesson} deck at ${size.width}×${size.height}: the diagram is the slide's subject`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      const path = `/${lang}/present/${lesson}/`;
      const stops = await diagramStops(page, path);
      expect(stops.length).toBeGreaterThan(2);
      const problems: string[] = [];
      for (const [slide, steps] of stops) {
        for (const step of steps) {
          await openAt(page, path, slide, step);
          await settled(page);
          const m = await measure(page);
          const where = `slide ${slide} step ${step} (${m.kind})`;
          if (!(m.width >= 0.8 || m.height >= 0.85))
            problems.push(
              `${where}: ${Math.round(m.width * 100)} % wide, ${Math.round(m.height * 100)} % high`,
            );
          if (m.area < 0.5) problems.push(`${where}: ${Math.round(m.area * 100)} % of the area`);
          if (size.width === 1920 && m.smallest < 22)
            problems.push(`${where}: "${m.smallestText}" ${m.smallest.toFixed(1)} px`);
          if (m.captionLines !== 1) problems.push(`${where}: caption on ${m.captionLines} lines`);
          problems.push(...m.tag.map((p) => `${where}: ${p}`));
        }
      }
      expect(problems).toEqual([]);
    });
  }
}
