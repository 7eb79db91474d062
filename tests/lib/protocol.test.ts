import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  eventTargetOrigin,
  isOriginAllowed,
  makeEvent,
  parseCommand,
} from '../../src/view/embed/protocol';

const msg = (m: Record<string, unknown>) => ({ source: 'hop-by-hop', ...m });

describe('parseCommand', () => {
  it('ignores messages that are not ours', () => {
    expect(parseCommand('play')).toBeUndefined();
    expect(parseCommand(null)).toBeUndefined();
    expect(parseCommand({ type: 'play' })).toBeUndefined();
    expect(parseCommand(msg({ type: 'ready' }))).toBeUndefined();
  });

  it('parses every command', () => {
    expect(parseCommand(msg({ type: 'play' }))).toEqual({ command: { type: 'play' } });
    expect(parseCommand(msg({ type: 'pause', requestId: 'a' }))).toEqual({
      command: { type: 'pause' },
      requestId: 'a',
    });
    expect(parseCommand(msg({ type: 'step' }))).toEqual({ command: { type: 'step', delta: 1 } });
    expect(parseCommand(msg({ type: 'step', delta: -2 }))).toEqual({
      command: { type: 'step', delta: -2 },
    });
    expect(parseCommand(msg({ type: 'seek', step: 3 }))).toEqual({
      command: { type: 'seek', step: 3 },
    });
    expect(parseCommand(msg({ type: 'seek', time: 1.5 }))).toEqual({
      command: { type: 'seek', time: 1.5 },
    });
    expect(parseCommand(msg({ type: 'setOption', key: 'policy', value: 'Local' }))).toEqual({
      command: { type: 'setOption', key: 'policy', value: 'Local' },
    });
    expect(parseCommand(msg({ type: 'getState', requestId: 7 }))).toEqual({
      command: { type: 'getState' },
      requestId: '7',
    });
  });

  it.each([
    [{ type: 'step', delta: 0.5 }, 'badArgument'],
    [{ type: 'seek' }, 'badArgument'],
    [{ type: 'seek', step: -1 }, 'badArgument'],
    [{ type: 'seek', time: Number.NaN }, 'badArgument'],
    [{ type: 'setOption', key: 'policy' }, 'badArgument'],
    [{ type: 'explode' }, 'unknownCommand'],
    [{ type: 3 }, 'badMessage'],
  ])('refuses %j', (m, error) => {
    expect(parseCommand(msg(m))).toMatchObject({ error });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        parseCommand(data);
        parseCommand(
          typeof data === 'object' && data !== null ? { ...data, source: 'hop-by-hop' } : data,
        );
      }),
    );
  });
});

describe('origin rule', () => {
  it('allows any parent without origin=, only the listed ones with it', () => {
    expect(isOriginAllowed('https://a.example', [])).toBe(true);
    expect(isOriginAllowed('https://a.example', ['https://a.example'])).toBe(true);
    expect(isOriginAllowed('https://b.example', ['https://a.example'])).toBe(false);
    expect(eventTargetOrigin([])).toBe('*');
    expect(eventTargetOrigin(['https://a.example'])).toBe('https://a.example');
  });

  it('namespaces every event', () => {
    expect(makeEvent('ready', 'left', { step: 0 })).toEqual({
      source: 'hop-by-hop',
      version: 1,
      type: 'ready',
      id: 'left',
      step: 0,
    });
  });
});
