/**
 * A run's connections, column by column (typed arrays), and the small integer codes the columns
 * and the fast path use. Its own module because the simulation writes the columns while the
 * summary, the flow-stability sampler and the cluster facts read them.
 */

/** Outcome codes in the columns, in the order of codes.ts OUTCOMES. */
export const OUTCOME_CODE = { OK: 0, TIMEOUT: 1, RESET: 2, DROPPED: 3 } as const;
export type OutcomeCode = (typeof OUTCOME_CODE)[keyof typeof OUTCOME_CODE];

/** The source address the Pod saw. */
export const SOURCE_KIND = {
  /** None (no Pod reached). */
  NONE: 0,
  /** The client's own address (no SNAT). */
  CLIENT: 1,
  /** The node's bridge address (cni0, .1): SNAT toward a Pod on the same node, bridge CNI. */
  BRIDGE: 2,
  /** The ingress node's address (SNAT toward another node, or a routed CNI). */
  NODE: 3,
} as const;
export type SourceKind = (typeof SOURCE_KIND)[keyof typeof SOURCE_KIND];

/** How a connection reaches its ingress node. */
export const PATH_KIND = {
  /** Through the load balancer. */
  LB: 0,
  /** Straight to the node's NodePort (a direct connection). */
  DIRECT: 1,
  /** A Pod on the ingress node calling the LB IP (captured on its own node). */
  POD: 2,
} as const;
export type PathKind = (typeof PATH_KIND)[keyof typeof PATH_KIND];

/** One run's connections, column by column. */
export interface Columns {
  count: number;
  at: Float64Array;
  endedAt: Float64Array;
  client: Int32Array;
  clientPort: Int32Array;
  /** Ingress node index, -1 when none. */
  ingress: Int32Array;
  /** Pod index, -1 when none. */
  pod: Int32Array;
  /** An OutcomeCode: index into OUTCOMES. */
  outcome: Uint8Array;
  /** Index into OUTCOME_REASONS. */
  reason: Uint8Array;
  /** A SourceKind. */
  source: Uint8Array;
  /** 1 for a direct connection (PATH_KIND.DIRECT), else 0. */
  direct: Uint8Array;
  /** Ruleset id on the ingress node (-1: no node evaluated rules). */
  ruleset: Int32Array;
  /** Endpoint index the rules DNATed to (-1: none). */
  endpoint: Int32Array;
}

/** Empty columns for `count` connections (no ingress, Pod, ruleset or endpoint yet). */
export function allocateColumns(count: number): Columns {
  return {
    count,
    at: new Float64Array(count),
    endedAt: new Float64Array(count),
    client: new Int32Array(count),
    clientPort: new Int32Array(count),
    ingress: new Int32Array(count).fill(-1),
    pod: new Int32Array(count).fill(-1),
    outcome: new Uint8Array(count),
    reason: new Uint8Array(count),
    source: new Uint8Array(count),
    direct: new Uint8Array(count),
    ruleset: new Int32Array(count).fill(-1),
    endpoint: new Int32Array(count).fill(-1),
  };
}
