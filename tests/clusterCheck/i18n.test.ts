/**
 * Every code the your-cluster page turns into a sentence has one in both languages: verdicts,
 * outcome reasons, probe words, share-link errors, what-if kinds, tones and cloud sources.
 */
import { describe, expect, it } from 'vitest';
import de from '../../src/i18n/locales/cluster/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/cluster/en.json' with { type: 'json' };
import { REMEDY_CODES, VERDICT_CODES } from '../../src/clusterCheck/codes.ts';
import { PROBE_KIND_NAMES } from '../../src/sim/params.ts';
import { SHARE_ERRORS } from '../../src/clusterCheck/shareLink.ts';
import { WHAT_IF_KINDS } from '../../src/clusterCheck/whatIfs.ts';
import { OUTCOME_REASONS } from '../../src/sim/index.ts';

/** Node roles name themselves in the counted `nodesMore` verdict. */
const ROLE_CODES = VERDICT_CODES.filter(
  (c) => c.startsWith('node') && !['nodesMore', 'nodesNotInPath', 'nodeTakenOut'].includes(c),
);

const keys = [
  ...OUTCOME_REASONS.map((r) => `cluster.reason.${r}`),
  ...['503', 'probe', 'healthz503', 'deregistered'].map((p) => `cluster.probe.${p}`),
  ...ROLE_CODES.map((c) => `cluster.role.${c}`),
  ...REMEDY_CODES.map((c) => `cluster.remedy.${c}`),
  ...PROBE_KIND_NAMES.map((k) => `cluster.probeKind.${k}`),
  ...SHARE_ERRORS.map((c) => `cluster.link.${c}`),
  ...WHAT_IF_KINDS.map((k) => `cluster.whatif.${k}`),
  ...['good', 'warn', 'bad'].map((t) => `cluster.tone.${t}`),
  ...['option', 'providerId', 'annotation', 'loadBalancerClass', 'finalizer', 'none'].map(
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
      // A verdict has one sentence, or i18next's plural pair (picked by its count).
      const missing = VERDICT_CODES.filter((c) => {
        const k = `cluster.verdict.${c}`;
        return !t[k] && !(t[`${k}_one`] && t[`${k}_other`]);
      });
      expect(missing).toEqual([]);
    });

  it('the German text is not the English one (no untranslated sentence)', () => {
    const same = Object.entries(en).filter(
      ([k, v]) => (de as Record<string, string>)[k] === v && /[a-z]{4,} [a-z]{4,}/.test(v),
    );
    expect(same).toEqual([]);
  });
});
