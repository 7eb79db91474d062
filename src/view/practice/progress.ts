/**
 * Practice progress, in this browser only: rounds finished (in all and per family, for the
 * fading of each family's rounds), the current streak of solo rounds with every answer right,
 * the best streak, and the rounds already graded. Storage may be missing (private mode), blocked
 * (it throws) or hold anything (an old version, a hand edit): every access is guarded and
 * anything unreadable counts as a fresh start.
 */
import { FAMILY_IDS, type FamilyId } from '../../sim/practiceFamilies';

/** What the page remembers between visits. */
export interface PracticeProgress {
  rounds: number;
  streak: number;
  best: number;
  /** Rounds graded per family (decides worked, partly worked or solo). */
  families: Partial<Record<FamilyId, number>>;
  /** Rounds already graded, as "seed:family" (the latest last, at most KEEP_ROUNDS). */
  graded: string[];
}

/** The localStorage key (versioned: a later format gets a new key). */
export const PRACTICE_KEY = 'hop.practice.v1';
const KEEP_ROUNDS = 50;

/** Nothing done yet. */
export const emptyProgress = (): PracticeProgress => ({
  rounds: 0,
  streak: 0,
  best: 0,
  families: {},
  graded: [],
});

const count = (v: unknown): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9 ? v : 0;

/** The name of a round in the graded list. */
export const roundName = (seed: number, family: FamilyId): string => `${seed}:${family}`;

/** Reads stored JSON text; anything malformed gives a fresh start. */
export function parseProgress(raw: string | null): PracticeProgress {
  if (!raw || raw.length > 20_000) return emptyProgress();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyProgress();
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return emptyProgress();
  const d = data as Record<string, unknown>;
  const rounds = count(d['rounds']);
  const streak = Math.min(count(d['streak']), rounds);
  const fam = typeof d['families'] === 'object' && d['families'] !== null ? d['families'] : {};
  const families: Partial<Record<FamilyId, number>> = {};
  for (const f of FAMILY_IDS) {
    const n = count((fam as Record<string, unknown>)[f]);
    if (n > 0) families[f] = n;
  }
  const graded = Array.isArray(d['graded'])
    ? d['graded']
        .filter((s): s is string => typeof s === 'string' && /^\d{1,10}:[A-Za-z]{1,20}$/.test(s))
        .slice(-KEEP_ROUNDS)
    : [];
  return { rounds, streak, best: Math.max(count(d['best']), streak), families, graded };
}

/** How many rounds of a family the learner has had graded. */
export function roundsOf(p: PracticeProgress, family: FamilyId): number {
  return p.families[family] ?? 0;
}

/**
 * The progress after grading a round (one graded before changes nothing). Only a round the
 * learner answered alone (`solo`) moves the streak: a worked example is right by construction,
 * and a partly worked one leaves half of the answers to the page.
 */
export function recordRound(
  p: PracticeProgress,
  seed: number,
  family: FamilyId,
  allCorrect: boolean,
  solo = true,
): PracticeProgress {
  const name = roundName(seed, family);
  if (p.graded.includes(name)) return p;
  const streak = !solo ? p.streak : allCorrect ? p.streak + 1 : 0;
  return {
    rounds: p.rounds + 1,
    streak,
    best: Math.max(p.best, streak),
    families: { ...p.families, [family]: roundsOf(p, family) + 1 },
    graded: [...p.graded, name].slice(-KEEP_ROUNDS),
  };
}

/** The browser's localStorage, or null when the page may not use it. */
export function storage(): Storage | null {
  try {
    const s = window.localStorage;
    // Safari's private mode once had a storage that threw on every write.
    const probe = `${PRACTICE_KEY}.probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/** Reads a stored value (null without storage or when reading throws). */
export function readStored(s: Storage | null, key: string): string | null {
  try {
    return s?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Reads the stored progress (fresh without storage). */
export function loadProgress(s: Storage | null): PracticeProgress {
  return parseProgress(readStored(s, PRACTICE_KEY));
}

/** Stores a value; false when it could not be kept (the round still counts on this page). */
export function writeStored(s: Storage | null, key: string, value: unknown): boolean {
  if (!s) return false;
  try {
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Stores progress; false when it could not be kept. */
export function saveProgress(s: Storage | null, p: PracticeProgress): boolean {
  return writeStored(s, PRACTICE_KEY, p);
}
