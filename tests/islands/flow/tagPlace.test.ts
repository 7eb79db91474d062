import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../src/sim/index';
import { containerId, type Box } from '../../../src/view/flow/geometry';
import { hopRoute, toFlow, type FlowLayout } from '../../../src/islands/flow/toFlow';
import { toSteps } from '../../../src/view/flow/steps';
import { labelAreas, placeTag } from '../../../src/islands/flow/tagPlace';
import { tagSize } from '../../../src/islands/flow/fonts';
import { followBox, scrollDelta } from '../../../src/islands/flow/follow';

/** The packet's header card next to the packet, and the phone's follow-the-packet scrolling. */

function area(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function setup(id: string, width: number, presenter: boolean) {
  const r = runScenario(id, { seed: 1 });
  if (!r.ok) throw new Error(id);
  const steps = toSteps(r.result.featured);
  const layout = toFlow(
    r.result.resolved,
    width,
    steps.map((s) => s.hop),
    { presenter },
  );
  return { layout, steps };
}

/** Where the card sits when the packet has arrived at the end of a hop. */
function arrivals(layout: FlowLayout, steps: ReturnType<typeof toSteps>) {
  return steps.flatMap((s) => {
    const end = hopRoute(layout, s.hop).at(-1);
    return end ? [{ hop: s.hop, point: end }] : [];
  });
}

const covered = (layout: FlowLayout, card: Box): number =>
  labelAreas(layout).reduce((sum, a) => sum + area(card, a), 0);

describe('placeTag', () => {
  for (const [id, width, presenter] of [
    ['cluster-snat', 1120, true],
    ['cluster-snat', 606, false],
    ['local', 1120, true],
    ['cluster-no-snat', 606, false],
  ] as const) {
    it(`hides less text than the old card at every hop, and none at most (${id}, ${width} px)`, () => {
      const { layout, steps } = setup(id, width, presenter);
      const size = tagSize(layout.fonts.tag);
      let before = 0;
      let after = 0;
      let clear = 0;
      const all = arrivals(layout, steps);
      for (const { point } of all) {
        const at = placeTag(layout, point, size);
        const card = { x: point[0] + at.x, y: point[1] + at.y, ...size };
        // Inside the canvas.
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.y).toBeGreaterThanOrEqual(0);
        expect(card.x + card.w).toBeLessThanOrEqual(layout.width);
        // The card as it sat before: centred above the packet (below it near the top edge).
        const oldY = point[1] < 120 * layout.scale ? point[1] + 12 : point[1] - 12 - size.h;
        const oldX = Math.min(Math.max(point[0] - size.w / 2, 2), layout.width - size.w - 2);
        const old = { x: oldX, y: oldY, ...size };
        expect(covered(layout, card)).toBeLessThanOrEqual(covered(layout, old) + 1);
        before += covered(layout, old);
        after += covered(layout, card);
        if (covered(layout, card) < 1) clear++;
      }
      expect(before).toBeGreaterThan(0);
      expect(after).toBeLessThan(before * 0.5);
      // Most cards now hide no text at all.
      expect(clear).toBeGreaterThanOrEqual(all.length / 2);
    });
  }

  it('keeps node-3 readable when the packet reaches it from node-1 (the deck, hop 3)', () => {
    const { layout, steps } = setup('cluster-snat', 1120, true);
    const hop3 = steps[2]?.hop;
    expect(hop3).toMatchObject({ from: 'node-1', to: 'node-3' });
    const point = hop3 ? hopRoute(layout, hop3).at(-1) : undefined;
    if (!point) throw new Error('no route');
    const size = tagSize(layout.fonts.tag);
    const at = placeTag(layout, point, size);
    const card = { x: point[0] + at.x, y: point[1] + at.y, ...size };
    const node3 = layout.boxes[containerId('node-3')];
    const proxy3 = layout.boxes['node-3'];
    if (!node3 || !proxy3) throw new Error('no node-3');
    // node-3's header strip: its name and address.
    expect(area(card, { ...node3, h: proxy3.y - node3.y })).toBe(0);
  });
});

describe('text sizes', () => {
  it('a deck estimates its labels and card at its own fonts (20 px, all 1 em), not a page’s', () => {
    const deck = setup('cluster-snat', 1120, true).layout;
    const page = setup('cluster-snat', 1120, false).layout;
    expect(deck.fonts.place).toBeCloseTo(20);
    expect(deck.fonts.sub).toBeCloseTo(20);
    // The card is 0.82 em on a page and 1 em in a deck: larger by 20 / (0.82 × 14).
    expect(tagSize(deck.fonts.tag).w / tagSize(page.fonts.tag).w).toBeCloseTo(20 / 11.48, 2);
    // The client's address (monospace, 1 em in a deck) reaches further than at 0.88 × 0.95 em.
    // Right edge of the client's text, from the box's left edge.
    const reach = (l: FlowLayout): number => {
      const id = l.nodes.find((n) => n.data.kind === 'client')?.id;
      const b = id ? l.boxes[id] : undefined;
      if (!b) throw new Error('no client box');
      const text = labelAreas(l).filter((a) => area(a, b) > 0);
      return Math.max(...text.map((a) => a.x + a.w)) - b.x;
    };
    // Same strings at 1.4 times the scale, in a font 20 / (0.95 × 14 × 1.4) larger still (the
    // address 20 / (0.88 × 0.95 × 14 × 1.4)): about 1.5 times as far, where page fonts give 1.4.
    expect(reach(deck) / reach(page)).toBeGreaterThan(1.45);
  });
});

describe('follow the packet on a phone', () => {
  it('frames the places a step moves between', () => {
    const { layout, steps } = setup('cluster-snat', 360, false);
    expect(layout.stacked).toBe(true);
    const box = followBox(layout, steps, 3);
    const a = layout.boxes['node-1'];
    const b = layout.boxes['node-3'];
    if (!box || !a || !b) throw new Error('no boxes');
    expect(box.y).toBe(Math.min(a.y, b.y));
    expect(box.y + box.h).toBe(Math.max(a.y + a.h, b.y + b.h));
    expect(followBox(layout, steps, 0)).toEqual(layout.boxes['client-1']);
  });

  it('scrolls only as far as needed, and shows the top first when it cannot show all', () => {
    expect(scrollDelta(200, 400, 100, 700)).toBe(0);
    expect(scrollDelta(-300, -100, 100, 700)).toBe(-408);
    expect(scrollDelta(650, 800, 100, 700)).toBe(108);
    expect(scrollDelta(50, 900, 100, 700)).toBe(-58);
  });
});

describe('placeTag with a box to keep clear', () => {
  for (const id of ['cluster-snat', 'cluster-no-snat', 'local', 'proxy-lb-local'] as const) {
    it(`never covers the box the packet is at (${id}, deck layout)`, () => {
      const { layout, steps } = setup(id, 1100, true);
      // A card as big as a deck's (a header and a one-word verdict).
      const size = { w: 330, h: 110 };
      for (const { hop, point } of arrivals(layout, steps)) {
        const here = layout.boxes[hop.to];
        if (!here) continue;
        const at = placeTag(layout, point, size, [here]);
        const card = { x: point[0] + at.x, y: point[1] + at.y, ...size };
        expect(area(card, here), `${hop.id} at ${hop.to}`).toBe(0);
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.y).toBeGreaterThanOrEqual(0);
        expect(card.x + card.w).toBeLessThanOrEqual(layout.width);
        expect(card.y + card.h).toBeLessThanOrEqual(layout.height);
      }
    });
  }
});
