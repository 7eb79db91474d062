/**
 * Lesson 5, MetalLB in layer-2 mode: one node answers ARP for the LB IP and gets every
 * connection (under Local the first node in hash order with a serving Pod, under Cluster the
 * first node in hash order). A drain moves the IP only when it takes that claim away, and the
 * clients follow after the failover delay (an assumption the puzzle states).
 */
import { l2ElectionOrder } from '../../metallb.ts';
import { stateAt } from '../../state.ts';
import type { SimEvent } from '../../types.ts';
import { buildScenario, nodeOptions, pct, pick } from '../build.ts';
import { choiceKey, numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { DRAIN_AT, SHUTDOWN_AT, sec } from '../observe.ts';
import { oddsAt, settledTime } from '../odds.ts';
import type { KeyEntry } from '../types.ts';

/** Lesson 5's family on MetalLB L2. */
export const metallbFamily = kit.family('metallb', {
  generate(seed, rng) {
    const policy = kit.drawPolicy(rng);
    const n = 3 + rng.int(2);
    const { nodes, pods, withPods } = kit.drawDrainCluster(rng, n);
    const frontendIp = `203.0.113.${100 + rng.int(100)}`;
    // Not documented as a number: the puzzle states it (source: practice-l2-failover-delay).
    const delay = pick(rng, [2, 3, 5]);
    const probe = buildScenario({ id: 'x', policy, preset: 'metallb-l2', nodes, pods });
    // source: practice-metallb-l2-election
    const order = l2ElectionOrder({
      ...probe,
      loadBalancer: { ...probe.loadBalancer, frontendIp },
    }).map((i) => nodes[i]?.id ?? '');
    const leader =
      policy === 'Local' ? (order.find((id) => withPods.includes(id)) ?? '') : (order[0] ?? '');
    const drained = rng.next() < 0.6 ? leader : pick(rng, withPods);
    const sharePod = pick(rng, pods).id;
    const scenario = kit.scenarioOf(seed, {
      policy,
      preset: 'metallb-l2',
      nodes,
      pods,
      lb: { frontendIp, l2FailoverDelay: delay },
      traffic: { rate: 100, duration: 30 },
      lifecycle: { preStopSeconds: 5, servesWhileTerminating: true },
      timeline: [
        { at: DRAIN_AT, type: 'drainNode', node: drained },
        { at: SHUTDOWN_AT, type: 'shutdownNode', node: drained },
      ],
    });
    const vars = { order: order.join(' → '), ip: frontendIp, delay, node: drained, pod: sharePod };
    return kit.puzzleOf('metallb', seed, {
      scenario,
      setup: {
        lbBox: false,
        drained,
        lines: [
          kit.clusterLine(n, pods.length),
          kit.policyLine(policy),
          { key: 'practice.setup.metallb', vars },
          { key: 'practice.setup.drainMetallb', vars },
        ],
      },
      questions: [
        kit.askChoice(
          'arpNode',
          { key: 'practice.q.metallb.arpNode', vars },
          nodeOptions(scenario),
          ['metallbIgnoresLocal'],
          { moment: 'before' },
        ),
        kit.askPercent('share', { key: 'practice.q.share', vars }, ['metallbSpreads'], {
          moment: 'before',
        }),
        kit.ask('window', 'number', { key: 'practice.q.window', vars }, ['metallbInstant'], {
          unit: 'seconds',
          hint: { key: 'practice.hint.window' },
        }),
        kit.askChoice(
          'arpAfter',
          { key: 'practice.q.metallb.arpAfter', vars },
          nodeOptions(scenario),
          ['ignoreDrain'],
          { moment: 'after' },
        ),
      ],
      facts: { order, drained, sharePod, delay, policy },
    });
  },
  solve(p, run): KeyEntry[] {
    const s = run.resolved;
    const order = p.facts['order'] as string[];
    const drained = kit.fact(p, 'drained');
    const pod = kit.fact(p, 'sharePod');
    const before = Object.entries(run.initialLbRotation ?? {}).find(([, up]) => up)?.[0] ?? '';
    const end = stateAt(run, settledTime(run));
    const after = s.nodes.find((x) => end.nodes[x.id]?.inLbRotation)?.id ?? '';
    const odds = oddsAt(run, 0);
    const local = s.service.externalTrafficPolicy === 'Local';
    const withPods = s.nodes.filter((x) => s.pods.some((q) => q.node === x.id)).map((x) => x.id);
    const moved = run.events.find(
      (e): e is Extract<SimEvent, { type: 'lb.backendUp' }> =>
        e.type === 'lb.backendUp' && e.cause === 'l2',
    );
    const d = run.summary.disruption;
    const offline = run.events.find((e) => e.type === 'node.offline')?.at ?? null;
    const firstFailed = run.connections.find((c) => c.direct !== true && c.outcome !== 'ok');
    const podNode = s.pods.find((x) => x.id === pod)?.node ?? '';
    const k = s.pods.filter((x) => x.node === before).length;
    return [
      choiceKey(kit.asked(p, 'arpNode'), before, {
        key: local ? 'practice.why.arpLocal' : 'practice.why.arpCluster',
        vars: {
          order,
          node: before,
          eligible: local ? order.filter((x) => withPods.includes(x)) : order,
        },
      }),
      kit.podShareKey(
        kit.asked(p, 'share'),
        run,
        odds.pod,
        pod,
        {
          key: local
            ? podNode === before
              ? 'practice.why.arpShareLocal'
              : 'practice.why.arpShareElsewhere'
            : 'practice.why.arpShareCluster',
          vars: { node: before, pod, k, count: s.pods.length, share: pct(odds.pod[pod] ?? 0) },
        },
        0,
        DRAIN_AT,
      ),
      numberKey(
        kit.asked(p, 'window'),
        d.seconds,
        moved
          ? {
              key: d.seconds > 0 ? 'practice.why.l2Moved' : 'practice.why.l2MovedInTime',
              vars: {
                from: before,
                to: moved.node,
                at: sec(moved.at),
                first: sec(d.firstFailureAt ?? 0),
                last: sec(d.lastFailureAt ?? 0),
                offline: offline === null ? '' : sec(offline),
                reason: kit.reasonOf(firstFailed),
                window: sec(d.seconds),
                delay: Number(p.facts['delay']),
              },
            }
          : { key: 'practice.why.l2NotMoved', vars: { node: drained, leader: before } },
        firstFailed
          ? { connection: firstFailed.id }
          : moved
            ? { at: Math.floor(moved.at) }
            : undefined,
      ),
      choiceKey(
        kit.asked(p, 'arpAfter'),
        after,
        moved
          ? { key: 'practice.why.l2After', vars: { from: before, to: after, at: sec(moved.at) } }
          : { key: 'practice.why.l2NotMoved', vars: { node: drained, leader: before } },
      ),
    ];
  },
});
