/** Practice progress in localStorage: counting, streaks, and storage that is missing or corrupt. */
import { describe, expect, it } from 'vitest';
import {
  emptyProgress,
  loadProgress,
  parseProgress,
  PRACTICE_KEY,
  recordRound,
  saveProgress,
} from '../../../src/islands/practice/progress';

class MemoryStorage implements Storage {
  data = new Map<string, string>();
  get length(): number {
    return this.data.size;
  }
  clear(): void {
    this.data.clear();
  }
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
}
class ThrowingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
}

describe('practice progress', () => {
  it('counts rounds and the streak of all-correct rounds, and keeps the best', () => {
    let p = emptyProgress();
    p = recordRound(p, 1, true);
    p = recordRound(p, 2, true);
    expect(p).toMatchObject({ rounds: 2, streak: 2, best: 2 });
    p = recordRound(p, 3, false);
    expect(p).toMatchObject({ rounds: 3, streak: 0, best: 2 });
    p = recordRound(p, 4, true);
    expect(p).toMatchObject({ rounds: 4, streak: 1, best: 2, graded: [1, 2, 3, 4] });
  });
  it('counts worked and partly worked rounds, but only solo rounds move the streak', () => {
    let p = recordRound(emptyProgress(), 1, true, false);
    p = recordRound(p, 2, true, false);
    expect(p).toMatchObject({ rounds: 2, streak: 0, best: 0 });
    p = recordRound(p, 3, true);
    p = recordRound(p, 4, false, false);
    expect(p).toMatchObject({ rounds: 4, streak: 1, best: 1 });
  });
  it('does not count a seed twice (a reload after grading)', () => {
    const p = recordRound(emptyProgress(), 7, true);
    expect(recordRound(p, 7, false)).toBe(p);
  });
  it('round-trips through storage', () => {
    const s = new MemoryStorage();
    const p = recordRound(recordRound(emptyProgress(), 5, true), 6, false);
    expect(saveProgress(s, p)).toBe(true);
    expect(loadProgress(s)).toEqual(p);
  });
  it('starts fresh on corrupt or foreign data', () => {
    for (const raw of ['{', 'null', '[]', '"x"', '42', '{"rounds":"lots"}', '{"rounds":-3}'])
      expect(parseProgress(raw), raw).toEqual(emptyProgress());
    // A streak longer than the rounds, a best below the streak, junk seeds: repaired.
    expect(
      parseProgress(
        JSON.stringify({ rounds: 2, streak: 9, best: 0, graded: [1, 'x', -2, 3.5, 4] }),
      ),
    ).toEqual({ rounds: 2, streak: 2, best: 2, graded: [1, 4] });
  });
  it('survives storage that is missing or throws', () => {
    expect(loadProgress(null)).toEqual(emptyProgress());
    expect(saveProgress(null, emptyProgress())).toBe(false);
    const s = new ThrowingStorage();
    expect(loadProgress(s)).toEqual(emptyProgress());
    expect(saveProgress(s, emptyProgress())).toBe(false);
  });
  it('keeps a bounded list of graded seeds', () => {
    let p = emptyProgress();
    for (let i = 0; i < 80; i++) p = recordRound(p, i, true);
    expect(p.rounds).toBe(80);
    expect(p.graded).toHaveLength(50);
    expect(p.graded.at(-1)).toBe(79);
    const s = new MemoryStorage();
    saveProgress(s, p);
    expect(JSON.parse(s.getItem(PRACTICE_KEY) ?? '{}')).toMatchObject({ rounds: 80, streak: 80 });
  });
});
