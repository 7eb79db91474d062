/**
 * Lesson 8, the client address past kube-proxy: a load balancer that proxies replaces the
 * client's address with its own; PROXY protocol carries the client in the payload, and only a
 * listener that expects it can read it; a header on HTTP health checks breaks kube-proxy's
 * health servers (they answer 400).
 */
import type { ConnectionRecord, SimResult } from '../../types.ts';
import {
  buildScenario,
  chance,
  drawCounts,
  nodesOf,
  options,
  pick,
  podsOn,
  setupNodes,
  CLIENT,
} from '../build.ts';
import { choiceKey } from '../key.ts';
import { addressKind, lbConnections, successOf } from '../observe.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';

/** The option for a set of addresses: the client, the load balancer's own, or a node's. */
export function addressOption(
  run: SimResult,
  conns: readonly ConnectionRecord[],
  field: (c: ConnectionRecord) => string | null,
): string {
  const kinds = new Set(
    conns.flatMap((c) => {
      const ip = field(c);
      return ip === null ? [] : [addressKind(run, c, ip)];
    }),
  );
  if (kinds.size === 0) return 'nothing';
  if ([...kinds].some((k) => /Node|Bridge/.test(k))) return 'nodeOrBridge';
  if (kinds.has('lb')) return 'lb';
  if (kinds.has('client')) return 'client';
  return 'nodeOrBridge';
}

/** Lesson 8's family on proxying load balancers and PROXY protocol. */
export const proxyFamily: Family = {
  id: 'proxy',
  lesson: 8,
  generate(seed, rng): Puzzle {
    const policy = chance(rng, 0.5) ? ('Cluster' as const) : ('Local' as const);
    const n = 2 + rng.int(3);
    const nodes = nodesOf(n);
    const counts = drawCounts(rng, n, { max: 2, minWithPods: 1, wantEmpty: n > 2, minTotal: 2 });
    const pods = podsOn(nodes, counts);
    const preset = pick(rng, ['aws-lbc', 'aws-nlb'] as const);
    const proxy = chance(rng, 0.6);
    const pp = chance(rng, 0.5);
    const expects = pp ? chance(rng, 0.7) : chance(rng, 0.2);
    const scenario = buildScenario({
      id: `practice-${seed}`,
      policy,
      preset,
      nodes,
      pods,
      lb: {
        mode: proxy ? 'proxy' : 'passthrough',
        ...(pp ? { proxyProtocol: 'v2' as const, proxyProtocolOnProbes: true } : {}),
      },
      app: { kind: 'plain', expectsProxyProtocol: expects },
      traffic: { rate: 50, duration: 10 },
    });
    const vars = { client: CLIENT.ip, lbIp: '198.51.100.250' };
    const questions: QuestionSpec[] = [
      {
        id: 'podSource',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.proxy.podSource', vars },
        options: options(['client', 'lb', 'nodeOrBridge'], vars, 'practice.opt.addr.'),
        aimedAt: ['localKeepsClientBehindProxy'],
      },
      {
        id: 'appLearns',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.proxy.appLearns', vars },
        options: options(['client', 'lb', 'nodeOrBridge', 'nothing'], vars, 'practice.opt.addr.'),
        aimedAt: ['localKeepsClientBehindProxy', 'appIgnoresProxyHeader'],
      },
      {
        id: 'success',
        kind: 'choice',
        moment: 'run',
        prompt: { key: 'practice.q.proxy.success', vars },
        options: options(['always', 'some', 'never'], vars, 'practice.opt.success.'),
        aimedAt: ['appIgnoresProxyHeader', 'checksIgnoreHeader'],
      },
      ...(pp
        ? [
            {
              id: 'checks',
              kind: 'choice' as const,
              moment: 'run' as const,
              prompt: { key: 'practice.q.proxy.checks', vars },
              options: options(['all', 'withPods', 'none'], vars, 'practice.opt.checks.'),
              aimedAt: ['checksIgnoreHeader' as const],
            },
          ]
        : []),
    ];
    return {
      seed,
      family: 'proxy',
      lesson: 8,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          {
            key:
              policy === 'Local'
                ? 'practice.setup.policyLocal'
                : 'practice.setup.policyClusterSnat',
          },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
          {
            key: proxy ? 'practice.setup.lbProxy' : 'practice.setup.lbPassthrough',
            vars,
          },
          {
            key: pp ? 'practice.setup.proxyProtocolOn' : 'practice.setup.noProxyProtocol',
            vars: { probe: `@practice.probe.${scenario.loadBalancer.probe.kind}` },
          },
          { key: expects ? 'practice.setup.appParses' : 'practice.setup.appPlain' },
        ],
      },
      questions,
      facts: { policy, proxy, pp, expects },
    };
  },
  solve(p, run): KeyEntry[] {
    const conns = lbConnections(run);
    const delivered = conns.filter((c) => c.pod !== null && c.sourceSeenByPod !== null);
    const served = conns.filter((c) => c.outcome === 'ok');
    const podSrc = addressOption(run, delivered, (c) => c.sourceSeenByPod);
    const app = addressOption(run, served, (c) => c.clientSeenByApp);
    const ok = successOf(conns);
    const failed = conns.find((c) => c.outcome !== 'ok');
    const sample = delivered[0] ?? conns[0];
    const show = sample ? { connection: sample.id } : undefined;
    const rotation = run.initialLbRotation ?? {};
    const up = Object.entries(rotation)
      .filter(([, x]) => x)
      .map(([id]) => id);
    const checks =
      up.length === run.resolved.nodes.length ? 'all' : up.length === 0 ? 'none' : 'withPods';
    const probeResult = run.events.find((e) => e.type === 'probe.result' && !e.ok);
    const [q1, q2, q3, q4] = p.questions as QuestionSpec[];
    const srcSeen = [...new Set(delivered.map((c) => c.sourceSeenByPod ?? ''))].sort();
    const appSeen = [...new Set(served.map((c) => c.clientSeenByApp ?? ''))].sort();
    const keys: KeyEntry[] = [
      choiceKey(
        q1 as QuestionSpec,
        podSrc,
        { key: `practice.why.podSource.${podSrc}`, vars: { seen: srcSeen } },
        show,
      ),
      choiceKey(
        q2 as QuestionSpec,
        app,
        app === 'nothing'
          ? {
              key: 'practice.why.appNothing',
              vars: { reason: failed ? `@practice.reason.${failed.reason}` : '' },
            }
          : {
              key: 'practice.why.appLearns',
              vars: { seen: appSeen, via: `@practice.via.${served[0]?.clientSeenVia ?? 'none'}` },
            },
        show,
      ),
      choiceKey(
        q3 as QuestionSpec,
        ok,
        failed
          ? {
              key: 'practice.why.proxyFailures',
              vars: {
                failed: conns.length - served.length,
                total: conns.length,
                reasons: reasonsOf(conns),
              },
            }
          : { key: 'practice.why.proxyAllServed', vars: { total: conns.length } },
        failed ? { connection: failed.id } : show,
      ),
    ];
    if (q4)
      keys.push(
        choiceKey(q4, checks, {
          key: checks === 'all' ? 'practice.why.checksPass' : 'practice.why.checksFail',
          vars: {
            probe: `@practice.probe.${run.resolved.loadBalancer.probe.kind}`,
            status: probeResult && 'status' in probeResult ? (probeResult.status ?? '') : '',
            up,
            failOpen:
              up.length === 0 ? `@practice.failOpen.${run.resolved.loadBalancer.preset}` : '',
          },
        }),
      );
    return keys;
  },
};

/** The engine's reasons of the failed connections, as message keys. */
function reasonsOf(conns: readonly ConnectionRecord[]): string[] {
  return [
    ...new Set(conns.filter((c) => c.outcome !== 'ok').map((c) => `@practice.reason.${c.reason}`)),
  ];
}
