/**
 * Lesson 8, the client address past kube-proxy: a load balancer that proxies replaces the
 * client's address with its own; PROXY protocol carries the client in the payload, and only a
 * listener that expects it can read it; a header on HTTP health checks breaks kube-proxy's
 * health servers (they answer 400).
 */
import type { ConnectionRecord, SimResult } from '../../types.ts';
import { chance, options, pick, CLIENT } from '../build.ts';
import { choiceKey } from '../key.ts';
import * as kit from '../kit.ts';
import { addressKind, lbConnections, successOf } from '../observe.ts';
import type { KeyEntry } from '../types.ts';

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
export const proxyFamily = kit.family('proxy', {
  generate(seed, rng) {
    const policy = kit.drawPolicy(rng);
    const n = 2 + rng.int(3);
    const { nodes, pods } = kit.drawCluster(rng, n, {
      max: 2,
      minWithPods: 1,
      wantEmpty: n > 2,
      minTotal: 2,
    });
    const preset = pick(rng, ['aws-lbc', 'aws-nlb'] as const);
    const proxy = chance(rng, 0.6);
    const pp = chance(rng, 0.5);
    const expects = pp ? chance(rng, 0.7) : chance(rng, 0.2);
    const scenario = kit.scenarioOf(seed, {
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
    const addr = (values: string[]) => options(values, vars, 'practice.opt.addr.');
    return kit.puzzleOf('proxy', seed, {
      scenario,
      setup: {
        lines: [
          ...kit.baseLines(n, pods.length, kit.policyLine(policy), preset),
          { key: proxy ? 'practice.setup.lbProxy' : 'practice.setup.lbPassthrough', vars },
          {
            key: pp ? 'practice.setup.proxyProtocolOn' : 'practice.setup.noProxyProtocol',
            vars: { probe: `@practice.probe.${scenario.loadBalancer.probe.kind}` },
          },
          { key: expects ? 'practice.setup.appParses' : 'practice.setup.appPlain' },
        ],
      },
      questions: [
        kit.askChoice(
          'podSource',
          { key: 'practice.q.proxy.podSource', vars },
          addr(['client', 'lb', 'nodeOrBridge']),
          ['localKeepsClientBehindProxy'],
        ),
        kit.askChoice(
          'appLearns',
          { key: 'practice.q.proxy.appLearns', vars },
          addr(['client', 'lb', 'nodeOrBridge', 'nothing']),
          ['localKeepsClientBehindProxy', 'appIgnoresProxyHeader'],
        ),
        kit.askChoice(
          'success',
          { key: 'practice.q.proxy.success', vars },
          options(['always', 'some', 'never'], vars, 'practice.opt.success.'),
          ['appIgnoresProxyHeader', 'checksIgnoreHeader'],
        ),
        ...(pp
          ? [
              kit.askChoice(
                'checks',
                { key: 'practice.q.proxy.checks', vars },
                options(['all', 'withPods', 'none'], vars, 'practice.opt.checks.'),
                ['checksIgnoreHeader'],
              ),
            ]
          : []),
      ],
      facts: { policy, proxy, pp, expects },
    });
  },
  solve(p, run): KeyEntry[] {
    const conns = lbConnections(run);
    const delivered = conns.filter((c) => c.pod !== null && c.sourceSeenByPod !== null);
    const served = conns.filter((c) => c.outcome === 'ok');
    const podSrc = addressOption(run, delivered, (c) => c.sourceSeenByPod);
    const app = addressOption(run, served, (c) => c.clientSeenByApp);
    const ok = successOf(conns);
    const failed = conns.find((c) => c.outcome !== 'ok');
    const show = kit.showConnection(delivered[0] ?? conns[0]);
    const up = kit.upIn(run.initialLbRotation ?? {});
    const checks =
      up.length === run.resolved.nodes.length ? 'all' : up.length === 0 ? 'none' : 'withPods';
    const probeResult = run.events.find((e) => e.type === 'probe.result' && !e.ok);
    const srcSeen = [...new Set(delivered.map((c) => c.sourceSeenByPod ?? ''))].sort();
    const appSeen = [...new Set(served.map((c) => c.clientSeenByApp ?? ''))].sort();
    const keys: KeyEntry[] = [
      choiceKey(
        kit.asked(p, 'podSource'),
        podSrc,
        { key: `practice.why.podSource.${podSrc}`, vars: { seen: srcSeen } },
        show,
      ),
      choiceKey(
        kit.asked(p, 'appLearns'),
        app,
        kit.appWhy(app, failed, appSeen, served[0]?.clientSeenVia ?? 'none'),
        show,
      ),
      choiceKey(
        kit.asked(p, 'success'),
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
    const qChecks = p.questions.find((q) => q.id === 'checks');
    if (qChecks)
      keys.push(
        choiceKey(qChecks, checks, {
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
});

/** The engine's reasons of the failed connections, as message keys. */
function reasonsOf(conns: readonly ConnectionRecord[]): string[] {
  return [
    ...new Set(conns.filter((c) => c.outcome !== 'ok').map((c) => `@practice.reason.${c.reason}`)),
  ];
}
