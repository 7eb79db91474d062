/**
 * Every code the your-cluster page turns into a sentence has one in both languages: verdicts,
 * outcome reasons, probe words, share-link errors, what-if kinds, tones and cloud sources.
 */
import { describe, expect, it } from 'vitest';
import de from '../../src/i18n/locales/cluster/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/cluster/en.json' with { type: 'json' };
import { VERDICT_CODES } from '../../src/cluster/codes.ts';
import { SHARE_ERRORS } from '../../src/cluster/shareLink.ts';
import { WHAT_IF_KINDS } from '../../src/cluster/whatIfs.ts';
import { OUTCOME_REASONS } from '../../src/sim/index.ts';

const keys = [
  ...VERDICT_CODES.map((c) => `cluster.verdict.${c}`),
  ...OUTCOME_REASONS.map((r) => `cluster.reason.${r}`),
  'cluster.probe.503',
  'cluster.probe.probe',
  ...SHARE_ERRORS.map((c) => `cluster.link.${c}`),
  ...WHAT_IF_KINDS.map((k) => `cluster.whatif.${k}`),
  ...['good', 'warn', 'bad'].map((t) => `cluster.tone.${t}`),
  ...['option', 'providerId', 'annotation', 'loadBalancerClass', 'none'].map(
    (s) => `cluster.report.source.${s}`,
  ),
];

describe('cluster messages', () => {
  for (const [lang, table] of [
    ['en', en],
    ['de', de],
  ] as const)
    it(`${lang}: a sentence for every code`, () => {
      const t = table as Record<string, string>;
      expect(keys.filter((k) => !t[k])).toEqual([]);
    });

  it('the German text is not the English one (no untranslated sentence)', () => {
    const same = Object.entries(en).filter(
      ([k, v]) => (de as Record<string, string>)[k] === v && /[a-z]{4,} [a-z]{4,}/.test(v),
    );
    expect(same).toEqual([]);
  });
});
