/**
 * The engine's nftables table of one node as an `nft -f` script, in the form kube-proxy's
 * transactions take (`add table`, `add set`, `add map`, `add chain`, `add rule`, `add element`;
 * knftables feeds nft exactly such lines, and proxier_test.go's expected rulesets are written in
 * it). It starts by deleting any earlier `ip kube-proxy` table in the same transaction, so loading
 * a later sync replaces the earlier one atomically. It prints the model the walk uses; nothing here
 * decides a rule.
 */
import {
  NFT_MASQ_MARK,
  NFT_TABLE,
  type NftChain,
  type NftMatch,
  type NftRule,
  type NftStatement,
  type NftTables,
} from './nftables.ts';
import { elementText } from './nftablesWalk.ts';

const T = `ip ${NFT_TABLE}`;

function matchText(m: NftMatch): string {
  switch (m.kind) {
    case 'ctNew':
      return 'ct state new';
    case 'saddr':
      return `ip saddr ${m.negate ? '!= ' : ''}${m.text}`;
    case 'daddrInSet':
      return `ip daddr @${m.set}`;
    case 'fibSaddrLocal':
      return 'fib saddr type local';
    case 'markClear':
      return `mark and ${NFT_MASQ_MARK} == 0`;
  }
}

function statementText(s: NftStatement, t: NftTables): string {
  switch (s.kind) {
    case 'verdict':
      return 'chain' in s.verdict ? `${s.verdict.kind} ${s.verdict.chain}` : s.verdict.kind;
    case 'vmap': {
      const key = t.maps.get(s.map)?.withAddress
        ? 'ip daddr . meta l4proto . th dport'
        : 'meta l4proto . th dport';
      return `${key} vmap @${s.map}`;
    }
    case 'numgen':
      return `numgen random mod ${s.targets.length} vmap { ${s.targets.map((c, i) => `${i} : goto ${c}`).join(' , ')} }`;
    case 'markSet':
      return `mark set mark or ${NFT_MASQ_MARK}`;
    case 'markUnset':
      return `mark set mark xor ${NFT_MASQ_MARK}`;
    case 'masquerade':
      return 'masquerade fully-random';
    case 'dnat':
      return `meta l4proto tcp dnat to ${s.to}`;
  }
}

/** One rule as nft prints it: matches, statement, comment. */
export function nftRuleText(r: NftRule, t: NftTables): string {
  const comment = r.comment === undefined ? '' : ` comment "${r.comment}"`;
  return [...r.match.map(matchText), statementText(r.stmt, t)].join(' ') + comment;
}

function chainLine(c: NftChain): string {
  const props = [
    ...(c.base ? [`type ${c.base.type} hook ${c.base.hook} priority ${c.base.priority} ;`] : []),
    ...(c.comment === undefined ? [] : [`comment "${c.comment}" ;`]),
  ];
  return `add chain ${T} ${c.name}${props.length > 0 ? ` { ${props.join(' ')} }` : ''}`;
}

/** The `nft -f` script of one node's table; `header` lines come first as `#` comments. */
export function nftScript(
  t: NftTables,
  header: readonly string[] = [],
): { text: string; rules: number } {
  const out: string[] = header.map((h) => `# ${h}`);
  out.push(
    `add table ${T}`,
    `delete table ${T}`,
    `add table ${T} { comment "rules for kube-proxy" ; }`,
  );
  for (const s of t.sets.values())
    out.push(`add set ${T} ${s.name} { type ipv4_addr ; comment "${s.comment}" ; }`);
  for (const m of t.maps.values()) {
    const type = `${m.withAddress ? 'ipv4_addr . ' : ''}inet_proto . inet_service : verdict`;
    out.push(`add map ${T} ${m.name} { type ${type} ; comment "${m.comment}" ; }`);
  }
  const chains = [...t.chains.values()];
  out.push(...chains.map(chainLine));
  let rules = 0;
  for (const c of chains)
    for (const r of c.rules) {
      out.push(`add rule ${T} ${c.name} ${nftRuleText(r, t)}`);
      rules++;
    }
  for (const s of t.sets.values())
    for (const e of s.elements) out.push(`add element ${T} ${s.name} { ${e} }`);
  for (const m of t.maps.values())
    for (const e of m.elements) out.push(`add element ${T} ${m.name} { ${elementText(e)} }`);
  return { text: `${out.join('\n')}\n`, rules };
}
