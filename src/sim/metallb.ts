/**
 * MetalLB in layer-2 mode: every node's speaker computes the same election for the LB IP, and
 * only the winner answers ARP for it (speaker/layer2_controller.go, ShouldAnnounce; source:
 * metallb-l2-election). Speakers on nodes whose NetworkUnavailable condition is True or that carry
 * the label node.kubernetes.io/exclude-from-external-load-balancers take no part (source:
 * metallb-l2-eligible-nodes); with no endpoint that can serve anywhere, nobody announces (source:
 * metallb-l2-no-endpoints). When the winner changes, clients follow after a delay: the memberlist
 * leave or endpoint update, then the new speaker's gratuitous ARP. No source gives it as a number,
 * so L2_FAILOVER_DELAY is an assumption (source: metallb-l2-failover-delay) a scenario can override.
 */
import { sha256 } from './hash.ts';
import type { NodeRt, PodRt } from './runtime.ts';
import type { NodeSpec, Scenario } from './types.ts';

/** MetalLB's election order: nodes sorted by sha256(nodeName + "#" + LB IP), bytewise. */
export function l2ElectionOrder(scenario: Scenario): number[] {
  const ip = scenario.loadBalancer.frontendIp;
  const keyed = scenario.nodes.map((n, i) => ({ i, h: sha256(`${n.id}#${ip}`) }));
  keyed.sort((a, b) => {
    for (let k = 0; k < a.h.length; k++) {
      const d = (a.h[k] ?? 0) - (b.h[k] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  return keyed.map((k) => k.i);
}

/**
 * True when MetalLB's speakers leave this node out of the election: its NetworkUnavailable
 * condition is True, or it carries the exclude-from-external-load-balancers label (speakersForAds;
 * the label is honoured unless the speaker runs with --ignore-exclude-lb).
 */
export function l2Excluded(n: Pick<NodeSpec, 'networkUnavailable' | 'excludedFromLb'>): boolean {
  return n.networkUnavailable === true || n.excludedFromLb === true;
}

/**
 * Can an endpoint serve (EndpointCanServe: ready, or serving since MetalLB v0.14.0; source:
 * metallb-l2-serving)? A Pod whose endpoint is gone counts as none.
 */
function canServe(p: PodRt): boolean {
  return !!p.cond && (p.cond.ready || p.cond.serving);
}

/** The election over a run: who wins now, where clients send, and pending switches. */
export class L2Election {
  /** The node clients' ARP entries point at now (-1: none). */
  current = -1;
  /** The node they will point at once the pending switch lands. */
  private target = -1;
  /** Bumped on every new winner, so a switch overtaken by a later one is ignored. */
  gen = 0;
  private readonly order: number[];
  private readonly local: boolean;
  private readonly excluded: boolean[];

  constructor(
    scenario: Scenario,
    private readonly delay: number,
  ) {
    this.order = l2ElectionOrder(scenario);
    this.local = scenario.service.externalTrafficPolicy === 'Local';
    this.excluded = scenario.nodes.map(l2Excluded);
  }

  /**
   * The node the speakers elect now (ShouldAnnounce): nobody while no endpoint of the Service can
   * serve anywhere; otherwise the first, in hash order, whose speaker is in the memberlist (its
   * node up; we assume the speaker leaves when the shutdown begins), that is not left out
   * (l2Excluded) and, under Local, that has an endpoint able to serve on it. -1: none.
   */
  leader(nodes: readonly NodeRt[], pods: readonly PodRt[]): number {
    if (!pods.some(canServe)) return -1;
    for (const i of this.order) {
      const n = nodes[i];
      if (!n || !(n.snap.matches('up') || n.snap.matches('proxyStopped'))) continue;
      if (this.excluded[i]) continue;
      if (this.local && !pods.some((p) => p.nodeIdx === i && canServe(p))) continue;
      return i;
    }
    return -1;
  }

  /** Long before t = 0 the election settled: clients already send to the winner. */
  settle(nodes: readonly NodeRt[], pods: readonly PodRt[]): number {
    const leader = this.leader(nodes, pods);
    this.current = leader;
    this.target = leader;
    return leader;
  }

  /** After an event at `t`: the switch to schedule when the election's winner changed. */
  check(
    nodes: readonly NodeRt[],
    pods: readonly PodRt[],
    t: number,
  ): { at: number; node: number; gen: number } | null {
    const leader = this.leader(nodes, pods);
    if (leader === this.target) return null;
    this.target = leader;
    this.gen += 1;
    return { at: t + this.delay, node: leader, gen: this.gen };
  }
}
