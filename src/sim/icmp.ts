/**
 * The Linux ICMP error rate limit, which decides whether kube-proxy's REJECT ("has no
 * endpoints") reaches the client at all. net/ipv4/icmp.c `icmpv4_xrlim_allow` limits
 * destination-unreachable errors per destination address with `inet_peer_xrlim_allow`
 * (net/ipv4/inetpeer.c): a token bucket of XRLIM_BURST_FACTOR × icmp_ratelimit, each error costs
 * icmp_ratelimit (net.ipv4.icmp_ratelimit, default 1000 ms), and a new peer starts with
 * `rate_last = jiffies - 60*HZ`, i.e. full. So one node answers one client address with at most
 * 6 errors at once and then 1 per second; further REJECTed SYNs get no answer.
 * Not modelled: the global limit (net.ipv4.icmp_msgs_per_sec 1000, burst 50), which the
 * per-address limit keeps out of reach unless many clients hit one node at once.
 * Source: linux-icmp-ratelimit.
 */

/** net.ipv4.icmp_ratelimit in seconds. */
export const ICMP_RATELIMIT_S = 1;
/** XRLIM_BURST_FACTOR in net/ipv4/inetpeer.c. */
export const XRLIM_BURST_FACTOR = 6;

/** A limiter for one run: `allow(host, dst, at)` says whether `host` may send an ICMP error to `dst` at time `at` (seconds, non-decreasing per host and dst). */
export function createIcmpLimiter(): (host: string, dst: string, at: number) => boolean {
  const peers = new Map<string, { tokens: number; last: number }>();
  const cap = XRLIM_BURST_FACTOR * ICMP_RATELIMIT_S;
  return (host, dst, at) => {
    const key = `${host}>${dst}`;
    const peer = peers.get(key) ?? { tokens: 0, last: at - 60 };
    peers.set(key, peer);
    peer.tokens = Math.min(cap, peer.tokens + (at - peer.last));
    peer.last = at;
    if (peer.tokens + 1e-9 < ICMP_RATELIMIT_S) return false;
    peer.tokens -= ICMP_RATELIMIT_S;
    return true;
  };
}
