/**
 * How a packet meets kube-proxy's nftables table: the hooks in priority order (filter at −110,
 * nat at −100, filter at 0), `jump` and `goto` as nftables defines them, verdict maps as lookups
 * and `numgen random mod n` drawn from the engine's seeded generator. The flow cache of
 * ruleWalk.ts sits in front of it, as for iptables.
 *
 * `numgen random mod n` picks one of n endpoints uniformly. The engine samples that index with
 * the draws the iptables statistic rules make (1/n, then 1/(n−1), …; uniform as well), so one
 * seed gives the same endpoint in both modes and the modes compare connection by connection
 * (source: linux-nft-numgen-uniform).
 */
import type { Draw, PacketView, Verdict } from './dataPath.ts';
import {
  numgenWhy,
  type NftChain,
  type NftElement,
  type NftFastRule,
  type NftMap,
  type NftMatch,
  type NftSet,
  type NftTables,
} from './nftables.ts';
import { enterChain, masqueradeHits } from './walkHits.ts';
import type { RuleHit } from './types.ts';

type Test = NftFastRule['test'];

/** One closure per match kind. */
function testOf(m: NftMatch, sets: Map<string, NftSet>): Test {
  switch (m.kind) {
    case 'ctNew':
      return () => true;
    case 'saddr': {
      const { mask, base, negate } = m;
      return (p) => ((p.srcInt & mask) >>> 0 === base) !== negate;
    }
    case 'daddrInSet': {
      const members = new Set(sets.get(m.set)?.elements ?? []);
      return (p) => members.has(p.dstIp);
    }
    case 'fibSaddrLocal':
      return (p) => p.srcLocal;
    case 'markClear':
      return (_p, marked) => !marked;
  }
}

/** Every rule of a chain prepared for the walk: its test, and the chains and map it uses. */
export function compileNftTests(
  c: NftChain,
  chains: Map<string, NftChain>,
  maps: Map<string, NftMap>,
  sets: Map<string, NftSet>,
): NftFastRule[] {
  return c.rules.map((rule) => {
    const tests = rule.match.map((m) => testOf(m, sets));
    const [a, b] = tests;
    // A loop, not tests.every(closure): no function allocated per packet.
    const test: Test = !a
      ? () => true
      : !b
        ? a
        : (p, marked, draw) => {
            for (const t of tests) if (!t(p, marked, draw)) return false;
            return true;
          };
    const s = rule.stmt;
    const to = s.kind === 'verdict' && 'chain' in s.verdict ? s.verdict.chain : null;
    const targets: NftChain[] = [];
    if (s.kind === 'numgen')
      for (const name of s.targets) {
        const t = chains.get(name);
        if (t) targets.push(t);
      }
    return {
      test,
      rule,
      next: to === null ? null : (chains.get(to) ?? null),
      map: s.kind === 'vmap' ? (maps.get(s.map) ?? null) : null,
      chains,
      targets,
    };
  });
}

/** An element's text as `nft list` prints it: `1.2.3.4 . tcp . 80 comment "ns/svc" : drop`. */
export function elementText(e: NftElement): string {
  const key = `${e.ip === null ? '' : `${e.ip} . `}tcp . ${e.port}`;
  const comment = e.comment === undefined ? '' : ` comment "${e.comment}"`;
  const v = e.verdict;
  return `${key}${comment} : ${'chain' in v ? `${v.kind} ${v.chain}` : v.kind}`;
}

type Step = 'done' | 'return';

/**
 * Walk one chain. A chain entered through a Service rule or map element is listed with that
 * element's why; a lookup that decides the packet is listed with the element it matched.
 */
function walk(
  chain: NftChain,
  entryWhy: string | null,
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
  st: Verdict,
): Step {
  const hit = enterChain(chain, entryWhy, hits);
  let matchedAny = false;
  for (const f of chain.fast) {
    if (!f.test(p, st.marked, draw)) continue;
    const s = f.rule.stmt;
    if (s.kind === 'vmap') {
      const e = f.map?.lookup.get(f.map.withAddress ? p.dstIp : '')?.get(p.dstPort);
      if (!e) continue; // no element: the rule does nothing, the next one runs
      matchedAny = true;
      const v = e.verdict;
      const listed: RuleHit | null =
        hits && chain.code
          ? {
              rule: chain.code,
              chain: chain.name,
              verdict: v.kind === 'goto' && v.chain !== 'reject-chain' ? 'jump' : 'drop',
              why: e.why,
              lookup: { map: f.map?.name ?? '', element: elementText(e) },
            }
          : null;
      if (hits && listed) hits.push(listed);
      if (v.kind === 'drop' || (v.kind === 'goto' && v.chain === 'reject-chain')) {
        st.kind = v.kind === 'drop' ? 'drop' : 'reject';
        if (listed) listed.verdict = st.kind;
        return 'done';
      }
      if (v.kind === 'goto' || v.kind === 'jump') {
        const next = f.chains.get(v.chain);
        const r = next ? walk(next, e.why, p, draw, hits, st) : 'return';
        if (r === 'done' || v.kind === 'goto') return r;
      }
      continue;
    }
    matchedAny = true;
    switch (s.kind) {
      case 'markSet':
        st.marked = true;
        if (hit) hit.verdict = 'mark';
        continue;
      case 'markUnset':
        continue;
      case 'masquerade':
        return 'done';
      case 'dnat':
        st.kind = 'dnat';
        st.endpoint = s.endpoint;
        if (hit) {
          hit.verdict = 'dnat';
          hit.why = f.rule.why;
        }
        return 'done';
      case 'numgen': {
        // numgen random mod n, sampled with the statistic rules' draws (see the module comment).
        const n = f.targets.length;
        let k = 0;
        while (k < n - 1 && !draw(1 / (n - k))) k++;
        if (hit) {
          hit.why = numgenWhy(k, n);
          hit.lookup = {
            map: `numgen random mod ${n}`,
            element: `${k} : goto ${f.targets[k]?.name ?? ''}`,
          };
        }
        const next = f.targets[k];
        return next ? walk(next, numgenWhy(k, n), p, draw, hits, st) : 'return';
      }
      case 'verdict': {
        const v = s.verdict;
        if (v.kind === 'return') return 'return';
        if (v.kind === 'drop' || v.kind === 'reject') {
          st.kind = v.kind;
          return 'done';
        }
        const why = f.rule.why === 'generic' ? null : f.rule.why;
        if (hit && why !== null && v.chain !== 'mark-for-masquerade') hit.why = why;
        const r = f.next ? walk(f.next, why, p, draw, hits, st) : 'return';
        // goto does not come back: when the chain it entered ends, this one ends too.
        if (r === 'done' || v.kind === 'goto') return r;
        continue;
      }
    }
  }
  // external- without its policy goto (no local endpoint): nothing matched, the chain ends.
  if (hit && !matchedAny && chain.code === 'external') hit.why = 'externalNoLocalEndpointsNft';
  return 'return';
}

/** Walk base chains in order until one decides the packet. */
function hooks(
  t: NftTables,
  names: readonly string[],
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
  st: Verdict,
): Step {
  for (const name of names) {
    const c = t.chains.get(name);
    if (c && walk(c, null, p, draw, hits, st) === 'done') return 'done';
  }
  return 'return';
}

const FROM_OUTSIDE = ['filter-prerouting-pre-dnat', 'nat-prerouting'] as const;
const FROM_NODE = ['filter-output-pre-dnat', 'nat-output'] as const;

/**
 * The first packet of a connection: the prerouting hooks (output hooks for a packet the node
 * sent), then, when nothing was DNATed, the filter chain at priority 0 of the hook it meets next
 * (input for a local destination, forward otherwise; output, then input, for the node's own).
 * A DNATed packet is done: its destination is now a Pod, which no filter map lists.
 */
export function evaluateNft(
  t: NftTables,
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
): Verdict {
  const st: Verdict = { kind: 'accept', endpoint: -1, marked: false };
  if (hooks(t, p.srcLocal ? FROM_NODE : FROM_OUTSIDE, p, draw, hits, st) === 'done') return st;
  if (p.srcLocal) {
    // The node's own packet: output, and when it stays on the node (lo) also input.
    if (hooks(t, ['filter-output'], p, draw, hits, st) === 'done') return st;
    if (p.dstIp === t.nodeIp || p.dstIp.startsWith('127.'))
      hooks(t, ['filter-input'], p, draw, hits, st);
    return st;
  }
  hooks(t, [p.dstIp === t.nodeIp ? 'filter-input' : 'filter-forward'], p, draw, hits, st);
  return st;
}

/**
 * nat-postrouting for a DNATed packet, walked over `masquerading`: return without the mark,
 * else clear it and `masquerade fully-random` (the source becomes the egress interface's address).
 */
export function nftPostrouting(
  t: NftTables,
  marked: boolean,
  sameNode: boolean,
  hits: RuleHit[] | null,
): boolean {
  for (const r of t.chains.get('masquerading')?.rules ?? []) {
    if (r.match.some((m) => m.kind === 'markClear') && !marked) {
      hits?.push({ rule: 'masquerading', chain: 'masquerading', verdict: 'accept', why: r.why });
      return false;
    }
    if (r.stmt.kind === 'masquerade') {
      hits?.push(...masqueradeHits('masquerading', 'masquerading', 'masquerade', r.why, sameNode));
      return true;
    }
  }
  return false;
}
