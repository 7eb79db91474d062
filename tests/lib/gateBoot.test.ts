import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, QUESTION_SCRIPT, bootScript } from '../../src/lib/gateBoot';
import { firstHeld, gateState, isShown, skippedBy, type GateState } from '../../src/lib/gateState';
import type { BootData } from '../../src/lib/lessonSteps';

/** Runs the first-paint script against a stored progress text and a fragment. */
function boot(data: BootData, stored: string | null, hash: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
  const localStorage = {
    getItem: (k: string) => (k === PROGRESS_KEY ? stored : null),
  };
  const location = { hash };
  new Function('document', 'localStorage', 'location', bootScript(data))(
    document,
    localStorage,
    location,
  );
  return attrs;
}

const asAttrs = (s: GateState): Record<string, string> => ({
  'data-hop-gate': s.mode,
  'data-hop-settled': s.settled.join(' '),
  'data-hop-skipped': s.skipped.join(' '),
  'data-hop-open': s.open.join(' '),
});

const data: BootData = {
  l: 'lessons/why-snat',
  q: ['r1', 'a', 'b', 'c', 'd'],
  g: ['a', 'b', 'c', 'd'],
  a: { 'section-3': 2, 'predict-d': 3, recap: 4 },
};

describe('the first-paint script', () => {
  it('with nothing stored, every question holds back what follows it', () => {
    expect(boot(data, null, '')).toEqual({
      'data-hop-gate': 'on',
      'data-hop-settled': '',
      'data-hop-skipped': '',
      'data-hop-open': '',
    });
  });

  it('shows settled questions settled and remembers the switch per lesson', () => {
    const stored = JSON.stringify({
      answered: { a: { correct: true }, r1: { correct: false }, elsewhere: { correct: true } },
      skipped: { c: true },
      readAll: { 'lessons/why-snat': true, 'lessons/other': true },
    });
    expect(boot(data, stored, '')).toEqual({
      'data-hop-gate': 'all',
      'data-hop-settled': 'r1 a',
      'data-hop-skipped': 'c',
      'data-hop-open': 'r1 a c',
    });
  });

  it('a fragment opens the lesson up to its target and skips the questions before it', () => {
    expect(boot(data, null, '#section-3')['data-hop-open']).toBe('a b');
    expect(boot(data, null, '#recap')['data-hop-skipped']).toBe('a b c d');
    expect(boot(data, null, '#nowhere')['data-hop-open']).toBe('');
    expect(boot(data, null, '#%E0%A4%A')['data-hop-open']).toBe('');
  });

  it('survives anything stored and never reads inherited keys', () => {
    for (const stored of [
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      '{"answered":null,"skipped":7,"readAll":"x"}',
      '{"answered":{"constructor":1},"readAll":{"toString":true}}',
    ])
      expect(boot({ ...data, q: ['constructor'], l: 'toString' }, stored, '#constructor')).toEqual(
        expect.objectContaining({ 'data-hop-gate': stored.includes('toString') ? 'all' : 'on' }),
      );
    const inherited = boot({ ...data, q: ['constructor'], g: ['constructor'] }, '{}', '');
    expect(inherited['data-hop-settled']).toBe('');
  });

  it('decides as gateState does, over many random progress states', () => {
    let seed = 7;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 500; run++) {
      const answered = data.q.filter(() => rnd() < 0.3);
      const skipped = data.q.filter(() => rnd() < 0.2);
      const readAll = rnd() < 0.2;
      const anchors = ['', '#section-3', '#predict-d', '#recap'];
      const hash = anchors[Math.floor(rnd() * anchors.length)] ?? '';
      const stored = JSON.stringify({
        answered: Object.fromEntries(answered.map((id) => [id, { correct: rnd() < 0.5 }])),
        skipped: Object.fromEntries(skipped.map((id) => [id, true])),
        readAll: readAll ? { [data.l]: true } : {},
      });
      const expected = gateState({
        questions: data.q,
        gates: data.g,
        answered: new Set(answered),
        skipped: new Set(skipped),
        readAll,
        targetStep: data.a[hash.slice(1)] ?? 0,
      });
      expect(boot(data, stored, hash)).toEqual(asAttrs(expected));
    }
  });

  it('escapes "<" so the data cannot end the script element', () => {
    expect(bootScript({ ...data, a: { '</script><b>': 1 } })).not.toContain('</script>');
  });
});

describe('which questions hold the lesson back', () => {
  const gates = ['a', 'b', 'c'];
  it('the first question not settled or skipped holds everything after it', () => {
    expect(firstHeld(gates, new Set())).toBe(0);
    expect(firstHeld(gates, new Set(['a', 'c']))).toBe(1);
    expect(firstHeld(gates, new Set(gates))).toBe(-1);
  });
  it('a block shows when every question before it is open; a jump there skips the rest', () => {
    const open = new Set(['a']);
    expect(isShown(gates, open, 1)).toBe(true);
    expect(isShown(gates, open, 2)).toBe(false);
    expect(skippedBy(gates, open, 3)).toEqual(['b', 'c']);
    expect(skippedBy(gates, open, 0)).toEqual([]);
  });
});

describe('the script after each question', () => {
  function run(attrs: Record<string, string>, id = 'q1'): { classes: string[]; open: boolean } {
    const classes: string[] = [];
    const details = { open: false };
    const el = {
      getAttribute: (k: string) => (k === 'data-predict' ? id : null),
      classList: { add: (c: string) => classes.push(c) },
      querySelector: () => details,
    };
    const html = {
      hasAttribute: (k: string) => k in attrs,
      getAttribute: (k: string) => attrs[k] ?? null,
    };
    const document = { currentScript: { previousElementSibling: el }, documentElement: html };
    new Function('document', QUESTION_SCRIPT)(document);
    return { classes, open: details.open };
  }
  it('draws a settled question settled, with its answer open, before the first paint', () => {
    expect(run({ 'data-hop-gate': 'on', 'data-hop-settled': 'q0 q1' })).toEqual({
      classes: ['is-settled'],
      open: true,
    });
  });
  it('marks a skipped one, and leaves the rest (and pages without the boot script) alone', () => {
    expect(run({ 'data-hop-gate': 'on', 'data-hop-skipped': 'q1' }).classes).toEqual([
      'is-skipped',
    ]);
    expect(run({ 'data-hop-gate': 'on', 'data-hop-settled': 'q10' }).classes).toEqual([]);
    expect(run({}).classes).toEqual([]);
  });
});
