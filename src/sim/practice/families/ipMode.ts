/**
 * Lesson 7 (and 8), ipMode: a Pod calls its own Service's load-balancer IP. With ipMode VIP
 * kube-proxy on the caller's node catches the IP and picks a Pod right there (the packet never
 * reaches the load balancer, so no PROXY header); with ipMode Proxy the call goes out to the load
 * balancer and comes back like any client's.
 */
import type { ConnectionRecord, SimResult } from '../../types.ts';
import {
  bridgeOf,
  buildScenario,
  chance,
  drawCounts,
  FRONTEND_IP,
  ipOf,
  nodesOf,
  options,
  pick,
  podsOn,
  setupNodes,
} from '../build.ts';
import { choiceKey } from '../key.ts';
import { hopsOf, lbConnections } from '../observe.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

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
export const ipModeFamily: Family = {
  id: 'ipMode',
  lesson: 7,
  generate(seed, rng): Puzzle {
    const policy = chance(rng, 0.5) ? ('Cluster' as const) : ('Local' as const);
    const n = 2 + rng.int(3);
    const nodes = nodesOf(n);
    const counts = drawCounts(rng, n, { max: 2, minWithPods: 1, minTotal: 2 });
    const pods = podsOn(nodes, counts);
    const ipMode = chance(rng, 0.5) ? ('VIP' as const) : ('Proxy' as const);
    const pp = chance(rng, 0.6);
    const callerNode = pick(rng, nodes).id;
    // .20 of the node's Pod CIDR: never one podsOn hands out (.5, .7, .9, .15, …).
    const callerIp = (nodes.find((x) => x.id === callerNode)?.podCidr ?? '').replace(
      /\.0\/\d+$/,
      '.20',
    );
    const caller = { id: 'caller-pod', ip: callerIp, node: callerNode };
    const scenario = buildScenario({
      id: `practice-${seed}`,
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
    const questions: QuestionSpec[] = [
      {
        id: 'leaves',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.ipMode.leaves', vars },
        options: options(['stays', 'viaLb'], vars, 'practice.opt.ipMode.'),
        aimedAt: ['podCallViaLb'],
      },
      {
        id: 'success',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.ipMode.success', vars },
        options: options(['always', 'never'], vars, 'practice.opt.success.'),
        aimedAt: ['podCallViaLb'],
      },
      {
        id: 'appSees',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.ipMode.appSees', vars },
        options: options(
          ['callerPod', 'callerNode', 'otherNode', 'nothing'],
          vars,
          'practice.opt.app.',
        ),
        aimedAt: ['podCallViaLb'],
      },
    ];
    return {
      seed,
      family: 'ipMode',
      lesson: 7,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        caller,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          {
            key:
              policy === 'Local'
                ? 'practice.setup.policyLocal'
                : 'practice.setup.policyClusterSnat',
          },
          { key: 'practice.setup.lbIpMode', vars: { ipMode } },
          { key: pp ? 'practice.setup.proxyProtocolApp' : 'practice.setup.noProxyProtocol' },
          // source: practice-pod-egress-masquerade
          { key: 'practice.setup.podEgress' },
        ],
        named: { key: 'practice.named.podCall', vars },
      },
      questions,
      facts: { callerNode, ipMode, pp, policy },
    };
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
    const node = String(p.facts['callerNode']);
    const show = { connection: (failed ?? c).id };
    const [q1, q2, q3] = p.questions as [QuestionSpec, QuestionSpec, QuestionSpec];
    const seen = [
      ...new Set(conns.flatMap((x) => (x.clientSeenByApp ? [x.clientSeenByApp] : []))),
    ].sort();
    return [
      choiceKey(
        q1,
        via,
        {
          key: via === 'stays' ? 'practice.why.ipModeVip' : 'practice.why.ipModeProxy',
          vars: { node },
        },
        { connection: c.id },
      ),
      choiceKey(
        q2,
        ok,
        failed
          ? {
              key: 'practice.why.proxyMismatch',
              vars: { reason: `@practice.reason.${failed.reason}` },
            }
          : { key: 'practice.why.callServed', vars: { via: `@practice.path.${via}` } },
        show,
      ),
      choiceKey(
        q3,
        app,
        app === 'nothing'
          ? {
              key: 'practice.why.appNothing',
              vars: { reason: failed ? `@practice.reason.${failed.reason}` : '' },
            }
          : {
              key: 'practice.why.appLearns',
              vars: { seen, via: `@practice.via.${c.clientSeenVia}` },
            },
        show,
      ),
    ];
  },
};
