/**
 * Reading the engine's run the way the questions ask: the connections that arrived at a node in
 * a moment's time range, what their Pods saw, how they ended, and the hops of one of them.
 */
import { traceConnection } from '../index.ts';
import type { ConnectionRecord, Hop, SimResult } from '../types.ts';
import { bridgeOf, ipOf } from './build.ts';

/** The drain starts at this time in every drain puzzle (the "before" moment ends here). */
export const DRAIN_AT = 5;
/** A drain puzzle's machine shuts down at this time (kube-proxy exits then). */
export const SHUTDOWN_AT = 15;

/** Connections through the load balancer (or a Pod's call), optionally at one node and time range. */
export function lbConnections(
  run: SimResult,
  opts: { node?: string; from?: number; to?: number } = {},
): ConnectionRecord[] {
  return run.connections.filter(
    (c) =>
      c.direct !== true &&
      (opts.node === undefined || c.ingressNode === opts.node) &&
      c.at >= (opts.from ?? 0) &&
      c.at < (opts.to ?? Infinity),
  );
}

/** The samples sent straight to a node's NodePort (the named connection of "direct" puzzles). */
export function directConnections(run: SimResult): ConnectionRecord[] {
  return run.connections.filter((c) => c.direct === true);
}

/** The Pods a set of connections was served by, sorted. */
export function servedPods(conns: readonly ConnectionRecord[]): string[] {
  return [...new Set(conns.flatMap((c) => (c.outcome === 'ok' && c.pod ? [c.pod] : [])))].sort();
}

/** How a set of connections ends: every one served, some, or none. */
export function successOf(conns: readonly ConnectionRecord[]): 'always' | 'some' | 'never' {
  const ok = conns.filter((c) => c.outcome === 'ok').length;
  return ok === conns.length ? 'always' : ok === 0 ? 'never' : 'some';
}

/** What kind of address an address is, seen from a connection's ingress node. */
export type AddressKind =
  | 'client'
  | 'ingressNode'
  | 'ingressBridge'
  | 'otherNode'
  | 'otherBridge'
  | 'lb'
  | 'callerPod'
  | 'callerNode'
  | 'pod'
  | 'other';

/** Classify an address against the run's places (ingress node first). */
export function addressKind(run: SimResult, c: ConnectionRecord, ip: string | null): AddressKind {
  const s = run.resolved;
  if (ip === null) return 'other';
  const client = s.clients.find((x) => x.id === c.client);
  if (client && client.node === undefined && ip === client.ip) return 'client';
  if (client && client.node !== undefined) {
    if (ip === client.ip) return 'callerPod';
    if (ip === ipOf(s, client.node)) return 'callerNode';
  }
  if (c.ingressNode && ip === ipOf(s, c.ingressNode)) return 'ingressNode';
  if (c.ingressNode && ip === bridgeOf(s, c.ingressNode)) return 'ingressBridge';
  if (s.nodes.some((n) => n.ip === ip)) return 'otherNode';
  if (s.nodes.some((n) => bridgeOf(s, n.id) === ip)) return 'otherBridge';
  if (s.pods.some((p) => p.ip === ip)) return 'pod';
  if (ip === (s.loadBalancer.sourceIp ?? '198.51.100.250')) return 'lb';
  return 'other';
}

/** The set of address kinds a field takes over some connections (delivered ones only). */
export function kindsOf(
  run: SimResult,
  conns: readonly ConnectionRecord[],
  field: (c: ConnectionRecord) => string | null,
): AddressKind[] {
  const out = new Set<AddressKind>();
  for (const c of conns) {
    const ip = field(c);
    if (ip !== null) out.add(addressKind(run, c, ip));
  }
  return [...out].sort();
}

/** The hops of one connection (empty when it cannot be traced). */
export function hopsOf(run: SimResult, id: number): Hop[] {
  return traceConnection(run, id)?.hops ?? [];
}

/** The first served connection through the load balancer that matches, to play (none: nothing to show). */
export function showFirst(
  run: SimResult,
  match: (c: ConnectionRecord) => boolean,
  from = 0,
  to = Infinity,
): { connection: number } | undefined {
  const c = lbConnections(run, { from, to }).find((x) => x.outcome === 'ok' && match(x));
  return c ? { connection: c.id } : undefined;
}

/** Seconds with one decimal, as sentences cite them. */
export const sec = (x: number): number => Math.round(x * 10) / 10;
