/**
 * Misses come back: a due list per practice family, kept in this browser only (localStorage,
 * `hop.practice.due.v1`). Leitner boxes: a round with a miss puts its family in box 1, due
 * today; a round without one moves it up a box, and the box decides when it is due again
 * (0, 1, 3, 7 or 21 days later). Pure functions over the stored value; the practice page and
 * the lessons' recall note (src/scripts/practiceDue.ts) read and write it.
 */
import { FAMILY_IDS, FAMILY_LESSONS, type FamilyId } from '../sim/practiceFamilies.ts';

/** The localStorage key (versioned: a later format gets a new key). */
export const DUE_KEY = 'hop.practice.due.v1';
/** Days until a family in box 1…5 is due again. */
export const BOX_DAYS = [0, 1, 3, 7, 21] as const;

/** One family's place in the boxes. */
export interface DueEntry {
  /** 1…5. */
  box: number;
  /** The day (days since 1970-01-01, local time) it is due. */
  due: number;
  /** Question ids missed in its last round with a miss. */
  missed: string[];
}

/** Every family seen so far. */
export type DueState = Partial<Record<FamilyId, DueEntry>>;

/** Today as a day number in the browser's time zone. */
export function dayOf(date: Date): number {
  return Math.floor((date.getTime() - date.getTimezoneOffset() * 60_000) / 86_400_000);
}

const int = (v: unknown, lo: number, hi: number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : null;

/** The stored text as a due list; anything malformed is dropped, nothing throws. */
export function parseDue(raw: string | null): DueState {
  if (!raw || raw.length > 20_000) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const out: DueState = {};
  for (const f of FAMILY_IDS) {
    const e = (data as Record<string, unknown>)[f];
    if (typeof e !== 'object' || e === null) continue;
    const r = e as Record<string, unknown>;
    const box = int(r['box'], 1, 5);
    const due = int(r['due'], 0, 10_000_000);
    if (box === null || due === null) continue;
    const missed = Array.isArray(r['missed'])
      ? r['missed'].filter((x): x is string => typeof x === 'string' && x.length < 40).slice(0, 10)
      : [];
    out[f] = { box, due, missed };
  }
  return out;
}

/** The list after a round of `family` on `today`: a miss sends it to box 1, due today. */
export function recordDue(
  state: DueState,
  family: FamilyId,
  missed: readonly string[],
  today: number,
): DueState {
  const was = state[family];
  // A miss: box 1, due today. Right: one box up (a new family starts in box 2, due tomorrow).
  const box = missed.length > 0 ? 1 : Math.min(5, (was?.box ?? 1) + 1);
  const due = today + (BOX_DAYS[box - 1] ?? 0);
  return { ...state, [family]: { box, due, missed: [...missed].slice(0, 10) } };
}

/** Families due on `today` (or overdue), the most overdue and lowest box first. */
export function dueToday(state: DueState, today: number): FamilyId[] {
  return FAMILY_IDS.filter((f) => {
    const e = state[f];
    return e !== undefined && e.due <= today;
  }).sort((a, b) => {
    const x = state[a];
    const y = state[b];
    return (x?.due ?? 0) - (y?.due ?? 0) || (x?.box ?? 0) - (y?.box ?? 0);
  });
}

/** Families due today that drill a lesson before `lesson` (what its recall questions cover). */
export function dueBefore(state: DueState, lesson: number, today: number): FamilyId[] {
  return dueToday(state, today).filter((f) => FAMILY_LESSONS[f] < lesson);
}
