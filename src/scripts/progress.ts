/**
 * Learner progress kept in this browser only: lessons visited, questions answered or skipped,
 * the lessons read without questions, and the one-line reasons a learner typed before checking.
 * Nothing of it leaves the device. Storage can be unavailable (private mode, blocked cookies);
 * every access is guarded. The first-paint script (src/lib/gateBoot.ts) reads the same key.
 */
import { PROGRESS_KEY } from '../lib/gateBoot';

/** How a question was settled. */
export interface Answer {
  /** Right on the first try. */
  correct: boolean;
  /** The options picked, in order (one or two; none for "Show me"). */
  picks?: number[];
}

export interface Progress {
  visited: Record<string, true>;
  answered: Record<string, Answer>;
  /** Questions skipped by following a link past them; they can still be answered. */
  skipped: Record<string, true>;
  /** Lessons (e.g. "lessons/why-snat") read without questions. */
  readAll: Record<string, true>;
  /** "Why do I think so?", per question, as typed (at most REASON_MAX characters). */
  reasons: Record<string, string>;
}

/** The longest reason kept (the text field has the same limit). */
export const REASON_MAX = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function trueKeys(value: unknown): Record<string, true> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v === true)
      .map(([k]) => [k, true as const]),
  );
}

function answerOf(value: unknown): Answer {
  if (!isRecord(value)) return { correct: false };
  const picks = Array.isArray(value['picks'])
    ? value['picks'].filter((n): n is number => Number.isInteger(n) && n >= 0 && n < 16).slice(0, 2)
    : [];
  return { correct: value['correct'] === true, ...(picks.length > 0 ? { picks } : {}) };
}

/** Reads progress from a stored JSON text, tolerating anything malformed. */
export function parseProgress(raw: string | null): Progress {
  const empty: Progress = { visited: {}, answered: {}, skipped: {}, readAll: {}, reasons: {} };
  if (!raw) return empty;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isRecord(data)) return empty;
  const visited = isRecord(data['visited']) ? data['visited'] : {};
  const answered = isRecord(data['answered']) ? data['answered'] : {};
  const reasons = isRecord(data['reasons']) ? data['reasons'] : {};
  return {
    visited: Object.fromEntries(Object.keys(visited).map((k) => [k, true as const])),
    answered: Object.fromEntries(Object.entries(answered).map(([k, v]) => [k, answerOf(v)])),
    skipped: trueKeys(data['skipped']),
    readAll: trueKeys(data['readAll']),
    reasons: Object.fromEntries(
      Object.entries(reasons).flatMap(([k, v]) =>
        typeof v === 'string' && v.trim() ? [[k, v.slice(0, REASON_MAX)]] : [],
      ),
    ),
  };
}

/** A record without one key (progress records are small). */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

/** Reads progress, tolerating missing storage and corrupt JSON. */
export function readProgress(): Progress {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(PROGRESS_KEY);
  } catch {
    // Storage blocked: start empty.
  }
  return parseProgress(raw);
}

/** Applies a change to the stored progress. */
export function updateProgress(change: (p: Progress) => void): void {
  const progress = readProgress();
  change(progress);
  try {
    window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or blocked: progress is a convenience, never a requirement.
  }
  window.dispatchEvent(new CustomEvent('hop:progress'));
}

/** Forgets all progress. */
export function resetProgress(): void {
  try {
    window.localStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  window.dispatchEvent(new CustomEvent('hop:progress'));
}
