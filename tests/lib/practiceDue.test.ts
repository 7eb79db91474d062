/** Misses come back: the practice due list (Leitner boxes) and what it says on a given day. */
import { describe, expect, it } from 'vitest';
import {
  BOX_DAYS,
  dayOf,
  dueBefore,
  dueToday,
  parseDue,
  recordDue,
} from '../../src/lib/practiceDue';

describe('the practice due list', () => {
  it('a miss is due today; right answers push a family up a box and further out', () => {
    let s = recordDue({}, 'drain', ['window'], 100);
    expect(s.drain).toEqual({ box: 1, due: 100, missed: ['window'] });
    expect(dueToday(s, 100)).toEqual(['drain']);
    s = recordDue(s, 'drain', [], 100);
    expect(s.drain).toMatchObject({ box: 2, due: 100 + BOX_DAYS[1] });
    expect(dueToday(s, 100)).toEqual([]);
    expect(dueToday(s, 101)).toEqual(['drain']);
    for (let i = 0; i < 6; i++) s = recordDue(s, 'drain', [], 200);
    expect(s.drain?.box).toBe(5);
    expect(s.drain?.due).toBe(200 + BOX_DAYS[4]);
    s = recordDue(s, 'drain', ['shareAfter'], 300);
    expect(s.drain).toMatchObject({ box: 1, due: 300 });
  });

  it('lists the most overdue first, and for a lesson only what earlier lessons drill', () => {
    let s = recordDue({}, 'zones', ['shareA'], 10);
    s = recordDue(s, 'path', ['arrival'], 12);
    s = recordDue(s, 'ingress', ['xff'], 11);
    expect(dueToday(s, 12)).toEqual(['zones', 'ingress', 'path']);
    expect(dueBefore(s, 6, 12)).toEqual(['zones', 'path']);
    expect(dueBefore(s, 1, 12)).toEqual([]);
  });

  it('reads back what it stored and drops anything malformed', () => {
    const s = recordDue({}, 'metallb', ['arpNode'], 42);
    expect(parseDue(JSON.stringify(s))).toEqual(s);
    for (const raw of [
      null,
      '',
      '{',
      '[]',
      'null',
      '"x"',
      JSON.stringify({ bogus: { box: 1, due: 1 } }),
    ])
      expect(parseDue(raw)).toEqual({});
    expect(
      parseDue(
        JSON.stringify({
          drain: { box: 9, due: 1 },
          zones: { box: 2, due: -4 },
          local: { box: 2, due: 5, missed: [1, 'pods'] },
        }),
      ),
    ).toEqual({
      local: { box: 2, due: 5, missed: ['pods'] },
    });
    expect(parseDue('x'.repeat(30_000))).toEqual({});
  });

  it('counts days in the local time zone', () => {
    expect(dayOf(new Date(2026, 0, 2, 0, 5)) - dayOf(new Date(2026, 0, 1, 23, 55))).toBe(1);
  });
});
