/**
 * The two steps iptables and nftables mode both list when kube-proxy's masquerade rule matches a
 * marked packet: the jump into the rule, and the SNAT itself to the egress interface's address
 * (the bridge's for a Pod on the same node, the node's for one elsewhere).
 */
import type { RuleHit } from './types.ts';

/** The jump and the SNAT step of a matching masquerade rule. */
export function masqueradeHits(
  chain: string,
  jumpRule: RuleHit['rule'],
  snatRule: RuleHit['rule'],
  why: string,
  sameNode: boolean,
): RuleHit[] {
  return [
    { rule: jumpRule, chain, verdict: 'jump', why },
    {
      rule: snatRule,
      chain,
      verdict: 'snat',
      why: sameNode ? 'egressInterfaceBridge' : 'egressInterfaceNode',
    },
  ];
}
