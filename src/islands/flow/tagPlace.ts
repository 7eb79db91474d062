/**
 * Where the packet's header card goes next to the packet: the side where it covers the least
 * of the boxes' labels (a Node's name and address strip, a client, the load balancer, a
 * kube-proxy or a Pod), inside the canvas. Pure geometry over the layout, so it is unit-tested.
 */
import { proxyId, type Box } from '../../view/flow/geometry';
import type { Point } from '../../view/flow/polyline';
import type { FlowLayout } from './toFlow';
import type { PlaceFonts } from './fonts';

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Letter widths in em (bold sans for names, monospace for addresses). */
const NAME_EM = 0.62;
const MONO_EM = 0.6;

/**
 * Where a box's text is: its head line (icon, name, address; the address wraps under the name
 * when both do not fit), estimated from the strings and the layout's text sizes (fonts.ts).
 */
function textOf(
  b: Box,
  label: string,
  sub: string,
  fonts: PlaceFonts,
  scale: number,
  node: boolean,
): Box[] {
  const f = fonts.place * (node ? 1.05 : 1);
  const padX = (node ? 0.75 : 0.5) * f;
  const padY = (node ? 0.5 : 0.3) * f;
  const line = 1.4 * f;
  const inner = b.w - 2 * padX;
  const name = 1.4 * f + label.length * NAME_EM * f;
  const addr = sub.length * MONO_EM * fonts.sub;
  // A few px of slack around the estimate (fonts differ a little between systems).
  const m = 4 * scale;
  const x = b.x + padX - m;
  const y = b.y + padY - m;
  const h = line + 2 * m;
  if (name + 0.4 * f + addr <= inner) return [{ x, y, w: name + 0.4 * f + addr + 2 * m, h }];
  return [
    { x, y, w: Math.min(inner, name) + 2 * m, h },
    { x, y: y + line, w: Math.min(inner, addr) + 2 * m, h },
  ];
}

/** A row of state badges ("LB: out of rotation", "offline", "terminating") under a head line. */
function badgeRow(under: Box, chars: number, fonts: PlaceFonts, maxW: number): Box {
  const f = fonts.badge;
  return {
    x: under.x,
    y: under.y + under.h,
    w: Math.min(maxW, chars * 0.55 * f + 2 * f),
    h: 1.5 * f,
  };
}

/**
 * The parts of the picture a card must not hide: the text of every box (name, address and,
 * in a run over time, its state badges), estimated from its strings. A box's empty rest, a
 * Node's body around its kube-proxy and Pods, and the links may be covered.
 */
export function labelAreas(layout: FlowLayout): Box[] {
  const areas: Box[] = [];
  const s = layout.scale;
  for (const n of layout.nodes) {
    const b = layout.boxes[n.id];
    if (!b) continue;
    const { kind, label, sub } = n.data;
    const name = kind === 'lb' ? 'load balancer' : label;
    const proxy = kind === 'node' && n.data.node ? layout.boxes[proxyId(n.data.node)] : undefined;
    if (proxy) {
      // A Node's whole header strip above its kube-proxy: its name, its address (wrapped or
      // not) and, in a run over time, its badges.
      areas.push({ x: b.x, y: b.y, w: b.w, h: proxy.y - b.y });
      continue;
    }
    const text = textOf(b, name, sub, layout.fonts, s, kind === 'node');
    areas.push(...text);
    const last = text[text.length - 1];
    if (kind === 'pod' && last && b.y + b.h - (last.y + last.h) > 12 * s) {
      areas.push(badgeRow(last, 11, layout.fonts, b.w));
    }
  }
  return areas;
}

/** The label areas of a layout, cached per layout object (the card moves every frame). */
const cache = new WeakMap<FlowLayout, Box[]>();

/**
 * Top-left corner of the card, relative to the packet at `point`: the first of eight sides
 * (above first, as the card always sat) with the least label area under it, kept inside the
 * canvas. Ties keep the earlier side, so a card does not hop between equal sides. `avoid` are
 * boxes the card must not cover at all where any side allows it: the place the packet is at,
 * and a give-up clock beside the client.
 */
export function placeTag(
  layout: FlowLayout,
  point: Point,
  size: { w: number; h: number },
  avoid: readonly Box[] = [],
): { x: number; y: number } {
  let areas = cache.get(layout);
  if (!areas) {
    areas = labelAreas(layout);
    cache.set(layout, areas);
  }
  const [px, py] = point;
  const { w, h } = size;
  const gap = 12 * layout.scale;
  const candidates: Array<[number, number]> = [
    [px - w / 2, py - gap - h],
    [px - w / 2, py + gap],
    [px + gap, py - gap - h],
    [px - gap - w, py - gap - h],
    [px + gap, py + gap],
    [px - gap - w, py + gap],
    [px + gap, py - h / 2],
    [px - gap - w, py - h / 2],
  ];
  // Just outside each box the card must not cover, level with the packet.
  for (const b of avoid)
    candidates.push(
      [b.x - gap - w, py - h / 2],
      [b.x + b.w + gap, py - h / 2],
      [px - w / 2, b.y - gap - h],
      [px - w / 2, b.y + b.h + gap],
    );
  // Last resort, when every side hides text: the corners (beside the client and the load
  // balancer a wide picture is empty), at a price growing with the distance from the packet.
  const far: Array<[number, number]> = [
    [layout.width - w - 2, 2],
    [2, 2],
    [layout.width - w - 2, layout.height - h - 2],
    [2, layout.height - h - 2],
  ];
  // A side that grazes a label slides up or down just clear of it, at the price of the slide:
  // the nearest clean place is often right next to a side (under a client's address, above a
  // Node's name).
  const slid: Array<[number, number, number]> = [];
  for (const [cx, cy] of candidates) {
    for (const a of areas) {
      if (overlap({ x: cx, y: cy, w, h }, a) === 0) continue;
      for (const y of [a.y + a.h + 1, a.y - h - 1]) slid.push([cx, y, Math.abs(y - cy) * 0.5]);
    }
  }
  const all: Array<[number, number, number]> = [
    ...candidates.map(([x, y]): [number, number, number] => [x, y, 0]),
    ...slid,
    ...far.map(([x, y]): [number, number, number] => [x, y, 0]),
  ];
  let best = { x: 0, y: 0 };
  let bestCost = Number.POSITIVE_INFINITY;
  for (const [cx, cy, slide] of all) {
    const x = Math.min(Math.max(cx, 2), Math.max(2, layout.width - w - 2));
    const y = Math.min(Math.max(cy, 2), Math.max(2, layout.height - h - 2));
    const card = { x, y, w, h };
    let cost = slide;
    // Hiding a few letters of an address is worse than a card a little farther away.
    for (const a of areas) cost += overlap(card, a) * 8;
    // Covering the box the packet is at hides what the step is about.
    for (const a of avoid) cost += overlap(card, a) * 400;
    // Covering the packet itself is as bad as covering a label; moving far from it a little bad.
    const dot = { x: px - 8, y: py - 8, w: 16, h: 16 };
    cost += overlap(card, dot) * 20 + (Math.abs(x - cx) + Math.abs(y - cy)) * 0.5;
    if (far.some(([fx, fy]) => fx === cx && fy === cy))
      cost += Math.hypot(x + w / 2 - px, y + h / 2 - py) * 2;
    if (cost < bestCost - 1) {
      bestCost = cost;
      best = { x: x - px, y: y - py };
    }
  }
  return best;
}
