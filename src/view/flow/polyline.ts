/** Polyline maths for links and packets: lengths, a point along a line, SVG paths. */

/** A point in diagram coordinates. */
export type Point = [number, number];

/** The same polyline walked the other way. */
export function reverse(points: readonly Point[]): Point[] {
  return [...points].reverse();
}

/** Total length of a polyline. */
export function polylineLength(points: readonly Point[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) len += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return len;
}

/** The point at fraction f (0…1) along a polyline. */
export function pointAlong(points: readonly Point[], f: number): Point {
  const first = points[0] ?? [0, 0];
  const total = polylineLength(points);
  if (total === 0) return first;
  let rest = Math.min(1, Math.max(0, f)) * total;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const seg = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (rest <= seg) {
      const k = seg === 0 ? 0 : rest / seg;
      return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k];
    }
    rest -= seg;
  }
  return points[points.length - 1] ?? first;
}

/** SVG path `d` for a polyline. */
export function pathOf(points: readonly Point[]): string {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${p[0].toFixed(1)} ${p[1].toFixed(1)}`)
    .join(' ');
}
