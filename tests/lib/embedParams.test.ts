import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overrideKeys } from '../../src/sim/keys';
import {
  MAX_QUERY_LENGTH,
  defaultEmbedOptions,
  echo,
  embedWording,
  isValidOrigin,
  parseEmbedParams,
  splitQuery,
  toEmbedQuery,
  type EmbedContext,
} from '../../src/lib/embedParams';

const context: EmbedContext = {
  controls: ['policy', 'snat', 'replicas'],
  maxStep: 20,
  maxTime: 90,
};

/** The parse, with each issue as the embed words it (message code and its variables). */
const keys = overrideKeys.map((k) => k.key);

const parse = (q: string) => {
  const { options, issues } = parseEmbedParams(q, context);
  return { options, issues: issues.map(embedWording) };
};

describe('parseEmbedParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ options: defaultEmbedOptions(), issues: [] });
    expect(parse('?')).toEqual({ options: defaultEmbedOptions(), issues: [] });
  });

  it('reads every parameter', () => {
    const { options, issues } = parse(
      '?step=4&autoplay=1&chrome=full&controls=policy,snat&theme=dark&bg=transparent' +
        '&set=service.externalTrafficPolicy:Local&set=placement.replicas=3' +
        '&origin=https://docs.example.com&id=left',
    );
    expect(issues).toEqual([]);
    expect(options).toEqual({
      step: 4,
      time: undefined,
      autoplay: true,
      chrome: 'full',
      controls: ['policy', 'snat'],
      theme: 'dark',
      bg: 'transparent',
      overrides: { 'service.externalTrafficPolicy': 'Local', 'placement.replicas': '3' },
      origins: ['https://docs.example.com'],
      frameId: 'left',
    });
  });

  it('accepts time as seconds', () => {
    expect(parse('t=12.5').options.time).toBe(12.5);
    expect(parse('t=12s').options.time).toBe(12);
  });

  it.each([
    ['step=-1', 'step', 'invalidValue'],
    ['step=1e3', 'step', 'invalidValue'],
    ['step=999', 'step', 'outOfRange'],
    ['t=NaN', 't', 'invalidValue'],
    ['t=Infinity', 't', 'invalidValue'],
    ['t=91', 't', 'outOfRange'],
    ['autoplay=maybe', 'autoplay', 'invalidValue'],
    ['chrome=everything', 'chrome', 'invalidValue'],
    ['theme=pink', 'theme', 'invalidValue'],
    ['bg=red', 'bg', 'invalidValue'],
    ['controls=policy,rm', 'controls', 'invalidValue'],
    ['set=masquerade', 'set', 'invalidOverride'],
    ['set=evil=1', 'set', 'unknownOverride'],
    ['set=placement.replicas=100000', 'set placement.replicas', 'invalidOverride'],
    ['origin=javascript:alert(1)', 'origin', 'invalidValue'],
    ['origin=http://docs.example.com', 'origin', 'invalidValue'],
    ['origin=https://docs.example.com/path', 'origin', 'invalidValue'],
    ['id=<b>', 'id', 'invalidValue'],
    ['zoom=2', 'zoom', 'unknownParam'],
    ['step=1&step=2', 'step', 'duplicate'],
    ['step=1&t=3', 't', 'conflict'],
  ])('reports %s', (query, param, code) => {
    const { issues } = parse(query);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ param, code });
    expect(issues[0]?.allowed).not.toBe(undefined);
  });

  it('keeps the valid parameters when others are bad', () => {
    const { options, issues } = parse('step=3&chrome=huge&theme=dark&set=placement.replicas=x');
    expect(options.step).toBe(3);
    expect(options.theme).toBe('dark');
    expect(options.chrome).toBe('playback');
    expect(options.overrides).toEqual({});
    expect(issues.map((i) => i.param)).toEqual(['chrome', 'set placement.replicas']);
  });

  it('names what is allowed', () => {
    expect(parse('chrome=x').issues[0]?.allowed).toBe('none, playback, full');
    expect(parse('step=x').issues[0]?.allowed).toBe('0–20');
    expect(parse('controls=x').issues[0]?.allowed).toBe('none, policy, snat, replicas');
  });

  it('accepts loopback http origins for local testing only', () => {
    expect(isValidOrigin('http://127.0.0.1:4330')).toBe(true);
    expect(isValidOrigin('http://localhost:8080')).toBe(true);
    expect(isValidOrigin('https://docs.example.com')).toBe(true);
    expect(isValidOrigin('https://docs.example.com/')).toBe(false);
    expect(isValidOrigin('null')).toBe(false);
  });

  it('survives malformed percent-encoding', () => {
    expect(splitQuery('a=%E0%A4%A&b=%')).toEqual([
      ['a', '%E0%A4%A'],
      ['b', '%'],
    ]);
    expect(parse('theme=%').issues[0]).toMatchObject({ param: 'theme', received: '%' });
  });

  it('shortens echoed values and strips control characters', () => {
    expect(echo('a\u0000b\nc')).toBe('abc');
    expect(echo('x'.repeat(1000))).toHaveLength(61);
    const { issues } = parse(`theme=${'🙂'.repeat(500)}`);
    expect(Array.from(issues[0]?.received ?? '').length).toBeLessThanOrEqual(61);
  });

  it('caps huge query strings', () => {
    const huge = `step=1&theme=${'a'.repeat(10 * 1024 * 1024)}`;
    const { options, issues } = parse(huge);
    expect(options.step).toBe(1);
    expect(issues[0]).toMatchObject({
      param: '?',
      code: 'tooLong',
      allowed: String(MAX_QUERY_LENGTH),
    });
  });

  it('round-trips through toEmbedQuery', () => {
    const { options } = parse(
      'step=4&chrome=full&set=service.externalTrafficPolicy:Local&controls=policy,snat&theme=dark',
    );
    // Written in the one grammar (key=value); the old key:value is still read.
    expect(toEmbedQuery(options)).toBe(
      '?step=4&chrome=full&controls=policy,snat&theme=dark&set=service.externalTrafficPolicy=Local',
    );
    expect(parse(toEmbedQuery(options)).options).toEqual(options);
    expect(toEmbedQuery(defaultEmbedOptions())).toBe('');
  });

  it('reads set items through the engine reader: last value wins, unknown keys are named', () => {
    const { options, issues } = parse(
      'set=masquerade=true&set=masquerade=false&set=masqerade=false&set=drain=node-2',
    );
    expect(options.overrides).toEqual({ masquerade: 'false', drain: 'node-2' });
    expect(issues).toEqual([
      {
        param: 'set',
        code: 'unknownOverride',
        allowed: expect.stringContaining('masquerade'),
        received: 'masqerade',
      },
    ]);
  });

  it('words a bad set value with what the key allows', () => {
    expect(parse('set=masquerade:maybe').issues).toEqual([
      {
        param: 'set masquerade',
        code: 'invalidOverride',
        allowed: 'true, false',
        received: 'maybe',
      },
    ]);
    expect(parse('set=traffic.duration=99999').issues[0]?.allowed).toMatch(/^0–\d+ \(s\)$/);
  });
});

describe('parseEmbedParams never throws (property)', () => {
  const nasty = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom(
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      'NaN',
      '-0',
      '1e309',
      '99999999999999999999999',
      'Infinity',
      '__proto__',
      'constructor',
      '%',
      '%00',
      '\u202e',
      '🙂‍↔️',
    ),
    fc.double().map(String),
    fc.bigInt().map(String),
  );
  const key = fc.oneof(
    fc.constantFrom(
      'step',
      't',
      'autoplay',
      'chrome',
      'controls',
      'theme',
      'bg',
      'set',
      'origin',
      'id',
    ),
    nasty,
  );
  const query = fc
    .array(fc.tuple(key, nasty), { maxLength: 12 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

  it('on random and malicious queries', () => {
    fc.assert(
      fc.property(fc.oneof(query, nasty), (q) => {
        const { options, issues } = parse(q);
        // Only known keys ever make it into the overrides; prototype keys never do.
        for (const k of Object.keys(options.overrides)) expect(keys).toContain(k);
        expect(Object.getPrototypeOf(options.overrides)).toBe(Object.prototype);
        for (const i of issues) {
          expect(typeof i.param).toBe('string');
          expect(Array.from(i.received).length).toBeLessThanOrEqual(61);
        }
        if (options.step !== undefined) expect(Number.isSafeInteger(options.step)).toBe(true);
        if (options.time !== undefined) expect(Number.isFinite(options.time)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('on encoded random queries', () => {
    fc.assert(
      fc.property(fc.dictionary(key, nasty, { maxKeys: 8 }), (dict) => {
        const q = new URLSearchParams(Object.entries(dict)).toString();
        expect(() => parse(q)).not.toThrow();
      }),
    );
  });

  it('on a 10 MB string', () => {
    expect(() => parse('<script>'.repeat(1_310_720))).not.toThrow();
  });
});
