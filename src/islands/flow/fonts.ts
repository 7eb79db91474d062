/**
 * The text sizes of a diagram's places, in flow px: what label fitting (toFlow.ts) and the
 * packet card's placement (tagPlace.ts) estimate with. They follow the style sheets: on a page
 * the flow's font is 14 px (diagram/frame.css `--hop-font`), a place's text 0.95 em of it
 * (places.css), its address 0.88 em of that, its badges 0.78 em, the card 0.82 em (packets.css);
 * a deck's picture sets 20 px and every one of these to 1 em (present.css), so that its smallest
 * label stays readable on a projector.
 */
export interface PlaceFonts {
  /** A place's name (a Node's is 1.05 times this). */
  place: number;
  /** The address line under or beside the name (monospace). */
  sub: number;
  /** A state badge ("LB: out of rotation", "terminating"). */
  badge: number;
  /** The packet's header card. */
  tag: number;
}

/** The sizes for a layout at `scale` (1 on a page, 1.4 in a deck: geometry.ts). */
export function placeFonts(scale: number, presenter: boolean): PlaceFonts {
  if (presenter) {
    // 20 px at the deck's scale of 1.4.
    const base = (20 / 1.4) * scale;
    return { place: base, sub: base, badge: base, tag: base };
  }
  const base = 14 * scale;
  const place = 0.95 * base;
  return { place, sub: 0.88 * place, badge: 0.78 * place, tag: 0.82 * base };
}

/**
 * Size of the card in flow px, estimated from its lines and its font `tag` px (on a
 * page 0.82 × 14 px, where the card is 215 px wide and 54 px plus 17 px a line tall).
 */
export function tagSize(tag: number, extraLines = 0): { w: number; h: number } {
  const em = tag / (0.82 * 14);
  return { w: 215 * em, h: (54 + extraLines * 17) * em };
}
