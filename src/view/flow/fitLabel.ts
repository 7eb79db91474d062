/**
 * Names that fit their box: a Kubernetes name (up to 63 characters: AKS
 * `aks-nodepool1-12345678-vmss000000`, GKE `gke-prod-pool-1-8f3a2b1c-z1z1`, a ReplicaSet's Pod
 * `web-6d8f7c9b5-abcde`) is measured with the advance widths of DejaVu Sans Bold, the widest
 * sans a reader's browser is likely to pick (Debian's default; other system fonts are narrower),
 * and shortened in the middle when it does not fit. Generated names differ at the end, so the
 * last segment is kept whole where it fits. Pure: the server's first frame and the client agree.
 */

/** Advance widths in em of DejaVu Sans Bold (measured in Chromium's canvas at 100 px). */
const BOLD: Readonly<Record<string, number>> = {
  ...Object.fromEntries([...'0123456789'].map((d) => [d, 0.7])),
  a: 0.67,
  b: 0.72,
  c: 0.59,
  d: 0.72,
  e: 0.68,
  f: 0.44,
  g: 0.72,
  h: 0.71,
  i: 0.34,
  j: 0.34,
  k: 0.67,
  l: 0.34,
  m: 1.04,
  n: 0.71,
  o: 0.69,
  p: 0.72,
  q: 0.72,
  r: 0.49,
  s: 0.6,
  t: 0.48,
  u: 0.71,
  v: 0.65,
  w: 0.92,
  x: 0.65,
  y: 0.65,
  z: 0.58,
  '-': 0.42,
  '.': 0.38,
  _: 0.5,
  ':': 0.4,
};
/** Anything else (capitals, other scripts): as wide as the widest lowercase letters. */
const OTHER = 0.85;
/** The ellipsis character's width. */
export const ELLIPSIS_EM = 1;

/** Width of a bold text in em. */
export function textEm(text: string): number {
  let em = 0;
  for (const ch of text) em += BOLD[ch] ?? OTHER;
  return em;
}

/** The longest prefix of `text` no wider than `em`. */
function head(text: string, em: number): string {
  let w = 0;
  let i = 0;
  for (const ch of text) {
    w += BOLD[ch] ?? OTHER;
    if (w > em) break;
    i += ch.length;
  }
  return text.slice(0, i);
}

/** The longest suffix of `text` no wider than `em`. */
function tail(text: string, em: number): string {
  const chars = [...text];
  let w = 0;
  let i = chars.length;
  while (i > 0) {
    w += BOLD[chars[i - 1] ?? ''] ?? OTHER;
    if (w > em) break;
    i--;
  }
  return chars.slice(i).join('');
}

/**
 * `text` when it fits `maxEm`, else its start, "…" and its end: the end is the last `-` or `.`
 * segment when that takes at most 60 % of the room, otherwise 45 % of it.
 */
export function fitLabel(text: string, maxEm: number): string {
  if (textEm(text) <= maxEm) return text;
  const room = maxEm - ELLIPSIS_EM;
  if (room <= 0) return '…';
  const cut = Math.max(text.lastIndexOf('-'), text.lastIndexOf('.'));
  const segment = cut > 0 ? text.slice(cut) : '';
  const end = segment !== '' && textEm(segment) <= room * 0.6 ? segment : tail(text, room * 0.45);
  const start = head(text, room - textEm(end));
  return `${start}…${end}`;
}
