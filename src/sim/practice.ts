/**
 * Practice on topologies the learner has never seen: from a seed, a puzzle (a scenario the engine
 * runs, a named connection, a Pod whose share to predict, maybe a drain); the engine's own run is
 * the answer key. Everything here is codes and numbers; the practice page writes the sentences.
 *
 * The five predictions the course promises: which Pods the named connection can reach, which
 * source address the Pod sees, whether it succeeds, one Pod's share, and (with a drain) how long
 * new connections fail.
 */
import { drainTarget } from './overrides.ts';
import { LB_BEHAVIOUR, presetProbe } from './presets.ts';
import { createRng, type Rng } from './rng.ts';
import {
  canonicalNodes,
  CLIENT_1,
  DEFAULT_LIFECYCLE,
  FRONTEND_IP,
  shopService,
} from './scenarios/common.ts';
import { simulateCore } from './simulate.ts';
import type { CloudPreset, ConnectionRecord, PodSpec, Scenario, SimResult } from './types.ts';
import { allocatePodIp, podId } from './placement.ts';

import { SHARE_TOLERANCE, WINDOW_TOLERANCE } from './practiceRound.ts';
export {
  fadingOf,
  givenIn,
  SHARE_TOLERANCE,
  WINDOW_TOLERANCE,
  type Fading,
} from './practiceRound.ts';

/** The address a Pod sees as the source of the named connection. */
export type SourceKind = 'client' | 'ingressNode' | 'ingressBridge';

/** How the named connection ends. */
export type SuccessKind = 'always' | 'sameNodeOnly' | 'never';

export type Question = 'pods' | 'source' | 'success' | 'share' | 'window';

export interface Puzzle {
  seed: number;
  scenario: Scenario;
  /** The named connection arrives at this node… */
  ingressNode: string;
  /** …from the load balancer, or straight at the node's NodePort (bypassing the LB). */
  direct: boolean;
  /** The Pod whose share of all served connections to predict. */
  sharePod: string;
  /** The node drained (then shut down), when the puzzle has a drain. */
  drainNode: string | null;
  /** The cluster autoscaler tainted the node before draining it (KEP-3836's signal). */
  autoscaler: boolean;
  /** The questions of this puzzle, in the order they are asked. */
  questions: Question[];
}

/** A learner's predictions (or the engine's answer). */
export interface Answer {
  pods: string[];
  sources: SourceKind[];
  success: SuccessKind;
  /** Share of the served connections, 0…1. */
  share: number;
  /** Seconds new connections failed during the drain; null without a drain. */
  window: number | null;
}

/** The engine's answer key, with the connections that show each part of it. */
export interface Solution {
  answer: Answer;
  /** Lowest and highest disruption over the probe phase (a prediction inside passes). */
  windowBand: [number, number] | null;
  /** Connection ids that show the answer (one per distinct behaviour), for "show me". */
  evidence: number[];
}

export interface Grade {
  question: Question;
  correct: boolean;
  /** Why, as a code the page explains (e.g. 'clusterAnyPod', 'localOnlyLocalPods'). */
  reason: string;
}

const PRESETS: readonly CloudPreset[] = [
  'azure',
  'azure-shared',
  'gcp',
  'gcp-l4',
  'aws-nlb',
  'aws-lbc',
];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)] as T;

/** The puzzle of a seed: the same seed always gives the same puzzle. */
export function generatePuzzle(seed: number): Puzzle {
  const rng = createRng(seed, 7);
  const nodeCount = 2 + rng.int(4);
  const nodes = canonicalNodes(nodeCount);
  const policy = rng.next() < 0.5 ? 'Cluster' : 'Local';
  // The SNAT what-if only means something under Cluster.
  const masquerade = policy === 'Local' || rng.next() < 0.75;
  const counts = nodes.map(() => rng.int(4));
  if (!counts.some((c) => c > 0)) counts[rng.int(nodeCount)] = 1 + rng.int(2);
  const used = new Set<string>();
  const pods: PodSpec[] = [];
  counts.forEach((c, i) => {
    const node = nodes[i];
    if (!node) return;
    for (let k = 0; k < c; k++) {
      const ip = allocatePodIp(node.podCidr, i, used);
      used.add(ip);
      pods.push({ id: podId(pods.length), node: node.id, ip });
    }
  });
  const preset = pick(rng, PRESETS);
  const withPods = nodes.filter((_, i) => (counts[i] ?? 0) > 0).map((n) => n.id);
  // A drain only where it can teach something: a node with Pods elsewhere to take over.
  // Not without SNAT: cross-node connections then fail all run long, and the window would only
  // measure the run's length. The draws stay the same, so other seeds keep their puzzles.
  const drainDraw = rng.next() < 0.4 && withPods.length >= 2 ? pick(rng, withPods) : null;
  const drain = masquerade ? drainDraw : null;
  const autoscaler = drain !== null && rng.next() < 0.4;
  // The named connection: one the LB sends to a node in rotation, or (sometimes) one sent
  // straight to any node's NodePort — the way to meet a node without local Pods under Local.
  const direct = rng.next() < 0.25;
  const inRotation = policy === 'Local' ? withPods : nodes.map((n) => n.id);
  const ingressNode = direct ? pick(rng, nodes).id : pick(rng, inRotation);
  const sharePod = pick(rng, pods).id;
  const probe = presetProbe(preset, policy);
  // Long enough for the slowest LB to notice a drained node (AWS NLB: 30 s × 3 + timeout).
  const duration = drain
    ? Math.ceil(18 + probe.interval * probe.unhealthyThreshold + probe.timeout + 5)
    : 15;
  const scenario: Scenario = {
    id: `practice-${seed}`,
    clients: [CLIENT_1],
    nodes,
    pods,
    service: shopService(policy),
    loadBalancer: {
      frontendIp: FRONTEND_IP,
      delivery: LB_BEHAVIOUR[preset].delivery,
      preset,
      probe,
    },
    masquerade,
    traffic: { rate: 20, duration, connectTimeout: 21 },
    lifecycle: { ...DEFAULT_LIFECYCLE, preStopSeconds: 5, servesWhileTerminating: true },
    timeline: drain
      ? [
          ...(autoscaler ? [{ at: 5, type: 'taintToBeDeleted' as const, node: drain }] : []),
          { at: 5, type: 'drainNode' as const, node: drain },
          { at: 15, type: 'shutdownNode' as const, node: drain },
        ]
      : [],
    featured: [],
    // Samples of the named connection, sent before any drain (t < 5) so they show the steady
    // state the questions ask about; 100 SYNs at the node's rules reach every Pod they can. They
    // go straight to the node (an LB-sent SYN meets the same rules), so they change no share and
    // no disruption window.
    directConnections: Array.from({ length: 100 }, (_, k) => ({
      at: 0.02 + k * 0.049,
      client: CLIENT_1.id,
      node: ingressNode,
    })),
  };
  const questions: Question[] = [
    'pods',
    'source',
    'success',
    'share',
    ...(drain ? (['window'] as const) : []),
  ];
  return { seed, scenario, ingressNode, direct, sharePod, drainNode: drain, autoscaler, questions };
}

/** Samples of the named connection: the SYNs sent to the puzzle's node before any drain. */
function named(r: SimResult): ConnectionRecord[] {
  return r.connections.filter((c) => c.direct === true);
}

/** The engine's answers to a puzzle, from its own run (plus two runs for the window's band). */
export function solvePuzzle(p: Puzzle): Solution {
  const r = simulateCore(p.scenario, { seed: p.seed });
  const mine = named(r);
  const bridge = p.scenario.nodes.find((n) => n.id === p.ingressNode);
  const nodeIp = bridge?.ip;
  const pods = [
    ...new Set(mine.flatMap((c) => (c.outcome === 'ok' && c.pod ? [c.pod] : []))),
  ].sort();
  const sources = new Set<SourceKind>();
  for (const c of mine) {
    if (c.outcome !== 'ok' || !c.sourceSeenByPod) continue;
    sources.add(
      c.sourceSeenByPod === c.clientAddr.ip
        ? 'client'
        : c.sourceSeenByPod === nodeIp
          ? 'ingressNode'
          : 'ingressBridge',
    );
  }
  const ok = mine.filter((c) => c.outcome === 'ok');
  const success: SuccessKind =
    ok.length === mine.length ? 'always' : ok.length === 0 ? 'never' : 'sameNodeOnly';
  const evidence: number[] = [];
  const seen = new Set<string>();
  for (const c of mine) {
    const key = `${c.outcome}:${c.reason}:${c.podNode === c.ingressNode}`;
    if (!seen.has(key)) {
      seen.add(key);
      evidence.push(c.id);
    }
  }
  let windowBand: [number, number] | null = null;
  if (p.drainNode) {
    const at = (phase: number): number =>
      simulateCore(
        {
          ...p.scenario,
          loadBalancer: {
            ...p.scenario.loadBalancer,
            probePhase: Object.fromEntries(p.scenario.nodes.map((n) => [n.id, phase])),
          },
        },
        { seed: p.seed },
      ).summary.disruption.seconds;
    const interval = p.scenario.loadBalancer.probe.interval;
    const a = at(0);
    const b = at(interval * 0.999);
    const mid = r.summary.disruption.seconds;
    windowBand = [Math.min(a, b, mid), Math.max(a, b, mid)];
  }
  return {
    answer: {
      pods,
      sources: [...sources].sort(),
      success,
      // The engine's own formula at t=0 (its rules and LB rotation): 1/P or 1/(N·k).
      share: r.summary.expectedShare[p.sharePod] ?? 0,
      window: p.drainNode ? r.summary.disruption.seconds : null,
    },
    windowBand,
    evidence,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Why the engine's answer is what it is, per question (the code the page explains). */
export function reasonFor(p: Puzzle, q: Question, s: Solution): string {
  const policy = p.scenario.service.externalTrafficPolicy;
  const local = p.scenario.pods.some((x) => x.node === p.ingressNode);
  switch (q) {
    case 'pods':
      if (policy === 'Cluster')
        return p.scenario.masquerade ? 'clusterAnyPod' : 'clusterNoSnatOnlyLocalAnswers';
      return local ? 'localOnlyLocalPods' : 'localNoEndpointsDrop';
    case 'source':
      if (policy === 'Local') return 'localKeepsClient';
      return p.scenario.masquerade ? 'clusterSnat' : 'clusterNoSnatClient';
    case 'success':
      if (s.answer.success === 'sameNodeOnly') return 'directReturnFails';
      if (s.answer.success === 'never')
        return policy === 'Local' ? 'localNoEndpointsDrop' : 'directReturnFails';
      return 'served';
    case 'share':
      return policy === 'Cluster' ? 'shareOneOverP' : 'shareOneOverNk';
    case 'window':
      if (p.autoscaler && p.scenario.loadBalancer.probe.kind === 'httpKubeProxyHealthz')
        return 'windowHealthzTaint';
      if (p.scenario.loadBalancer.probe.kind === 'httpHealthCheckNodePort')
        return 'windowLocalHcnp';
      if (LB_BEHAVIOUR[p.scenario.loadBalancer.preset].deregistersTaintedNodes && p.autoscaler)
        return 'windowDeregistered';
      return 'windowAfterPowerOff';
  }
}

/** Grade a learner's answers against the engine's solution. */
export function gradePuzzle(p: Puzzle, s: Solution, a: Answer): Grade[] {
  return p.questions.map((question) => {
    const reason = reasonFor(p, question, s);
    let correct = false;
    switch (question) {
      case 'pods':
        correct = sameSet(a.pods, s.answer.pods);
        break;
      case 'source':
        correct = sameSet(a.sources, s.answer.sources);
        break;
      case 'success':
        correct = a.success === s.answer.success;
        break;
      case 'share':
        correct = Math.abs(a.share - s.answer.share) <= SHARE_TOLERANCE;
        break;
      case 'window': {
        const band = s.windowBand ?? [0, 0];
        correct =
          a.window !== null &&
          a.window >= band[0] - WINDOW_TOLERANCE &&
          a.window <= band[1] + WINDOW_TOLERANCE;
        break;
      }
    }
    return { question, correct, reason };
  });
}

/** The node a puzzle drains (for views that reuse the drain what-if). */
export function puzzleDrain(p: Puzzle): string {
  return drainTarget(p.scenario);
}
