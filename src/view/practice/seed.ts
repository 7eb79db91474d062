/**
 * The practice page's `?seed=N&family=F`: a puzzle is named by a non-negative integer below 2^31
 * and, optionally, its family (without one the seed picks the family: a mixed round), so a link
 * gives the same puzzle to anyone. Anything else is refused with a reason the page explains.
 */
import { isFamily, type FamilyId } from '../../sim/practiceFamilies';

/** The largest seed (the engine's property tests cover 0 … 2^31 − 1). */
export const MAX_SEED = 2 ** 31 - 1;

/** A seed read from the URL, or why there is none. */
export type SeedParse =
  | { ok: true; seed: number }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'invalid'; received: string };

/** Parses the `seed` query value (null: the parameter is absent). */
export function parseSeed(raw: string | null): SeedParse {
  if (raw === null || raw.trim() === '') return { ok: false, reason: 'missing' };
  const text = raw.trim();
  // Digits only: "1e3", "0x10", "-1", "7.5" and " 7abc" are not seeds.
  if (!/^\d{1,10}$/.test(text))
    return { ok: false, reason: 'invalid', received: text.slice(0, 40) };
  const seed = Number(text);
  if (seed > MAX_SEED) return { ok: false, reason: 'invalid', received: text.slice(0, 40) };
  return { ok: true, seed };
}

/** A fresh seed from a random number in [0, 1) (the page passes Math.random), never `avoid`. */
export function freshSeed(random: () => number, avoid?: number): number {
  for (let i = 0; i < 8; i++) {
    const seed = 1 + Math.floor(random() * (MAX_SEED - 1));
    if (seed !== avoid && seed >= 1 && seed <= MAX_SEED) return seed;
  }
  return avoid === 1 ? 2 : 1;
}

/** The `family` query value: a family, none (mixed), or one the page does not know. */
export function parseFamily(
  raw: string | null,
): { ok: true; family: FamilyId | null } | { ok: false; received: string } {
  if (raw === null || raw.trim() === '' || raw.trim() === 'mixed')
    return { ok: true, family: null };
  const text = raw.trim();
  return isFamily(text) ? { ok: true, family: text } : { ok: false, received: text.slice(0, 40) };
}

/** The page URL with `seed` and `family` set (mixed: no family; other parameters and the hash kept). */
export function withSeed(href: string, seed: number, family: FamilyId | null = null): string {
  const url = new URL(href);
  url.searchParams.set('seed', String(seed));
  if (family) url.searchParams.set('family', family);
  else url.searchParams.delete('family');
  return url.pathname + url.search + url.hash;
}
