/**
 * The practice page's pure pieces: a draft to answers (numbers in either language, fractions
 * for shares), what is still open, worked answers filled in, answers in words, and where a
 * window falls in its band (which timing gives it).
 */
import { describe, expect, it } from 'vitest';
import {
  answersOf,
  answerText,
  draftWith,
  emptyDraft,
  keyText,
  missing,
  timingFor,
} from '../../../src/view/practice/draft';
import { phraseText } from '../../../src/lib/practiceText';
import {
  generatePuzzle,
  solvePuzzle,
  type QuestionSpec,
  type WindowBand,
} from '../../../src/sim/practice';
import en from '../../../src/i18n/locales/practice/en.json';
import de from '../../../src/i18n/locales/practice/de.json';
import { trOfTable } from '../../../src/view/flow/trClient';

const tr = (table: Record<string, string>) => trOfTable('en', table);

const share: QuestionSpec = {
  id: 'share',
  kind: 'number',
  unit: 'percent',
  moment: 'run',
  prompt: { key: 'practice.q.share', vars: { pod: 'pod-a' } },
  aimedAt: [],
};
const pods: QuestionSpec = {
  id: 'pods',
  kind: 'multi',
  moment: 'run',
  prompt: { key: 'practice.q.local.pods' },
  options: [
    {
      value: 'pod-a',
      label: { key: 'practice.opt.podOnNode', vars: { pod: 'pod-a', node: 'node-1' } },
    },
    {
      value: 'pod-b',
      label: { key: 'practice.opt.podOnNode', vars: { pod: 'pod-b', node: 'node-2' } },
    },
  ],
  aimedAt: [],
};

describe('a practice draft', () => {
  it('turns typed numbers and fractions into answers; an empty set is an answer', () => {
    const d = { ...emptyDraft([share, pods]), share: '1/3' };
    expect(missing(d, [share, pods])).toEqual([]);
    const a = answersOf(d, [share, pods]);
    expect(a['share']).toBeCloseTo(33.333, 2);
    expect(a['pods']).toEqual([]);
    expect(missing({ ...d, share: '120' }, [share])).toEqual([share]);
    expect(missing({ ...d, share: 'abc' }, [share])).toEqual([share]);
    expect(answersOf({ share: '33,3' }, [share])['share']).toBe(33.3);
  });

  it('fills in the given answers in the page language', () => {
    const p = generatePuzzle(3, 'balance');
    const key = solvePuzzle(p);
    const d = draftWith(emptyDraft(p.questions), key, ['shareBusy'], 'de');
    const v = key.find((k) => k.id === 'shareBusy')?.answer as number;
    expect(d['shareBusy']).toBe(Number.isInteger(v) ? String(v) : String(v).replace('.', ','));
    expect(d['shareQuiet']).toBe('');
  });

  it('says answers in words, with the accepted range for a number', () => {
    expect(answerText(tr(en), 'en', pods, ['pod-b', 'pod-a'])).toBe(
      'pod-b on node-2 and pod-a on node-1',
    );
    expect(answerText(tr(de), 'de', pods, [])).toBe('keiner');
    expect(answerText(tr(de), 'de', share, 12.5)).toBe('12,5\u00a0%');
    const k = {
      id: 'share',
      kind: 'number' as const,
      moment: 'run' as const,
      answer: 12.5,
      accepted: [12.3, 12.7] as [number, number],
      explanation: { key: 'x' },
    };
    expect(keyText(tr(en), 'en', share, k)).toBe('12.5\u00a0% (accepted: 12.3 to 12.7\u00a0%)');
  });

  it('finds the timing that gives a window, and none outside the band', () => {
    const band: WindowBand = {
      lo: 6.2,
      hi: 21.4,
      loPhase: 6.001,
      hiPhase: 5.999,
      samples: [
        [0, 15.7],
        [5.999, 21.4],
        [6.001, 6.2],
        [9.999, 9.8],
      ],
    };
    expect(timingFor(band, 18)).toBeCloseTo((2.3 * 5.999) / 5.7, 2);
    expect(timingFor(band, 8)).toBeCloseTo(6.001 + (1.8 * 3.998) / 3.6, 2);
    expect(timingFor(band, 30)).toBeNull();
    expect(timingFor(band, 1)).toBeNull();
  });

  it('writes a phrase in the reader language, lists and message references included', () => {
    const p = {
      key: 'practice.why.arpLocal',
      vars: { order: 'node-2 → node-1', node: 'node-2', eligible: ['node-2', 'node-1'] },
    };
    expect(phraseText(tr(de), 'de', p)).toContain('node-2 und node-1');
    expect(
      phraseText(tr(en), 'en', {
        key: 'practice.setup.lbCloud',
        vars: { preset: '@practice.preset.gcp' },
      }),
    ).toBe(
      'Load balancer: Google Cloud passthrough Network Load Balancer (GCE provider defaults).',
    );
  });
});
