/**
 * Chain-name hashes. kube-proxy names chains with base32(sha256(servicePortName + protocol))[:16]
 * (`portProtoHash`), and KUBE-SEP chains additionally hash the endpoint. We use a small pure
 * 128-bit hash instead of sha256: the names look realistic and are stable, but they do NOT equal
 * the names a real kube-proxy would print.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Four-lane 32-bit string hash (cyrb128 style), pure and deterministic. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** 16 base32 characters (80 bits) derived from `text`, like kube-proxy's chain suffixes. */
export function chainSuffix(text: string): string {
  const lanes = hash128(text);
  let out = '';
  for (let i = 0; i < 16; i++) {
    // Take 5 bits at a time from the four lanes (i*5 bits in); 80 bits < 128 available.
    const bit = i * 5;
    const lane = lanes[Math.floor(bit / 32) % 4] ?? 0;
    const next = lanes[(Math.floor(bit / 32) + 1) % 4] ?? 0;
    const offset = bit % 32;
    const value =
      offset <= 27 ? (lane >>> offset) & 31 : ((lane >>> offset) | (next << (32 - offset))) & 31;
    out += BASE32[value] ?? 'A';
  }
  return out;
}
