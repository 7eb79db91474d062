/**
 * Lesson 8, an ingress controller as a second hop: the app's IP header always shows the
 * controller Pod; X-Forwarded-For carries what the controller saw, so the controller's own
 * Service (its policy, the load balancer in front of it, PROXY protocol) decides what the app
 * learns, never the app's Service.
 */
import { simulate } from '../../index.ts';
import { presetProbe } from '../../presets.ts';
import type { Scenario } from '../../types.ts';
import { chance, options, pick, CLIENT } from '../build.ts';
import { choiceKey } from '../key.ts';
import * as kit from '../kit.ts';
import { hopsOf, lbConnections } from '../observe.ts';
import type { KeyEntry } from '../types.ts';
import { addressOption } from './proxy.ts';

/** Lesson 8's family on ingress controllers and X-Forwarded-For. */
export const ingressFamily = kit.family('ingress', {
  generate(seed, rng) {
    const policy = kit.drawPolicy(rng);
    const appPolicy = chance(rng, 0.5) ? 'Cluster' : 'Local';
    const n = 2 + rng.int(3);
    const { nodes, pods } = kit.drawCluster(rng, n, { max: 2, minWithPods: 1, minTotal: 2 });
    const lbKind = pick(rng, ['passthrough', 'passthrough', 'proxyPp', 'proxy'] as const);
    const preset =
      lbKind === 'passthrough' ? pick(rng, ['aws-lbc', 'azure', 'gcp'] as const) : 'aws-lbc';
    const scenario = kit.scenarioOf(seed, {
      policy,
      preset,
      nodes,
      pods: pods.map((p) => ({ ...p, id: p.id.replace('pod-', 'ingress-') })),
      lb:
        lbKind === 'passthrough'
          ? {}
          : { mode: 'proxy', ...(lbKind === 'proxyPp' ? { proxyProtocol: 'v2' as const } : {}) },
      app: { kind: 'ingressController', expectsProxyProtocol: lbKind === 'proxyPp' },
      traffic: { rate: 50, duration: 6 },
    });
    const vars = {
      client: CLIENT.ip,
      lbIp: '198.51.100.250',
      policy,
      appPolicy,
      other: policy === 'Local' ? 'Cluster' : 'Local',
    };
    const addrs = options(
      ['client', 'nodeOrBridge', 'lb', 'controllerPod'],
      vars,
      'practice.opt.addr.',
    );
    return kit.puzzleOf('ingress', seed, {
      scenario,
      setup: {
        lines: [
          { key: 'practice.setup.ingressController', vars: { nodes: n, count: pods.length } },
          { key: 'practice.setup.ingressPolicies', vars },
          kit.lbCloudLine(preset),
          {
            key:
              lbKind === 'passthrough'
                ? 'practice.setup.lbPassthrough'
                : lbKind === 'proxyPp'
                  ? 'practice.setup.lbProxyPpIngress'
                  : 'practice.setup.lbProxy',
            vars,
          },
        ],
      },
      questions: [
        kit.askChoice('ipHeader', { key: 'practice.q.ingress.ipHeader', vars }, addrs, [
          'ingressKeepsIpHeader',
        ]),
        kit.askChoice('xff', { key: 'practice.q.ingress.xff', vars }, addrs, ['xffFromAppService']),
        kit.askChoice('xffFlipped', { key: 'practice.q.ingress.xffFlipped', vars }, addrs, [
          'xffFromAppService',
        ]),
      ],
      facts: { policy, appPolicy, lbKind },
    });
  },
  solve(p, run): KeyEntry[] {
    const served = lbConnections(run).filter((c) => c.outcome === 'ok');
    const c = served[0];
    if (!c) throw new Error(`practice ${p.seed}: nothing served`);
    const hops = hopsOf(run, c.id);
    const xffHop = hops.find((h) => h.payload?.xForwardedFor);
    const from = xffHop?.payload?.xForwardedFor?.from ?? '';
    const xff = addressOption(run, served, (x) => x.clientSeenByApp);
    const flippedPolicy =
      run.resolved.service.externalTrafficPolicy === 'Local' ? 'Cluster' : 'Local';
    const flipped = flip(run.resolved, flippedPolicy);
    const other = simulate(flipped, { seed: run.seed });
    const otherServed = lbConnections(other).filter((x) => x.outcome === 'ok');
    const xffOther = addressOption(other, otherServed, (x) => x.clientSeenByApp);
    const seen = [...new Set(served.map((x) => x.clientSeenByApp ?? ''))].sort();
    const seenOther = [...new Set(otherServed.map((x) => x.clientSeenByApp ?? ''))].sort();
    const show = { connection: c.id };
    return [
      choiceKey(
        kit.asked(p, 'ipHeader'),
        'controllerPod',
        { key: 'practice.why.ingressIpHeader', vars: { from } },
        show,
      ),
      choiceKey(
        kit.asked(p, 'xff'),
        xff,
        {
          key: 'practice.why.ingressXff',
          vars: {
            seen,
            policy: run.resolved.service.externalTrafficPolicy,
            via: `@practice.via.${c.clientSeenVia}`,
          },
        },
        show,
      ),
      choiceKey(kit.asked(p, 'xffFlipped'), xffOther, {
        key: 'practice.why.ingressXffFlipped',
        vars: { seen: seenOther, policy: flippedPolicy },
      }),
    ];
  },
});

/** The same setup with the controller's Service under the other policy (and its preset's probe). */
function flip(s: Scenario, policy: 'Cluster' | 'Local'): Scenario {
  const { healthCheckNodePort: _unused, ...svc } = s.service;
  const service =
    policy === 'Local'
      ? { ...svc, externalTrafficPolicy: policy, healthCheckNodePort: 32000 }
      : { ...svc, externalTrafficPolicy: policy };
  const probe = presetProbe(s.loadBalancer.preset, policy);
  return { ...s, service, loadBalancer: { ...s.loadBalancer, probe } };
}
