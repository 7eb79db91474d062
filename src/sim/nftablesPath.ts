/**
 * kube-proxy in nftables mode behind the engine's data-path seam (dataPath.ts): the table model
 * (nftables.ts), its compiler (nftablesCompile.ts), its walk (nftablesWalk.ts, behind the flow
 * cache of ruleWalk.ts) and its `nft -f` script (nftablesText.ts), one `NodeDataPath` per node
 * and sync.
 */
import {
  scriptedDraws,
  type DataPath,
  type NodeDataPath,
  type PacketView,
  type Verdict,
} from './dataPath.ts';
import type { NftTables } from './nftables.ts';
import { compileNftables, type SharedNftChains } from './nftablesCompile.ts';
import { nftScript } from './nftablesText.ts';
import { evaluateNft, nftPostrouting } from './nftablesWalk.ts';
import { evaluateCached } from './ruleWalk.ts';
import type { RuleHit } from './types.ts';

/** kube-proxy's nftables data path on one node: its table and the engine's seam. */
export interface NftRuleSet extends NftTables, NodeDataPath {
  readonly kind: 'nftables';
}

/** Is this node's data path kube-proxy's nftables table (its chains and maps readable)? */
export function isNftables(rs: NodeDataPath): rs is NftRuleSet {
  return rs.kind === 'nftables';
}

/**
 * The walk of a recorded connection: a dry walk (every draw fails) shows whether a `local-`
 * chain spreads this packet, then the walk is replayed with the chosen endpoint's draw succeeding.
 */
function traceNft(t: NftTables, p: PacketView, endpoint: number, hits: RuleHit[]): Verdict {
  const chosen = t.endpoints[endpoint];
  const dry: RuleHit[] = [];
  evaluateNft(t, p, () => false, dry);
  const spreadOver = dry.some((h) => h.rule === 'local') ? t.localEndpoints : t.clusterEndpoints;
  const position = chosen ? spreadOver.findIndex((e) => e.pod === chosen.pod) : -1;
  const rand = scriptedDraws(position);
  return evaluateNft(t, p, (probability) => rand() < probability, hits);
}

function withSeam(t: NftTables): NftRuleSet {
  return Object.assign(t, {
    kind: 'nftables' as const,
    evaluate: (p: PacketView, rand: () => number): Verdict =>
      evaluateCached(t, evaluateNft, p, rand),
    trace: (p: PacketView, endpoint: number, hits: RuleHit[]): Verdict =>
      traceNft(t, p, endpoint, hits),
    masquerade: (marked: boolean, sameNode: boolean, hits: RuleHit[] | null): boolean =>
      nftPostrouting(t, marked, sameNode, hits),
    kernel: (header: readonly string[] = []) => ({
      loader: 'nft' as const,
      ...nftScript(t, header),
    }),
  });
}

/** kube-proxy's nftables mode (`--proxy-mode=nftables`). */
export const NFTABLES: DataPath = {
  kind: 'nftables',
  compiler() {
    // Chains no node changes are shared by every node compiled from the same endpoint list.
    let shared: SharedNftChains | null = null;
    return (input) => {
      if (shared?.endpoints !== input.endpoints)
        shared = { endpoints: input.endpoints, chains: new Map() };
      return withSeam(compileNftables(input, shared));
    };
  },
};
