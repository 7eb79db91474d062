/**
 * Building blocks the families share: nodes and Pods from counts, one scenario shape for every
 * puzzle, the setup's node list, options and numbers as the key stores them.
 */
import { bridgeIp } from '../ip.ts';
import { allocatePodIp, podId } from '../placement.ts';
import { LB_BEHAVIOUR, presetProbe } from '../presets.ts';
import type { Rng } from '../rng.ts';
import {
  canonicalNodes,
  CLIENT_1,
  DEFAULT_LIFECYCLE,
  FRONTEND_IP,
  shopService,
} from '../scenarios/common.ts';
import type {
  CloudPreset,
  ExternalTrafficPolicy,
  LoadBalancerSpec,
  NodeSpec,
  PodSpec,
  Scenario,
} from '../types.ts';
import type { Phrase, QuestionOption, SetupNode } from './types.ts';

/** The outside client of every puzzle. */
export const CLIENT = CLIENT_1;
export { FRONTEND_IP };

/** A uniform pick. */
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)] as T;

/** True with probability p. */
export const chance = (rng: Rng, p: number): boolean => rng.next() < p;

/** node-1 … node-n, each in a zone when zones are given (zones[i] for node i). */
export function nodesOf(count: number, zones?: readonly string[]): NodeSpec[] {
  return canonicalNodes(count).map((n, i) => {
    const zone = zones?.[i];
    return zone ? { ...n, zone } : n;
  });
}

/** Pods placed by counts per node (pod-a, pod-b, … in node order). */
export function podsOn(nodes: readonly NodeSpec[], counts: readonly number[]): PodSpec[] {
  const used = new Set<string>();
  const pods: PodSpec[] = [];
  nodes.forEach((node, i) => {
    for (let k = 0; k < (counts[i] ?? 0); k++) {
      const ip = allocatePodIp(node.podCidr, i, used);
      used.add(ip);
      pods.push({ id: podId(pods.length), node: node.id, ip });
    }
  });
  return pods;
}

/**
 * Pods per node: each 0…max, with at least `minWithPods` nodes holding some, and (when asked)
 * at least one node without any.
 */
export function drawCounts(
  rng: Rng,
  nodes: number,
  opts: { max: number; minWithPods: number; wantEmpty?: boolean; minTotal?: number },
): number[] {
  const counts = Array.from({ length: nodes }, () => rng.int(opts.max + 1));
  const withPods = (): number[] => counts.flatMap((c, i) => (c > 0 ? [i] : []));
  const empties = (): number[] => counts.flatMap((c, i) => (c === 0 ? [i] : []));
  while (withPods().length < Math.min(opts.minWithPods, nodes)) {
    const e = empties();
    counts[e[rng.int(e.length)] ?? 0] = 1 + rng.int(opts.max);
  }
  if (opts.wantEmpty && empties().length === 0 && withPods().length > opts.minWithPods)
    counts[withPods()[rng.int(withPods().length)] ?? 0] = 0;
  const total = (): number => counts.reduce((a, b) => a + b, 0);
  while (total() < (opts.minTotal ?? 1)) {
    const w = withPods();
    const i = w[rng.int(w.length)] ?? 0;
    counts[i] = Math.min(opts.max, (counts[i] ?? 0) + 1);
    if (w.every((j) => (counts[j] ?? 0) >= opts.max)) break;
  }
  return counts;
}

/** What a puzzle's scenario varies; the rest is the course's canonical shop. */
export interface ScenarioParts {
  id: string;
  policy: ExternalTrafficPolicy;
  preset: CloudPreset;
  nodes: NodeSpec[];
  pods: PodSpec[];
  masquerade?: boolean;
  lb?: Partial<LoadBalancerSpec>;
  clients?: Scenario['clients'];
  app?: Scenario['app'];
  cni?: Scenario['cni'];
  traffic?: Partial<Scenario['traffic']>;
  lifecycle?: Partial<Scenario['lifecycle']>;
  timeline?: Scenario['timeline'];
  directConnections?: Scenario['directConnections'];
}

/** A puzzle's scenario: Service shop, client-1, the preset's load balancer and probe. */
export function buildScenario(o: ScenarioParts): Scenario {
  const s: Scenario = {
    id: o.id,
    clients: o.clients ?? [CLIENT],
    nodes: o.nodes,
    pods: o.pods,
    service: shopService(o.policy),
    loadBalancer: {
      frontendIp: FRONTEND_IP,
      delivery: LB_BEHAVIOUR[o.preset].delivery,
      preset: o.preset,
      probe: presetProbe(o.preset, o.policy),
      ...o.lb,
    },
    masquerade: o.masquerade ?? true,
    traffic: { rate: 50, duration: 20, connectTimeout: 21, ...o.traffic },
    lifecycle: { ...DEFAULT_LIFECYCLE, ...o.lifecycle },
    timeline: o.timeline ?? [],
    featured: [],
  };
  if (o.app) s.app = o.app;
  if (o.cni) s.cni = o.cni;
  if (o.directConnections) s.directConnections = o.directConnections;
  return s;
}

/** The nodes as the setup lists them. */
export function setupNodes(s: Scenario): SetupNode[] {
  return s.nodes.map((n) => ({
    id: n.id,
    ip: n.ip,
    ...(n.zone ? { zone: n.zone } : {}),
    pods: s.pods.filter((p) => p.node === n.id).map((p) => p.id),
  }));
}

/** The bridge (cni0) address of a node. */
export function bridgeOf(s: Scenario, node: string): string {
  return bridgeIp(s.nodes.find((n) => n.id === node)?.podCidr ?? '0.0.0.0/24');
}

/** The address of a node. */
export function ipOf(s: Scenario, node: string): string {
  return s.nodes.find((n) => n.id === node)?.ip ?? '';
}

/** Options from values, each labelled `practice.opt.<value>` with the same values. */
export function options(
  values: readonly string[],
  vars: Phrase['vars'] = {},
  prefix = 'practice.opt.',
): QuestionOption[] {
  return values.map((value) => ({ value, label: { key: `${prefix}${value}`, vars } }));
}

/** Pod options: one per Pod, labelled with its node. */
export function podOptions(s: Scenario): QuestionOption[] {
  return s.pods.map((p) => ({
    value: p.id,
    label: { key: 'practice.opt.podOnNode', vars: { pod: p.id, node: p.node ?? '' } },
  }));
}

/** Node options: one per node. */
export function nodeOptions(s: Scenario): QuestionOption[] {
  return s.nodes.map((n) => ({
    value: n.id,
    label: { key: 'practice.opt.node', vars: { node: n.id, ip: n.ip } },
  }));
}

/** A number as the key stores it: two decimals. */
export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** A share 0…1 as a percentage with two decimals. */
export const pct = (x: number): number => round2(x * 100);

/** The phrase of the preset's name. */
export const presetName = (preset: CloudPreset): Phrase => ({ key: `practice.preset.${preset}` });
