/**
 * Engine versus kernel, per connection class. A class is (client, ingress node, via the LB or
 * straight to the node). Within a class the engine predicts a distribution: outcome kinds, the
 * Pod reached, the source address each Pod saw; the lab measures the same from real packets.
 * Pure: no node:* imports, so the comparison itself is unit-tested.
 *
 * Tolerance: Fisher's exact test of the two counts (x of n_l in the kernel, y of n_e in the
 * engine) against one shared true share; they disagree when either tail is below ALPHA / 2. An
 * exact test, not a normal approximation: a timeline phase's class has a few dozen connections,
 * where the normal tail is far too thin. The former rule (|p_lab − p_engine| within 4.5 standard
 * errors) failed a correct kernel in about 1 of 2,300 checks at n_l = 10 over six equal Pods; a
 * conformance run makes about 600 checks of shares between 0 and 1, and about 1 run in 70 failed
 * on noise alone. This test fails a correct kernel at most about once in a million checks at the
 * class sizes the lab uses (tests/lab/compare.test.ts sums it exactly). A share of exactly 0 or 1
 * must match exactly: a deterministic rule outcome may not vary at all.
 */
import type { ConnectionRecord, Outcome, OutcomeReason } from '../sim/types.ts';

/** Two-sided significance of Fisher's exact test at which a share disagrees. */
export const ALPHA = 1e-6;

/** What a client can observe about a connection. */
export type Kind = 'ok' | 'timeout' | 'refused' | 'reset' | 'unreachable' | 'error' | 'notRun';

/** The kind a client sees for an engine outcome (a silent DROP looks like a timeout). */
export function expectedKind(outcome: Outcome): Kind {
  switch (outcome) {
    case 'ok':
      return 'ok';
    case 'dropped':
    case 'timeout':
      return 'timeout';
    case 'reset':
      return 'refused';
  }
}

/** Kinds that count as the same observation (an RST and ICMP port-unreachable both refuse). */
function sameKind(a: Kind): Kind {
  return a === 'reset' ? 'refused' : a;
}

export interface LabConnection {
  id: number;
  client: string;
  ingressNode: string | null;
  direct: boolean;
  kind: Kind;
  pod: string | null;
  src: string | null;
}

interface ClassStats {
  n: number;
  kinds: Map<Kind, number>;
  reasons: Map<Kind, Set<OutcomeReason>>;
  pods: Map<string, number>;
  sources: Map<string, Set<string>>;
}

function empty(): ClassStats {
  return { n: 0, kinds: new Map(), reasons: new Map(), pods: new Map(), sources: new Map() };
}

export function classKey(client: string, ingress: string | null, direct: boolean): string {
  return `${client} → ${ingress ?? '–'}${direct ? ' (direct)' : ''}`;
}

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function statsOfEngine(records: readonly ConnectionRecord[]): Map<string, ClassStats> {
  const out = new Map<string, ClassStats>();
  for (const c of records) {
    const key = classKey(c.client, c.ingressNode, c.direct === true);
    const s = out.get(key) ?? empty();
    out.set(key, s);
    s.n++;
    const kind = expectedKind(c.outcome);
    bump(s.kinds, kind);
    const reasons = s.reasons.get(kind) ?? new Set<OutcomeReason>();
    reasons.add(c.reason);
    s.reasons.set(kind, reasons);
    if (c.outcome === 'ok' && c.pod) {
      bump(s.pods, c.pod);
      const srcs = s.sources.get(c.pod) ?? new Set<string>();
      if (c.sourceSeenByPod) srcs.add(c.sourceSeenByPod);
      s.sources.set(c.pod, srcs);
    }
  }
  return out;
}

function statsOfLab(records: readonly LabConnection[]): Map<string, ClassStats> {
  const out = new Map<string, ClassStats>();
  for (const c of records) {
    if (c.kind === 'notRun') continue;
    const key = classKey(c.client, c.ingressNode, c.direct);
    const s = out.get(key) ?? empty();
    out.set(key, s);
    s.n++;
    bump(s.kinds, sameKind(c.kind));
    if (c.kind === 'ok' && c.pod) {
      bump(s.pods, c.pod);
      const srcs = s.sources.get(c.pod) ?? new Set<string>();
      if (c.src) srcs.add(c.src);
      s.sources.set(c.pod, srcs);
    }
  }
  return out;
}

/** ln k! for k = 0 … n, grown on demand (classes hold at most tens of thousands of connections). */
const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++)
    logFactorials.push((logFactorials[k - 1] ?? 0) + Math.log(k));
  return logFactorials[n] ?? 0;
}

/**
 * One tail of Fisher's exact test: with `x` of `nLab` and `y` of `nEngine` connections showing
 * the same thing, P(X ≥ x) (upper) or P(X ≤ x) for the lab's count X when both sides share one
 * true share (hypergeometric: x + y successes among nLab + nEngine, nLab drawn).
 */
export function fisherTail(
  x: number,
  nLab: number,
  y: number,
  nEngine: number,
  upper: boolean,
): number {
  const total = nLab + nEngine;
  const hits = x + y;
  const logC = (n: number, k: number): number =>
    logFactorial(n) - logFactorial(k) - logFactorial(n - k);
  const lo = Math.max(0, hits - nEngine);
  const hi = Math.min(nLab, hits);
  const base = logC(total, nLab);
  let sum = 0;
  for (let k = upper ? x : lo; k <= (upper ? hi : x); k++)
    sum += Math.exp(logC(hits, k) + logC(total - hits, nLab - k) - base);
  return Math.min(1, sum);
}

/** Do y of nEngine and x of nLab connections show the same share (see the file comment)? */
export function countsAgree(y: number, nEngine: number, x: number, nLab: number): boolean {
  if (nLab === 0) return true;
  if (y === 0) return x === 0;
  if (y === nEngine) return x === nLab;
  const expected = ((x + y) * nLab) / (nLab + nEngine);
  return fisherTail(x, nLab, y, nEngine, x > expected) >= ALPHA / 2;
}

/**
 * One thing a side observed: an outcome kind, a Pod, a Pod with the sources it saw, or a count;
 * `share` (0…1) when it is a share of the class. The report formats it in the reader's language
 * (format.ts), so the comparison keeps numbers, not text.
 */
export interface Observed {
  name: string;
  share?: number;
}

export interface Check {
  /** 'outcome', 'pods', 'source' or 'presence'. */
  what: 'outcome' | 'pods' | 'source' | 'presence';
  ok: boolean;
  engine: readonly Observed[];
  lab: readonly Observed[];
  /** Connections the check looked at (set for the overall shares). */
  nEngine?: number;
  nLab?: number;
}

export interface ClassRow {
  key: string;
  /** The simulated instant of a timeline phase the row was measured in (phases.ts). */
  at?: number;
  nEngine: number;
  nLab: number;
  checks: Check[];
  ok: boolean;
}

function shares(m: Map<string, number>, n: number): Observed[] {
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, v]) => ({ name, share: v / Math.max(1, n) }));
}

/** Compare the engine's connections with the lab's, class by class. */
export function compareClasses(
  engine: readonly ConnectionRecord[],
  lab: readonly LabConnection[],
  minPresence = 8,
): ClassRow[] {
  const e = statsOfEngine(engine);
  const l = statsOfLab(lab);
  const engineTotal = { lb: 0, direct: 0 };
  const labTotal = { lb: 0, direct: 0 };
  for (const [k, s] of e) engineTotal[k.endsWith('(direct)') ? 'direct' : 'lb'] += s.n;
  for (const [k, s] of l) labTotal[k.endsWith('(direct)') ? 'direct' : 'lb'] += s.n;
  const keys = [...new Set([...e.keys(), ...l.keys()])].sort();
  return keys.map((key) => {
    const es = e.get(key) ?? empty();
    const ls = l.get(key) ?? empty();
    const checks: Check[] = [];
    const group = key.endsWith('(direct)') ? 'direct' : 'lb';
    // Presence: a class the engine never produces must not occur; one it expects should.
    const expectedInLab = (es.n / Math.max(1, engineTotal[group])) * labTotal[group];
    if (es.n === 0 || (ls.n === 0 && expectedInLab >= minPresence)) {
      checks.push({
        what: 'presence',
        ok: false,
        engine: [{ name: `${es.n}` }],
        lab: [{ name: `${ls.n}` }],
      });
    }
    if (es.n > 0 && ls.n > 0) {
      // Outcome kinds (with the engine's reasons for the record).
      const kinds = new Set([...es.kinds.keys(), ...ls.kinds.keys()]);
      const outcomeOk = [...kinds].every((k) =>
        countsAgree(es.kinds.get(k) ?? 0, es.n, ls.kinds.get(k) ?? 0, ls.n),
      );
      const engineKinds = [...es.kinds.entries()].map(([k, v]) => ({
        name: `${k}${reasonsText(es.reasons.get(k))}`,
        share: v / es.n,
      }));
      checks.push({
        what: 'outcome',
        ok: outcomeOk,
        engine: engineKinds,
        lab: shares(ls.kinds, ls.n),
      });
      // Pods reached and their shares among successful connections.
      const eOk = es.kinds.get('ok') ?? 0;
      const lOk = ls.kinds.get('ok') ?? 0;
      if (eOk > 0 || lOk > 0) {
        const pods = new Set([...es.pods.keys(), ...ls.pods.keys()]);
        const podsOk = [...pods].every((p) =>
          countsAgree(es.pods.get(p) ?? 0, eOk, ls.pods.get(p) ?? 0, lOk),
        );
        checks.push({
          what: 'pods',
          ok: podsOk,
          engine: shares(es.pods, eOk),
          lab: shares(ls.pods, lOk),
        });
        // The source address each Pod saw.
        const srcOk = [...ls.sources.entries()].every(([pod, srcs]) => {
          const want = es.sources.get(pod);
          return !!want && [...srcs].every((x) => want.has(x));
        });
        checks.push({
          what: 'source',
          ok: srcOk,
          engine: sources(es.sources),
          lab: sources(ls.sources),
        });
      }
    }
    return { key, nEngine: es.n, nLab: ls.n, checks, ok: checks.every((c) => c.ok) };
  });
}

function reasonsText(r: Set<OutcomeReason> | undefined): string {
  return r && r.size > 0 && !r.has('served') ? ` (${[...r].join(', ')})` : '';
}

function sources(m: Map<string, Set<string>>): Observed[] {
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pod, s]) => ({ name: `${pod}←${[...s].join('/')}` }));
}

/** A dash for a side that saw nothing. */
function orDash(items: Observed[]): Observed[] {
  return items.length > 0 ? items : [{ name: '–' }];
}

/** Overall per-Pod shares over the connections that came through the LB. */
export function overallShares(
  engine: readonly ConnectionRecord[],
  lab: readonly LabConnection[],
): Check {
  const eOk = engine.filter((c) => c.direct !== true && c.outcome === 'ok' && c.pod);
  const lOk = lab.filter((c) => !c.direct && c.kind === 'ok' && c.pod);
  const count = (pods: Array<string | null>): Map<string, number> => {
    const m = new Map<string, number>();
    for (const p of pods) if (p) bump(m, p);
    return m;
  };
  const em = count(eOk.map((c) => c.pod));
  const lm = count(lOk.map((c) => c.pod));
  const pods = new Set([...em.keys(), ...lm.keys()]);
  const ok = [...pods].every((p) =>
    countsAgree(em.get(p) ?? 0, eOk.length, lm.get(p) ?? 0, lOk.length),
  );
  return {
    what: 'pods',
    ok,
    engine: orDash(shares(em, eOk.length)),
    lab: orDash(shares(lm, lOk.length)),
    nEngine: eOk.length,
    nLab: lOk.length,
  };
}
