/**
 * Lesson 6, draining a node: a Pod's share before the drain and after it, and how long new
 * connections fail while the node goes away. The window depends on when the load balancer's
 * checks reach the drained node: the puzzle either states that timing (one number to predict)
 * or leaves it open and asks for the shortest and the longest window over every timing (the key
 * is band.ts's exact band).
 */
import { LB_BEHAVIOUR } from '../../presets.ts';
import { windowBand } from '../band.ts';
import {
  buildScenario,
  chance,
  drawCounts,
  nodesOf,
  pct,
  pick,
  podsOn,
  setupNodes,
} from '../build.ts';
import { numberKey } from '../key.ts';
import { DRAIN_AT, showFirst } from '../observe.ts';
import { oddsAt, settledTime } from '../odds.ts';
import type { Family, KeyEntry, Puzzle, QuestionSpec } from '../types.ts';
import { bandWhy, windowWhy } from './drainWhy.ts';

const PRESETS = ['azure', 'azure-shared', 'gcp', 'gcp-l4', 'aws-nlb', 'aws-lbc'] as const;
/** The machine shuts down at this time; kube-proxy exits then. */
export const SHUTDOWN_AT = 15;
/** Seconds the machine keeps forwarding after the shutdown (assumed; source: practice-os-shutdown). */
export const OS_SHUTDOWN = 3;
/** New connections per second in drain puzzles (the window is measured between two of them). */
export const DRAIN_RATE = 200;

/** Lesson 6's family. */
export const drainFamily: Family = {
  id: 'drain',
  lesson: 6,
  generate(seed, rng): Puzzle {
    const policy = chance(rng, 0.5) ? ('Cluster' as const) : ('Local' as const);
    const n = 2 + rng.int(4);
    const nodes = nodesOf(n);
    const counts = drawCounts(rng, n, { max: 3, minWithPods: 2, minTotal: 2 });
    const pods = podsOn(nodes, counts);
    const preset = pick(rng, PRESETS);
    const withPods = nodes.filter((_, i) => (counts[i] ?? 0) > 0).map((x) => x.id);
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
    const scenario = buildScenario({
      id: `practice-${seed}`,
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
          {
            id: 'window',
            kind: 'number',
            unit: 'seconds',
            moment: 'run',
            prompt: { key: 'practice.q.window', vars },
            hint: windowHint,
            aimedAt: [...aims],
          },
        ]
      : [
          {
            id: 'windowShortest',
            kind: 'number',
            unit: 'seconds',
            moment: 'run',
            prompt: { key: 'practice.q.drain.windowShortest', vars },
            hint: windowHint,
            aimedAt: [...aims],
          },
          {
            id: 'windowLongest',
            kind: 'number',
            unit: 'seconds',
            moment: 'run',
            prompt: { key: 'practice.q.drain.windowLongest', vars },
            aimedAt: [...aims],
          },
        ];
    const questions: QuestionSpec[] = [
      {
        id: 'shareBefore',
        kind: 'number',
        unit: 'percent',
        moment: 'before',
        prompt: { key: 'practice.q.share', vars },
        aimedAt: ['divideByPods'],
      },
      {
        id: 'shareAfter',
        kind: 'number',
        unit: 'percent',
        moment: 'after',
        prompt: { key: 'practice.q.share', vars },
        aimedAt: ['ignoreDrain'],
      },
      ...windowQuestions,
    ];
    const probeVars = {
      probe: `@practice.probe.${probe.kind}`,
      interval,
      timeout: probe.timeout,
      threshold: probe.unhealthyThreshold,
    };
    const checks = Array.from({ length: 3 }, (_, k) => phase + k * interval);
    return {
      seed,
      family: 'drain',
      lesson: 6,
      scenario,
      setup: {
        nodes: setupNodes(scenario),
        lbBox: true,
        drained,
        lines: [
          { key: 'practice.setup.cluster', vars: { nodes: n, count: pods.length } },
          {
            key:
              policy === 'Local'
                ? 'practice.setup.policyLocal'
                : 'practice.setup.policyClusterSnat',
          },
          { key: 'practice.setup.lbCloud', vars: { preset: `@practice.preset.${preset}` } },
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
    };
  },
  solve(p, run): KeyEntry[] {
    const drained = String(p.facts['drained']);
    const pod = String(p.facts['sharePod']);
    const before = oddsAt(run, 0);
    const after = oddsAt(run, settledTime(run));
    const s = run.resolved;
    const band = windowBand(p.scenario, drained, run.seed);
    const shareWhy = (odds: typeof before, moment: 'before' | 'after') => {
      const up = Object.entries(odds.node)
        .filter(([, x]) => x > 0)
        .map(([id]) => id);
      const node = s.pods.find((x) => x.id === pod)?.node ?? '';
      const eps = Object.entries(odds.pod)
        .filter(([, x]) => x > 0)
        .map(([id]) => id);
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
    const [qBefore, qAfter, ...qWindow] = p.questions as QuestionSpec[];
    const why = windowWhy(run, drained, band);
    const firstFail = run.connections.find((c) => c.direct !== true && c.outcome !== 'ok');
    const show = firstFail ? { connection: firstFail.id } : undefined;
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
      numberKey(
        qBefore as QuestionSpec,
        pct(before.pod[pod] ?? 0),
        shareWhy(before, 'before'),
        showFirst(run, (c) => c.pod === pod, 0, DRAIN_AT),
      ),
      numberKey(
        qAfter as QuestionSpec,
        pct(after.pod[pod] ?? 0),
        shareWhy(after, 'after'),
        showFirst(run, (c) => c.pod === pod, settledTime(run) - 5),
      ),
      ...windows,
    ];
  },
};
