/**
 * The hop writer of a connection's trace: numbers the packets and their hops, keeps the
 * simulated clock (each hop adds its one-way latency), notes which header fields a hop changed
 * and which client information the packet's payload carries. trace.ts (iptables and nftables)
 * and ebpf/trace.ts walk the data path and tell it what happened; it only records.
 */
import type {
  Addr,
  ConnectionRecord,
  ConntrackEntry,
  Hop,
  HopMark,
  HopPayload,
  Ip,
  Outcome,
  OutcomeReason,
  PacketKind,
  RuleHit,
} from './types.ts';

/** One-way latencies in seconds (illustrative, only for ordering hops on the time axis). */
export const LATENCY = {
  clientLb: 0.005,
  lbNode: 0.0005,
  nodeNode: 0.0002,
  nodePod: 0.00005,
} as const;

/** A packet's addresses. */
export interface Header {
  src: Addr;
  dst: Addr;
}

/** How a connection ended at a hop. */
export type End = { outcome: Outcome; reason: OutcomeReason };

/** The header fields a hop rewrote. */
export function changedFields(a: Header, b: Header): Hop['changed'] {
  const out: Hop['changed'] = [];
  if (a.src.ip !== b.src.ip) out.push('src.ip');
  if (a.src.port !== b.src.port) out.push('src.port');
  if (a.dst.ip !== b.dst.ip) out.push('dst.ip');
  if (a.dst.port !== b.dst.port) out.push('dst.port');
  return out;
}

const round = (t: number): number => Math.round(t * 1e6) / 1e6;

/** Writes one hop of the current packet and moves the clock on by its latency. */
export type HopFn = (
  from: string,
  to: string,
  before: Header,
  after: Header,
  latency: number,
  rules: RuleHit[],
  marks: HopMark[],
  end?: End,
) => void;

/** The hop writer of one connection. */
export interface HopWriter {
  hops: Hop[];
  conntrack: ConntrackEntry[];
  /** The current packet's number (0 for the first). */
  packet(): number;
  /** The simulated time of the next hop. */
  now(): number;
  /** Starts the next packet, by default at the current time. */
  startPacket(kind: PacketKind, dir: 'request' | 'reply', at?: number): void;
  hop: HopFn;
  /** Client information the stream's first bytes carry (set for the first request DATA). */
  setPayload(p: HopPayload | undefined): void;
}

/**
 * A hop writer for a connection; `clientXff` is the X-Forwarded-For the client itself wrote
 * (shown on its first hop of the payload).
 */
export function hopWriter(record: ConnectionRecord, clientXff: readonly Ip[]): HopWriter {
  const hops: Hop[] = [];
  const conntrack: ConntrackEntry[] = [];
  let packet = -1;
  let hopInPacket = 0;
  let t = record.at;
  let kind: PacketKind = 'SYN';
  let direction: 'request' | 'reply' = 'request';
  let payload: HopPayload | undefined;
  const hop: HopFn = (from, to, before, after, latency, rules, marks, end) => {
    const h: Hop = {
      id: `c${record.id}-p${packet}-h${hopInPacket++}`,
      connection: record.id,
      packet,
      kind,
      direction,
      from,
      to,
      at: round(t),
      before: { src: { ...before.src }, dst: { ...before.dst } },
      after: { src: { ...after.src }, dst: { ...after.dst } },
      rules,
      changed: changedFields(before, after),
      marks,
    };
    if (payload && from === record.client && clientXff.length > 0) {
      h.payload = { xForwardedForIn: [...clientXff] };
    } else if (payload && from !== record.client) {
      const p: HopPayload = {};
      if (payload.proxyHeader) p.proxyHeader = payload.proxyHeader;
      if (payload.xForwardedForIn) p.xForwardedForIn = [...payload.xForwardedForIn];
      if (payload.xForwardedFor && marks.includes('delivered'))
        p.xForwardedFor = payload.xForwardedFor;
      if (p.proxyHeader || p.xForwardedFor || p.xForwardedForIn) h.payload = p;
    }
    if (end) {
      h.end = end.outcome;
      h.reason = end.reason;
    }
    hops.push(h);
    t += latency;
  };
  return {
    hops,
    conntrack,
    packet: () => packet,
    now: () => t,
    startPacket(k, dir, at = t) {
      packet++;
      hopInPacket = 0;
      kind = k;
      direction = dir;
      t = at;
    },
    hop,
    setPayload(p) {
      payload = p;
    },
  };
}
