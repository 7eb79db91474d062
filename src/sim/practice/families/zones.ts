/**
 * Lesson 5, zones: an AWS Network Load Balancer keeps each zone's traffic in that zone unless
 * cross-zone load balancing is on (it is off by default). Clients spread over the zones that
 * have a healthy target, each zone over its own healthy nodes, each node (under Local) over its
 * own Pods: a Pod gets 1/Z · 1/N_z · 1/k instead of 1/(N·k).
 */
import { drawCounts, nodesOf, pct, pick, podsOn } from '../build.ts';
import { numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { oddsAt } from '../odds.ts';
import { showFirst } from '../observe.ts';
import type { KeyEntry } from '../types.ts';

// Cross-zone off by default, zones without a healthy target out of DNS.
// source: practice-nlb-cross-zone-off, practice-nlb-zone-dns
const PRESETS = ['aws-nlb', 'aws-lbc'] as const;
const ZONES = ['zone-a', 'zone-b', 'zone-c'] as const;

/** Lesson 5's family on zonal load balancing. */
export const zonesFamily = kit.family('zones', {
  generate(seed, rng) {
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
    const scenario = kit.scenarioOf(seed, { policy: 'Local', preset, nodes, pods });
    const zoneOfPod = (id: string): string =>
      nodes.find((x) => x.id === pods.find((p) => p.id === id)?.node)?.zone ?? '';
    const a = pick(rng, pods);
    const others = pods.filter((p) => zoneOfPod(p.id) !== zoneOfPod(a.id));
    const b = pick(rng, others.length ? others : pods);
    const zone = zoneOfPod(a.id);
    const aims = ['ignoreZones', 'divideByPods'] as const;
    return kit.puzzleOf('zones', seed, {
      scenario,
      setup: {
        lines: [
          {
            key: 'practice.setup.clusterZones',
            vars: { nodes: n, count: pods.length, zones: zoneCount },
          },
          { key: 'practice.setup.policyLocal' },
          kit.lbCloudLine(preset),
          { key: 'practice.setup.crossZoneOff' },
        ],
      },
      questions: [
        kit.askPercent('shareA', { key: 'practice.q.share', vars: { pod: a.id } }, [...aims]),
        kit.askPercent('shareB', { key: 'practice.q.share', vars: { pod: b.id } }, [...aims]),
        kit.askPercent('zoneShare', { key: 'practice.q.zones.zoneShare', vars: { zone } }, [
          ...aims,
        ]),
      ],
      facts: { a: a.id, b: b.id, zone, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const zoneOfNode = (id: string): string => s.nodes.find((x) => x.id === id)?.zone ?? '';
    const nodeOf = (pod: string): string => s.pods.find((x) => x.id === pod)?.node ?? '';
    const up = kit.upIn(odds.node);
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
    const zone = kit.fact(p, 'zone');
    const [a, b] = [kit.fact(p, 'a'), kit.fact(p, 'b')];
    const zoneTotal = s.pods
      .filter((x) => zoneOfNode(x.node ?? '') === zone)
      .reduce((sum, x) => sum + (odds.pod[x.id] ?? 0), 0);
    return [
      kit.podShareKey(kit.asked(p, 'shareA'), run, odds.pod, a, shareWhy(a)),
      kit.podShareKey(kit.asked(p, 'shareB'), run, odds.pod, b, shareWhy(b)),
      numberKey(
        kit.asked(p, 'zoneShare'),
        pct(zoneTotal),
        {
          key: 'practice.why.zoneTotal',
          vars: { zone, z: zones.length, zones, share: pct(zoneTotal) },
        },
        showFirst(run, (c) => zoneOfNode(c.podNode ?? '') === zone),
      ),
    ];
  },
});
