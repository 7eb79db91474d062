/**
 * How a packet meets the rules: the per-packet walk over a node's compiled chains (nat
 * PREROUTING, then filter), and a flow cache in front of it. The rules stay the data path; the
 * cache only remembers, per packet header, where the walk went for each outcome of its
 * `statistic --mode random` draws, and replays the same draws, so a cached verdict is the walk's
 * verdict with the same random numbers consumed (tests/sim/ruleWalk.test.ts checks both).
 */
import type { Draw, PacketView, Verdict } from './dataPath.ts';
import { ipToInt } from './ip.ts';
import type { Chain, FastRule, Match, RuleTables } from './kubeProxy.ts';
import { enterChain, masqueradeHits } from './walkHits.ts';
import type { RuleHit } from './types.ts';

export type { Draw, PacketView, Verdict } from './dataPath.ts';

/** Conntrack state of the packet being matched: the first packet of a connection is NEW. */
const PACKET_CTSTATE = 'NEW';

type Test = FastRule['test'];

/** One closure per match kind: the walk calls a monomorphic function per rule. */
function testOf(m: Match, nodeIp: string): Test {
  switch (m.kind) {
    case 'dst': {
      const { ip, port } = m;
      return (p) => p.dstIp === ip && p.dstPort === port;
    }
    case 'dport': {
      const { port } = m;
      return (p) => p.dstPort === port;
    }
    case 'tcp':
      return () => true;
    case 'dstLocal':
      // The modelled packets target the node IP or the LB frontend (not local); a packet the
      // node sends itself may also target 127.0.0.0/8, local on every node.
      return (p) => p.dstIp === nodeIp || (p.srcLocal && p.dstIp.startsWith('127.'));
    case 'srcLocal':
      return (p) => p.srcLocal;
    case 'src': {
      const { mask, base, negate } = m;
      return (p) => ((p.srcInt & mask) >>> 0 === base) !== negate;
    }
    case 'dstCidr': {
      const { mask, base, negate } = m;
      return (p) => ((ipToInt(p.dstIp) & mask) >>> 0 === base) !== negate;
    }
    case 'random': {
      const { probability } = m;
      return (_p, _marked, draw) => draw(probability);
    }
    case 'mark': {
      const { negate } = m;
      return (_p, marked) => marked !== negate;
    }
    case 'ctstate': {
      const hit = m.states.split(',').includes(PACKET_CTSTATE) !== m.negate;
      return () => hit;
    }
  }
}

/** All matches of a rule as one test (matches are ANDed, evaluated in order). */
export function compileTest(match: readonly Match[], nodeIp: string): Test {
  const tests = match.map((m) => testOf(m, nodeIp));
  const [a, b] = tests;
  if (!a) return () => true;
  if (tests.length === 1) return a;
  if (tests.length === 2 && b) return (p, marked, draw) => a(p, marked, draw) && b(p, marked, draw);
  // A loop, not tests.every(closure): no function allocated per packet.
  return (p, marked, draw) => {
    for (const t of tests) if (!t(p, marked, draw)) return false;
    return true;
  };
}

/**
 * Evaluate the first packet of a connection: nat PREROUTING (OUTPUT for a packet the node sent),
 * then, when nothing was DNATed, the filter chain the packet meets next (INPUT for a local
 * destination, FORWARD otherwise, OUTPUT for the node's own). `rand` draws for `statistic --mode
 * random`; `hits` (when given) collects one RuleHit per Service chain traversed, in order
 * (generic jumps are not listed). Without `hits` the verdict comes through the flow cache (same
 * verdict, same draws).
 */
export function evaluateNew(
  rs: RuleTables,
  p: PacketView,
  rand: () => number,
  hits: RuleHit[] | null,
): Verdict {
  if (!hits) return evaluateCached(rs, evaluateRules, p, rand);
  return evaluateRules(rs, p, (probability) => rand() < probability, hits);
}

/** The walk itself, uncached: every rule's test in order, `draw` deciding each random match. */
export function evaluateRules(
  rs: RuleTables,
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
): Verdict {
  const state: Verdict = { kind: 'accept', endpoint: -1, marked: false };
  const pre = rs.nat.get(p.srcLocal ? 'OUTPUT' : 'PREROUTING');
  if (pre) walk(pre, null, p, draw, hits, state);
  if (state.kind === 'dnat') return state;
  const entry = rs.filter.get(p.srcLocal ? 'OUTPUT' : p.dstIp === rs.nodeIp ? 'INPUT' : 'FORWARD');
  if (entry) filterWalk(entry, p, draw, hits, state);
  return state;
}

// ---- the flow cache ---------------------------------------------------------------------------

/** A random match the walk met: which way it went decides what comes next. */
class FlowBranch {
  yes: Flow | undefined;
  no: Flow | undefined;
  constructor(readonly probability: number) {}
}
/** A header's recorded walk: a tree of random matches with the verdicts at its leaves. */
type Flow = FlowBranch | Readonly<Verdict>;

/** A data path's uncached walk over its compiled rules `R`. */
export type Walk<R> = (rs: R, p: PacketView, draw: Draw, hits: RuleHit[] | null) => Verdict;

/** Per rule set: source address → destination address → port and local bit → flow. */
const flowCache = new WeakMap<object, Map<number, Map<string, Map<number, Flow>>>>();
/** The draws of the packet being evaluated (reused: evaluation is synchronous). */
const taken: boolean[] = [];

function flowsOf(rs: object, p: PacketView): Map<number, Flow> {
  let bySrc = flowCache.get(rs);
  if (!bySrc) flowCache.set(rs, (bySrc = new Map()));
  let byDst = bySrc.get(p.srcInt);
  if (!byDst) bySrc.set(p.srcInt, (byDst = new Map()));
  let byPort = byDst.get(p.dstIp);
  if (!byPort) byDst.set(p.dstIp, (byPort = new Map()));
  return byPort;
}

/**
 * The walk's verdict for `p`, replayed from the cache when this header's path was seen. Any data
 * path whose walk depends only on the header and its random draws can sit behind it.
 */
export function evaluateCached<R extends object>(
  rs: R,
  walkRules: Walk<R>,
  p: PacketView,
  rand: () => number,
): Verdict {
  const flows = flowsOf(rs, p);
  const key = p.dstPort * 2 + (p.srcLocal ? 1 : 0);
  taken.length = 0;
  let f = flows.get(key);
  while (f instanceof FlowBranch) {
    const b = rand() < f.probability;
    taken.push(b);
    f = b ? f.yes : f.no;
  }
  const v = f ?? record(rs, walkRules, p, rand, flows, key);
  return { kind: v.kind, endpoint: v.endpoint, marked: v.marked };
}

/** Walk the rules for real (replaying the draws already made) and add the path to the tree. */
function record<R>(
  rs: R,
  walkRules: Walk<R>,
  p: PacketView,
  rand: () => number,
  flows: Map<number, Flow>,
  key: number,
): Verdict {
  const probabilities: number[] = [];
  const replay = taken.length;
  const draw: Draw = (probability) => {
    const i = probabilities.length;
    probabilities.push(probability);
    if (i < replay) return taken[i] === true;
    const b = rand() < probability;
    taken.push(b);
    return b;
  };
  const v = walkRules(rs, p, draw, null);
  const leaf: Readonly<Verdict> = { kind: v.kind, endpoint: v.endpoint, marked: v.marked };
  const [first] = probabilities;
  if (first === undefined) {
    flows.set(key, leaf);
    return v;
  }
  let node = flows.get(key);
  if (!(node instanceof FlowBranch)) flows.set(key, (node = new FlowBranch(first)));
  for (let i = 0; i < probabilities.length; i++) {
    const yes = taken[i] === true;
    const nextP = probabilities[i + 1];
    let child: Flow | undefined = yes ? node.yes : node.no;
    if (nextP === undefined) child = leaf;
    else if (!(child instanceof FlowBranch)) child = new FlowBranch(nextP);
    if (yes) node.yes = child;
    else node.no = child;
    if (!(child instanceof FlowBranch)) break;
    node = child;
  }
  return v;
}

/** Walk a filter chain until a terminal verdict; lists only a DROP/REJECT of a Service rule. */
function filterWalk(
  chain: Chain,
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
  state: Verdict,
): 'done' | 'return' {
  for (const f of chain.fast) {
    if (!f.test(p, state.marked, draw)) continue;
    const t = f.rule.target;
    if (t.kind === 'jump') {
      if (f.next && filterWalk(f.next, p, draw, hits, state) === 'done') return 'done';
      continue;
    }
    if (t.kind === 'return') return 'return';
    if (t.kind === 'drop' || t.kind === 'reject') {
      state.kind = t.kind;
      if (hits && !f.rule.generic && chain.code) {
        hits.push({ rule: chain.code, chain: chain.name, verdict: t.kind, why: f.rule.why });
      }
      return 'done';
    }
    if (t.kind === 'accept') return 'done';
  }
  return 'return';
}

/**
 * Walk one nat chain (recursing into jumps); 'done' once a DNAT decided the packet. A chain
 * entered through a Service rule is listed with the rule's why; a chain entered through a
 * generic jump (KUBE-SERVICES, KUBE-NODEPORTS) is listed only when one of its Service rules
 * jumps on.
 */
function walk(
  chain: Chain,
  entryWhy: string | null,
  p: PacketView,
  draw: Draw,
  hits: RuleHit[] | null,
  state: Verdict,
): 'done' | 'return' {
  const hit = enterChain(chain, entryWhy, hits);
  let matchedAny = false;
  for (const f of chain.fast) {
    if (!f.test(p, state.marked, draw)) continue;
    matchedAny = true;
    const rule = f.rule;
    const t = rule.target;
    if (t.kind === 'mark') {
      state.marked = true;
      if (hit) hit.verdict = 'mark';
      continue;
    }
    if (t.kind === 'dnat') {
      state.kind = 'dnat';
      state.endpoint = t.endpoint;
      if (hit) {
        hit.verdict = 'dnat';
        hit.why = rule.why;
      }
      return 'done';
    }
    if (t.kind === 'return') return 'return';
    if (t.kind === 'jump' && f.next) {
      const why = rule.generic ? null : rule.why;
      if (hits) {
        if (hit && why !== null && t.chain !== 'KUBE-MARK-MASQ') hit.why = why;
        if (!hit && why !== null && chain.code)
          hits.push({ rule: chain.code, chain: chain.name, verdict: 'jump', why });
      }
      if (walk(f.next, why, p, draw, hits, state) === 'done') return 'done';
    }
  }
  // KUBE-EXT without its policy jump (no local endpoint): nothing matched, the packet returns.
  if (hit && !matchedAny && chain.code === 'KUBE-EXT') hit.why = 'externalNoLocalEndpoints';
  return 'return';
}

/**
 * nat POSTROUTING for a DNATed packet, walked over the node's KUBE-POSTROUTING rules:
 * RETURN without the mark, else MASQUERADE (the source becomes the egress interface's address).
 */
export function evaluatePostrouting(
  rs: RuleTables,
  marked: boolean,
  sameNode: boolean,
  hits: RuleHit[] | null,
): boolean {
  const chain = rs.nat.get('KUBE-POSTROUTING');
  for (const rule of chain?.rules ?? []) {
    const m = rule.match[0];
    if (m && m.kind === 'mark' && marked === m.negate) continue;
    if (rule.target.kind === 'return') {
      hits?.push({
        rule: 'KUBE-POSTROUTING',
        chain: 'KUBE-POSTROUTING',
        verdict: 'accept',
        why: rule.why,
      });
      return false;
    }
    if (rule.target.kind === 'masquerade') {
      hits?.push(
        ...masqueradeHits('KUBE-POSTROUTING', 'KUBE-POSTROUTING', 'MASQUERADE', rule.why, sameNode),
      );
      return true;
    }
  }
  return false;
}
