/** Carrying out a node machine's effects: timers, the kubelet's shutdown, kube-proxy, power. */
import type { NodeEffect } from './machines/nodeMachine.ts';
import type { NodeRt } from './runtime.ts';
import type { LifecycleHost } from './lifecycleHost.ts';

/** Carry out one effect of a node transition at time `t`. */
export function runNodeEffect(h: LifecycleHost, n: NodeRt, e: NodeEffect, t: number): void {
  const id = n.spec.id;
  switch (e.type) {
    case 'startTimer':
      if (Number.isFinite(e.params.after))
        h.queue.push(t + e.params.after, { k: 'nodeTimer', node: n.idx, timer: e.params.timer });
      return;
    case 'reportShuttingDown':
      // The kubelet posts NotReady ("node is shutting down"); the node lifecycle controller
      // marks the node's Pods not ready when it next looks (MarkPodsNotReady).
      h.events.push({ at: t, type: 'node.shuttingDown', node: id });
      h.queue.push(t + h.lc.nodeMonitorPeriod, { k: 'nodeNotReady', node: n.idx });
      return;
    case 'killPods': {
      const grace = Math.min(e.params.grace, h.lc.terminationGracePeriodSeconds);
      for (const p of h.podsOn(n))
        h.sendPod(p, { type: 'KILL', grace, readinessDelay: h.readinessDelay() }, t);
      // An empty regular group is skipped (processShutdownEvent).
      checkRegularGroup(h, n, t);
      return;
    }
    case 'stopContainers': {
      let lost = false;
      for (const p of h.podsOn(n)) {
        if (p.alive) lost = true;
        h.sendPod(p, { type: 'NODE_DOWN' }, t);
      }
      // Nobody told the API: the controller notices when the heartbeats stop.
      if (lost) h.queue.push(t + h.lc.nodeMonitorGracePeriod, { k: 'nodeNotReady', node: n.idx });
      return;
    }
    case 'announceKubeProxyStopped':
      h.events.push({ at: t, type: 'kubeProxy.stopped', node: id });
      return;
    case 'announceKubeProxyStarted':
      h.events.push({ at: t, type: 'kubeProxy.started', node: id });
      h.compileNode(n);
      h.events.push({ at: t, type: 'kubeProxy.synced', node: id });
      return;
    case 'announceOffline': {
      n.offlineAt.push(t);
      h.events.push({ at: t, type: 'node.offline', node: id });
      let lost = false;
      for (const p of h.podsOn(n)) {
        if (p.alive && !p.snap.matches('stopping')) lost = true;
        h.sendPod(p, { type: 'NODE_DOWN' }, t);
      }
      if (lost) h.queue.push(t + h.lc.nodeMonitorGracePeriod, { k: 'nodeNotReady', node: n.idx });
      return;
    }
    case 'announceBooting':
      h.events.push({ at: t, type: 'node.booting', node: id });
      return;
    case 'announceOnline':
      h.events.push({ at: t, type: 'node.online', node: id });
      for (const p of h.podsOn(n)) h.sendPod(p, { type: 'NODE_UP' }, t);
      return;
  }
}

/** The kubelet's regular group ends once none of its Pods runs any more. */
export function checkRegularGroup(h: LifecycleHost, n: NodeRt, t: number): void {
  if (!n.snap.matches({ shuttingDown: 'regularPods' })) return;
  const running = h
    .podsOn(n)
    .some(
      (p) => p.snap.matches('running') || p.snap.matches('stopping') || p.snap.matches('deleted'),
    );
  if (!running) h.sendNode(n, { type: 'REGULAR_PODS_GONE' }, t);
}

/** The node lifecycle controller marks a node's Pods not ready once it sees the node gone. */
export function nodeNotReady(h: LifecycleHost, n: NodeRt, t: number): void {
  if (n.snap.matches('up') || n.snap.matches('proxyStopped')) return;
  for (const p of h.podsOn(n)) h.sendPod(p, { type: 'NODE_NOT_READY' }, t);
}
