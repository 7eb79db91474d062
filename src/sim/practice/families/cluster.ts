/**
 * Lesson 2, externalTrafficPolicy Cluster: a node may hand an external connection to any ready
 * Pod, every node passes the load balancer's check (Pods or not), each Pod gets 1/P and most
 * connections take an extra hop.
 */
import { serviceChains } from '../../kubeProxy.ts';
import { buildScenario, pct, pick, podOptions, CLIENT } from '../build.ts';
import { multiKey, numberKey } from '../key.ts';
import {
  ask,
  askPercent,
  asked,
  clusterLine,
  drawCluster,
  fact,
  lbCloudLine,
  podShareKey,
  puzzleOf,
  showConnection,
  upIn,
} from '../kit.ts';
import { lbConnections, servedPods, showFirst } from '../observe.ts';
import { oddsAt } from '../odds.ts';
import type { Family, KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** Lesson 2's family. */
export const clusterFamily: Family = {
  id: 'cluster',
  lesson: 2,
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, pods, empty } = drawCluster(rng, n, {
      max: 3,
      minWithPods: 1,
      wantEmpty: n > 2,
      minTotal: 2,
    });
    const preset = pick(rng, PRESETS);
    const scenario = buildScenario({
      id: `practice-${seed}`,
      policy: 'Cluster',
      preset,
      nodes,
      pods,
    });
    const ingress = pick(rng, nodes).id;
    const target = empty.length > 0 ? pick(rng, empty) : pick(rng, nodes).id;
    const sharePod = pick(rng, pods).id;
    const vars = { node: ingress, target, pod: sharePod, client: CLIENT.ip };
    return puzzleOf('cluster', seed, {
      scenario,
      setup: {
        lines: [
          clusterLine(n, pods.length),
          { key: 'practice.setup.policyClusterSnat' },
          lbCloudLine(preset),
        ],
        named: { key: 'practice.named.lbToNode', vars },
      },
      questions: [
        ask('pods', 'multi', { key: 'practice.q.cluster.pods', vars }, ['clusterLocalOnly'], {
          hint: { key: 'practice.hint.pods' },
          options: podOptions(scenario),
        }),
        askPercent('nodeShare', { key: 'practice.q.cluster.nodeShare', vars }, ['lbSkipsPodless']),
        askPercent('share', { key: 'practice.q.share', vars }, ['clusterLocalOnly']),
        askPercent('extraHop', { key: 'practice.q.cluster.extraHop' }, ['clusterLocalOnly']),
      ],
      facts: { ingress, target, sharePod, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const ingress = fact(p, 'ingress');
    const target = fact(p, 'target');
    const pod = fact(p, 'sharePod');
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const conns = lbConnections(run, { node: ingress });
    const reached = servedPods(conns);
    const chain = serviceChains(s.service).svc;
    const inRotation = upIn(odds.node).length;
    const sample = conns.find((c) => c.outcome === 'ok' && c.podNode !== ingress) ?? conns[0];
    const show = showConnection(sample);
    const podsOnTarget = s.pods.filter((x) => x.node === target).length;
    return [
      multiKey(
        asked(p, 'pods'),
        reached,
        {
          key: 'practice.why.clusterAnyPod',
          vars: { node: ingress, chain, count: s.pods.length, pods: reached },
        },
        show,
      ),
      numberKey(asked(p, 'nodeShare'), pct(odds.node[target] ?? 0), {
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
      podShareKey(asked(p, 'share'), run, odds.pod, pod, {
        key: 'practice.why.shareOneOverP',
        vars: { pod, count: s.pods.length, share: pct(odds.pod[pod] ?? 0), chain },
      }),
      numberKey(
        asked(p, 'extraHop'),
        pct(odds.crossNode),
        {
          key: 'practice.why.extraHop',
          vars: { n: inRotation, share: pct(odds.crossNode) },
        },
        showFirst(run, (c) => c.podNode !== c.ingressNode),
      ),
    ];
  },
};
