import { describe, expect, it } from 'vitest';
import { t as tCli } from '../../src/cli/i18n';
import { resources, useT } from '../../src/i18n/index';
import { fixed } from '../../src/i18n/number';
import { trFor } from '../../src/view/flow/trClient';

describe('fixed', () => {
  it('writes the decimal separator of the language, like the lessons do', () => {
    expect(fixed('de', 18.2, 1)).toBe('18,2');
    expect(fixed('en', 18.2, 1)).toBe('18.2');
  });

  it('always shows the asked number of decimals and never groups thousands', () => {
    expect(fixed('de', 0, 4)).toBe('0,0000');
    expect(fixed('en', 3, 1)).toBe('3.0');
    expect(fixed('de', 1234.5, 1)).toBe('1234,5');
    expect(fixed('en', 12345.678, 0)).toBe('12346');
  });
});

// The messages that replaced fixed() at their call sites: the message decides the format, the
// caller passes the raw number. Checked through the islands' side (trFor) and i18next (makeT).
describe('numbers formatted by their messages', () => {
  const NB = '\u00a0';
  const client = (lang: 'en' | 'de') => trFor(lang, resources);
  const cases: Array<[string, Record<string, number | string>, string, string]> = [
    ['diagram.timeAt', { t: 7.25 }, `t = 7.3${NB}s`, `t = 7,3${NB}s`],
    ['diagram.timeAt', { t: 1234.5 }, `t = 1234.5${NB}s`, `t = 1234,5${NB}s`],
    ['diagram.narr.time', { t: 3 }, `t = 3.0${NB}s.`, `t = 3,0${NB}s.`],
    ['diagram.log.atFine', { t: 0.01234 }, `0.0123${NB}s`, `0,0123${NB}s`],
    ['diagram.log.at', { t: 12.25 }, `12.3${NB}s`, `12,3${NB}s`],
    [
      'diagram.chart.value',
      { pct: 33.333, exp: 33.333 },
      `33.3${NB}% / 33${NB}%`,
      `33,3${NB}% / 33${NB}%`,
    ],
    [
      'diagram.chart.inRotationFor',
      { node: 'n1', from: 0, to: 8.25 },
      `n1: in rotation 0.0–8.3${NB}s`,
      `n1: in Rotation 0,0–8,3${NB}s`,
    ],
    ['cluster.shares.value', { percent: 12.5 }, `12.5${NB}%`, `12,5${NB}%`],
    ['cluster.size.MB', { size: 9.5 }, `9.5${NB}MB`, `9,5${NB}MB`],
    ['cluster.size.kB', { size: 512 }, `512${NB}kB`, `512${NB}kB`],
  ];
  it.each(cases)('%s in English and German, the same on both sides', (key, vars, en, de) => {
    expect(client('en')(key, vars)).toBe(en);
    expect(client('de')(key, vars)).toBe(de);
    expect(useT('en').dyn(key, vars)).toBe(en);
    expect(useT('de').dyn(key, vars)).toBe(de);
  });

  it('writes override-key ranges without grouping and with up to three decimals', () => {
    const t = useT('de');
    expect(t('keys.range', { min: 0, max: 100000 })).toBe('0 … 100000');
    expect(t('keys.seconds', { range: t('keys.rangeAbove', { min: 0.25, max: 3600 }) })).toBe(
      `> 0,25 … 3600${NB}s`,
    );
  });

  it('gives the CLI summary three decimals and no-break spaces before units', () => {
    expect(tCli('de', 'cli.summary.window', { from: 1.5, to: 12 })).toBe(
      `(1,500${NB}s … 12,000${NB}s)`,
    );
    expect(tCli('en', 'cli.summary.percent', { percent: 50 })).toBe(`50.0${NB}%`);
  });
});
