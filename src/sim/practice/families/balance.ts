/**
 * Lesson 5, balancing Local traffic: the load balancer splits new connections evenly over the N
 * nodes that pass its check, each node over its own k Pods, so a Pod gets 1/(N·k); the busiest
 * Pod carries k_max/k_min times the quietest one's load.
 */
import { serviceChains } from '../../kubeProxy.ts';
import {
  buildScenario,
  drawCounts,
  nodesOf,
  pct,
  pick,
  podsOn,
  round2,
  setupNodes,
} from '../build.ts';
import { numberKey } from '../key.ts';
import { oddsAt } from '../odds.ts';
import { showFirst } from '../observe.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

const PRESETS = ['azure', 'gcp', 'aws-lbc'] as const;

/** Lesson 5's family on shares under Local. */
export const balanceFamily: Family = {
  id: 'balance',
  lesson: 5,
  generate(seed, rng): Puzzle {
    const n = 2 + rng.int(4);
    const nodes = nodesOf(n);
    let counts = drawCounts(rng, n, { max: 4, minWithPods: 2, minTotal: 3 });
    // Uneven on purpose: two nodes with Pods must differ in their count.
    const kOf = (): number[] => counts.filter((c) => c > 0);
    if (Math.max(...kOf()) === Math.min(...kOf())) {
      const i = counts.findIndex((c) => c > 0);
      counts = counts.map((c, j) => (j === i ? (c >= 3 ? 1 : c + 2) : c));
    }
    const pods = podsOn(nodes, counts);
    const preset = pick(rng, PRESETS);
    const scenario = buildScenario({
      id: `practice-${seed}`,
      policy: 'Local',
      preset,
      nodes,
      pods,
    });
    const k = (node: string): number => pods.filter((p) => p.node === node).length;
    const kMax = Math.max(...kOf());
    const kMin = Math.min(...kOf());
    const busyNode = pick(
      rng,
      nodes.filter((x) => k(x.id) === kMax),
    ).id;
    const quietNode = pick(
      rng,
      nodes.filter((x) => k(x.id) === kMin),
    ).id;
    const busy = pick(
      rng,
      pods.filter((p) => p.node === busyNode),
    ).id;
    const quiet = pick(
      rng,
      pods.filter((p) => p.node === quietNode),
    ).id;
    const questions: QuestionSpec[] = [
      {
        id: 'shareBusy',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.share', vars: { pod: busy } },
        aimedAt: ['divideByPods', 'countEmptyNodes'],
      },
      {
        id: 'shareQuiet',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.share', vars: { pod: quiet } },
        aimedAt: ['divideByPods', 'countEmptyNodes'],
      },
      {
        id: 'ratio',
        kind: 'number',
        unit: 'times',
        moment: 'run',
        prompt: { key: 'practice.q.balance.ratio' },
        aimedAt: ['divideByPods'],
      },
      {
        id: 'nodeTotal',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.balance.nodeTotal', vars: { node: busyNode } },
        aimedAt: ['divideByPods', 'countEmptyNodes'],
      },
    ];
    return {
      seed,
      family: 'balance',
      lesson: 5,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          { key: 'practice.setup.policyLocal' },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
        ],
      },
      questions,
      facts: { busy, quiet, busyNode, quietNode, preset },
    };
  },
  solve(p, run): KeyEntry[] {
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const busy = String(p.facts['busy']);
    const quiet = String(p.facts['quiet']);
    const busyNode = String(p.facts['busyNode']);
    const up = Object.entries(odds.node)
      .filter(([, x]) => x > 0)
      .map(([id]) => id);
    const k = (node: string): number => s.pods.filter((x) => x.node === node).length;
    const nodeOf = (pod: string): string => s.pods.find((x) => x.id === pod)?.node ?? '';
    const served = Object.values(odds.pod).filter((x) => x > 0);
    const ratio = Math.max(...served) / Math.min(...served);
    const chain = serviceChains(s.service).svl;
    const shareWhy = (pod: string) => ({
      key: 'practice.why.shareOneOverNk',
      vars: {
        pod,
        node: nodeOf(pod),
        n: up.length,
        nodes: s.nodes.length,
        k: k(nodeOf(pod)),
        up,
        share: pct(odds.pod[pod] ?? 0),
        chain,
      },
    });
    const [q1, q2, q3, q4] = p.questions as [
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
    ];
    const kMax = Math.max(...up.map(k));
    const kMin = Math.min(...up.map(k));
    return [
      numberKey(
        q1,
        pct(odds.pod[busy] ?? 0),
        shareWhy(busy),
        showFirst(run, (c) => c.pod === busy),
      ),
      numberKey(
        q2,
        pct(odds.pod[quiet] ?? 0),
        shareWhy(quiet),
        showFirst(run, (c) => c.pod === quiet),
      ),
      numberKey(q3, round2(ratio), {
        key: 'practice.why.ratio',
        vars: { kMax, kMin, ratio: round2(ratio) },
      }),
      numberKey(q4, pct(odds.node[busyNode] ?? 0), {
        key: 'practice.why.nodeTotal',
        vars: {
          node: busyNode,
          n: up.length,
          k: k(busyNode),
          share: pct(odds.node[busyNode] ?? 0),
        },
      }),
    ];
  },
};
