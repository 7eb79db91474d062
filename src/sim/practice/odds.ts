/**
 * The engine's answer to "which share" at a moment, as exact odds rather than counts: the load
 * balancer's rotation at that time (from the run's events), the way it splits connections (per
 * node, or per zone first when cross-zone is off, as route.ts pickIngress does) and each node's
 * rule set in effect then (kube-proxy's KUBE-SVC / KUBE-SVL endpoint lists, picked uniformly).
 * tests/sim/practiceOdds.test.ts checks these odds against the shares a long run measures.
 */
import { nodeRuleSets } from '../index.ts';
import type { NodeDataPath } from '../dataPath.ts';
import { LB_BEHAVIOUR } from '../presets.ts';
import { stateAt } from '../state.ts';
import type { Scenario, SimResult } from '../types.ts';

/** Each node's rule set in effect at time t (the first is the one at t = 0, then one per sync). */
export function rulesAt(run: SimResult, t: number): Map<string, NodeDataPath> {
  const sets = nodeRuleSets(run);
  const out = new Map<string, NodeDataPath>();
  for (const n of run.resolved.nodes) {
    const list = sets[n.id] ?? [];
    const syncs = run.events.filter(
      (e) => e.type === 'kubeProxy.synced' && e.node === n.id && e.at <= t,
    ).length;
    const rs = list[Math.min(syncs, list.length - 1)];
    if (rs) out.set(n.id, rs);
  }
  return out;
}

/** Where the load balancer sends new connections at time t: node → probability. */
export function ingressOdds(run: SimResult, t: number): Record<string, number> {
  const s = run.resolved;
  const state = stateAt(run, t);
  const behaviour = LB_BEHAVIOUR[s.loadBalancer.preset];
  const deregistered = new Set(
    run.events
      .filter((e) => e.type === 'lb.backendDown' && e.cause === 'deregistered' && e.at <= t)
      .map((e) => ('node' in e ? e.node : '')),
  );
  let candidates = s.nodes.filter((n) => state.nodes[n.id]?.inLbRotation).map((n) => n.id);
  // Fail open (AWS, GCP): with no healthy backend, every registered one gets traffic.
  if (candidates.length === 0 && behaviour.failOpen)
    candidates = s.nodes.filter((n) => !deregistered.has(n.id)).map((n) => n.id);
  const out: Record<string, number> = Object.fromEntries(s.nodes.map((n) => [n.id, 0]));
  if (candidates.length === 0) return out;
  const crossZone = s.loadBalancer.crossZone ?? behaviour.crossZone;
  if (crossZone) {
    for (const c of candidates) out[c] = 1 / candidates.length;
    return out;
  }
  // Zonal: a zone with a target first, then a node within it.
  const zoneOf = (id: string): string => s.nodes.find((n) => n.id === id)?.zone ?? '';
  const zones = [...new Set(candidates.map(zoneOf))];
  for (const z of zones) {
    const inZone = candidates.filter((c) => zoneOf(c) === z);
    for (const c of inZone) out[c] = 1 / zones.length / inZone.length;
  }
  return out;
}

/** The endpoints an external connection arriving at a node is spread over (its rule set). */
export function externalEndpoints(s: Scenario, rs: NodeDataPath): NodeDataPath['clusterEndpoints'] {
  return s.service.externalTrafficPolicy === 'Local' ? rs.localEndpoints : rs.clusterEndpoints;
}

/** Odds at time t of where a new connection through the load balancer goes. */
export interface Odds {
  /** node → share of new connections the load balancer sends there. */
  node: Record<string, number>;
  /** pod → share of new connections the rules hand to it. */
  pod: Record<string, number>;
  /** Share handed to a Pod on another node than the one it arrived at. */
  crossNode: number;
  /** Share that arrives at a node with nothing to hand it to (dropped or rejected). */
  nowhere: number;
}

/** The odds of a new connection at time t, from the engine's state then. */
export function oddsAt(run: SimResult, t: number): Odds {
  const s = run.resolved;
  const node = ingressOdds(run, t);
  const rules = rulesAt(run, t);
  const pod: Record<string, number> = Object.fromEntries(s.pods.map((p) => [p.id, 0]));
  let crossNode = 0;
  let nowhere = 0;
  for (const [id, p] of Object.entries(node)) {
    if (p === 0) continue;
    const rs = rules.get(id);
    const eps = rs ? externalEndpoints(s, rs) : [];
    if (eps.length === 0) {
      nowhere += p;
      continue;
    }
    for (const e of eps) {
      pod[e.podId] = (pod[e.podId] ?? 0) + p / eps.length;
      if (e.node !== id) crossNode += p / eps.length;
    }
  }
  return { node, pod, crossNode, nowhere };
}

/** A time after every change of the run has settled (the last connection's start). */
export function settledTime(run: SimResult): number {
  return run.resolved.traffic.duration;
}
