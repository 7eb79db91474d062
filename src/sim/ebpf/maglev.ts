/**
 * Maglev consistent hashing as Cilium's agent builds it for a Service (source: cilium-maglev):
 * every backend gets a permutation of the M table slots from two hashes of its name (offset =
 * h1 mod M, skip = h2 mod (M − 1) + 1), and the backends take turns claiming their next free
 * slot until the table is full. A new flow's backend is the slot its 5-tuple hashes to. Every
 * node computes the same table from the same backend list, so a flow gets the same backend
 * whichever node receives it, and removing one backend moves few of the other backends' slots.
 *
 * The hashes are our own (a 32-bit murmur3 finaliser), not Cilium's murmur3-128 and jhash with
 * its seed: the slot a given flow lands in differs from a real node's; the properties do not.
 */

import { MAGLEV_TABLE_SIZE } from './codes.ts';

export { MAGLEV_TABLE_SIZE };

/** murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded 32-bit hash of a string (murmur3-style mixing of its UTF-16 code units). */
export function hashString(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return fmix((h ^ text.length) >>> 0);
}

/** The 32-bit hash of a flow's 5-tuple (addresses as 32-bit numbers), the input of the lookup. */
export function flowHash(
  srcIp: number,
  srcPort: number,
  dstIp: number,
  dstPort: number,
  protocol: number,
): number {
  let h = fmix((srcIp ^ 0x9e3779b9) >>> 0);
  h = fmix((h ^ dstIp) >>> 0);
  h = fmix((h ^ (((srcPort & 0xffff) << 16) | (dstPort & 0xffff))) >>> 0);
  return fmix((h ^ protocol) >>> 0);
}

/**
 * The lookup table of size `m` (a prime) for these backend names: each slot holds the index of
 * a backend in `names`. Empty for no backends. The names are taken in the order given; callers
 * sort them so that every node builds the same table.
 */
export function maglevTable(names: readonly string[], m: number = MAGLEV_TABLE_SIZE): Int32Array {
  const n = names.length;
  if (n === 0) return new Int32Array(0);
  const offset = new Float64Array(n);
  const skip = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const name = names[i] ?? '';
    offset[i] = hashString(name, 0x2d358dcc) % m;
    skip[i] = (hashString(name, 0x7a3f1c55) % (m - 1)) + 1;
  }
  const next = new Float64Array(n);
  const entry = new Int32Array(m).fill(-1);
  let filled = 0;
  // Round robin: backend i claims the first free slot of its permutation (offset + j·skip) mod m.
  while (filled < m) {
    for (let i = 0; i < n && filled < m; i++) {
      const o = offset[i] ?? 0;
      const s = skip[i] ?? 1;
      let j = next[i] ?? 0;
      let c = (o + j * s) % m;
      while ((entry[c] ?? -1) >= 0) {
        j++;
        c = (o + j * s) % m;
      }
      entry[c] = i;
      next[i] = j + 1;
      filled++;
    }
  }
  return entry;
}

/** The backend index a flow hash selects in a table (−1 for an empty table). */
export function maglevPick(table: Int32Array, hash: number): number {
  if (table.length === 0) return -1;
  return table[hash % table.length] ?? -1;
}

/** The slot a flow hash selects (for the inspector: "slot 4711 of 16381"). */
export function maglevSlot(table: Int32Array, hash: number): number {
  return table.length === 0 ? -1 : hash % table.length;
}
