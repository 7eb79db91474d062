import {
  isIptables,
  nodeRuleSets,
  runScenario,
  traceConnection,
  type RuleSet,
  type SimResult,
} from '../../src/sim/index.ts';

/** The iptables rule sets of a run per node (fails the test for another data path). */
export function iptablesRuleSets(result: SimResult): Record<string, RuleSet[]> {
  const out: Record<string, RuleSet[]> = {};
  for (const [node, list] of Object.entries(nodeRuleSets(result)))
    out[node] = list.map((rs) => {
      if (!isIptables(rs)) throw new Error(`${node}: ${rs.kind}, not iptables`);
      return rs;
    });
  return out;
}

/** Run a built-in scenario with overrides; fails the test on input issues. */
export function run(id: string, overrides: Record<string, string> = {}, seed = 1): SimResult {
  const r = runScenario(id, { seed, overrides });
  if (!r.ok) throw new Error(`issues: ${JSON.stringify(r.issues)}`);
  return r.result;
}

/** The rule codes of the SYN's hop into the ingress node. */
export function synRules(result: SimResult, id: number): string[] {
  const trace = traceConnection(result, id);
  const hop = trace?.hops.find((h) => h.packet === 0 && h.to === trace.record.ingressNode);
  return hop ? hop.rules.map((r) => r.rule) : [];
}
