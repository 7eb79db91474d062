/** Carrying out a Pod machine's effects, and the EndpointSlice entry that follows its state. */
import { endpointOf, type PodEffect } from './machines/podMachine.ts';
import type { PodRt, PodSnap } from './runtime.ts';
import type { LifecycleHost } from './lifecycleHost.ts';

/** Carry out one effect of a Pod transition at time `t`. */
export function runPodEffect(h: LifecycleHost, p: PodRt, e: PodEffect, t: number): void {
  const pod = p.spec.id;
  const node = h.scenario.nodes[p.nodeIdx]?.id ?? '';
  switch (e.type) {
    case 'startTimer':
      if (Number.isFinite(e.params.after))
        h.queue.push(t + e.params.after, { k: 'podTimer', pod: p.idx, timer: e.params.timer });
      return;
    case 'announceTerminating':
      h.events.push({ at: t, type: 'pod.terminating', pod, node });
      return;
    case 'announceExited':
      h.events.push({ at: t, type: 'pod.exited', pod, node });
      return;
    case 'announceReady':
      h.events.push({ at: t, type: 'pod.ready', pod, node });
      return;
    case 'announceNotReady':
      h.events.push({ at: t, type: 'pod.notReady', pod, node });
      return;
  }
}

/**
 * The EndpointSlice entry is a projection of the Pod's state: when it changes, every
 * kube-proxy is asked to sync.
 */
export function projectEndpoint(h: LifecycleHost, p: PodRt, snap: PodSnap, t: number): void {
  const cond = endpointOf(snap.context);
  const before = p.cond;
  const same =
    before === cond ||
    (before !== null &&
      cond !== null &&
      before.ready === cond.ready &&
      before.serving === cond.serving &&
      before.terminating === cond.terminating);
  if (same) return;
  p.cond = cond;
  if (cond) h.events.push({ at: t, type: 'endpoint.changed', pod: p.spec.id, conditions: cond });
  h.endpointsChanged(t);
}
