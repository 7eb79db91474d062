/**
 * The load balancer's side of the lifecycle: its health probes and their results, the backend
 * machine's effects (in or out of rotation), and MetalLB layer 2's ARP failover.
 */
import type { LbBackendEffect } from './machines/lbBackendMachine.ts';
import { answerProbe, type ProbeAnswer } from './probes.ts';
import type { BackendCause, LifecycleHost } from './lifecycleHost.ts';

/** Carry out one effect of a backend transition: the node enters or leaves the rotation. */
export function runBackendEffect(
  h: LifecycleHost,
  node: number,
  e: LbBackendEffect,
  t: number,
  cause: BackendCause,
): void {
  const n = h.nodes[node];
  if (!n) return;
  const down = e.type === 'announceDown';
  h.healthy[node] = !down;
  h.refreshHealthy();
  if (down) n.markedDownAt.push(t);
  h.events.push(
    down
      ? { at: t, type: 'lb.backendDown', node: n.spec.id, cause }
      : { at: t, type: 'lb.backendUp', node: n.spec.id },
  );
}

/** The LB probes a node now: the answer arrives after its delay, the next probe an interval on. */
export function probe(h: LifecycleHost, node: number, at: number): void {
  const n = h.nodes[node];
  if (!n) return;
  const settings = h.scenario.loadBalancer.probe;
  const answer = answerProbe(n, settings, h.scenario.service, h.isPodAlive, h.probeHeader);
  h.queue.push(at + answer.delay, { k: 'probeResult', node: n.idx, answer });
  if (at + settings.interval <= h.horizon)
    h.queue.push(at + settings.interval, { k: 'probe', node: n.idx });
}

/** A probe's answer reaches the LB: recorded, and counted by the node's backend machine. */
export function probeResult(h: LifecycleHost, node: number, a: ProbeAnswer, at: number): void {
  const n = h.nodes[node];
  if (!n) return;
  h.events.push({
    at,
    type: 'probe.result',
    node: n.spec.id,
    kind: h.scenario.loadBalancer.probe.kind,
    ok: a.ok,
    status: a.status,
    ...(a.localEndpoints === undefined ? {} : { localEndpoints: a.localEndpoints }),
    ...(a.serviceProxyHealthy === undefined ? {} : { serviceProxyHealthy: a.serviceProxyHealthy }),
  });
  h.sendBackend(n.idx, { type: a.ok ? 'PROBE_OK' : 'PROBE_FAIL' }, at, 'probe');
}

/** After every event: if the election's winner changed, clients follow after the delay. */
export function l2Check(h: LifecycleHost, t: number): void {
  const next = h.l2?.check(h.nodes, h.pods, t);
  if (next) h.queue.push(next.at, { k: 'l2Switch', node: next.node, gen: next.gen });
}

/** Clients' ARP entries now point at `node` (the new speaker's gratuitous ARP). */
export function l2Switch(h: LifecycleHost, node: number, t: number): void {
  const l2 = h.l2;
  if (!l2) return;
  const old = l2.current;
  if (old === node) return;
  const before = h.nodes[old];
  if (before) {
    h.healthy[old] = false;
    before.markedDownAt.push(t);
    h.events.push({ at: t, type: 'lb.backendDown', node: before.spec.id, cause: 'l2' });
  }
  const after = h.nodes[node];
  if (after) {
    h.healthy[node] = true;
    h.events.push({ at: t, type: 'lb.backendUp', node: after.spec.id, cause: 'l2' });
  }
  l2.current = node;
  h.refreshHealthy();
}
