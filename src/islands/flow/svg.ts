/** A standalone SVG of the diagram's current layout (exportSvg for slides and docs). */
import { pathOf } from '../../view/flow/polyline';
import type { FlowLayout } from './toFlow';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Serializes the layout (boxes, labels, links) as an SVG document string. */
export function layoutToSvg(layout: FlowLayout, lbLabel: string): string {
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" font-family="system-ui, sans-serif" font-size="13">`,
  );
  parts.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  for (const n of layout.nodes) {
    if (n.data.kind !== 'node') continue;
    const { x, y } = n.position;
    parts.push(
      `<rect x="${x}" y="${y}" width="${n.width ?? 0}" height="${n.height ?? 0}" rx="10" fill="#f1f5f9" stroke="#475569"/>`,
    );
    parts.push(
      `<text x="${x + 10}" y="${y + 20}" font-weight="700">${esc(n.data.label)} ${esc(n.data.sub)}</text>`,
    );
  }
  for (const e of layout.edges) {
    if (e.data)
      parts.push(
        `<path d="${pathOf(e.data.points)}" fill="none" stroke="#64748b" stroke-width="2"${e.data.extra ? ' stroke-dasharray="4 3"' : ''}/>`,
      );
  }
  for (const n of layout.nodes) {
    if (n.data.kind === 'node') continue;
    const { x, y } = n.position;
    const label = n.data.kind === 'lb' ? lbLabel : n.data.label;
    parts.push(
      `<rect x="${x}" y="${y}" width="${n.width ?? 0}" height="${n.height ?? 0}" rx="6" fill="#ffffff" stroke="#334155"/>`,
    );
    parts.push(`<text x="${x + 8}" y="${y + 18}" font-weight="700">${esc(label)}</text>`);
    parts.push(
      `<text x="${x + 8}" y="${y + 36}" font-family="ui-monospace, monospace" font-size="12">${esc(n.data.sub)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
