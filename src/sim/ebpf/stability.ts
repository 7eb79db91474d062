/**
 * How a run's flows hold on to their backend on the eBPF data path, measured, not assumed: a
 * flow whose packets reach a node that has no conntrack entry for it (another node after an
 * upstream rehash, or any node after the backend set changed) gets whatever that node's
 * selection gives. With Maglev that is a table lookup, the same on every node with the same
 * backends and frontend address; with random selection it is a fresh draw. Two numbers:
 * - sameOnOtherNode: flows for which the next node would pick the same backend (t = 0 maps);
 * - moved: after the backend set changed (e.g. a drained node's Pods left), how many of the
 *   flows whose backend is still there a fresh lookup sends elsewhere.
 * The engine does not model the upstream rehash itself (source: ebpf-model-scope).
 */
import { ipToInt } from '../ip.ts';
import type { NodeDataPath } from '../dataPath.ts';
import type { Lifecycle } from '../lifecycle.ts';
import { createRng } from '../rng.ts';
import { OUTCOME_CODE } from '../columns.ts';
import type { FlowStability, Scenario } from '../types.ts';
import { PROTOCOL_NUMBER, toNodePortOf, uniformPick } from './route.ts';
import { flowHash, maglevPick } from './maglev.ts';

/** Flows measured per run at most (the first ones, deterministic). */
const SAMPLE = 20_000;

/** The columns this needs from a run. */
export interface FlowColumns {
  count: number;
  client: Int32Array;
  clientPort: Int32Array;
  ingress: Int32Array;
  outcome: Uint8Array;
  endpoint: Int32Array;
  ruleset: Int32Array;
  direct: Uint8Array;
}

/** Measure a finished eBPF run (null when it ran on kube-proxy or had no flows). */
export function flowStability(
  s: Scenario,
  lc: Lifecycle,
  cols: FlowColumns,
  seed: number,
): FlowStability | null {
  const first = new Map<string, NodeDataPath>();
  const last = new Map<string, NodeDataPath>();
  for (const rs of lc.rulesets) {
    if (!first.has(rs.node)) first.set(rs.node, rs);
    last.set(rs.node, rs);
  }
  const algorithm = lc.rulesets[0]?.ebpf?.config.algorithm;
  if (!algorithm) return null;
  const rng = createRng(seed, 7);
  const clientInts = s.clients.map((c) => ipToInt(c.ip));
  const nameCache = new Map<NodeDataPath, string>();
  const names = (rs: NodeDataPath): string => {
    let v = nameCache.get(rs);
    if (v === undefined)
      nameCache.set(rs, (v = (rs.ebpf?.extBackends ?? []).map((e) => e.podId).join(',')));
    return v;
  };
  const out: FlowStability = { algorithm, flows: 0, sameOnOtherNode: 0, kept: 0, moved: 0 };
  const n = s.nodes.length;
  for (let i = 0; i < cols.count && out.flows < SAMPLE; i++) {
    if (cols.outcome[i] !== OUTCOME_CODE.OK || cols.direct[i] === 1) continue;
    const node = s.nodes[cols.ingress[i] ?? -1];
    const rs = node ? first.get(node.id) : undefined;
    const m = rs?.ebpf;
    if (!node || !rs || !m || cols.ruleset[i] !== rs.id) continue;
    const backend = rs.endpoints[cols.endpoint[i] ?? -1];
    if (!backend || !m.extBackends.includes(backend)) continue;
    out.flows++;
    const client = {
      int: clientInts[cols.client[i] ?? 0] ?? 0,
      port: cols.clientPort[i] ?? 0,
    };
    const pick = (maps: NodeDataPath): string | undefined => {
      const e = maps.ebpf;
      if (!e || e.extBackends.length === 0) return undefined;
      if (!e.maglev) return e.extBackends[uniformPick(e.extBackends.length, rng.next)]?.podId;
      const dst = toNodePortOf(s) ? e.nodePort : e.vip;
      const hash = flowHash(
        client.int,
        client.port,
        dst.int,
        dst.port,
        PROTOCOL_NUMBER[e.config.protocol],
      );
      return e.extBackends[maglevPick(e.maglev, hash)]?.podId;
    };
    const other = s.nodes[((cols.ingress[i] ?? 0) + 1) % n];
    const otherRs = other ? first.get(other.id) : undefined;
    if (other && otherRs && pick(otherRs) === backend.podId) out.sameOnOtherNode++;
    const after = last.get(node.id);
    if (!after?.ebpf || names(after) === names(rs)) continue;
    if (!after.ebpf.extBackends.some((e) => e.podId === backend.podId)) continue;
    out.kept++;
    if (pick(after) !== backend.podId) out.moved++;
  }
  return out.flows > 0 ? out : null;
}
