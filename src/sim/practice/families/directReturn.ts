/**
 * Lesson 3, why SNAT: without it a Pod on another node answers the client straight from its own
 * address, the client discards that answer, and only connections that stay on their ingress node
 * work (the what-if switch `masquerade: false`; not a kube-proxy option).
 */
import { chance, FRONTEND_IP, ipOf, options, pct, pick, CLIENT } from '../build.ts';
import { choiceKey, numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { hopsOf, lbConnections, servedPods, showFirst } from '../observe.ts';
import { oddsAt } from '../odds.ts';
import type { KeyEntry } from '../types.ts';

const PRESETS = ['azure', 'gcp', 'aws-nlb', 'aws-lbc'] as const;

/** Lesson 3's family. */
export const directReturnFamily = kit.family('directReturn', {
  generate(seed, rng) {
    const n = 2 + rng.int(4);
    const { nodes, pods, withPods, empty } = kit.drawCluster(rng, n, {
      max: 3,
      minWithPods: 2,
      minTotal: 2,
    });
    const preset = pick(rng, PRESETS);
    const scenario = kit.scenarioOf(seed, {
      policy: 'Cluster',
      preset,
      nodes,
      pods,
      masquerade: false,
    });
    const ingress = empty.length > 0 && chance(rng, 0.25) ? pick(rng, empty) : pick(rng, withPods);
    const far = pick(
      rng,
      pods.filter((x) => x.node !== ingress),
    );
    const vars = {
      node: ingress,
      pod: far.id,
      podIp: far.ip ?? '',
      podNode: far.node ?? '',
      nodeIp: ipOf(scenario, ingress),
      client: CLIENT.ip,
      frontend: FRONTEND_IP,
    };
    return kit.puzzleOf('directReturn', seed, {
      scenario,
      setup: {
        lines: kit.baseLines(n, pods.length, { key: 'practice.setup.policyClusterNoSnat' }, preset),
        named: { key: 'practice.named.lbToNode', vars },
      },
      questions: [
        kit.askChoice(
          'success',
          { key: 'practice.q.directReturn.success', vars },
          options(['always', 'sameNodeOnly', 'never'], vars, 'practice.opt.success.'),
          ['noDirectReturn'],
        ),
        kit.askChoice(
          'replyFrom',
          { key: 'practice.q.directReturn.replyFrom', vars },
          options(['frontend', 'ingressNodeAddr', 'podAddr'], vars, 'practice.opt.reply.'),
          ['noDirectReturn'],
        ),
        kit.askPercent('okShare', { key: 'practice.q.directReturn.okShare' }, ['noDirectReturn']),
      ],
      facts: { ingress, farPod: far.id, preset },
    });
  },
  solve(p, run): KeyEntry[] {
    const ingress = kit.fact(p, 'ingress');
    const farPod = kit.fact(p, 'farPod');
    const conns = lbConnections(run, { node: ingress });
    const ok = conns.filter((c) => c.outcome === 'ok');
    const success =
      ok.length === conns.length ? 'always' : ok.length === 0 ? 'never' : 'sameNodeOnly';
    const failed = conns.find((c) => c.reason === 'directReturnMismatch');
    const far = conns.find((c) => c.pod === farPod && c.reason === 'directReturnMismatch');
    if (!far) throw new Error(`practice ${p.seed}: no connection via ${ingress} to ${farPod}`);
    const hops = hopsOf(run, far.id);
    const back = hops.find((h) => h.direction === 'reply' && h.marks.includes('directReturn'));
    const src = back ? `${back.before.src.ip}:${back.before.src.port}` : '';
    const odds = oddsAt(run, 0);
    const okShare = 1 - odds.crossNode - odds.nowhere;
    const localPods = servedPods(conns);
    const nodes = kit.upIn(odds.node).length;
    return [
      choiceKey(
        kit.asked(p, 'success'),
        success,
        {
          key:
            localPods.length === 0 ? 'practice.why.noSnatNoLocal' : 'practice.why.noSnatLocalOnly',
          vars: {
            node: ingress,
            pods: localPods,
            failed: conns.length - ok.length,
            total: conns.length,
          },
        },
        failed ? { connection: failed.id } : undefined,
      ),
      choiceKey(
        kit.asked(p, 'replyFrom'),
        back?.before.src.ip === ipOf(run.resolved, ingress)
          ? 'ingressNodeAddr'
          : back?.before.src.ip === FRONTEND_IP
            ? 'frontend'
            : 'podAddr',
        {
          key: 'practice.why.directReturnReply',
          vars: { pod: farPod, src, frontend: FRONTEND_IP },
        },
        { connection: far.id },
      ),
      numberKey(
        kit.asked(p, 'okShare'),
        pct(okShare),
        {
          key: 'practice.why.noSnatShare',
          vars: { n: nodes, share: pct(okShare) },
        },
        showFirst(run, () => true),
      ),
    ];
  },
});
