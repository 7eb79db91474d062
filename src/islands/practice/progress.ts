/**
 * Practice progress, in this browser only: rounds finished, the current streak of rounds with
 * all answers right, the best streak, and the last seed. Storage may be missing (private mode),
 * blocked (it throws) or hold anything (an old version, a hand edit): every access is guarded
 * and anything unreadable counts as a fresh start.
 */

/** What the page remembers between visits. */
export interface PracticeProgress {
  rounds: number;
  streak: number;
  best: number;
  /** Seeds already graded (the latest last, at most KEEP_SEEDS), so a reload does not count twice. */
  graded: number[];
}

/** The localStorage key (versioned: a later format gets a new key). */
export const PRACTICE_KEY = 'hop.practice.v1';
const KEEP_SEEDS = 50;

/** Nothing done yet. */
export const emptyProgress = (): PracticeProgress => ({
  rounds: 0,
  streak: 0,
  best: 0,
  graded: [],
});

const count = (v: unknown): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9 ? v : 0;

/** Reads stored JSON text; anything malformed gives a fresh start. */
export function parseProgress(raw: string | null): PracticeProgress {
  if (!raw) return emptyProgress();
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
  const graded = Array.isArray(d['graded'])
    ? d['graded'].filter((s): s is number => count(s) === s).slice(-KEEP_SEEDS)
    : [];
  return { rounds, streak, best: Math.max(count(d['best']), streak), graded };
}

/**
 * The progress after grading a round of `seed` (a seed graded before changes nothing). Only a
 * round the learner answered alone (`solo`) moves the streak: a worked example is right by
 * construction, and a partly worked one leaves two answers to the page.
 */
export function recordRound(
  p: PracticeProgress,
  seed: number,
  allCorrect: boolean,
  solo = true,
): PracticeProgress {
  if (p.graded.includes(seed)) return p;
  const streak = !solo ? p.streak : allCorrect ? p.streak + 1 : 0;
  return {
    rounds: p.rounds + 1,
    streak,
    best: Math.max(p.best, streak),
    graded: [...p.graded, seed].slice(-KEEP_SEEDS),
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

/** Reads the stored progress (fresh without storage). */
export function loadProgress(s: Storage | null): PracticeProgress {
  try {
    return parseProgress(s?.getItem(PRACTICE_KEY) ?? null);
  } catch {
    return emptyProgress();
  }
}

/** Stores progress; false when it could not be kept (the round still counts on this page). */
export function saveProgress(s: Storage | null, p: PracticeProgress): boolean {
  if (!s) return false;
  try {
    s.setItem(PRACTICE_KEY, JSON.stringify(p));
    return true;
  } catch {
    return false;
  }
}
