/**
 * Chain-name hashes exactly as kube-proxy computes them (pkg/proxy/iptables/proxier.go
 * `portProtoHash`, `servicePortEndpointChainName`): base32(sha256(text))[:16], with Go's
 * `base32.StdEncoding` alphabet. A small synchronous SHA-256 lives here because the engine may
 * not import node:crypto and WebCrypto is asynchronous.
 */

/**
 * SHA-256 constants (FIPS 180-4 §4.2.2, §5.3.3): the first 32 bits of the fractional parts of
 * the cube roots (K) and square roots (H0) of the first primes, computed instead of listed. A
 * double holds them exactly enough (the tests check the digest vectors).
 */
function constants(): { k: Uint32Array; h0: Uint32Array } {
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  const frac = (x: number): number => ((x - Math.floor(x)) * 0x100000000) >>> 0;
  return {
    k: Uint32Array.from(primes, (p) => frac(Math.cbrt(p))),
    h0: Uint32Array.from(primes.slice(0, 8), (p) => frac(Math.sqrt(p))),
  };
}
const { k: K, h0: H0 } = constants();

/** UTF-8 bytes of a string (Go hashes the string's bytes, which are UTF-8). */
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** SHA-256 (FIPS 180-4) of a byte array or of a string's UTF-8 bytes; returns 32 bytes. */
export function sha256(input: Uint8Array | string): Uint8Array {
  const data = typeof input === 'string' ? utf8(input) : input;
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number.
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(padded.length - 4, (data.length * 8) >>> 0);
  const h = Array.from(H0);
  const w: number[] = [];
  const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));
  for (let b = 0; b < padded.length; b += 64) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) w[i] = view.getUint32(b + i * 4);
      else {
        const x = w[i - 15] ?? 0;
        const y = w[i - 2] ?? 0;
        const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
        const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
        w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
      }
    }
    // The working variables a…h; each round shifts them by one and updates a and e.
    const v = [...h];
    for (let i = 0; i < 64; i++) {
      const [a = 0, bb = 0, c = 0, , e = 0, f = 0, g = 0, hh = 0] = v;
      const t1 =
        hh +
        (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
        ((e & f) ^ (~e & g)) +
        (K[i] ?? 0) +
        (w[i] ?? 0);
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
      v.pop();
      v.unshift((t1 + t2) >>> 0);
      v[4] = ((v[4] ?? 0) + t1) >>> 0;
    }
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (v[i] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((x, i) => outView.setUint32(i * 4, x));
  return out;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 with padding, as Go's `base32.StdEncoding.EncodeToString`. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31] ?? '';
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31] ?? '';
  while (out.length % 8 !== 0) out += '=';
  return out;
}

/** Suffixes already computed: every kube-proxy sync of every node names the same chains. */
const suffixes = new Map<string, string>();
/** Enough for a 5,000-endpoint Service on several ports; cleared, not grown, past it. */
const MAX_SUFFIXES = 50_000;

/** kube-proxy's 16-character chain suffix: base32(sha256(text))[:16] (memoized, pure). */
export function chainSuffix(text: string): string {
  const known = suffixes.get(text);
  if (known !== undefined) return known;
  const suffix = base32(sha256(text)).slice(0, 16);
  if (suffixes.size >= MAX_SUFFIXES) suffixes.clear();
  suffixes.set(text, suffix);
  return suffix;
}
