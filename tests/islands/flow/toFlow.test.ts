import { describe, expect, it } from 'vitest';
import { runScenario, getScenario } from '../../../src/sim/index';
import { containerId, linkId, STACK_BELOW, stackWidth } from '../../../src/view/flow/geometry';
import { pointAlong } from '../../../src/view/flow/polyline';
import { hopRoute, toFlow } from '../../../src/islands/flow/toFlow';
import { scenarioIds } from '../../../src/sim/index';
import { toSteps, resolveReveal } from '../../../src/view/flow/steps';

function overlaps(
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const scenario = getScenario('cluster-snat');
if (!scenario) throw new Error('cluster-snat missing');

describe('toFlow', () => {
  it('gives every node a position, size and handles (server rendering needs them)', () => {
    const f = toFlow(scenario, 720);
    expect(f.nodes.length).toBe(1 + 1 + 3 + 3 + 3);
    for (const n of f.nodes) {
      expect(n.width).toBeGreaterThan(0);
      expect(n.height).toBeGreaterThan(0);
      expect(n.handles?.length).toBe(2);
    }
  });

  it('lays nodes out in a row when wide and in a column below the threshold', () => {
    const wide = toFlow(scenario, 1000);
    const narrow = toFlow(scenario, STACK_BELOW - 10);
    expect(wide.stacked).toBe(false);
    expect(narrow.stacked).toBe(true);
    const ys = (f: typeof wide) => scenario.nodes.map((n) => f.boxes[containerId(n.id)]?.y);
    expect(new Set(ys(wide)).size).toBe(1);
    expect(new Set(ys(narrow)).size).toBe(3);
  });

  it('keeps every box inside the width and sibling boxes apart', () => {
    for (const w of [320, 390, 600, 720, 1280, 1920]) {
      const f = toFlow(scenario, w);
      const outer = f.nodes.filter((n) => n.data.kind !== 'node');
      for (const n of f.nodes) {
        expect(n.position.x).toBeGreaterThanOrEqual(0);
        expect(n.position.x + (n.width ?? 0)).toBeLessThanOrEqual(f.width + 0.5);
        expect(n.position.y + (n.height ?? 0)).toBeLessThanOrEqual(f.height + 0.5);
      }
      for (let i = 0; i < outer.length; i++) {
        for (let j = i + 1; j < outer.length; j++) {
          const a = outer[i];
          const b = outer[j];
          if (!a || !b) continue;
          const ba = { x: a.position.x, y: a.position.y, w: a.width ?? 0, h: a.height ?? 0 };
          const bb = { x: b.position.x, y: b.position.y, w: b.width ?? 0, h: b.height ?? 0 };
          expect(overlaps(ba, bb), `${a.id} / ${b.id} at ${w}px`).toBe(false);
        }
      }
    }
  });

  it('adds a link for every hop of the featured connections, routed from → to', () => {
    const r = runScenario('cluster-snat');
    if (!r.ok) throw new Error('run failed');
    const steps = toSteps(r.result.featured);
    const f = toFlow(
      r.result.resolved,
      720,
      steps.map((s) => s.hop),
    );
    for (const s of steps) {
      expect(f.edges.some((e) => e.id === linkId(s.hop.from, s.hop.to))).toBe(true);
      const route = hopRoute(f, s.hop);
      expect(route.length).toBeGreaterThanOrEqual(2);
      const end = pointAlong(route, 1);
      const box = f.boxes[s.hop.to];
      expect(box).toBeDefined();
      if (box) {
        // The route ends on the target's outline.
        expect(end[0]).toBeGreaterThanOrEqual(box.x - 0.5);
        expect(end[0]).toBeLessThanOrEqual(box.x + box.w + 0.5);
      }
    }
  });

  it('presenter size scales boxes up', () => {
    const n = toFlow(scenario, 1600);
    const p = toFlow(scenario, 1600, [], { presenter: true });
    expect((p.boxes['lb']?.h ?? 0) > (n.boxes['lb']?.h ?? 0)).toBe(true);
  });
});

describe('toFlow under MetalLB L2 (no load-balancer device)', () => {
  const r = runScenario('metallb-l2-local');
  if (!r.ok) throw new Error('run failed');
  const steps = toSteps(r.result.featured);
  const hops = steps.map((s) => s.hop);
  const clients = r.result.resolved.clients.map((c) => c.id);
  const nodes = r.result.resolved.nodes.map((n) => n.id);

  it('draws no LB box and links the clients to every node directly', () => {
    for (const w of [390, 720, 1280]) {
      const f = toFlow(r.result.resolved, w, hops);
      expect(f.boxes['lb'], `${w}px`).toBeUndefined();
      expect(f.nodes.some((n) => n.data.kind === 'lb')).toBe(false);
      expect(f.edges.filter((e) => e.source === 'lb' || e.target === 'lb')).toEqual([]);
      for (const c of clients)
        for (const n of nodes) expect(f.edges.some((e) => e.id === linkId(c, n))).toBe(true);
    }
  });

  it('routes every hop along a drawn link from the client or node to the other end', () => {
    const f = toFlow(r.result.resolved, 720, hops);
    expect(hops.some((h) => h.to === 'lb' || h.from === 'lb')).toBe(false);
    for (const h of hops) {
      const route = hopRoute(f, h);
      expect(route.length, h.id).toBeGreaterThanOrEqual(2);
      const box = f.boxes[h.to];
      const end = pointAlong(route, 1);
      expect(box && end[0] >= box.x - 0.5 && end[0] <= box.x + box.w + 0.5, h.id).toBe(true);
    }
  });

  it('keeps a SYN that never left its client (nobody answers ARP) on the client', () => {
    const f = toFlow(r.result.resolved, 720);
    const box = f.boxes['client-1'];
    const route = hopRoute(f, { from: 'client-1', to: 'client-1' });
    expect(route).toHaveLength(1);
    expect(box && route[0]?.[1] === box.y + box.h).toBe(true);
  });

  it('side by side, a client’s link leaves it sideways, so it crosses no client below', () => {
    const two = {
      ...r.result.resolved,
      clients: [...r.result.resolved.clients, { id: 'client-2', ip: '192.0.2.20' }],
    };
    const f = toFlow(two, 1000);
    const lower = f.boxes['client-2'];
    const route = hopRoute(f, { from: 'client-1', to: 'node-1' });
    if (!lower) throw new Error('no client-2 box');
    for (const [x, y] of route)
      expect(x >= lower.x && x <= lower.x + lower.w && y >= lower.y && y <= lower.y + lower.h).toBe(
        false,
      );
  });
});

describe('steps and reveals', () => {
  const r = runScenario('cluster-snat');
  if (!r.ok) throw new Error('run failed');
  const steps = toSteps(r.result.featured);
  it('orders steps by time and keeps every hop', () => {
    expect(steps.length).toBe(r.result.featured.reduce((n, t) => n + t.hops.length, 0));
    for (let i = 1; i < steps.length; i++)
      expect((steps[i]?.hop.at ?? 0) >= (steps[i - 1]?.hop.at ?? 0)).toBe(true);
  });
  it('resolves reveal targets', () => {
    const d = resolveReveal('0:delivered', steps);
    expect(d && 'step' in d && steps[d.step - 1]?.hop.marks.includes('delivered')).toBe(true);
    expect(resolveReveal('t=12.5', steps)).toEqual({ time: 12.5 });
    expect(resolveReveal('end', steps)).toEqual({ end: true });
    expect(resolveReveal('0:nope', steps)).toBeNull();
    expect(resolveReveal('<img>', steps)).toBeNull();
  });
});

describe('stackWidth, the breakpoint of the stacked server frame', () => {
  it('is exactly where the layout switches, for every scenario and both sizes', () => {
    for (const id of scenarioIds) {
      const sc = getScenario(id);
      if (!sc) throw new Error(id);
      for (const presenter of [false, true]) {
        const w = stackWidth(sc, { presenter });
        expect(toFlow(sc, w, [], { presenter }).stacked, `${id} at ${w}`).toBe(false);
        expect(toFlow(sc, w - 1, [], { presenter }).stacked, `${id} at ${w - 1}`).toBe(true);
      }
    }
  });
});
