import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  HOP_MARKS,
  ISSUE_CODES,
  OUTCOMES,
  OUTCOME_REASONS,
  PACKET_KINDS,
  PROBE_KINDS,
  RULE_CODES,
  RULE_WHYS,
  VERDICTS,
  DATA_PATH_KINDS,
  scenarioIds,
  whyKey,
} from '../../src/sim/index.ts';
import { run } from './helpers.ts';

const area = (name: string, lang: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${name}/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
// The eBPF data path's codes live in their own area, which islands load with its first run.
const load = (lang: string): Record<string, string> => ({
  ...area('sim', lang),
  ...area('ebpf', lang),
});
const en = load('en');
const de = load('de');
const placeholders = (s: string): string[] =>
  [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('sim locales', () => {
  it('have the same keys, same placeholders and no empty values', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) {
      expect(v.trim(), k).not.toBe('');
      expect((de[k] ?? '').trim(), k).not.toBe('');
      expect(placeholders(de[k] ?? ''), k).toEqual(placeholders(v));
    }
  });
  it('cover every code the engine can emit', () => {
    const keys = [
      ...OUTCOMES.map((c) => `outcome.${c}`),
      ...OUTCOME_REASONS.map((c) => `reason.${c}`),
      ...EVENT_TYPES.map((c) => `event.${c}`),
      ...RULE_CODES.map((c) => `rule.${c}`),
      ...RULE_WHYS.map((c) => `rule.why.${c}`),
      ...VERDICTS.map((c) => `verdict.${c}`),
      ...HOP_MARKS.map((c) => `mark.${c}`),
      ...PACKET_KINDS.map((c) => `packet.${c}`),
      ...PROBE_KINDS.map((c) => `probeKind.${c}`),
      ...ISSUE_CODES.map((c) => `issue.${c}`),
      ...DATA_PATH_KINDS.map((c) => `dataPath.${c}`),
      ...scenarioIds.flatMap((id) => [`scenario.${id}.title`, `scenario.${id}.description`]),
      'cli.usage',
      'cli.internalError',
    ];
    for (const k of keys) {
      expect(en[k], k).toBeTruthy();
      expect(de[k], k).toBeTruthy();
    }
  });
  // Every built-in scenario, every connection: seconds on a busy 2-core machine.
  it('the constant lists cover what runs actually emit', () => {
    for (const id of scenarioIds) {
      const r = run(id, { 'traffic.duration': id.startsWith('drain') ? '60' : '3' });
      for (const e of r.events) expect(EVENT_TYPES).toContain(e.type);
      for (const c of r.connections) expect(OUTCOME_REASONS).toContain(c.reason);
      for (const f of r.featured) {
        for (const h of f.hops) {
          expect(PACKET_KINDS).toContain(h.kind);
          for (const m of h.marks) expect(HOP_MARKS).toContain(m);
          for (const rule of h.rules) {
            expect(RULE_CODES).toContain(rule.rule);
            expect(en[whyKey(rule.why).key], rule.why).toBeTruthy();
          }
        }
      }
    }
  }, 20_000);
});
