/**
 * The moments of a run over simulated time (drains, load balance): the few instants a trainer
 * talks through on a slide, found in the engine's events. Pure: codes and variables only; the
 * deck turns them into sentences with the `present.moment.*` strings.
 *
 * A drain's story is in its events: the drain starts, kube-proxy and the health answer change,
 * the load balancer takes the node out, new connections start and stop failing, the node powers
 * off. A balance run's story is in its connections: how the shares of the Pods compare.
 */
import type { ConnectionRecord, SimEvent, SimResult } from '../sim/types';
import type { DeckMoment } from './deck';

/** One moment: when, what (a `present.moment.<code>` key) and the sentence's variables. */
export interface MomentCode {
  at: number;
  code: string;
  vars: Record<string, string | number>;
}

/** Events closer together than this (seconds) are told as one moment. */
const SAME_MOMENT = 0.05;

/** A balance run's moment after the first connections: late enough for the shares to show. */
const BALANCE_EARLY = 5;

/** Shares (of succeeded connections) whose largest is less than this factor above the smallest read as even. */
const EVEN_RATIO = 1.25;

const pct = (share: number): number => Math.round(share * 1000) / 10;

/** Percent shares of succeeded connections per pod, among connections started before `t`. */
export function sharesBefore(
  connections: readonly Pick<ConnectionRecord, 'at' | 'outcome' | 'pod'>[],
  pods: readonly string[],
  t: number,
): { count: number; share: Record<string, number> } {
  const n: Record<string, number> = Object.fromEntries(pods.map((p) => [p, 0]));
  let count = 0;
  for (const c of connections) {
    if (c.at >= t || c.outcome !== 'ok' || !c.pod || !(c.pod in n)) continue;
    n[c.pod] = (n[c.pod] ?? 0) + 1;
    count++;
  }
  const share: Record<string, number> = {};
  for (const p of pods) share[p] = count > 0 ? (n[p] ?? 0) / count : 0;
  return { count, share };
}

/** The most and the least loaded pod of a share table, with their shares in percent. */
function extremes(share: Record<string, number>, expected: Record<string, number>) {
  const pods = Object.keys(share);
  const first = pods[0] ?? '';
  let hi = first;
  let lo = first;
  for (const p of pods) {
    if ((share[p] ?? 0) > (share[hi] ?? 0)) hi = p;
    if ((share[p] ?? 0) < (share[lo] ?? 0)) lo = p;
  }
  return {
    even: (share[hi] ?? 0) < (share[lo] ?? 0) * EVEN_RATIO,
    vars: {
      hi,
      hiShare: pct(share[hi] ?? 0),
      hiExpected: pct(expected[hi] ?? 0),
      lo,
      loShare: pct(share[lo] ?? 0),
      loExpected: pct(expected[lo] ?? 0),
      pods: pods.length,
    },
  };
}

function balanceMoments(result: SimResult): MomentCode[] {
  const pods = result.resolved.pods.map((p) => p.id);
  const expected = result.summary.expectedShare;
  const nodes = result.resolved.nodes.length;
  const out: MomentCode[] = [
    {
      at: 0,
      code: `balance.start.${result.resolved.service.externalTrafficPolicy}`,
      vars: { nodes, pods: pods.length },
    },
  ];
  const early = sharesBefore(result.connections, pods, BALANCE_EARLY);
  if (early.count > 0) {
    const e = extremes(early.share, expected);
    out.push({
      at: BALANCE_EARLY,
      code: e.even ? 'balance.early.even' : 'balance.early.uneven',
      vars: { ...e.vars, t: BALANCE_EARLY, count: early.count },
    });
  }
  const end = extremes(result.summary.podShare, expected);
  out.push({
    at: Math.max(BALANCE_EARLY, result.resolved.traffic.duration),
    code: end.even ? 'balance.end.even' : 'balance.end.uneven',
    vars: { ...end.vars, count: result.summary.succeeded },
  });
  return out;
}

type Found = MomentCode & { order: number };

/** The first event of each telling kind per node (or pod), as moments in time order. */
function drainMoments(result: SimResult): MomentCode[] {
  const { resolved, summary, events } = result;
  const found: Found[] = [];
  let order = 0;
  const add = (at: number, code: string, vars: Record<string, string | number>): void => {
    found.push({ at, code, vars, order: order++ });
  };
  const seen = new Set<string>();
  const firstOf = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const podsTerminating = (node: string, at: number): string =>
    events
      .filter(
        (e): e is Extract<SimEvent, { type: 'pod.terminating' }> =>
          e.type === 'pod.terminating' && e.node === node && Math.abs(e.at - at) < SAME_MOMENT,
      )
      .map((e) => e.pod)
      .join(', ');

  const rotation = result.initialLbRotation ?? {};
  const inRotation = resolved.nodes.filter((n) => rotation[n.id] ?? true).length;
  add(0, 'drain.start', { nodes: resolved.nodes.length, in: inRotation });
  for (const a of resolved.timeline) {
    if (a.type === 'deletePod') {
      const node = resolved.pods.find((p) => p.id === a.pod)?.node ?? '';
      add(
        a.at,
        resolved.lifecycle.servesWhileTerminating
          ? 'drain.deletePod.serving'
          : 'drain.deletePod.notServing',
        { pod: a.pod, node, preStop: resolved.lifecycle.preStopSeconds },
      );
    } else if (a.type === 'drainNode') {
      add(a.at, 'drain.drainNode', { node: a.node, pods: podsTerminating(a.node, a.at) });
    } else if (a.type === 'shutdownNode') {
      add(a.at, 'drain.shutdownNode', {
        node: a.node,
        grace: resolved.lifecycle.shutdownGracePeriod,
      });
    } else {
      add(a.at, `drain.${a.type}`, { node: a.node });
    }
  }
  // kube-proxy applies the first endpoint change (on every node at once in the engine).
  const changedAt = events.find((e) => e.type === 'endpoint.changed')?.at;
  if (changedAt !== undefined) {
    const synced = events.find((e) => e.type === 'kubeProxy.synced' && e.at > changedAt);
    if (synced) add(synced.at, 'drain.proxySynced', { delay: resolved.lifecycle.proxySyncDelay });
  }
  const threshold = resolved.loadBalancer.probe.unhealthyThreshold;
  for (const e of events) {
    switch (e.type) {
      case 'probe.result':
        // The first failed probe per node: the moment the health answer changes.
        if (!e.ok && firstOf(`probe:${e.node}`)) {
          // An HTTP probe either gets an error status or no answer at all (a TCP one never has one).
          const noAnswer = e.status === null && e.kind !== 'tcpNodePort';
          add(e.at, `drain.probeFail.${e.kind}${noAnswer ? '.noAnswer' : ''}`, {
            node: e.node,
            status: e.status ?? '',
            local: e.localEndpoints ?? 0,
          });
        }
        break;
      case 'lb.backendDown':
        // MetalLB moves the IP without probes: a different sentence, no threshold.
        if (firstOf(`down:${e.node}`))
          add(e.at, e.cause === 'l2' ? 'drain.l2Down' : 'drain.lbDown', {
            node: e.node,
            threshold,
          });
        break;
      case 'lb.backendUp':
        if (firstOf(`up:${e.node}`))
          add(e.at, e.cause === 'l2' ? 'drain.l2Up' : 'drain.lbUp', { node: e.node });
        break;
      case 'kubeProxy.stopped':
        if (firstOf(`stop:${e.node}`)) add(e.at, 'drain.proxyStopped', { node: e.node });
        break;
      case 'pod.exited':
        if (firstOf(`exit:${e.pod}`)) add(e.at, 'drain.podExited', { pod: e.pod, node: e.node });
        break;
      case 'node.offline':
        if (firstOf(`off:${e.node}`)) add(e.at, 'drain.offline', { node: e.node });
        break;
      default:
        break;
    }
  }
  const d = summary.disruption;
  const failedNew = summary.failedNew ?? summary.failed;
  if (d.firstFailureAt !== null) {
    const first = events.find(
      (e): e is Extract<SimEvent, { type: 'connection.failed' }> =>
        e.type === 'connection.failed' && e.reason !== 'nodeWentDown',
    );
    add(d.firstFailureAt, 'drain.failStart', {
      node: first?.node ?? '',
      reason: first?.reason ?? '',
    });
    if (d.lastFailureAt !== null && d.lastFailureAt - d.firstFailureAt > SAME_MOMENT) {
      add(d.lastFailureAt, 'drain.failEnd', { seconds: d.seconds, failed: failedNew });
    }
  }
  const end = Math.max(resolved.traffic.duration, ...found.map((f) => f.at));
  add(end, failedNew > 0 ? 'drain.end.failed' : 'drain.end.none', {
    failed: failedNew,
    total: summary.connections,
    seconds: d.seconds,
  });
  return found.sort((a, b) => a.at - b.at || a.order - b.order).map(({ order: _o, ...m }) => m);
}

/**
 * The moments of a time-mode run, in time order; several codes at one instant stay separate
 * entries with the same `at` (the deck joins their sentences). Empty for a hop-by-hop run.
 */
export function momentsOf(result: SimResult, timeMode: boolean): MomentCode[] {
  if (!timeMode) return [];
  return result.resolved.timeline.length > 0 ? drainMoments(result) : balanceMoments(result);
}

/** Groups moment codes that fall on the same instant (within 50 ms). */
export function groupMoments(codes: readonly MomentCode[]): MomentCode[][] {
  const groups: MomentCode[][] = [];
  for (const c of codes) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (last && head && Math.abs(c.at - head.at) < SAME_MOMENT) last.push(c);
    else groups.push([c]);
  }
  return groups;
}

/** A translate function (injected: this module stays free of i18n). */
export type MomentT = (
  key: string,
  vars: Record<string, string | number>,
  fallback?: string,
) => string;

/**
 * The sentence of one moment code in the reader's language: `present.moment.<code>`, or with
 * `short` its one-line form `present.momentShort.<code>` (the slide's caption) where one exists.
 * `num` formats a number with one decimal (13,2 in German); percentages keep their decimal.
 */
export function momentSentence(
  t: MomentT,
  num: (n: number) => string,
  m: MomentCode,
  short = false,
): string {
  const vars: Record<string, string | number> = {};
  // Percentages (keys …Share, …Expected) always keep their decimal: "35.0 %" next to "33.3 %".
  for (const [k, v] of Object.entries(m.vars))
    vars[k] =
      typeof v === 'number' && (!Number.isInteger(v) || /(Share|Expected)$/.test(k)) ? num(v) : v;
  if (typeof m.vars['reason'] === 'string' && m.vars['reason'] !== '')
    vars['why'] = t(`reason.${m.vars['reason']}`, { node: m.vars['node'] ?? '' });
  const long = t(`present.moment.${m.code}`, vars);
  return short ? t(`present.momentShort.${m.code}`, vars, long) : long;
}

/**
 * The deck's moments: one sentence per instant ("t = 13.2 s: …"), codes that share an instant
 * joined. `num` formats a number with one decimal in the reader's language (13,2 in German).
 */
export function toDeckMoments(
  codes: readonly MomentCode[],
  t: MomentT,
  num: (n: number) => string,
): DeckMoment[] {
  return groupMoments(codes).map((group) => {
    // The group's last instant: a failure 20 ms after a power-off shows its failed packet.
    const at = Math.max(...group.map((m) => m.at));
    const text = group.map((m) => momentSentence(t, num, m)).join(' ');
    return { time: at, text: t('present.moment.at', { t: num(at), text }) };
  });
}
