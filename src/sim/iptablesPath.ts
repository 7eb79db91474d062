/**
 * kube-proxy in iptables mode behind the engine's data-path seam (dataPath.ts): the rule model
 * (kubeProxy.ts), its compiler (compileRules.ts), its walk and flow cache (ruleWalk.ts) and its
 * `iptables-restore` text (iptablesRestore.ts), packaged as one `NodeDataPath` per node and sync.
 */
import { compileRules, type SharedChains } from './compileRules.ts';
import { scriptedDraws, type DataPath, type PacketView, type Verdict } from './dataPath.ts';
import { iptablesRestore } from './iptablesRestore.ts';
import type { RuleSet, RuleTables } from './kubeProxy.ts';
import { evaluateCached, evaluatePostrouting, evaluateRules } from './ruleWalk.ts';
import type { RuleHit } from './types.ts';

/**
 * The walk of a recorded connection: a dry walk (every random rule fails) shows which policy
 * chain spreads this packet (a Pod source short-circuits to KUBE-SVC), then the walk is replayed
 * with the draw at the chosen endpoint's position succeeding.
 */
function traceRules(rs: RuleTables, p: PacketView, endpoint: number, hits: RuleHit[]): Verdict {
  const chosen = rs.endpoints[endpoint];
  const dry: RuleHit[] = [];
  evaluateRules(rs, p, () => false, dry);
  const spreadOver = dry.some((h) => h.rule === 'KUBE-SVL')
    ? rs.localEndpoints
    : rs.clusterEndpoints;
  const position = chosen ? spreadOver.findIndex((e) => e.pod === chosen.pod) : -1;
  const rand = scriptedDraws(position);
  return evaluateRules(rs, p, (probability) => rand() < probability, hits);
}

/** The iptables tables of one node with the seam's methods. */
function withSeam(rs: RuleTables): RuleSet {
  const out: RuleSet = Object.assign(rs, {
    kind: 'iptables' as const,
    evaluate: (p: PacketView, rand: () => number): Verdict =>
      evaluateCached(rs, evaluateRules, p, rand),
    trace: (p: PacketView, endpoint: number, hits: RuleHit[]): Verdict =>
      traceRules(rs, p, endpoint, hits),
    masquerade: (marked: boolean, sameNode: boolean, hits: RuleHit[] | null): boolean =>
      evaluatePostrouting(rs, marked, sameNode, hits),
    kernel: (header: readonly string[] = []) => {
      const text = iptablesRestore(rs, header);
      return {
        loader: 'iptables-restore' as const,
        text,
        rules: text.split('\n').filter((l) => l.startsWith('-A ')).length,
      };
    },
  });
  return out;
}

/** kube-proxy's iptables mode (the default `--proxy-mode`). */
export const IPTABLES: DataPath = {
  kind: 'iptables',
  compiler() {
    // Chains no node changes are shared by every node compiled from the same endpoint list.
    let shared: SharedChains | null = null;
    return (input) => {
      if (shared?.endpoints !== input.endpoints)
        shared = { endpoints: input.endpoints, chains: new Map() };
      return withSeam(compileRules({ ...input, shared }));
    };
  },
};
