/**
 * The practice families as the page lists them, without the engine (the page's main bundle
 * needs only this): their ids, the lesson each drills, and the family a mixed round's seed picks.
 */
import { createRng } from './rng.ts';
import { FAMILY_IDS, type FamilyId } from './practice/types.ts';

export { FAMILY_IDS, type FamilyId } from './practice/types.ts';

/** The lesson each family drills. */
export const FAMILY_LESSONS: Readonly<Record<FamilyId, number>> = {
  path: 1,
  cluster: 2,
  directReturn: 3,
  local: 4,
  balance: 5,
  zones: 5,
  metallb: 5,
  drain: 6,
  ipMode: 7,
  proxy: 8,
  ingress: 8,
};

/** Narrows a string (a URL parameter, a CLI flag) to a family id. */
export function isFamily(value: unknown): value is FamilyId {
  return typeof value === 'string' && (FAMILY_IDS as readonly string[]).includes(value);
}

/** The family of a mixed round: a seed picks one, every family equally often. */
export function mixedFamily(seed: number): FamilyId {
  return FAMILY_IDS[createRng(seed, 99).int(FAMILY_IDS.length)] ?? 'cluster';
}
