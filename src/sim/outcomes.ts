/**
 * How a connection ends: the outcome and its reason, as types and as ordered lists (the columns
 * store indices into them). A leaf module, because params.ts (featured selectors), types.ts and
 * codes.ts all build on them.
 */

export type Outcome = 'ok' | 'timeout' | 'reset' | 'dropped';

/** Why a connection ended as it did; a stable code, translated by the views. */
export type OutcomeReason =
  | 'served'
  | 'noLocalEndpoints'
  | 'noEndpoints'
  | 'directReturnMismatch'
  | 'nodeOffline'
  | 'noHealthyBackends'
  | 'nodeWentDown'
  /** The node's (stale) rules sent the SYN to a Pod that has already exited. */
  | 'endpointGone'
  /** The rules sent the SYN to a Pod on a node that is off the network. */
  | 'endpointUnreachable'
  /** The load balancer reset an established flow once its node turned unhealthy (AWS NLB). */
  | 'lbReset'
  /** REJECT matched, but the kernel's ICMP rate limit swallowed the error (src/sim/icmp.ts). */
  | 'icmpRateLimited'
  /** A PROXY header reached a listener that does not parse it: it read it as the request. */
  | 'proxyHeaderUnexpected'
  /** The listener expects a PROXY header and got plain data ("broken header"); it closed. */
  | 'proxyHeaderMissing'
  /** MetalLB L2: no node was elected to answer ARP for the LB IP. */
  | 'noArpAnswer'
  /**
   * eBPF DSR behind an LB that rewrote the destination to nodeIP:nodePort: the backend node's
   * direct reply carries that address, which the client never dialled (src/sim/ebpf/).
   */
  | 'dsrReplyMismatch';

export const OUTCOMES: readonly Outcome[] = ['ok', 'timeout', 'reset', 'dropped'];

export const OUTCOME_REASONS: readonly OutcomeReason[] = [
  'served',
  'noLocalEndpoints',
  'noEndpoints',
  'directReturnMismatch',
  'nodeOffline',
  'noHealthyBackends',
  'nodeWentDown',
  'endpointGone',
  'endpointUnreachable',
  'lbReset',
  'icmpRateLimited',
  'proxyHeaderUnexpected',
  'proxyHeaderMissing',
  'noArpAnswer',
  'dsrReplyMismatch',
];
