import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { issueAllowed, issueReceived } from '../../../src/i18n/issueParts';
import { parseSetAttr, parseUrlState, serializeUrlState } from '../../../src/view/flow/urlState';

describe('URL state', () => {
  it('parses overrides, step, time and speed', () => {
    const { state, issues } = parseUrlState(
      '?set=masquerade:false&set=service.externalTrafficPolicy:Local&step=7&speed=2&t=3.5',
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
    );
    expect(state.overrides).toEqual({});
    expect(issues.map((i) => i.path)).toEqual(['set masquerade', 'set', 'step', 'speed', 'x']);
    // Worded by `diagram.error.param`: the parameter, the value given, what is allowed.
    expect(issues.map((i) => issueReceived(i))).toEqual(['maybe', 'nope', '-1', '3', '<script>']);
    expect(issues.map((i) => issueAllowed(i))).toEqual([
      'true, false',
      expect.stringContaining('masquerade'),
      '0 … 10000',
      '0.25, 0.5, 1, 2, 4',
      'set, step, t, speed, burst',
    ]);
  });

  it('round-trips through serialize', () => {
    const s = {
      overrides: { masquerade: 'false', 'placement.replicas': '4' },
      step: 3,
      speed: 0.5,
    };
    expect(parseUrlState(serializeUrlState(s)).state).toEqual(s);
    expect(serializeUrlState({ overrides: {} })).toBe('');
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = parseUrlState(s);
        expect(Array.isArray(r.issues)).toBe(true);
      }),
    );
  });

  it('parses the Diagram set attribute', () => {
    expect(parseSetAttr('masquerade=false; service.externalTrafficPolicy=Local')).toEqual({
      overrides: { masquerade: 'false', 'service.externalTrafficPolicy': 'Local' },
      issues: [],
    });
    expect(parseSetAttr('masquerade=nah').issues[0]?.path).toBe('set masquerade');
  });
});
