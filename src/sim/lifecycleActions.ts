/** The scenario's timeline actions (drain, cordon, shutdown, taint, …) turned into events. */
import type { PodRt } from './runtime.ts';
import type { Action } from './types.ts';
import type { LifecycleHost } from './lifecycleHost.ts';

/** Timeline actions that are one node event and nothing else. */
const NODE_ACTION_EVENTS: Partial<
  Record<
    Action['type'],
    'SHUTDOWN' | 'POWER_OFF' | 'POWER_ON' | 'STOP_KUBE_PROXY' | 'START_KUBE_PROXY'
  >
> = {
  shutdownNode: 'SHUTDOWN',
  powerOffNode: 'POWER_OFF',
  powerOnNode: 'POWER_ON',
  stopKubeProxy: 'STOP_KUBE_PROXY',
  startKubeProxy: 'START_KUBE_PROXY',
};

/** An API eviction (drain, `kubectl delete pod`): the Pod's grace period and readiness lag. */
function evict(h: LifecycleHost, p: PodRt, t: number): void {
  const grace = h.lc.terminationGracePeriodSeconds;
  h.sendPod(p, { type: 'EVICT', grace, readinessDelay: h.readinessDelay() }, t);
}

/** Carry out one timeline action at time `t`. */
export function runAction(h: LifecycleHost, a: Action, t: number): void {
  if (a.type === 'deletePod') {
    const p = h.pods.find((x) => x.spec.id === a.pod);
    if (p && p.nodeIdx >= 0) evict(h, p, t);
    return;
  }
  const n = h.nodeOf(a.node);
  if (!n) return;
  const id = n.spec.id;
  const plain = NODE_ACTION_EVENTS[a.type];
  if (plain) {
    h.sendNode(n, { type: plain }, t);
    return;
  }
  switch (a.type) {
    case 'cordonNode':
    case 'drainNode':
      if (!n.snap.context.cordoned) {
        h.sendNode(n, { type: 'CORDON' }, t);
        h.events.push({ at: t, type: 'node.cordoned', node: id });
      }
      // kubectl drain evicts every non-DaemonSet Pod; kube-proxy (a DaemonSet) stays.
      if (a.type === 'drainNode') for (const p of h.podsOn(n)) evict(h, p, t);
      return;
    case 'uncordonNode':
      if (n.snap.context.cordoned) {
        h.sendNode(n, { type: 'UNCORDON' }, t);
        h.events.push({ at: t, type: 'node.uncordoned', node: id });
      }
      return;
    case 'taintToBeDeleted':
      if (!n.tainted) {
        h.sendNode(n, { type: 'TAINT' }, t);
        h.events.push({
          at: t,
          type: 'node.tainted',
          node: id,
          taint: 'ToBeDeletedByClusterAutoscaler',
        });
        if (h.behaviour.deregistersTaintedNodes) {
          h.deregistered[n.idx] = true;
          h.sendBackend(n.idx, { type: 'DEREGISTER' }, t, 'deregistered');
        }
      }
      return;
  }
}
