import { describe, expect, it } from 'vitest';
import {
  diagramLabel,
  diagramTitle,
  diagramView,
  narrationAt,
  shownHop,
  snatChipKey,
} from '../../../src/view/flow/diagramView';
import { containerId, linkId } from '../../../src/view/flow/geometry';
import { runForDiagram } from '../../../src/view/flow/run';
import { makeTr } from '../../../src/view/flow/tr';
import { changedList } from '../../../src/view/flow/changeWords';
import { stateAt } from '../../../src/sim/state';

const en = makeTr('en');
const de = makeTr('de');

function runOf(id: string, overrides: Record<string, string> = {}) {
  const o = runForDiagram(id, overrides);
  if (!o.ok) throw new Error(`${id} did not run`);
  return o.run;
}

describe('the view at a step', () => {
  const run = runOf('cluster-snat');
  it('before the first step it lights the hop to come, then the hop just played', () => {
    const first = run.steps[0]?.hop;
    const third = run.steps[2]?.hop;
    expect(shownHop(run, 0)).toBe(first);
    expect(shownHop(run, 3)).toBe(third);
    const v = diagramView(run, 3, null, en);
    expect([...v.active].sort()).toEqual([third?.from, third?.to].sort());
    expect(v.activeLink).toBe(third ? linkId(third.from, third.to) : null);
  });
  it('names the data path: kube-proxy, or eBPF at eth0 in the boxes and the canvas label', () => {
    const kp = diagramView(run, 0, null, de).labels;
    expect(kp.kubeProxy).toBe(de('diagram.place.kubeProxy'));
    expect(kp.canvas).toBe(de('diagram.canvasLabel'));
    const ebpf = diagramView(runOf('ebpf-dsr'), 0, null, de).labels;
    expect(ebpf.kubeProxy).toBe(de('diagram.place.ebpf'));
    expect(ebpf.canvas).toBe(de('diagram.canvasLabelEbpf'));
    expect(ebpf.canvasNoLb).toBe(de('diagram.canvasLabelNoLbEbpf'));
    expect(ebpf.canvas).toContain('eBPF');
    // The same scenario switched to kube-proxy by a what-if shows kube-proxy again.
    const back = diagramView(runOf('ebpf-dsr', { dataPath: 'kubeProxy' }), 0, null, de).labels;
    expect(back.kubeProxy).toBe(de('diagram.place.kubeProxy'));
  });
  it('a drain run badges each node with its load-balancer state and dims what went away', () => {
    const drain = runOf('drain-cluster-nodeport-probe');
    const late = stateAt({ ...drain.result, connections: [] }, drain.duration);
    const v = diagramView(drain, 0, late, en);
    const offline = Object.entries(late.nodes).filter(([, n]) => n.phase === 'offline');
    expect(offline.length).toBeGreaterThan(0);
    for (const [id, n] of Object.entries(late.nodes)) {
      const badges = v.badges[containerId(id)] ?? [];
      expect(badges[0]).toBe(en(n.inLbRotation ? 'diagram.state.lbIn' : 'diagram.state.lbOut'));
      expect(v.dim.has(id)).toBe(n.phase === 'offline');
    }
    // What the load balancer does with a node can answer a lesson's question: marked, so a
    // lesson hides it until the question is settled; "offline" is the scenario, not an answer.
    expect([...(v.giveaways ?? [])].sort()).toEqual(
      [en('diagram.state.lbIn'), en('diagram.state.lbOut')].sort(),
    );
    expect(v.giveaways?.has(en('diagram.state.offline'))).toBe(false);
  });
  it('under MetalLB L2 the badges say which node answers ARP, before and after the IP moves', () => {
    const l2 = runOf('metallb-l2-local');
    const result = { ...l2.result, connections: [] };
    const owner = (t: number) =>
      Object.fromEntries(
        result.resolved.nodes.map((n) => [
          n.id,
          diagramView(l2, 0, stateAt(result, t), de).badges[containerId(n.id)]?.[0],
        ]),
      );
    const ans = de('diagram.state.l2Owner');
    const standby = de('diagram.state.l2Standby');
    expect(owner(1)).toEqual({ 'node-1': standby, 'node-2': ans, 'node-3': standby });
    expect(owner(l2.duration)).toEqual({ 'node-1': ans, 'node-2': standby, 'node-3': standby });
    expect(diagramView(l2, 0, stateAt(result, 1), de).giveaways?.has(ans)).toBe(true);
  });
});

describe('words around the picture', () => {
  it('narration: a start line, then "step n of total"', () => {
    expect(narrationAt(en, 0, ['a', 'b'])).toBe(en('diagram.narr.start', { total: 2 }));
    expect(narrationAt(de, 2, ['a', 'b'])).toBe(
      de('diagram.narr.step', { n: 2, total: 2, text: 'b' }),
    );
  });
  it('the SNAT chip reads off under Local whatever masquerade says', () => {
    expect(snatChipKey('Local', true)).toBe('diagram.snatLocal');
    expect(snatChipKey('Cluster', true)).toBe('diagram.snatOn');
    expect(snatChipKey('Cluster', false)).toBe('diagram.snatOff');
  });
  it('the title names the run that plays: a what-if is in it, in both languages', () => {
    const plain = diagramTitle(en, { id: 'cluster-snat' }, { changed: [] });
    expect(plain).toBe(en('scenario.cluster-snat.title'));
    const changed = changedList({ masquerade: 'false', a: '1' }, { a: '1' });
    expect(changed).toEqual(['masquerade=false']);
    const t = diagramTitle(de, { id: 'cluster-snat' }, { changed });
    expect(t).toContain(de('scenario.cluster-snat.title'));
    expect(t).toContain('masquerade=false');
    expect(diagramTitle(en, { id: 'puzzle-7' }, { title: 'Puzzle 7', changed: [] })).toBe(
      'Puzzle 7',
    );
  });
  it('several diagrams on a page get numbered landmark names', () => {
    expect(diagramLabel(en, 'X', 'd2')).toBe(en('diagram.titleN', { n: '2', scenario: 'X' }));
    expect(diagramLabel(en, 'X', 'playground')).toBe(en('diagram.title', { scenario: 'X' }));
  });
});
