/**
 * Lesson 5, balancing Local traffic: the load balancer splits new connections evenly over the N
 * nodes that pass its check, each node over its own k Pods, so a Pod gets 1/(N·k); the busiest
 * Pod carries k_max/k_min times the quietest one's load.
 */
import { serviceChains } from '../../kubeProxy.ts';
import { pct, pick, round2 } from '../build.ts';
import { numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { oddsAt } from '../odds.ts';
import type { KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'gcp', 'aws-lbc'] as const;

/** Lesson 5's family on shares under Local. */
export const balanceFamily = kit.family('balance', {
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, counts, pods } = kit.drawCluster(
      rng,
      n,
      { max: 4, minWithPods: 2, minTotal: 3 },
      uneven,
    );
    const kOf = (): number[] => counts.filter((c) => c > 0);
    const preset = pick(rng, PRESETS);
    const scenario = kit.scenarioOf(seed, { policy: 'Local', preset, nodes, pods });
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
    const aims = ['divideByPods', 'countEmptyNodes'] as const;
    return kit.puzzleOf('balance', seed, {
      scenario,
      setup: {
        lines: kit.baseLines(n, pods.length, kit.policyLine('Local'), preset),
      },
      questions: [
        kit.askPercent('shareBusy', { key: 'practice.q.share', vars: { pod: busy } }, [...aims]),
        kit.askPercent('shareQuiet', { key: 'practice.q.share', vars: { pod: quiet } }, [...aims]),
        kit.ask('ratio', 'number', { key: 'practice.q.balance.ratio' }, ['divideByPods'], {
          unit: 'times',
        }),
        kit.askPercent(
          'nodeTotal',
          { key: 'practice.q.balance.nodeTotal', vars: { node: busyNode } },
          [...aims],
        ),
      ],
      facts: { busy, quiet, busyNode, quietNode, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const busy = kit.fact(p, 'busy');
    const quiet = kit.fact(p, 'quiet');
    const busyNode = kit.fact(p, 'busyNode');
    const up = kit.upIn(odds.node);
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
    const kMax = Math.max(...up.map(k));
    const kMin = Math.min(...up.map(k));
    return [
      kit.podShareKey(kit.asked(p, 'shareBusy'), run, odds.pod, busy, shareWhy(busy)),
      kit.podShareKey(kit.asked(p, 'shareQuiet'), run, odds.pod, quiet, shareWhy(quiet)),
      numberKey(kit.asked(p, 'ratio'), round2(ratio), {
        key: 'practice.why.ratio',
        vars: { kMax, kMin, ratio: round2(ratio) },
      }),
      numberKey(kit.asked(p, 'nodeTotal'), pct(odds.node[busyNode] ?? 0), {
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
});

/** Uneven on purpose: two nodes with Pods must differ in their count. */
function uneven(counts: number[]): number[] {
  const k = counts.filter((c) => c > 0);
  if (Math.max(...k) !== Math.min(...k)) return counts;
  const i = counts.findIndex((c) => c > 0);
  return counts.map((c, j) => (j === i ? (c >= 3 ? 1 : c + 2) : c));
}
