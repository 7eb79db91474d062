/**
 * Lesson 4, externalTrafficPolicy Local: a node hands external traffic only to its own ready
 * Pods, without SNAT; a node without one drops it, so the load balancer must keep such nodes out
 * of its rotation (the healthCheckNodePort). A connection sent straight to a NodePort bypasses
 * that check.
 */
import { serviceChains } from '../../kubeProxy.ts';
import type { ConnectionRecord, SimResult } from '../../types.ts';
import {
  bridgeOf,
  buildScenario,
  chance,
  drawCounts,
  ipOf,
  nodeOptions,
  nodesOf,
  options,
  pick,
  podOptions,
  podsOn,
  setupNodes,
  CLIENT,
} from '../build.ts';
import { choiceKey, multiKey } from '../key.ts';
import { directConnections, kindsOf, lbConnections, servedPods, successOf } from '../observe.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

const PRESETS = ['azure', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** The source option that stands for the address kinds the Pods saw. */
export function sourceOption(kinds: readonly string[]): string {
  if (kinds.length === 0) return 'none';
  if (kinds.length === 1) return kinds[0] === 'otherNode' ? 'nodeOrBridge' : (kinds[0] ?? 'none');
  return 'nodeOrBridge';
}

/** Lesson 4's family. */
export const localFamily: Family = {
  id: 'local',
  lesson: 4,
  generate(seed, rng): Puzzle {
    const n = 2 + rng.int(4);
    const nodes = nodesOf(n);
    const counts = drawCounts(rng, n, { max: 3, minWithPods: 1, wantEmpty: true, minTotal: 2 });
    const pods = podsOn(nodes, counts);
    const preset = pick(rng, PRESETS);
    const withPods = nodes.filter((_, i) => (counts[i] ?? 0) > 0).map((x) => x.id);
    const direct = chance(rng, 0.4);
    const ingress = direct ? pick(rng, nodes).id : pick(rng, withPods);
    const scenario = buildScenario({
      id: `practice-${seed}`,
      policy: 'Local',
      preset,
      nodes,
      pods,
      // Samples of a connection sent straight to the node's NodePort, bypassing the LB.
      ...(direct
        ? {
            directConnections: Array.from({ length: 60 }, (_, k) => ({
              at: 0.02 + k * 0.05,
              client: CLIENT.id,
              node: ingress,
            })),
          }
        : {}),
    });
    const vars = {
      node: ingress,
      nodeIp: ipOf(scenario, ingress),
      bridgeIp: bridgeOf(scenario, ingress),
      client: CLIENT.ip,
    };
    const questions: QuestionSpec[] = [
      {
        id: 'pods',
        kind: 'multi',
        moment: 'run',
        prompt: { key: 'practice.q.local.pods', vars },
        hint: { key: 'practice.hint.pods' },
        options: podOptions(scenario),
        aimedAt: ['ignoreLocal'],
      },
      {
        id: 'source',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.local.source', vars },
        options: options(
          ['client', 'ingressNode', 'ingressBridge', 'nodeOrBridge', 'none'],
          vars,
          'practice.opt.source.',
        ),
        aimedAt: ['ignoreLocal'],
      },
      {
        id: 'success',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.local.success', vars },
        options: options(['always', 'never'], vars, 'practice.opt.success.'),
        aimedAt: ['ignoreLocal'],
      },
      {
        id: 'lbNodes',
        kind: 'multi',
        moment: 'run',
        prompt: { key: 'practice.q.local.lbNodes' },
        hint: { key: 'practice.hint.nodes' },
        options: nodeOptions(scenario),
        aimedAt: ['ignoreHealthCheck'],
      },
    ];
    return {
      seed,
      family: 'local',
      lesson: 4,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          { key: 'practice.setup.policyLocal' },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
        ],
        named: { key: direct ? 'practice.named.direct' : 'practice.named.lbToNode', vars },
      },
      questions,
      facts: { ingress, direct, preset },
    };
  },
  solve(p, run): KeyEntry[] {
    const ingress = String(p.facts['ingress']);
    const conns = p.facts['direct']
      ? directConnections(run)
      : lbConnections(run, { node: ingress });
    const ok = conns.filter((c) => c.outcome === 'ok');
    const reached = servedPods(conns);
    const src = sourceOption(kindsOf(run, ok, (c) => c.sourceSeenByPod));
    const success = successOf(conns) === 'always' ? 'always' : 'never';
    const inRotation = Object.entries(run.initialLbRotation ?? {})
      .filter(([, up]) => up)
      .map(([id]) => id);
    const chain = serviceChains(run.resolved.service).svl;
    const show = sampleOf(conns);
    const why = reached.length
      ? { key: 'practice.why.localOnlyLocalPods', vars: { node: ingress, chain, pods: reached } }
      : {
          key: 'practice.why.localNoEndpointsDrop',
          vars: { node: ingress, reason: dropReason(conns) },
        };
    const [qPods, qSrc, qOk, qNodes] = p.questions as [
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
      QuestionSpec,
    ];
    return [
      multiKey(qPods, reached, why, show),
      choiceKey(
        qSrc,
        src,
        src === 'none'
          ? { key: 'practice.why.sourceNone' }
          : { key: 'practice.why.localKeepsClient', vars: { client: CLIENT.ip, node: ingress } },
        show,
      ),
      choiceKey(qOk, success, why, show),
      multiKey(qNodes, inRotation, rotationWhy(run, inRotation)),
    ];
  },
};

/** The first connection of a set, to play. */
function sampleOf(conns: readonly ConnectionRecord[]): { connection: number } | undefined {
  const c = conns[0];
  return c ? { connection: c.id } : undefined;
}

/** The engine's reason for the drops (its code, translated by the view). */
function dropReason(conns: readonly ConnectionRecord[]): string {
  const failed = conns.find((c) => c.outcome !== 'ok');
  return failed ? `@practice.reason.${failed.reason}` : '';
}

/** Why these nodes are in rotation: each node's first check answer. */
function rotationWhy(run: SimResult, up: string[]) {
  const down = run.resolved.nodes.map((n) => n.id).filter((id) => !up.includes(id));
  return {
    key: down.length ? 'practice.why.localRotation' : 'practice.why.localRotationAll',
    vars: { up, down, probe: `@practice.probe.${run.resolved.loadBalancer.probe.kind}` },
  };
}
