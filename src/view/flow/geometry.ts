/**
 * The diagram's geometry: where every place sits for a width (side by side, or stacked on a
 * phone) and the polyline each link follows, so packets travel exactly along the drawn links.
 * Pure and free of React Flow (its adapter: islands/flow/toFlow.ts); the static SVG and tests use
 * it too.
 */
import { announcesL2 } from '../../sim/presets';
import type { PlaceId, Scenario } from '../../sim/types';
import { reverse, type Point } from './polyline';

/** Below this width the diagram stacks (nodes in a column). */
export const STACK_BELOW = 600;

export type PlaceKind = 'client' | 'lb' | 'node' | 'proxy' | 'pod';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutOptions {
  /** Scale type and boxes up for projectors. */
  presenter?: boolean;
  /** Room under each Node's name for its state badges (drains: "LB: in rotation", …). */
  badges?: boolean;
}

/** The place id kube-proxy has inside a node: the node id itself (hops name nodes, not proxies). */
export function proxyId(node: string): string {
  return `${node}`;
}

/** The RF id of a node's container box (the node id belongs to its kube-proxy place). */
export function containerId(node: string): string {
  return `box:${node}`;
}

/** Stable undirected key for a link between two places. */
export function linkId(a: PlaceId, b: PlaceId): string {
  return a < b ? `e:${a}|${b}` : `e:${b}|${a}`;
}

/** Boxes and the lines between them, for one width. */
export interface Geometry {
  stacked: boolean;
  box: Map<string, Box>;
  nodeOf: Map<string, string>;
  podCol: Map<string, number>;
  kind: Map<string, PlaceKind>;
  bandY: number;
  busY: number;
  trunkL: number;
  trunkR: number;
  /**
   * Side by side without an LB box (MetalLB L2): the x of the line beside the clients' column
   * that takes their links down to the nodes (0: clients link straight down, or to the LB).
   */
  clientTrunk: number;
}

const M = 12;

/** The narrowest width at which a scenario's Nodes still sit side by side (below it: stacked). */
export function stackWidth(scenario: Scenario, opts: LayoutOptions = {}): number {
  const s = opts.presenter ? 1.4 : 1;
  const n = Math.max(1, scenario.nodes.length);
  return Math.ceil(Math.max(STACK_BELOW * s, n * MIN_NODE_W * s + 2 * M + NODE_GAP * s * (n - 1)));
}

/** Narrowest Node box side by side, and the gap between Nodes (before presenter scaling). */
const MIN_NODE_W = 170;
const NODE_GAP = 16;
/**
 * Room under a stacked picture for the docked packet card (PacketDock): on a phone a tag next to
 * the packet would cover the box it is in, so the card rests here and follows the reader down.
 * Fits the header and a two-line verdict (a drop or a timeout).
 */
export const DOCK_ROOM = 96;

/** Computes every box of the topology for a width; exported for tests and the static SVG. */
export function layoutBoxes(
  scenario: Scenario,
  width: number,
  opts: LayoutOptions = {},
): Geometry & { height: number; scale: number } {
  const s = opts.presenter ? 1.4 : 1;
  const W = Math.max(280, Math.round(width));
  const box = new Map<string, Box>();
  const nodeOf = new Map<string, string>();
  const podCol = new Map<string, number>();
  const kind = new Map<string, PlaceKind>();
  // MetalLB L2 has no load-balancer device: clients send straight to the node that answers ARP.
  const lbBox = !announcesL2(scenario);
  let clientTrunk = 0;
  const n = scenario.nodes.length;
  const gap = NODE_GAP * s;
  const wideNodeW = (W - 2 * M - gap * (n - 1)) / Math.max(1, n);
  // One breakpoint for the layout and for the server's stacked first frame.
  const stacked = W < stackWidth(scenario, opts);
  const boxH = 56 * s;
  // Side by side the Node's IP wraps under its name, so badges need a row of their own.
  const headerH = (opts.badges && !stacked ? 74 : 52) * s;
  const proxyH = 34 * s;
  // A Pod's name and address take two lines in a narrow box; over time a badge comes under
  // them ("terminating"), which a 50 px box cut off.
  const podH = (opts.badges ? 68 : 50) * s;
  const podGap = 8 * s;
  const inner = 20 * s;

  let y = M;
  let bandY = 0;
  let trunkL = M + 6;
  const trunkR = W - M - 6;
  let nodesTop = 0;
  let nodeX = 0;
  let nodeW = 0;

  if (!stacked) {
    const clientW = Math.min(170 * s, W * 0.24);
    scenario.clients.forEach((c, i) => {
      box.set(c.id, { x: M, y: M + i * (boxH + 8), w: clientW, h: boxH });
      kind.set(c.id, 'client');
    });
    if (lbBox) {
      const lbW = Math.min(230 * s, W * 0.34);
      box.set('lb', { x: W / 2 - lbW / 2 + clientW / 3, y: M, w: lbW, h: boxH });
      kind.set('lb', 'lb');
    } else clientTrunk = M + clientW + 14 * s;
    const topBottom = M + Math.max(1, scenario.clients.length) * (boxH + 8) - 8;
    // On a slide the packet card (taller than a client box) must fit between a lone client and
    // the Nodes, under its address and above a Node's name: a wider band. (Two clients stand
    // one above the other, which leaves room under the load balancer instead.)
    const band = (opts.presenter && scenario.clients.length < 2 ? 34 : 22) * s;
    bandY = topBottom + band;
    nodesTop = bandY + band;
    nodeW = wideNodeW;
    nodeX = M;
  } else {
    trunkL = M + 4;
    const cw = Math.min(W - 2 * M - 40, 260 * s);
    const cx = W / 2 - cw / 2 + 10;
    scenario.clients.forEach((c) => {
      box.set(c.id, { x: cx, y, w: cw, h: boxH });
      kind.set(c.id, 'client');
      y += boxH + 28 * s;
    });
    if (lbBox) {
      box.set('lb', { x: cx, y, w: cw, h: boxH });
      kind.set('lb', 'lb');
      y += boxH + 26 * s;
    }
    nodesTop = y;
    nodeX = M + 18;
    nodeW = W - 2 * M - 36;
  }

  // Pods per node and the node heights (a row of nodes shares one height).
  const podsByNode = new Map<string, string[]>();
  for (const node of scenario.nodes) podsByNode.set(node.id, []);
  for (const pod of scenario.pods) {
    if (pod.node && podsByNode.has(pod.node)) podsByNode.get(pod.node)?.push(pod.id);
  }
  const podCols = nodeW - 2 * inner >= 250 * s ? 2 : 1;
  const heightFor = (count: number): number => {
    const rows = Math.max(1, Math.ceil(count / podCols));
    return headerH + proxyH + 14 * s + rows * (podH + podGap) + 16 * s;
  };
  const rowH = Math.max(
    ...scenario.nodes.map((nd) => heightFor(podsByNode.get(nd.id)?.length ?? 0)),
    heightFor(0),
  );

  let maxBottom = nodesTop;
  scenario.nodes.forEach((nd, i) => {
    const h = stacked ? heightFor(podsByNode.get(nd.id)?.length ?? 0) : rowH;
    const bx = stacked ? nodeX : nodeX + i * (nodeW + gap);
    const by = stacked ? y : nodesTop;
    const b: Box = { x: bx, y: by, w: nodeW, h };
    box.set(containerId(nd.id), b);
    kind.set(containerId(nd.id), 'node');
    const proxy: Box = { x: bx + inner, y: by + headerH, w: nodeW - 2 * inner, h: proxyH };
    box.set(proxyId(nd.id), proxy);
    kind.set(proxyId(nd.id), 'proxy');
    nodeOf.set(proxyId(nd.id), nd.id);
    const podW = (nodeW - 2 * inner - podGap * (podCols - 1)) / podCols;
    (podsByNode.get(nd.id) ?? []).forEach((pid, k) => {
      const col = k % podCols;
      const row = Math.floor(k / podCols);
      box.set(pid, {
        x: bx + inner + col * (podW + podGap),
        y: proxy.y + proxyH + 14 * s + row * (podH + podGap),
        w: podW,
        h: podH,
      });
      kind.set(pid, 'pod');
      nodeOf.set(pid, nd.id);
      podCol.set(pid, podCols === 2 && col === 1 ? 1 : 0);
    });
    if (stacked) y += h + 30 * s;
    maxBottom = Math.max(maxBottom, by + h);
  });

  // Pending pods (no node) sit in a row below the nodes, unconnected.
  const pending = scenario.pods.filter((p) => !p.node || !podsByNode.has(p.node));
  const busY = stacked ? 0 : maxBottom + 14 * s;
  let height = stacked ? y - 30 * s + M : busY + 14 * s;
  if (pending.length > 0) {
    const pw = Math.min(160 * s, (W - 2 * M) / Math.max(1, pending.length) - 8);
    pending.forEach((p, i) => {
      box.set(p.id, { x: M + i * (pw + 8), y: height + 18 * s, w: pw, h: podH });
      kind.set(p.id, 'pod');
    });
    height += 18 * s + podH + M;
  }
  if (stacked) height += DOCK_ROOM * s;
  return {
    stacked,
    box,
    nodeOf,
    podCol,
    kind,
    bandY,
    busY,
    trunkL,
    trunkR,
    clientTrunk,
    height: Math.ceil(height),
    scale: s,
  };
}

function cy(b: Box): number {
  return b.y + b.h / 2;
}
function cx(b: Box): number {
  return b.x + b.w / 2;
}

/** Path from a place inside a node to the centre-left/right of its kube-proxy box. */
function toProxy(g: Geometry, place: string, node: string): Point[] {
  const p = g.box.get(proxyId(node));
  const b = g.box.get(place);
  const nb = g.box.get(containerId(node));
  if (!p || !b || !nb) return [];
  if (place === proxyId(node)) return [[cx(p), cy(p)]];
  const col = g.podCol.get(place) ?? 0;
  const gx = col === 0 ? nb.x + 10 : nb.x + nb.w - 10;
  const side = col === 0 ? b.x : b.x + b.w;
  const pSide = col === 0 ? p.x : p.x + p.w;
  return [
    [side, cy(b)],
    [gx, cy(b)],
    [gx, cy(p)],
    [pSide, cy(p)],
  ];
}

/** Path from a place inside a node to the point where it meets the outer network. */
function toUplink(g: Geometry, place: string, node: string): Point[] {
  const p = g.box.get(proxyId(node));
  const nb = g.box.get(containerId(node));
  if (!p || !nb) return [];
  const inner = place === proxyId(node) ? [] : toProxy(g, place, node);
  if (g.stacked) return [...inner, [p.x, cy(p)], [g.trunkL, cy(p)]];
  // Out of kube-proxy's right side and up the node's right edge: names, addresses and badges
  // are left-aligned and as wide as the box in German, so a line through the middle crossed them.
  const rgx = nb.x + nb.w - 10;
  return [...inner, [p.x + p.w, cy(p)], [rgx, cy(p)], [rgx, g.bandY]];
}

/** Path from a place inside a node to its cluster-network port (the bus between nodes). */
function toBus(g: Geometry, place: string, node: string): Point[] {
  const nb = g.box.get(containerId(node));
  const b = g.box.get(place);
  if (!nb || !b) return [];
  const rgx = nb.x + nb.w - 10;
  const lgx = nb.x + 10;
  const bottom = nb.y + nb.h;
  let pts: Point[];
  if (place === proxyId(node) || (g.podCol.get(place) ?? 0) === 1) {
    pts = [
      [b.x + b.w, cy(b)],
      [rgx, cy(b)],
      [rgx, bottom],
    ];
  } else {
    pts = [
      [b.x, cy(b)],
      [lgx, cy(b)],
      [lgx, bottom - 6],
      [rgx, bottom - 6],
      [rgx, bottom],
    ];
  }
  if (g.stacked) return [...pts, [rgx, bottom + 10], [g.trunkR, bottom + 10]];
  return [...pts, [rgx, g.busY]];
}

/** Path from an outside place (client, LB) to the outer network line. */
function outsideToNet(g: Geometry, place: string): Point[] {
  const b = g.box.get(place);
  if (!b) return [];
  if (g.stacked)
    return [
      [b.x, cy(b)],
      [g.trunkL, cy(b)],
    ];
  // No LB box: out of the client's side, so a line down never crosses the client below it.
  if (g.clientTrunk > 0)
    return [
      [b.x + b.w, cy(b)],
      [g.clientTrunk, cy(b)],
      [g.clientTrunk, g.bandY],
    ];
  return [
    [cx(b), b.y + b.h],
    [cx(b), g.bandY],
  ];
}

function dedupe(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.abs(last[0] - p[0]) > 0.01 || Math.abs(last[1] - p[1]) > 0.01) out.push(p);
  }
  return out;
}

/** The polyline a packet follows from place a to place b (also the drawn link). */
export function routeBetween(g: Geometry, a: PlaceId, b: PlaceId): Point[] {
  const ka = g.kind.get(a);
  const kb = g.kind.get(b);
  const ba = g.box.get(a);
  const bb = g.box.get(b);
  if (!ka || !kb || !ba || !bb) return [];
  const na = g.nodeOf.get(a);
  const nb = g.nodeOf.get(b);
  // Two outside places (client ↔ LB): a direct line.
  if (!na && !nb) {
    if (g.stacked)
      return dedupe([
        [cx(ba), ba.y > bb.y ? ba.y : ba.y + ba.h],
        [cx(bb), bb.y > ba.y ? bb.y : bb.y + bb.h],
      ]);
    if (Math.abs(cy(ba) - cy(bb)) < 1) {
      const [l, r] = ba.x < bb.x ? [ba, bb] : [bb, ba];
      const line: Point[] = [
        [l.x + l.w, cy(l)],
        [r.x, cy(r)],
      ];
      return ba.x < bb.x ? line : reverse(line);
    }
    const [l, r] = ba.x < bb.x ? [ba, bb] : [bb, ba];
    const mid = (l.x + l.w + r.x) / 2;
    const line: Point[] = [
      [l.x + l.w, cy(l)],
      [mid, cy(l)],
      [mid, cy(r)],
      [r.x, cy(r)],
    ];
    return ba.x < bb.x ? line : reverse(line);
  }
  if (na && nb) {
    if (na === nb) {
      if (a === proxyId(na)) return reverse(toProxy(g, b, na));
      if (b === proxyId(na)) return toProxy(g, a, na);
      return dedupe([...toProxy(g, a, na), ...reverse(toProxy(g, b, na))]);
    }
    const up = toBus(g, a, na);
    const down = reverse(toBus(g, b, nb));
    return dedupe([...up, ...down]);
  }
  // One inside, one outside.
  if (na) return dedupe([...toUplink(g, a, na), ...reverse(outsideToNet(g, b))]);
  if (nb) return dedupe([...outsideToNet(g, a), ...reverse(toUplink(g, b, nb))]);
  return [];
}
