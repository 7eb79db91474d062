/**
 * Lesson 6, draining a node: a Pod's share before the drain and after it, and how long new
 * connections fail while the node goes away. The window depends on when the load balancer's
 * checks reach the drained node: the puzzle either states that timing (one number to predict)
 * or leaves it open and asks for the shortest and the longest window over every timing (the key
 * is band.ts's exact band).
 */
import { LB_BEHAVIOUR } from '../../presets.ts';
import { windowBand } from '../band.ts';
import { buildScenario, chance, pct, pick } from '../build.ts';
import { numberKey } from '../key.ts';
import * as kit from '../kit.ts';
import { DRAIN_AT, SHUTDOWN_AT } from '../observe.ts';
import { oddsAt, settledTime } from '../odds.ts';
import type { KeyEntry, QuestionSpec } from '../types.ts';
import { bandWhy, windowWhy } from './drainWhy.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;
/** Seconds the machine keeps forwarding after the shutdown (assumed; source: practice-os-shutdown). */
export const OS_SHUTDOWN = 3;
/** New connections per second in drain puzzles (the window is measured between two of them). */
export const DRAIN_RATE = 200;

/** Lesson 6's family. */
export const drainFamily = kit.family('drain', {
  generate(seed, rng) {
    const policy = kit.drawPolicy(rng);
    const n = 2 + rng.int(4);
    const { nodes, pods, withPods } = kit.drawDrainCluster(rng, n);
    const preset = pick(rng, PRESETS);
    const drained = pick(rng, withPods);
    const autoscaler = chance(rng, 0.4);
    const stated = chance(rng, 0.5);
    const base = buildScenario({ id: 'x', policy, preset, nodes, pods });
    const probe = base.loadBalancer.probe;
    const interval = probe.interval;
    // A stated first check half a second off the whole seconds, so it never ties with an event.
    const phase = stated
      ? rng.int(interval) + 0.5
      : Math.floor(rng.next() * interval * 1000) / 1000;
    const probePhase = Object.fromEntries(
      nodes.map((x) => [
        x.id,
        x.id === drained ? phase : Math.floor(rng.next() * interval * 1000) / 1000,
      ]),
    );
    const duration = Math.ceil(
      SHUTDOWN_AT + OS_SHUTDOWN + interval * probe.unhealthyThreshold + probe.timeout + 5,
    );
    const elsewhere = pods.filter((x) => x.node !== drained);
    const sharePod = (chance(rng, 0.7) && elsewhere.length ? pick(rng, elsewhere) : pick(rng, pods))
      .id;
    const scenario = kit.scenarioOf(seed, {
      policy,
      preset,
      nodes,
      pods,
      lb: { probePhase },
      traffic: { rate: DRAIN_RATE, duration },
      lifecycle: {
        preStopSeconds: 5,
        servesWhileTerminating: true,
        osShutdownSeconds: OS_SHUTDOWN,
      },
      timeline: [
        ...(autoscaler ? [{ at: DRAIN_AT, type: 'taintToBeDeleted' as const, node: drained }] : []),
        { at: DRAIN_AT, type: 'drainNode' as const, node: drained },
        { at: SHUTDOWN_AT, type: 'shutdownNode' as const, node: drained },
      ],
    });
    // An NLB's passive checks can end the window sooner (source: practice-nlb-passive-checks);
    // Azure's HTTP probe on a non-200 is applied with its threshold (source: practice-azure-http-probe).
    const nlb = preset === 'aws-nlb' || preset === 'aws-lbc';
    const vars = { node: drained, pod: sharePod, at: DRAIN_AT, interval };
    const windowHint = {
      key: nlb
        ? 'practice.hint.windowNlb'
        : preset === 'azure' && policy === 'Local'
          ? 'practice.hint.windowAzure'
          : 'practice.hint.window',
    };
    const aims = ['forgetThreshold', 'timeoutTwice', 'ignoreTaint', 'ignoreTerminating'] as const;
    const windowQuestions: QuestionSpec[] = stated
      ? [
          kit.ask('window', 'number', { key: 'practice.q.window', vars }, [...aims], {
            unit: 'seconds',
            hint: windowHint,
          }),
        ]
      : [
          kit.ask(
            'windowShortest',
            'number',
            { key: 'practice.q.drain.windowShortest', vars },
            [...aims],
            {
              unit: 'seconds',
              hint: windowHint,
            },
          ),
          kit.ask(
            'windowLongest',
            'number',
            { key: 'practice.q.drain.windowLongest', vars },
            [...aims],
            {
              unit: 'seconds',
            },
          ),
        ];
    const questions: QuestionSpec[] = [
      kit.askPercent('shareBefore', { key: 'practice.q.share', vars }, ['divideByPods'], {
        moment: 'before',
      }),
      kit.askPercent('shareAfter', { key: 'practice.q.share', vars }, ['ignoreDrain'], {
        moment: 'after',
      }),
      ...windowQuestions,
    ];
    const probeVars = {
      probe: `@practice.probe.${probe.kind}`,
      interval,
      timeout: probe.timeout,
      threshold: probe.unhealthyThreshold,
    };
    const checks = Array.from({ length: 3 }, (_, k) => phase + k * interval);
    return kit.puzzleOf('drain', seed, {
      scenario,
      setup: {
        drained,
        lines: [
          ...kit.baseLines(n, pods.length, kit.policyLine(policy), preset),
          { key: 'practice.setup.probe', vars: probeVars },
          {
            key: autoscaler ? 'practice.setup.drainAutoscaler' : 'practice.setup.drain',
            vars: {
              node: drained,
              at: DRAIN_AT,
              shutdown: SHUTDOWN_AT,
              offline: SHUTDOWN_AT + OS_SHUTDOWN,
              os: OS_SHUTDOWN,
            },
          },
          { key: 'practice.setup.drainTraffic', vars: { rate: DRAIN_RATE, duration } },
          stated
            ? {
                key: 'practice.setup.probeTiming',
                vars: {
                  node: drained,
                  t1: checks[0] ?? 0,
                  t2: checks[1] ?? 0,
                  t3: checks[2] ?? 0,
                  interval,
                },
              }
            : { key: 'practice.setup.probeTimingOpen', vars: { node: drained, interval } },
        ],
      },
      questions,
      facts: {
        drained,
        sharePod,
        autoscaler,
        stated,
        phase: stated ? phase : null,
        policy,
        preset,
        deregisters: LB_BEHAVIOUR[preset].deregistersTaintedNodes,
      },
    });
  },
  solve(p, run): KeyEntry[] {
    const drained = kit.fact(p, 'drained');
    const pod = kit.fact(p, 'sharePod');
    const before = oddsAt(run, 0);
    const after = oddsAt(run, settledTime(run));
    const s = run.resolved;
    const band = windowBand(p.scenario, drained, run.seed);
    const shareWhy = (odds: typeof before, moment: 'before' | 'after') => {
      const up = kit.upIn(odds.node);
      const node = s.pods.find((x) => x.id === pod)?.node ?? '';
      const eps = kit.upIn(odds.pod);
      const local = s.service.externalTrafficPolicy === 'Local';
      return {
        key: `practice.why.drainShare${local ? 'Local' : 'Cluster'}${odds.pod[pod] ? '' : 'None'}`,
        vars: {
          pod,
          node,
          moment: `@practice.when.${moment}`,
          up,
          n: up.length,
          count: eps.length,
          pods: eps,
          k: eps.filter((id) => s.pods.find((x) => x.id === id)?.node === node).length,
          share: pct(odds.pod[pod] ?? 0),
        },
      };
    };
    const qWindow = p.questions.filter((q) => q.id.startsWith('window'));
    const why = windowWhy(run, drained, band);
    const firstFail = run.connections.find((c) => c.direct !== true && c.outcome !== 'ok');
    const show = kit.showConnection(firstFail);
    const windows = qWindow.map((q) =>
      q.id === 'window'
        ? numberKey(q, run.summary.disruption.seconds, why, show, undefined, band)
        : numberKey(
            q,
            q.id === 'windowShortest' ? band.lo : band.hi,
            bandWhy(run, drained, band),
            show,
            undefined,
            band,
          ),
    );
    return [
      kit.podShareKey(
        kit.asked(p, 'shareBefore'),
        run,
        before.pod,
        pod,
        shareWhy(before, 'before'),
        0,
        DRAIN_AT,
      ),
      kit.podShareKey(
        kit.asked(p, 'shareAfter'),
        run,
        after.pod,
        pod,
        shareWhy(after, 'after'),
        settledTime(run) - 5,
      ),
      ...windows,
    ];
  },
});
