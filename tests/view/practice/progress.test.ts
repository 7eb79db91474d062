/** Practice progress in localStorage: counting, streaks, and storage that is missing or corrupt. */
import { describe, expect, it } from 'vitest';
import {
  emptyProgress,
  loadProgress,
  parseProgress,
  PRACTICE_KEY,
  recordRound,
  saveProgress,
} from '../../../src/view/practice/progress';

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
    p = recordRound(p, 1, 'drain', true);
    p = recordRound(p, 2, 'drain', true);
    expect(p).toMatchObject({ rounds: 2, streak: 2, best: 2 });
    p = recordRound(p, 3, 'zones', false);
    expect(p).toMatchObject({ rounds: 3, streak: 0, best: 2 });
    p = recordRound(p, 4, 'drain', true);
    expect(p).toMatchObject({
      rounds: 4,
      streak: 1,
      best: 2,
      families: { drain: 3, zones: 1 },
      graded: ['1:drain', '2:drain', '3:zones', '4:drain'],
    });
  });
  it('counts worked and partly worked rounds, but only solo rounds move the streak', () => {
    let p = recordRound(emptyProgress(), 1, 'local', true, false);
    p = recordRound(p, 2, 'local', true, false);
    expect(p).toMatchObject({ rounds: 2, streak: 0, best: 0 });
    p = recordRound(p, 3, 'local', true);
    p = recordRound(p, 4, 'path', false, false);
    expect(p).toMatchObject({ rounds: 4, streak: 1, best: 1 });
  });
  it('does not count a round twice (a reload after grading); the same seed in another family counts', () => {
    const p = recordRound(emptyProgress(), 7, 'drain', true);
    expect(recordRound(p, 7, 'drain', false)).toBe(p);
    expect(recordRound(p, 7, 'zones', false).rounds).toBe(2);
  });
  it('round-trips through storage', () => {
    const s = new MemoryStorage();
    const p = recordRound(recordRound(emptyProgress(), 5, 'metallb', true), 6, 'proxy', false);
    expect(saveProgress(s, p)).toBe(true);
    expect(loadProgress(s)).toEqual(p);
  });
  it('starts fresh on corrupt or foreign data', () => {
    for (const raw of ['{', 'null', '[]', '"x"', '42', '{"rounds":"lots"}', '{"rounds":-3}'])
      expect(parseProgress(raw), raw).toEqual(emptyProgress());
    // A streak longer than the rounds, a best below the streak, junk seeds: repaired.
    expect(
      parseProgress(
        JSON.stringify({
          rounds: 2,
          streak: 9,
          best: 0,
          families: { drain: 2, bogus: 4, zones: -1 },
          graded: ['1:drain', 'x', 7, '2:<b>', '4:zones'],
        }),
      ),
    ).toEqual({
      rounds: 2,
      streak: 2,
      best: 2,
      families: { drain: 2 },
      graded: ['1:drain', '4:zones'],
    });
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
    for (let i = 0; i < 80; i++) p = recordRound(p, i, 'cluster', true);
    expect(p.rounds).toBe(80);
    expect(p.graded).toHaveLength(50);
    expect(p.graded.at(-1)).toBe('79:cluster');
    const s = new MemoryStorage();
    saveProgress(s, p);
    expect(JSON.parse(s.getItem(PRACTICE_KEY) ?? '{}')).toMatchObject({ rounds: 80, streak: 80 });
  });
});
