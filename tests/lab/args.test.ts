import { describe, expect, it } from 'vitest';
import { parseLabArgs } from '../../src/lab/args.ts';
import { failureText } from '../../src/lab/session.ts';

describe('lab flags', () => {
  it('parses the documented flags', () => {
    const { args, issues } = parseLabArgs(
      [
        'cluster-snat',
        '--capture',
        'node-1',
        '--keep',
        '--connections',
        '300',
        '--duration',
        '3',
        '--set',
        'loadBalancer.delivery=vip',
        '--lang',
        'de',
      ],
      {},
    );
    expect(issues).toEqual([]);
    expect(args).toMatchObject({
      target: 'cluster-snat',
      capture: 'node-1',
      keep: true,
      connections: 300,
      duration: 3,
      sets: { 'loadBalancer.delivery': 'vip' },
      lang: 'de',
    });
  });
  it('turns every bad flag into an input issue with a localized message', () => {
    const { issues } = parseLabArgs(
      [
        'local',
        '--connections',
        '0',
        '--duration',
        'x',
        '--capture',
        '--lang',
        'fr',
        '--set',
        'nokey',
        'extra',
        '--bogus',
      ],
      {},
    );
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['--connections', 'outOfRange'],
      ['--duration', 'outOfRange'],
      ['--capture', 'missingValue'],
      ['--lang', 'expectedOneOf'],
      ['--set', 'expectedKeyValue'],
      ['extra', 'unknownFlag'],
      ['--bogus', 'unknownFlag'],
    ]);
    const en = failureText('en', { kind: 'input', issues }).text;
    expect(en).toContain('--connections: must be between 1 and 5000 (received 0).');
    const de = failureText('de', { kind: 'input', issues }).text;
    expect(de.startsWith('Das Lab ist nicht gestartet:')).toBe(true);
    expect(de).not.toContain('issue.');
  });
  it('takes the language from LANG when --lang is absent', () => {
    expect(parseLabArgs(['local'], { LANG: 'de_DE.UTF-8' }).args.lang).toBe('de');
    expect(parseLabArgs(['local'], { LANG: 'C' }).args.lang).toBe('en');
  });
  it('caps the bounds: connections, duration, time limit', () => {
    expect(parseLabArgs(['x', '--connections', '5001'], {}).issues[0]?.code).toBe('outOfRange');
    expect(parseLabArgs(['x', '--duration', '61'], {}).issues[0]?.code).toBe('outOfRange');
    expect(parseLabArgs(['x', '--time-limit', '601'], {}).issues[0]?.code).toBe('outOfRange');
  });
});
