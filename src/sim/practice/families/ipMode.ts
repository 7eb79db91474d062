/**
 * Lesson 7 (and 8), ipMode: a Pod calls its own Service's load-balancer IP. With ipMode VIP
 * kube-proxy on the caller's node catches the IP and picks a Pod right there (the packet never
 * reaches the load balancer, so no PROXY header); with ipMode Proxy the call goes out to the load
 * balancer and comes back like any client's.
 */
import type { ConnectionRecord, SimResult } from '../../types.ts';
import { bridgeOf, chance, FRONTEND_IP, ipOf, options, pick } from '../build.ts';
import { choiceKey } from '../key.ts';
import * as kit from '../kit.ts';
import { hopsOf, lbConnections } from '../observe.ts';
import type { KeyEntry } from '../types.ts';

/** Which of the options stands for the addresses the app learned. */
export function appSeesOption(run: SimResult, conns: readonly ConnectionRecord[]): string {
  const s = run.resolved;
  const caller = s.clients[0];
  const callerNode = caller?.node ?? '';
  const served = conns.filter((c) => c.outcome === 'ok' && c.clientSeenByApp !== null);
  if (served.length === 0) return 'nothing';
  const own = new Set([ipOf(s, callerNode), bridgeOf(s, callerNode)]);
  const nodeAddrs = new Set(s.nodes.flatMap((x) => [x.ip, bridgeOf(s, x.id)]));
  const seen = served.map((c) => c.clientSeenByApp ?? '');
  if (seen.some((ip) => nodeAddrs.has(ip) && !own.has(ip))) return 'otherNode';
  if (seen.some((ip) => ip === caller?.ip)) return 'callerPod';
  if (seen.every((ip) => own.has(ip))) return 'callerNode';
  return 'otherNode';
}

/** Lesson 7's family. */
export const ipModeFamily = kit.family('ipMode', {
  generate(seed, rng) {
    const policy = kit.drawPolicy(rng);
    const n = 2 + rng.int(3);
    const { nodes, pods } = kit.drawCluster(rng, n, { max: 2, minWithPods: 1, minTotal: 2 });
    const ipMode = chance(rng, 0.5) ? ('VIP' as const) : ('Proxy' as const);
    const pp = chance(rng, 0.6);
    const callerNode = pick(rng, nodes).id;
    // .20 of the node's Pod CIDR: never one podsOn hands out (.5, .7, .9, .15, …).
    const callerIp = (nodes.find((x) => x.id === callerNode)?.podCidr ?? '').replace(
      /\.0\/\d+$/,
      '.20',
    );
    const caller = { id: 'caller-pod', ip: callerIp, node: callerNode };
    const scenario = kit.scenarioOf(seed, {
      policy,
      preset: 'custom',
      nodes,
      pods,
      clients: [caller],
      lb: { ipMode, ...(pp ? { proxyProtocol: 'v2' as const } : {}) },
      app: { kind: 'plain', expectsProxyProtocol: pp },
      traffic: { rate: 50, duration: 4 },
    });
    const vars = {
      frontend: FRONTEND_IP,
      caller: caller.id,
      callerIp,
      node: callerNode,
      nodeIp: ipOf(scenario, callerNode),
      bridgeIp: bridgeOf(scenario, callerNode),
      ipMode,
    };
    return kit.puzzleOf('ipMode', seed, {
      scenario,
      setup: {
        caller,
        lines: [
          kit.clusterLine(n, pods.length),
          kit.policyLine(policy),
          { key: 'practice.setup.lbIpMode', vars: { ipMode } },
          { key: pp ? 'practice.setup.proxyProtocolApp' : 'practice.setup.noProxyProtocol' },
          // source: practice-pod-egress-masquerade
          { key: 'practice.setup.podEgress' },
        ],
        named: { key: 'practice.named.podCall', vars },
      },
      questions: [
        kit.askChoice(
          'leaves',
          { key: 'practice.q.ipMode.leaves', vars },
          options(['stays', 'viaLb'], vars, 'practice.opt.ipMode.'),
          ['podCallViaLb'],
        ),
        kit.askChoice(
          'success',
          { key: 'practice.q.ipMode.success', vars },
          options(['always', 'never'], vars, 'practice.opt.success.'),
          ['podCallViaLb'],
        ),
        kit.askChoice(
          'appSees',
          { key: 'practice.q.ipMode.appSees', vars },
          options(['callerPod', 'callerNode', 'otherNode', 'nothing'], vars, 'practice.opt.app.'),
          ['podCallViaLb'],
        ),
      ],
      facts: { callerNode, ipMode, pp, policy },
    });
  },
  solve(p, run): KeyEntry[] {
    const conns = lbConnections(run);
    const c = conns[0];
    if (!c) throw new Error(`practice ${p.seed}: no call`);
    const marks = new Set(hopsOf(run, c.id).flatMap((h) => h.marks));
    const via = marks.has('toLb') ? 'viaLb' : 'stays';
    const ok = conns.every((x) => x.outcome === 'ok') ? 'always' : 'never';
    const failed = conns.find((x) => x.outcome !== 'ok');
    const app = appSeesOption(run, conns);
    const node = kit.fact(p, 'callerNode');
    const show = { connection: (failed ?? c).id };
    const seen = [
      ...new Set(conns.flatMap((x) => (x.clientSeenByApp ? [x.clientSeenByApp] : []))),
    ].sort();
    return [
      choiceKey(
        kit.asked(p, 'leaves'),
        via,
        {
          key: via === 'stays' ? 'practice.why.ipModeVip' : 'practice.why.ipModeProxy',
          vars: { node },
        },
        { connection: c.id },
      ),
      choiceKey(
        kit.asked(p, 'success'),
        ok,
        failed
          ? {
              key: 'practice.why.proxyMismatch',
              vars: { reason: `@practice.reason.${failed.reason}` },
            }
          : { key: 'practice.why.callServed', vars: { via: `@practice.path.${via}` } },
        show,
      ),
      choiceKey(kit.asked(p, 'appSees'), app, kit.appWhy(app, failed, seen, c.clientSeenVia), show),
    ];
  },
});
