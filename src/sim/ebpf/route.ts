/**
 * The eBPF data path's fast path for a new connection, modelled on Cilium's `nodeport_lb4`
 * (source: cilium-nodeport-lb4): at the ingress node's eth0, before netfilter, the program looks
 * the destination up in the service map, selects a backend (random or Maglev), rewrites the
 * destination to it, and then
 * - delivers it unchanged in source when the backend runs on this node (no SNAT, any policy);
 * - SNATs it to the node's address and forwards it when the backend is remote (SNAT mode, and
 *   UDP in hybrid mode): the reply comes back through this node, which reverses both;
 * - forwards it with the client's address and the Service address in an IP option or Geneve
 *   option when the backend is remote (DSR, and TCP in hybrid mode): the backend node answers
 *   the client directly from the Service address.
 * A Pod calling the LB IP from this node is translated by the socket LB at connect(), over
 * every backend (source: cilium-socket-lb).
 */
import { lbPathOf } from '../clientIp.ts';
import type { Lifecycle, NodeRt } from '../lifecycle.ts';
import { deliversToNodePort, fail, reachesNode, reachPod, type Routed } from '../route.ts';
import { OUTCOME_CODE, PATH_KIND, SOURCE_KIND, type PathKind } from '../columns.ts';
import type { Scenario } from '../types.ts';
import { usesDsr } from './config.ts';
import { flowHash, maglevPick } from './maglev.ts';
import type { Frontend } from './program.ts';

/** IANA protocol numbers, the last word of the flow hash. */
export const PROTOCOL_NUMBER = { TCP: 6, UDP: 17 } as const;

/** The client side of a connection as the ingress node sees it. */
export interface ArrivingClient {
  ip: string;
  int: number;
  port: number;
}

/**
 * Does the sender of the SYN accept a DSR reply from the address the ingress node saw? A client
 * that dialled the LB's frontend does not when the LB rewrote the destination to the nodePort;
 * a client dialling the nodePort itself, or a proxying LB (which dialled the node), does.
 */
export function dsrReplyAccepted(s: Scenario, path: PathKind, toNodePort: boolean): boolean {
  return !(path === PATH_KIND.LB && toNodePort && !proxies(s));
}

const proxyCache = new WeakMap<Scenario, boolean>();
/** Does the scenario's LB open its own connections (memoized: called per connection)? */
function proxies(s: Scenario): boolean {
  let p = proxyCache.get(s);
  if (p === undefined) proxyCache.set(s, (p = lbPathOf(s).proxy));
  return p;
}

/** The backend index (into the external scope) the node's selection gives this flow. */
export function selectBackend(
  rsMaps: NonNullable<NodeRt['rules']['ebpf']>,
  client: ArrivingClient,
  dst: Frontend,
  rand: () => number,
): number {
  const n = rsMaps.extBackends.length;
  if (n === 0) return -1;
  if (!rsMaps.maglev) return uniformPick(n, rand);
  const proto = PROTOCOL_NUMBER[rsMaps.config.protocol];
  return maglevPick(rsMaps.maglev, flowHash(client.int, client.port, dst.int, dst.port, proto));
}

/**
 * A uniform pick among n backends, as Cilium's `get_prandom_u32() % count` (source:
 * cilium-random). It is drawn the way the kube-proxy model draws its `statistic` rules (1/n, then
 * 1/(n−1), …, over the same address order), so for one seed both data paths pick the same Pod
 * and a lesson can compare them packet for packet.
 */
export function uniformPick(n: number, rand: () => number): number {
  for (let i = 0; i < n - 1; i++) if (rand() < 1 / (n - i)) return i;
  return n - 1;
}

const nodePortCache = new WeakMap<Scenario, boolean>();
/** Does the LB hand packets to nodeIP:nodePort (memoized: called per connection)? */
export function toNodePortOf(s: Scenario): boolean {
  let v = nodePortCache.get(s);
  if (v === undefined) nodePortCache.set(s, (v = deliversToNodePort(s)));
  return v;
}

/**
 * Route one new connection's first packet through `ingress` on the eBPF data path (the
 * counterpart of route.ts `routeConnection`). Writes into `r`, reused across connections.
 */
export function routeEbpfConnection(
  lc: Lifecycle,
  s: Scenario,
  ingress: NodeRt | undefined,
  path: PathKind,
  client: ArrivingClient,
  rand: () => number,
  r: Routed,
): Routed {
  if (!reachesNode(lc, ingress, r)) return r;
  const rs = ingress.rules;
  const m = rs.ebpf;
  r.ruleset = rs.id;
  if (!m) return fail(r, OUTCOME_CODE.TIMEOUT, 'nodeOffline');
  const toNodePort = path === PATH_KIND.DIRECT || (path === PATH_KIND.LB && toNodePortOf(s));
  let index: number;
  let endpoint: number;
  if (path === PATH_KIND.POD) {
    // East-west: the socket LB picks at connect() from the internal scope, never Maglev.
    const n = m.intBackends.length;
    if (n === 0) return fail(r, OUTCOME_CODE.RESET, 'noEndpoints');
    index = uniformPick(n, rand);
    endpoint = m.intIndex[index] ?? -1;
  } else {
    if (m.extBackends.length === 0) {
      // No backend in the external scope: with none anywhere the program answers ICMP port
      // unreachable itself (no kernel rate limit); under Local with remote ones only it drops.
      if (rs.clusterEndpoints.length === 0) return fail(r, OUTCOME_CODE.RESET, 'noEndpoints');
      return fail(r, OUTCOME_CODE.DROPPED, 'noLocalEndpoints');
    }
    index = selectBackend(m, client, toNodePort ? m.nodePort : m.vip, rand);
    endpoint = m.extIndex[index] ?? -1;
  }
  const podNode = reachPod(lc, rs.endpoints, endpoint, r);
  if (!podNode) return r;
  // A local backend, and any Pod caller (socket LB), keeps the client's address.
  if (podNode === ingress || path === PATH_KIND.POD) {
    r.source = SOURCE_KIND.CLIENT;
    return r;
  }
  if (!usesDsr(m.config)) {
    r.source = SOURCE_KIND.NODE;
    return r;
  }
  r.source = SOURCE_KIND.CLIENT;
  if (!dsrReplyAccepted(s, path, toNodePort))
    return fail(r, OUTCOME_CODE.TIMEOUT, 'dsrReplyMismatch');
  return r;
}
