import { describe, expect, it } from 'vitest';
import { compareClasses, overallShares, type ClassRow } from '../../src/lab/compare.ts';
import { eng, lab } from './records.ts';
import {
  classBlocks,
  classTable,
  observedText,
  reportText,
  rowLabel,
} from '../../src/lab/format.ts';
import { t } from '../../src/lab/i18n.ts';
import type { LabReport } from '../../src/lab/run.ts';

const NBSP = '\u00a0';

// Three Pods behind node-1 (a third each predicted, 43.0 / 42.5 / 14.5 % measured), a phase row.
const engine = eng(600, (i) => ({ pod: ['pod-a', 'pod-b', 'pod-c'][i % 3] ?? null }));
const kernel = lab(200, (i) => ({ pod: i % 7 ? (i % 2 ? 'pod-a' : 'pod-b') : 'pod-c' }));
const rows: ClassRow[] = [
  ...compareClasses(engine, kernel),
  ...compareClasses(engine.slice(0, 30), kernel.slice(0, 20)).map((r) => ({ ...r, at: 12.5 })),
];
const overall = overallShares(engine, kernel);
const report = (lang: 'en' | 'de'): string =>
  reportText(lang, {
    scenario: 's',
    runId: 'r1',
    addressMap: {},
    rows,
    overall,
    rules: [{ node: 'node-1', emitted: 12, loaded: 12, ok: true }],
    ok: false,
    notes: [],
    outDir: '/tmp/x',
    files: [],
    sent: 1234,
    seconds: 8.25,
  } as unknown as LabReport);

describe('the lab report formats its numbers in the messages', () => {
  it('keeps shares as numbers until the report words them', () => {
    const pods = rows[0]?.checks.find((c) => c.what === 'pods');
    expect(pods?.lab.map((o) => o.name)).toEqual(['pod-a', 'pod-b', 'pod-c']);
    expect(pods?.lab.map((o) => o.share)).toEqual([0.43, 0.425, 0.145]);
    expect(overallShares([], []).engine).toEqual([{ name: '–' }]);
  });

  it('writes German shares with a decimal comma and a no-break space before %', () => {
    const pods = rows[0]?.checks.find((c) => c.what === 'pods');
    expect(observedText('de', pods?.lab ?? [])).toBe(
      `pod-a 43,0${NBSP}%, pod-b 42,5${NBSP}%, pod-c 14,5${NBSP}%`,
    );
    expect(observedText('en', pods?.lab ?? [])).toBe(
      `pod-a 43.0${NBSP}%, pod-b 42.5${NBSP}%, pod-c 14.5${NBSP}%`,
    );
    expect(observedText('de', [{ name: '3' }])).toBe('3');
  });

  it("puts a phase's instant before its class: t = 12,5 s in German", () => {
    expect(rowLabel('de', { key: 'client-1 → node-1', at: 12.5 })).toBe(
      `t = 12,5${NBSP}s: client-1 → node-1`,
    );
    expect(rowLabel('en', { key: 'k', at: 7.125 })).toBe(`t = 7.13${NBSP}s: k`);
    expect(rowLabel('en', { key: 'k', at: 20 })).toBe(`t = 20${NBSP}s: k`);
    expect(rowLabel('de', { key: 'k' })).toBe('k');
  });

  it('has no English decimal point next to a unit anywhere in the German table, blocks and report', () => {
    const de = [classTable('de', rows, false), classBlocks('de', rows), report('de')].join('\n');
    expect(de).not.toMatch(/\d\.\d+\s?(%|s\b)/);
    expect(de).not.toMatch(/\d[ ]?%/); // every % after a no-break space
    expect(de).toContain(`pod-b 42,5${NBSP}%`);
    expect(de).toContain(`t = 12,5${NBSP}s: client-1 → node-1`);
    expect(de).toContain(`8,3${NBSP}s)`);
    // Addresses keep their dots.
    expect(de).toContain('pod-a←198.51.100.129');
  });

  it('prints the conformance line with the seconds of the message', () => {
    const line = (lang: 'en' | 'de') =>
      t(lang, 'conformance.line', { classes: ' 4', connections: ' 120', seconds: 8.21 });
    expect(line('de')).toBe(` 4 Klassen   120 Verbindungen  8,2${NBSP}s`);
    expect(line('en')).toBe(` 4 classes   120 connections  8.2${NBSP}s`);
  });

  it('words a presence row with the counts of both sides', () => {
    const extra = compareClasses(
      eng(10, () => ({})),
      [...lab(10, () => ({})), ...lab(5, () => ({ ingressNode: 'node-9' }))],
    );
    const table = classTable('en', extra, false);
    expect(table).toContain(`${t('en', 'lab.report.presence')}: 5 / 0`);
  });
});
