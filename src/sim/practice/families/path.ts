/**
 * Lesson 1, the path of a request: where the SYN is addressed when it reaches the node (the load
 * balancer kept its frontend address, or rewrote it to the NodePort), what source the Pod sees
 * after the node's SNAT, and from which address the client gets its answer.
 */
import type { HopMark, SimResult } from '../../types.ts';
import { bridgeOf, chance, FRONTEND_IP, ipOf, options, pick, CLIENT } from '../build.ts';
import { choiceKey } from '../key.ts';
import * as kit from '../kit.ts';
import { addressKind, hopsOf, lbConnections } from '../observe.ts';
import type { KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;

/** Lesson 1's family. */
export const pathFamily = kit.family('path', {
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, pods } = kit.drawCluster(rng, n, { max: 3, minWithPods: 1, minTotal: 2 });
    const preset = pick(rng, PRESETS);
    const cni = chance(rng, 0.3) ? ('routed' as const) : ('bridge' as const);
    const ingress = pick(rng, nodes).id;
    const local = pods.filter((p) => p.node === ingress);
    const other = pods.filter((p) => p.node !== ingress);
    const pod =
      local.length > 0 && (other.length === 0 || chance(rng, 0.45))
        ? pick(rng, local)
        : pick(rng, other);
    const scenario = kit.scenarioOf(seed, { policy: 'Cluster', preset, nodes, pods, cni });
    const podNode = pod.node ?? '';
    const podIp = pod.ip ?? '';
    const vars = {
      node: ingress,
      nodeIp: ipOf(scenario, ingress),
      bridgeIp: bridgeOf(scenario, ingress),
      pod: pod.id,
      podIp,
      podNode,
      podNodeIp: ipOf(scenario, podNode),
      client: CLIENT.ip,
      frontend: FRONTEND_IP,
    };
    const addresses = ['frontend', 'nodePort', 'podAddr'];
    return kit.puzzleOf('path', seed, {
      scenario,
      setup: {
        lines: [
          ...kit.baseLines(n, pods.length, kit.policyLine('Cluster'), preset),
          { key: `practice.setup.cni.${cni}` },
        ],
        named: { key: 'practice.named.lbToPod', vars },
      },
      questions: [
        kit.askChoice(
          'arrival',
          { key: 'practice.q.path.arrival', vars },
          options(addresses, vars),
          ['deliveryAlwaysNodePort'],
        ),
        kit.askChoice(
          'source',
          { key: 'practice.q.path.source', vars },
          options(
            ['client', 'ingressNode', 'ingressBridge', ...(podNode !== ingress ? ['podNode'] : [])],
            vars,
          ),
          ['snatKeepsClient'],
        ),
        kit.askChoice(
          'reply',
          { key: 'practice.q.path.reply', vars },
          options([...addresses, 'ingressNodeAddr'], vars, 'practice.opt.reply.'),
          ['replyFromPod'],
        ),
      ],
      facts: { ingress, pod: pod.id, podNode, cni, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const ingress = kit.fact(p, 'ingress');
    const pod = kit.fact(p, 'pod');
    const c = lbConnections(run, { node: ingress }).find(
      (x) => x.pod === pod && x.outcome === 'ok',
    );
    if (!c) throw new Error(`practice ${p.seed}: no connection via ${ingress} to ${pod}`);
    const hops = hopsOf(run, c.id);
    const show = { connection: c.id };
    const [arrival, arrivalWhy] = arrivalOf(run, hops, ingress);
    const kind = addressKind(run, c, c.sourceSeenByPod);
    const source = kind === 'otherNode' ? 'podNode' : kind;
    const masq = hops.flatMap((h) => h.rules).find((r) => r.rule === 'MASQUERADE');
    const reply = hops.filter((h) => h.direction === 'reply' && h.to === c.client).at(-1);
    const replySrc = reply ? `${reply.after.src.ip}:${reply.after.src.port}` : '';
    const replyKind =
      replySrc === `${FRONTEND_IP}:${run.resolved.service.port}`
        ? 'frontend'
        : reply?.after.src.ip === ipOf(run.resolved, ingress)
          ? reply.after.src.port === run.resolved.service.nodePort
            ? 'nodePort'
            : 'ingressNodeAddr'
          : 'podAddr';
    const marks = new Set<HopMark>(hops.flatMap((h) => h.marks));
    return [
      choiceKey(kit.asked(p, 'arrival'), arrival, arrivalWhy, show),
      choiceKey(
        kit.asked(p, 'source'),
        source,
        masq
          ? {
              key:
                masq.why === 'egressInterfaceBridge'
                  ? 'practice.why.snatBridge'
                  : 'practice.why.snatNode',
              vars: { node: ingress, src: c.sourceSeenByPod ?? '', pod, chain: masq.chain },
            }
          : {
              key: 'practice.why.noMasquerade',
              vars: { node: ingress, src: c.sourceSeenByPod ?? '' },
            },
        show,
      ),
      choiceKey(
        kit.asked(p, 'reply'),
        replyKind,
        {
          key: marks.has('unnat') ? 'practice.why.replyUndone' : 'practice.why.replyDirect',
          vars: { node: ingress, src: replySrc, pod },
        },
        show,
      ),
    ];
  },
});

/** Where the SYN is addressed when it reaches the ingress node, and why. */
function arrivalOf(
  run: SimResult,
  hops: ReturnType<typeof hopsOf>,
  ingress: string,
): [string, { key: string; vars: Record<string, string> }] {
  const s = run.resolved;
  const syn = hops.find((h) => h.kind === 'SYN' && h.direction === 'request' && h.to === ingress);
  const dst = syn ? `${syn.before.dst.ip}:${syn.before.dst.port}` : '';
  const vars = { node: ingress, dst, preset: `@practice.preset.${s.loadBalancer.preset}` };
  if (syn?.before.dst.ip === FRONTEND_IP)
    return ['frontend', { key: 'practice.why.arrivalVip', vars }];
  if (syn?.before.dst.port === s.service.nodePort)
    return ['nodePort', { key: 'practice.why.arrivalNodePort', vars }];
  return ['podAddr', { key: 'practice.why.arrivalOther', vars }];
}
