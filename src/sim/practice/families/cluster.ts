/**
 * Lesson 2, externalTrafficPolicy Cluster: a node may hand an external connection to any ready
 * Pod, every node passes the load balancer's check (Pods or not), each Pod gets 1/P and most
 * connections take an extra hop.
 */
import { serviceChains } from '../../kubeProxy.ts';
import { pct, pick, podOptions, CLIENT } from '../build.ts';
import { multiKey, numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { lbConnections, servedPods, showFirst } from '../observe.ts';
import { oddsAt } from '../odds.ts';
import type { KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** Lesson 2's family. */
export const clusterFamily = kit.family('cluster', {
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, pods, empty } = kit.drawCluster(rng, n, {
      max: 3,
      minWithPods: 1,
      wantEmpty: n > 2,
      minTotal: 2,
    });
    const preset = pick(rng, PRESETS);
    const scenario = kit.scenarioOf(seed, { policy: 'Cluster', preset, nodes, pods });
    const ingress = pick(rng, nodes).id;
    const target = empty.length > 0 ? pick(rng, empty) : pick(rng, nodes).id;
    const sharePod = pick(rng, pods).id;
    const vars = { node: ingress, target, pod: sharePod, client: CLIENT.ip };
    return kit.puzzleOf('cluster', seed, {
      scenario,
      setup: {
        lines: kit.baseLines(n, pods.length, kit.policyLine('Cluster'), preset),
        named: { key: 'practice.named.lbToNode', vars },
      },
      questions: [
        kit.ask('pods', 'multi', { key: 'practice.q.cluster.pods', vars }, ['clusterLocalOnly'], {
          hint: { key: 'practice.hint.pods' },
          options: podOptions(scenario),
        }),
        kit.askPercent('nodeShare', { key: 'practice.q.cluster.nodeShare', vars }, [
          'lbSkipsPodless',
        ]),
        kit.askPercent('share', { key: 'practice.q.share', vars }, ['clusterLocalOnly']),
        kit.askPercent('extraHop', { key: 'practice.q.cluster.extraHop' }, ['clusterLocalOnly']),
      ],
      facts: { ingress, target, sharePod, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const ingress = kit.fact(p, 'ingress');
    const target = kit.fact(p, 'target');
    const pod = kit.fact(p, 'sharePod');
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const conns = lbConnections(run, { node: ingress });
    const reached = servedPods(conns);
    const chain = serviceChains(s.service).svc;
    const inRotation = kit.upIn(odds.node).length;
    const sample = conns.find((c) => c.outcome === 'ok' && c.podNode !== ingress) ?? conns[0];
    const show = kit.showConnection(sample);
    const podsOnTarget = s.pods.filter((x) => x.node === target).length;
    return [
      multiKey(
        kit.asked(p, 'pods'),
        reached,
        {
          key: 'practice.why.clusterAnyPod',
          vars: { node: ingress, chain, count: s.pods.length, pods: reached },
        },
        show,
      ),
      numberKey(kit.asked(p, 'nodeShare'), pct(odds.node[target] ?? 0), {
        key:
          podsOnTarget === 0
            ? 'practice.why.clusterEmptyNodeInRotation'
            : 'practice.why.clusterNodeInRotation',
        vars: {
          target,
          n: inRotation,
          share: pct(odds.node[target] ?? 0),
          probe: `@practice.probe.${s.loadBalancer.probe.kind}`,
        },
      }),
      kit.podShareKey(kit.asked(p, 'share'), run, odds.pod, pod, {
        key: 'practice.why.shareOneOverP',
        vars: { pod, count: s.pods.length, share: pct(odds.pod[pod] ?? 0), chain },
      }),
      numberKey(
        kit.asked(p, 'extraHop'),
        pct(odds.crossNode),
        {
          key: 'practice.why.extraHop',
          vars: { n: inRotation, share: pct(odds.crossNode) },
        },
        showFirst(run, (c) => c.podNode !== c.ingressNode),
      ),
    ];
  },
});
