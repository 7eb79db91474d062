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
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  // Plain locals and one typed array: the first run of a page hashes its chain names in the
  // interpreter, where array destructuring per round cost milliseconds.
  for (let b = 0; b < padded.length; b += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(b + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15] as number;
      const y = w[i - 2] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16] as number) + s0 + (w[i - 7] as number) + s1;
    }
    let a = h[0] as number;
    let bb = h[1] as number;
    let c = h[2] as number;
    let d = h[3] as number;
    let e = h[4] as number;
    let f = h[5] as number;
    let g = h[6] as number;
    let hh = h[7] as number;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] as number) + a;
    h[1] = (h[1] as number) + bb;
    h[2] = (h[2] as number) + c;
    h[3] = (h[3] as number) + d;
    h[4] = (h[4] as number) + e;
    h[5] = (h[5] as number) + f;
    h[6] = (h[6] as number) + g;
    h[7] = (h[7] as number) + hh;
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
