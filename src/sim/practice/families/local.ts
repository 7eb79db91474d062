/**
 * Lesson 4, externalTrafficPolicy Local: a node hands external traffic only to its own ready
 * Pods, without SNAT; a node without one drops it, so the load balancer must keep such nodes out
 * of its rotation (the healthCheckNodePort). A connection sent straight to a NodePort bypasses
 * that check.
 */
import { serviceChains } from '../../kubeProxy.ts';
import type { SimResult } from '../../types.ts';
import {
  bridgeOf,
  chance,
  ipOf,
  nodeOptions,
  options,
  pick,
  podOptions,
  CLIENT,
} from '../build.ts';
import { choiceKey, multiKey } from '../key.ts';
import * as kit from '../kit.ts';
import { directConnections, kindsOf, lbConnections, servedPods, successOf } from '../observe.ts';
import type { KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** The source option that stands for the address kinds the Pods saw. */
export function sourceOption(kinds: readonly string[]): string {
  if (kinds.length === 0) return 'none';
  if (kinds.length === 1) return kinds[0] === 'otherNode' ? 'nodeOrBridge' : (kinds[0] ?? 'none');
  return 'nodeOrBridge';
}

/** Lesson 4's family. */
export const localFamily = kit.family('local', {
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, pods, withPods } = kit.drawCluster(rng, n, {
      max: 3,
      minWithPods: 1,
      wantEmpty: true,
      minTotal: 2,
    });
    const preset = pick(rng, PRESETS);
    const direct = chance(rng, 0.4);
    const ingress = direct ? pick(rng, nodes).id : pick(rng, withPods);
    const scenario = kit.scenarioOf(seed, {
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
    return kit.puzzleOf('local', seed, {
      scenario,
      setup: {
        lines: kit.baseLines(n, pods.length, kit.policyLine('Local'), preset),
        named: { key: direct ? 'practice.named.direct' : 'practice.named.lbToNode', vars },
      },
      questions: [
        kit.ask('pods', 'multi', { key: 'practice.q.local.pods', vars }, ['ignoreLocal'], {
          hint: { key: 'practice.hint.pods' },
          options: podOptions(scenario),
        }),
        kit.askChoice(
          'source',
          { key: 'practice.q.local.source', vars },
          options(
            ['client', 'ingressNode', 'ingressBridge', 'nodeOrBridge', 'none'],
            vars,
            'practice.opt.source.',
          ),
          ['ignoreLocal'],
        ),
        kit.askChoice(
          'success',
          { key: 'practice.q.local.success', vars },
          options(['always', 'never'], vars, 'practice.opt.success.'),
          ['ignoreLocal'],
        ),
        kit.ask('lbNodes', 'multi', { key: 'practice.q.local.lbNodes' }, ['ignoreHealthCheck'], {
          hint: { key: 'practice.hint.nodes' },
          options: nodeOptions(scenario),
        }),
      ],
      facts: { ingress, direct, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const ingress = kit.fact(p, 'ingress');
    const conns = p.facts['direct']
      ? directConnections(run)
      : lbConnections(run, { node: ingress });
    const ok = conns.filter((c) => c.outcome === 'ok');
    const reached = servedPods(conns);
    const src = sourceOption(kindsOf(run, ok, (c) => c.sourceSeenByPod));
    const success = successOf(conns) === 'always' ? 'always' : 'never';
    const inRotation = kit.upIn(run.initialLbRotation ?? {});
    const chain = serviceChains(run.resolved.service).svl;
    const show = kit.showConnection(conns[0]);
    const why = reached.length
      ? { key: 'practice.why.localOnlyLocalPods', vars: { node: ingress, chain, pods: reached } }
      : {
          key: 'practice.why.localNoEndpointsDrop',
          vars: { node: ingress, reason: kit.reasonOf(conns.find((c) => c.outcome !== 'ok')) },
        };
    return [
      multiKey(kit.asked(p, 'pods'), reached, why, show),
      choiceKey(
        kit.asked(p, 'source'),
        src,
        src === 'none'
          ? { key: 'practice.why.sourceNone' }
          : { key: 'practice.why.localKeepsClient', vars: { client: CLIENT.ip, node: ingress } },
        show,
      ),
      choiceKey(kit.asked(p, 'success'), success, why, show),
      multiKey(kit.asked(p, 'lbNodes'), inRotation, rotationWhy(run, inRotation)),
    ];
  },
});

/** Why these nodes are in rotation: each node's first check answer. */
function rotationWhy(run: SimResult, up: string[]) {
  const down = run.resolved.nodes.map((n) => n.id).filter((id) => !up.includes(id));
  return {
    key: down.length ? 'practice.why.localRotation' : 'practice.why.localRotationAll',
    vars: { up, down, probe: `@practice.probe.${run.resolved.loadBalancer.probe.kind}` },
  };
}
