/**
 * Lesson 2, externalTrafficPolicy Cluster: a node may hand an external connection to any ready
 * Pod, every node passes the load balancer's check (Pods or not), each Pod gets 1/P and most
 * connections take an extra hop.
 */
import { serviceChains } from '../../kubeProxy.ts';
import {
  buildScenario,
  drawCounts,
  nodesOf,
  pct,
  pick,
  podOptions,
  podsOn,
  setupNodes,
  CLIENT,
} from '../build.ts';
import { multiKey, numberKey } from '../key.ts';
import { lbConnections, servedPods, showFirst } from '../observe.ts';
import { oddsAt } from '../odds.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** Lesson 2's family. */
export const clusterFamily: Family = {
  id: 'cluster',
  lesson: 2,
  generate(seed, rng): Puzzle {
    const n = 2 + rng.int(4);
    const nodes = nodesOf(n);
    const counts = drawCounts(rng, n, { max: 3, minWithPods: 1, wantEmpty: n > 2, minTotal: 2 });
    const pods = podsOn(nodes, counts);
    const preset = pick(rng, PRESETS);
    const scenario = buildScenario({
      id: `practice-${seed}`,
      policy: 'Cluster',
      preset,
      nodes,
      pods,
    });
    const ingress = pick(rng, nodes).id;
    const empty = nodes.filter((_, i) => (counts[i] ?? 0) === 0).map((x) => x.id);
    const target = empty.length > 0 ? pick(rng, empty) : pick(rng, nodes).id;
    const sharePod = pick(rng, pods).id;
    const vars = { node: ingress, target, pod: sharePod, client: CLIENT.ip };
    const questions: QuestionSpec[] = [
      {
        id: 'pods',
        kind: 'multi',
        moment: 'run',
        prompt: { key: 'practice.q.cluster.pods', vars },
        hint: { key: 'practice.hint.pods' },
        options: podOptions(scenario),
        aimedAt: ['clusterLocalOnly'],
      },
      {
        id: 'nodeShare',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.cluster.nodeShare', vars },
        aimedAt: ['lbSkipsPodless'],
      },
      {
        id: 'share',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.share', vars },
        aimedAt: ['clusterLocalOnly'],
      },
      {
        id: 'extraHop',
        kind: 'number',
        unit: 'percent',
        moment: 'run',
        prompt: { key: 'practice.q.cluster.extraHop' },
        aimedAt: ['clusterLocalOnly'],
      },
    ];
    return {
      seed,
      family: 'cluster',
      lesson: 2,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          { key: 'practice.setup.policyClusterSnat' },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
        ],
        named: { key: 'practice.named.lbToNode', vars },
      },
      questions,
      facts: { ingress, target, sharePod, preset },
    };
  },
  solve(p, run): KeyEntry[] {
    const ingress = String(p.facts['ingress']);
    const target = String(p.facts['target']);
    const pod = String(p.facts['sharePod']);
    const s = run.resolved;
    const odds = oddsAt(run, 0);
    const conns = lbConnections(run, { node: ingress });
    const reached = servedPods(conns);
    const chain = serviceChains(s.service).svc;
    const inRotation = Object.values(odds.node).filter((x) => x > 0).length;
    const [qPods, qNode, qShare, qHop] = p.questions as [
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
    ];
    const sample = conns.find((c) => c.outcome === 'ok' && c.podNode !== ingress) ?? conns[0];
    const show = sample ? { connection: sample.id } : undefined;
    const podsOnTarget = s.pods.filter((x) => x.node === target).length;
    return [
      multiKey(
        qPods,
        reached,
        {
          key: 'practice.why.clusterAnyPod',
          vars: { node: ingress, chain, count: s.pods.length, pods: reached },
        },
        show,
      ),
      numberKey(qNode, pct(odds.node[target] ?? 0), {
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
      numberKey(
        qShare,
        pct(odds.pod[pod] ?? 0),
        {
          key: 'practice.why.shareOneOverP',
          vars: { pod, count: s.pods.length, share: pct(odds.pod[pod] ?? 0), chain },
        },
        showFirst(run, (c) => c.pod === pod),
      ),
      numberKey(
        qHop,
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
