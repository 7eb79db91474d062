/**
 * Lesson 5, zones: an AWS Network Load Balancer keeps each zone's traffic in that zone unless
 * cross-zone load balancing is on (it is off by default). Clients spread over the zones that
 * have a healthy target, each zone over its own healthy nodes, each node (under Local) over its
 * own Pods: a Pod gets 1/Z · 1/N_z · 1/k instead of 1/(N·k).
 */
import { buildScenario, drawCounts, nodesOf, pct, pick, podsOn, setupNodes } from '../build.ts';
import { numberKey } from '../key.ts';
import { oddsAt } from '../odds.ts';
import { showFirst } from '../observe.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

// Cross-zone off by default, zones without a healthy target out of DNS.
// source: practice-nlb-cross-zone-off, practice-nlb-zone-dns
const PRESETS = ['aws-nlb', 'aws-lbc'] as const;
const ZONES = ['zone-a', 'zone-b', 'zone-c'] as const;

/** Lesson 5's family on zonal load balancing. */
export const zonesFamily: Family = {
  id: 'zones',
  lesson: 5,
  generate(seed, rng): Puzzle {
    const zoneCount = 2 + rng.int(2);
    const n = zoneCount + 1 + rng.int(3);
    // Every zone gets a node, the rest go anywhere; nodes are listed zone by zone.
    const zoneOf = Array.from({ length: n }, (_, i) =>
      i < zoneCount ? i : rng.int(zoneCount),
    ).sort();
    const nodes = nodesOf(
      n,
      zoneOf.map((z) => ZONES[z] ?? 'zone-a'),
    );
    let counts = drawCounts(rng, n, { max: 3, minWithPods: 2, minTotal: 3 });
    const zonesWithPods = (): Set<number> =>
      new Set(counts.flatMap((c, i) => (c > 0 ? [zoneOf[i] ?? 0] : [])));
    if (zonesWithPods().size < 2) {
      // Put a Pod in the first node of another zone.
      const z = [...Array(zoneCount).keys()].find((x) => !zonesWithPods().has(x)) ?? 1;
      const i = zoneOf.indexOf(z);
      counts = counts.map((c, j) => (j === i ? 1 + rng.int(2) : c));
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
    const zoneOfPod = (id: string): string =>
      nodes.find((x) => x.id === pods.find((p) => p.id === id)?.node)?.zone ?? '';
    const a = pick(rng, pods);
    const others = pods.filter((p) => zoneOfPod(p.id) !== zoneOfPod(a.id));
    const b = pick(rng, others.length ? others : pods);
    const zone = zoneOfPod(a.id);
    const questions: QuestionSpec[] = [
      {
        id: 'shareA',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.share', vars: { pod: a.id } },
        aimedAt: ['ignoreZones', 'divideByPods'],
      },
      {
        id: 'shareB',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.share', vars: { pod: b.id } },
        aimedAt: ['ignoreZones', 'divideByPods'],
      },
      {
        id: 'zoneShare',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.zones.zoneShare', vars: { zone } },
        aimedAt: ['ignoreZones', 'divideByPods'],
      },
    ];
    return {
      seed,
      family: 'zones',
      lesson: 5,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        lines: [
          {
            key: 'practice.setup.clusterZones',
            vars: { nodes: n, count: pods.length, zones: zoneCount },
          },
          { key: 'practice.setup.policyLocal' },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
          { key: 'practice.setup.crossZoneOff' },
        ],
      },
      questions,
      facts: { a: a.id, b: b.id, zone, preset },
    };
  },
  solve(p, run): KeyEntry[] {
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const zoneOfNode = (id: string): string => s.nodes.find((x) => x.id === id)?.zone ?? '';
    const nodeOf = (pod: string): string => s.pods.find((x) => x.id === pod)?.node ?? '';
    const up = Object.entries(odds.node)
      .filter(([, x]) => x > 0)
      .map(([id]) => id);
    const zones = [...new Set(up.map(zoneOfNode))].sort();
    const shareWhy = (pod: string) => {
      const node = nodeOf(pod);
      const zone = zoneOfNode(node);
      return {
        key: 'practice.why.zoneShare',
        vars: {
          pod,
          node,
          zone,
          z: zones.length,
          zones,
          nz: up.filter((x) => zoneOfNode(x) === zone).length,
          inZone: up.filter((x) => zoneOfNode(x) === zone),
          k: s.pods.filter((x) => x.node === node).length,
          share: pct(odds.pod[pod] ?? 0),
        },
      };
    };
    const zone = String(p.facts['zone']);
    const zoneTotal = s.pods
      .filter((x) => zoneOfNode(x.node ?? '') === zone)
      .reduce((sum, x) => sum + (odds.pod[x.id] ?? 0), 0);
    const [q1, q2, q3] = p.questions as [QuestionSpec, QuestionSpec, QuestionSpec];
    return [
      numberKey(
        q1,
        pct(odds.pod[String(p.facts['a'])] ?? 0),
        shareWhy(String(p.facts['a'])),
        showFirst(run, (c) => c.pod === p.facts['a']),
      ),
      numberKey(
        q2,
        pct(odds.pod[String(p.facts['b'])] ?? 0),
        shareWhy(String(p.facts['b'])),
        showFirst(run, (c) => c.pod === p.facts['b']),
      ),
      numberKey(
        q3,
        pct(zoneTotal),
        {
          key: 'practice.why.zoneTotal',
          vars: { zone, z: zones.length, zones, share: pct(zoneTotal) },
        },
        showFirst(run, (c) => zoneOfNode(c.podNode ?? '') === zone),
      ),
    ];
  },
};
