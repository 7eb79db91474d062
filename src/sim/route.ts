/**
 * The connection fast path: which node the load balancer picks, what the node's rules do with
 * the SYN, and how the connection ends. Pure functions over the lifecycle's current state.
 */
import type { Lifecycle, NodeRt } from './lifecycle.ts';
import type { Rng } from './rng.ts';
import {
  OUTCOME_CODE,
  PATH_KIND,
  SOURCE_KIND,
  type OutcomeCode,
  type PathKind,
  type SourceKind,
} from './columns.ts';
import type { Endpoint } from './endpoint.ts';
import type { OutcomeReason, Scenario } from './types.ts';

/** How a connection's first packet ended up (indices into the lifecycle's tables). */
export interface Routed {
  ingress: number;
  pod: number;
  outcome: OutcomeCode;
  reason: OutcomeReason;
  /** Source address kind the Pod saw. */
  source: SourceKind;
  ruleset: number;
  endpoint: number;
}

/**
 * The SNAT source MASQUERADE picks (source: linux-masquerade-egress): the egress interface's
 * address — the node's own toward another node; toward a Pod on the same node the bridge (cni0,
 * .1) with a bridge CNI, the node's address with a routed one. Used by the fast path and the
 * packet trace alike.
 */
export function snatSourceKind(
  sameNode: boolean,
  cni: Scenario['cni'],
): typeof SOURCE_KIND.BRIDGE | typeof SOURCE_KIND.NODE {
  return sameNode && (cni ?? 'bridge') === 'bridge' ? SOURCE_KIND.BRIDGE : SOURCE_KIND.NODE;
}

/** The node the LB hands a new connection to, or -1 when it has none (fail closed). */
export function pickIngress(lc: Lifecycle, crossZone: boolean, rng: Rng): number {
  let candidates = lc.healthyList;
  if (candidates.length === 0) {
    // Fail open (AWS, GCP): with no healthy backend, every registered one gets traffic.
    if (!lc.behaviour.failOpen) return -1;
    candidates = lc.nodes.filter((n) => lc.isRegistered(n.idx)).map((n) => n.idx);
    if (candidates.length === 0) return -1;
  }
  if (crossZone) return candidates[rng.int(candidates.length)] ?? -1;
  // Zonal: the client's DNS answer picks a zone that has a target, then a node within it.
  const zones: string[] = [];
  for (const i of candidates) {
    const z = lc.nodes[i]?.spec.zone ?? '';
    if (!zones.includes(z)) zones.push(z);
  }
  const zone = zones[rng.int(zones.length)] ?? '';
  const inZone = candidates.filter((i) => (lc.nodes[i]?.spec.zone ?? '') === zone);
  return inZone[rng.int(inZone.length)] ?? -1;
}

/**
 * Route one new connection's SYN through `ingress` (or a direct connection to its NodePort).
 * Writes into `r` (reused across connections: a million-connection run allocates nothing here).
 */
export function routeConnection(
  lc: Lifecycle,
  s: Scenario,
  ingress: NodeRt | undefined,
  path: PathKind,
  client: { ip: string; int: number },
  rand: () => number,
  r: Routed,
  at: number,
): Routed {
  if (!reachesNode(lc, ingress, r)) return r;
  const rs = ingress.rules;
  r.ruleset = rs.id;
  const toNodePort = path === PATH_KIND.DIRECT || (path === PATH_KIND.LB && deliversToNodePort(s));
  packet.srcIp = client.ip;
  packet.srcInt = client.int;
  packet.dstIp = toNodePort ? ingress.spec.ip : s.loadBalancer.frontendIp;
  packet.dstPort = toNodePort ? s.service.nodePort : s.service.port;
  const verdict = rs.evaluate(packet, rand);
  if (verdict.kind === 'drop') return fail(r, OUTCOME_CODE.DROPPED, 'noLocalEndpoints');
  // REJECT answers with ICMP port unreachable, within the kernel's ICMP rate limit.
  if (verdict.kind === 'reject' || verdict.kind === 'accept')
    return lc.icmpAllowed(ingress.spec.id, client.ip, at)
      ? fail(r, OUTCOME_CODE.RESET, 'noEndpoints')
      : fail(r, OUTCOME_CODE.TIMEOUT, 'icmpRateLimited');
  const podNode = reachPod(lc, rs.endpoints, verdict.endpoint, r);
  if (!podNode) return r;
  const sameNode = podNode === ingress;
  r.source = verdict.marked ? snatSourceKind(sameNode, s.cni) : SOURCE_KIND.CLIENT;
  // Without SNAT a Pod on another node answers the client directly: the client drops it. A Pod
  // caller is the exception: the reply is routed to its node, whose conntrack did the DNAT.
  if (!verdict.marked && !sameNode && path !== PATH_KIND.POD)
    return fail(r, OUTCOME_CODE.TIMEOUT, 'directReturnMismatch');
  return r;
}

/**
 * Resets `r` for a new connection at `ingress`; false (with `r` ended) when no node takes it: a
 * cloud LB has no healthy backend, under MetalLB L2 nobody answers ARP, or the node is offline.
 * Both data paths (iptables/nftables here, eBPF in ebpf/route.ts) start this way.
 */
export function reachesNode(
  lc: Lifecycle,
  ingress: NodeRt | undefined,
  r: Routed,
): ingress is NodeRt {
  r.ingress = ingress?.idx ?? -1;
  r.pod = -1;
  r.outcome = OUTCOME_CODE.OK;
  r.reason = 'served';
  r.source = SOURCE_KIND.NONE;
  r.ruleset = -1;
  r.endpoint = -1;
  if (!ingress) {
    fail(
      r,
      OUTCOME_CODE.TIMEOUT,
      lc.behaviour.selection === 'l2Announce' ? 'noArpAnswer' : 'noHealthyBackends',
    );
    return false;
  }
  if (!ingress.forwarding) {
    fail(r, OUTCOME_CODE.TIMEOUT, 'nodeOffline');
    return false;
  }
  return true;
}

/**
 * Records the chosen endpoint and its Pod; the Pod's node, or null (with `r` ended) when that
 * node does not forward or the Pod has exited. Both data paths end their pick this way.
 */
export function reachPod(
  lc: Lifecycle,
  endpoints: readonly Endpoint[],
  endpoint: number,
  r: Routed,
): NodeRt | null {
  r.endpoint = endpoint;
  const ep = endpoints[endpoint];
  const pod = ep ? lc.pods[ep.pod] : undefined;
  const podNode = pod ? lc.nodes[pod.nodeIdx] : undefined;
  r.pod = pod?.idx ?? -1;
  if (!pod || !podNode || !podNode.forwarding) {
    fail(r, OUTCOME_CODE.TIMEOUT, 'endpointUnreachable');
    return null;
  }
  if (!pod.alive) {
    fail(r, OUTCOME_CODE.RESET, 'endpointGone');
    return null;
  }
  return podNode;
}

/**
 * Ends `r` with an outcome and its reason (a function, not a per-call closure: this path runs a
 * million times a run).
 */
export function fail(r: Routed, outcome: Routed['outcome'], reason: OutcomeReason): Routed {
  r.outcome = outcome;
  r.reason = reason;
  return r;
}

/**
 * True when the LB hands packets to nodeIP:nodePort. With `ipMode: Proxy` kube-proxy does not
 * capture the LB IP, so the LB must deliver to the node port (or the Pod) (source: k8s-ipmode).
 */
export function deliversToNodePort(s: Scenario): boolean {
  return s.loadBalancer.delivery === 'nodePort' || (s.loadBalancer.ipMode ?? 'VIP') === 'Proxy';
}

/** The header the rules look at, reused for every connection. */
const packet = { srcIp: '', srcInt: 0, dstIp: '', dstPort: 0, srcLocal: false };

/** A fresh Routed to pass to routeConnection. */
export function newRouted(): Routed {
  return {
    ingress: -1,
    pod: -1,
    outcome: OUTCOME_CODE.OK,
    reason: 'served',
    source: SOURCE_KIND.NONE,
    ruleset: -1,
    endpoint: -1,
  };
}
