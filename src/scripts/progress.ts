/**
 * Learner progress kept in this browser only: lessons visited and questions answered.
 * Storage can be unavailable (private mode, blocked cookies); every access is guarded.
 */
export interface Progress {
  visited: Record<string, true>;
  answered: Record<string, { correct: boolean }>;
}

const KEY = 'hop.progress.v1';

/** Reads progress, tolerating missing storage and corrupt JSON. */
export function readProgress(): Progress {
  const empty: Progress = { visited: {}, answered: {} };
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return empty;
    const data: unknown = JSON.parse(raw);
    if (typeof data !== 'object' || data === null) return empty;
    const visited = 'visited' in data && isRecord(data.visited) ? data.visited : {};
    const answered = 'answered' in data && isRecord(data.answered) ? data.answered : {};
    return {
      visited: Object.fromEntries(Object.keys(visited).map((k) => [k, true as const])),
      answered: Object.fromEntries(
        Object.entries(answered).map(([k, v]) => [
          k,
          { correct: isRecord(v) && v['correct'] === true },
        ]),
      ),
    };
  } catch {
    return empty;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies a change to the stored progress. */
export function updateProgress(change: (p: Progress) => void): void {
  const progress = readProgress();
  change(progress);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Storage full or blocked: progress is a convenience, never a requirement.
  }
  window.dispatchEvent(new CustomEvent('hop:progress'));
}

/** Forgets all progress. */
export function resetProgress(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  window.dispatchEvent(new CustomEvent('hop:progress'));
}
