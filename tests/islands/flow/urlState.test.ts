import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overrideKeys } from '../../../src/sim/index';
import { parseSetAttr, parseUrlState, serializeUrlState } from '../../../src/islands/flow/urlState';

describe('URL state', () => {
  it('parses overrides, step, time and speed', () => {
    const { state, issues } = parseUrlState(
      '?set=masquerade:false&set=service.externalTrafficPolicy:Local&step=7&speed=2&t=3.5',
      overrideKeys,
    );
    expect(issues).toEqual([]);
    expect(state).toEqual({
      overrides: { masquerade: 'false', 'service.externalTrafficPolicy': 'Local' },
      step: 7,
      speed: 2,
      time: 3.5,
    });
  });

  it('turns bad input into issues naming the parameter and what is allowed', () => {
    const { state, issues } = parseUrlState(
      '?set=masquerade:maybe&set=nope:1&step=-1&speed=3&x=<script>',
      overrideKeys,
    );
    expect(state.overrides).toEqual({});
    expect(issues.map((i) => i.param)).toEqual(['set=masquerade', 'set', 'step', 'speed', 'x']);
    expect(issues[0]?.allowed).toBe('true, false');
    expect(issues[4]?.value).toBe('<script>');
  });

  it('round-trips through serialize', () => {
    const s = {
      overrides: { masquerade: 'false', 'placement.replicas': '4' },
      step: 3,
      speed: 0.5,
    };
    expect(parseUrlState(serializeUrlState(s), overrideKeys).state).toEqual(s);
    expect(serializeUrlState({ overrides: {} })).toBe('');
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = parseUrlState(s, overrideKeys);
        expect(Array.isArray(r.issues)).toBe(true);
      }),
    );
  });

  it('parses the Diagram set attribute', () => {
    expect(
      parseSetAttr('masquerade=false; service.externalTrafficPolicy=Local', overrideKeys),
    ).toEqual({
      overrides: { masquerade: 'false', 'service.externalTrafficPolicy': 'Local' },
      issues: [],
    });
    expect(parseSetAttr('masquerade=nah', overrideKeys).issues[0]?.param).toBe('set masquerade');
  });
});
