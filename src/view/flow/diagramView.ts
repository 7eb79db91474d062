/**
 * What the diagram shows at a moment, derived from a run: which places and link are lit, the
 * state badges of a timed run, the narration line, the chips and the title. Pure (no React);
 * tests/view/flow/diagramView.test.ts checks it against engine runs.
 */
import { announcesL2 } from '../../sim/presets';
import { ebpfConfigOf, usesEbpf } from '../../sim/ebpf/config';
import type { ExternalTrafficPolicy, Hop, Scenario } from '../../sim/types';
import type { StateAt } from '../../sim/state';
import { containerId, linkId } from './geometry';
import type { Run } from './run';
import type { Tr } from './trClient';

/** Per-frame-independent view state the nodes read (which places are active, node states). */
export interface DiagramView {
  active: ReadonlySet<string>;
  activeLink: string | null;
  /** Badges per place id, already localized. */
  badges: Readonly<Record<string, string[]>>;
  /** Places drawn dimmed (offline node, exited pod). */
  dim: ReadonlySet<string>;
  /**
   * Badges that say what the load balancer does with a node ("LB: out of rotation", "MetalLB:
   * answers ARP"): a lesson keeps them hidden until its questions about the diagram are settled.
   */
  giveaways?: ReadonlySet<string>;
  /** Place names, and the canvas's accessible name (which names the data path). */
  labels: { kubeProxy: string; lb: string; noPods: string; canvas: string; canvasNoLb: string };
}

/** The hop shown at a step: the one just played, or before the first step the one to come. */
export function shownHop(run: Run, step: number): Hop | null {
  if (step > 0) return run.steps[step - 1]?.hop ?? null;
  return run.steps[0]?.hop ?? null;
}

/** The lit places, the state badges and dimmed places of the diagram at a step (and time). */
export function diagramView(
  run: Run | null,
  step: number,
  st: StateAt | null,
  tr: Tr,
): DiagramView {
  const active = new Set<string>();
  const shown = run ? shownHop(run, step) : null;
  if (shown) {
    active.add(shown.from);
    active.add(shown.to);
  }
  const badges: Record<string, string[]> = {};
  const dim = new Set<string>();
  const giveaways = new Set<string>();
  if (st) {
    // MetalLB L2 has no rotation: one node answers ARP for the IP, the others stand by.
    const l2 = run ? announcesL2(run.result.resolved) : false;
    const [inKey, outKey] = l2
      ? ['diagram.state.l2Owner', 'diagram.state.l2Standby']
      : ['diagram.state.lbIn', 'diagram.state.lbOut'];
    giveaways.add(tr(inKey)).add(tr(outKey));
    for (const [id, n] of Object.entries(st.nodes)) {
      const b: string[] = [tr(n.inLbRotation ? inKey : outKey)];
      if (n.phase === 'offline') {
        b.push(tr('diagram.state.offline'));
        dim.add(id);
      } else if (n.phase === 'shuttingDown') b.push(tr('diagram.state.shuttingDown'));
      else if (n.cordoned) b.push(tr('diagram.state.cordoned'));
      badges[containerId(id)] = b;
    }
    for (const [id, p] of Object.entries(st.pods)) {
      if (p.phase === 'terminating') badges[id] = [tr('diagram.state.terminating')];
      if (p.phase === 'exited' || p.phase === 'notReady') dim.add(id);
    }
  }
  const ebpf = run !== null && usesEbpf(run.result.resolved);
  return {
    active,
    activeLink: shown ? linkId(shown.from, shown.to) : null,
    badges,
    dim,
    giveaways,
    labels: {
      kubeProxy: tr(ebpf ? 'diagram.place.ebpf' : 'diagram.place.kubeProxy'),
      lb: tr('diagram.place.lb'),
      noPods: tr('diagram.place.noPods'),
      canvas: tr(ebpf ? 'diagram.canvasLabelEbpf' : 'diagram.canvasLabel'),
      canvasNoLb: tr(ebpf ? 'diagram.canvasLabelNoLbEbpf' : 'diagram.canvasLabelNoLb'),
    },
  };
}

/** The narration line at a step: the start line, or "Step n of total: …". */
export function narrationAt(tr: Tr, step: number, narrations: readonly string[]): string {
  const total = narrations.length;
  return step === 0
    ? tr('diagram.narr.start', { total })
    : tr('diagram.narr.step', { n: step, total, text: narrations[step - 1] ?? '' });
}

/**
 * The chip of the eBPF data path, in place of the SNAT chip: where it runs, its mode and its
 * backend selection ("eBPF at eth0 · DSR · Maglev"); null on kube-proxy.
 */
export function dataPathChip(tr: Tr, s: Scenario): string | null {
  if (!usesEbpf(s)) return null;
  const c = ebpfConfigOf(s);
  return tr('diagram.ebpfChip', {
    mode: tr(`diagram.ebpfLbMode.${c.lbMode}`),
    algorithm: tr(`diagram.ebpfAlgorithm.${c.algorithm}`),
  });
}

/** The SNAT chip's key: Local never masquerades external traffic, whatever the what-if says. */
export function snatChipKey(policy: ExternalTrafficPolicy, masquerade: boolean): string {
  if (policy === 'Local') return 'diagram.snatLocal';
  return masquerade ? 'diagram.snatOn' : 'diagram.snatOff';
}

/**
 * The diagram's title: a custom scenario's own, else the built-in's localized title; a learner's
 * what-if adds "(what if: …)" so the title never names a run that is not the one playing.
 */
export function diagramTitle(
  tr: Tr,
  scenario: Pick<Scenario, 'id'>,
  options: { title?: string | undefined; changed: readonly string[] },
): string {
  const id = scenario.id;
  const base =
    options.title ?? tr(`scenario.${id}.title`, {}, tr(`diagram.scenario.${id}.title`, {}, id));
  return options.changed.length === 0
    ? base
    : tr('diagram.titleWhatIf', { title: base, changes: options.changed.join(', ') });
}

/** The landmark name: numbered when a lesson has several diagrams (ids d1, d2, …). */
export function diagramLabel(tr: Tr, title: string, instanceId: string | undefined): string {
  const ordinal = /^d(\d+)$/.exec(instanceId ?? '')?.[1];
  return ordinal
    ? tr('diagram.titleN', { n: ordinal, scenario: title })
    : tr('diagram.title', { scenario: title });
}
