/**
 * The React Flow adapter: the geometry (view/flow/geometry.ts) of a resolved scenario as React Flow
 * nodes and edges with explicit positions, sizes and handles, so React Flow can server-render the
 * first frame. No routing decisions: which links exist comes from the topology and the engine's
 * hops.
 */
import { placeFonts, type PlaceFonts } from './fonts';
import type { Edge, Node } from '@xyflow/react';
import { Position } from '@xyflow/react';
import { announcesL2 } from '../../sim/presets';
import type { Hop, PlaceId, Scenario } from '../../sim/types';
import {
  containerId,
  layoutBoxes,
  linkId,
  proxyId,
  routeBetween,
  type Box,
  type LayoutOptions,
  type PlaceKind,
} from '../../view/flow/geometry';
import { fitLabel } from '../../view/flow/fitLabel';
import { reverse, type Point } from '../../view/flow/polyline';

/** Data carried by every diagram node; `sub` is the address line. */
export interface PlaceData extends Record<string, unknown> {
  kind: PlaceKind;
  label: string;
  /** The label shortened to fit its box (fitLabel.ts), when the whole one does not. */
  short?: string;
  sub: string;
  /** For nodes: the place id of its kube-proxy; for pods/proxies: the node they belong to. */
  node?: string;
}

export interface LinkData extends Record<string, unknown> {
  points: Point[];
  /** True for links that only exist because an engine hop used them (cross-node, direct return). */
  extra: boolean;
}

export interface FlowLayout {
  width: number;
  height: number;
  stacked: boolean;
  scale: number;
  /** The text sizes the labels were fitted with (a deck's are larger). */
  fonts: PlaceFonts;
  boxes: Record<PlaceId, Box>;
  nodes: Node<PlaceData>[];
  edges: Edge<LinkData>[];
}

/**
 * The label as it fits a box `width` px wide (fonts.ts: a place's font; a Node's name is 1.05
 * times that with 0.75 em padding, other boxes 0.5 em; the icon and its gap take 1.3 em; the
 * borders and 4 px to spare are kept free).
 */
function fitted(data: PlaceData, width: number, fonts: PlaceFonts): string {
  const place = fonts.place;
  const node = data.kind === 'node';
  const font = node ? 1.05 * place : place;
  const free = width - (node ? 1.5 : 1) * place - 1.3 * place - (node ? 4 : 3) - 4;
  return fitLabel(data.label, free / font);
}

/**
 * Does a Node's sub-line fit its box? It is set in a monospace font (fonts.ts) whose advances
 * are at most 0.61 em; the Node's padding (0.75 em of the place font each side), its 2 px
 * borders and 4 px to spare are kept free.
 */
function subFits(text: string, width: number, fonts: PlaceFonts): boolean {
  return text.length * 0.61 * fonts.sub <= width - 1.5 * fonts.place - 4 - 4;
}

/** Formats an Ip:port pair. */
export function addr(a: { ip: string; port: number }): string {
  return `${a.ip}:${a.port}`;
}

/** Maps a resolved scenario + width (+ the hops to be played) to positioned nodes and links. */
export function toFlow(
  scenario: Scenario,
  width: number,
  hops: readonly Hop[] = [],
  opts: LayoutOptions = {},
): FlowLayout {
  const g = layoutBoxes(scenario, width, opts);
  const fonts = placeFonts(g.scale, opts.presenter === true);
  const nodes: Node<PlaceData>[] = [];
  const handles = (w: number, h: number) => [
    {
      id: 's',
      type: 'source' as const,
      position: Position.Top,
      x: w / 2,
      y: h / 2,
      width: 1,
      height: 1,
    },
    {
      id: 't',
      type: 'target' as const,
      position: Position.Top,
      x: w / 2,
      y: h / 2,
      width: 1,
      height: 1,
    },
  ];
  const push = (id: string, data: PlaceData, zIndex: number): void => {
    const b = g.box.get(id);
    if (!b) return;
    const short =
      data.kind === 'proxy' || data.kind === 'lb' ? data.label : fitted(data, b.w, fonts);
    if (short !== data.label) data.short = short;
    nodes.push({
      id,
      type: data.kind,
      position: { x: b.x, y: b.y },
      width: b.w,
      height: b.h,
      data,
      handles: handles(b.w, b.h),
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
      zIndex,
    });
  };
  for (const nd of scenario.nodes) {
    // A node's zone (topology.kubernetes.io/zone) follows its address: zonal LBs split by it. In a
    // box too narrow for both, the address stays and the zone goes (never clipped).
    const withZone = nd.zone ? `${nd.ip} · ${nd.zone}` : nd.ip;
    const box = g.box.get(containerId(nd.id));
    const sub = box && !subFits(withZone, box.w, fonts) ? nd.ip : withZone;
    push(containerId(nd.id), { kind: 'node', label: nd.id, sub, node: nd.id }, 0);
  }
  // A client Pod (in-cluster caller) names the node it runs on.
  for (const c of scenario.clients)
    push(c.id, { kind: 'client', label: c.id, sub: c.node ? `${c.ip} · ${c.node}` : c.ip }, 2);
  push(
    'lb',
    {
      kind: 'lb',
      label: 'lb',
      sub: `${scenario.loadBalancer.frontendIp}:${scenario.service.port}`,
    },
    2,
  );
  for (const nd of scenario.nodes) {
    push(
      proxyId(nd.id),
      { kind: 'proxy', label: 'kube-proxy', sub: `:${scenario.service.nodePort}`, node: nd.id },
      2,
    );
  }
  for (const p of scenario.pods) {
    const data: PlaceData = {
      kind: 'pod',
      label: p.id,
      sub: p.ip ? `${p.ip}:${scenario.service.targetPort}` : '',
    };
    if (p.node) data.node = p.node;
    push(p.id, data, 2);
  }

  // Base links: client → LB → every node (MetalLB L2, no LB device: client → every node, all on
  // the one network where a node answers ARP for the LB IP); kube-proxy → its pods. Then any
  // pair a hop uses.
  const pairs: Array<[string, string, boolean]> = [];
  if (announcesL2(scenario)) {
    for (const c of scenario.clients)
      for (const nd of scenario.nodes) pairs.push([c.id, proxyId(nd.id), false]);
  } else {
    for (const c of scenario.clients) pairs.push([c.id, 'lb', false]);
    for (const nd of scenario.nodes) pairs.push(['lb', proxyId(nd.id), false]);
  }
  for (const p of scenario.pods) if (p.node) pairs.push([proxyId(p.node), p.id, false]);
  for (const h of hops) pairs.push([h.from, h.to, true]);
  const seen = new Set<string>();
  const edges: Edge<LinkData>[] = [];
  for (const [a, b, extra] of pairs) {
    if (a === b) continue;
    const id = linkId(a, b);
    if (seen.has(id) || !g.box.has(a) || !g.box.has(b)) continue;
    seen.add(id);
    const points = routeBetween(g, a, b);
    if (points.length < 2) continue;
    edges.push({
      id,
      source: a,
      target: b,
      sourceHandle: 's',
      targetHandle: 't',
      type: 'link',
      data: { points, extra },
      focusable: false,
      selectable: false,
      zIndex: 1,
    });
  }
  return {
    width: Math.max(280, Math.round(width)),
    height: g.height,
    stacked: g.stacked,
    scale: g.scale,
    fonts,
    boxes: Object.fromEntries(g.box),
    nodes,
    edges,
  };
}

/**
 * The route a hop takes, oriented from `from` to `to` (links are stored undirected). A packet
 * that never left its sender ('noArp') rests on the sender's lower edge.
 */
export function hopRoute(layout: FlowLayout, hop: Pick<Hop, 'from' | 'to'>): Point[] {
  if (hop.from === hop.to) {
    const b = layout.boxes[hop.from];
    return b ? [[b.x + b.w / 2, b.y + b.h]] : [];
  }
  const edge = layout.edges.find((e) => e.id === linkId(hop.from, hop.to));
  if (!edge?.data) return [];
  return edge.source === hop.from ? edge.data.points : reverse(edge.data.points);
}
