/**
 * Steps iptables and nftables mode both list the same way as their walks enter a chain and when
 * kube-proxy's masquerade rule matches a marked packet.
 */
import type { RuleHit } from './types.ts';

/**
 * Lists the jump into a chain that has a step code, when the walk names why it entered; the hit
 * (null when none) so that the walk can note the chain's outcome on it.
 */
export function enterChain(
  chain: { code: RuleHit['rule'] | null; name: string },
  entryWhy: string | null,
  hits: RuleHit[] | null,
): RuleHit | null {
  if (!hits || entryWhy === null || !chain.code) return null;
  const hit: RuleHit = { rule: chain.code, chain: chain.name, verdict: 'jump', why: entryWhy };
  hits.push(hit);
  return hit;
}

/**
 * The jump and the SNAT step of a matching masquerade rule: the source becomes the egress
 * interface's address (the bridge's for a Pod on the same node, the node's for one elsewhere).
 */
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
