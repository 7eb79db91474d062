import { describe, expect, it } from 'vitest';
import { jumpCommand, keyCommand, revealCommand } from '../../../src/view/flow/commands';
import { runForDiagram } from '../../../src/view/flow/run';

function runOf(id: string) {
  const o = runForDiagram(id, {});
  if (!o.ok) throw new Error(`${id} did not run`);
  return o.run;
}

describe('keys', () => {
  const c = { onButton: false, total: 9, timeMode: false, duration: 0 };
  it('Space toggles, unless a button has focus (Space presses the button)', () => {
    expect(keyCommand(' ', c)).toEqual({ type: 'TOGGLE' });
    expect(keyCommand(' ', { ...c, onButton: true })).toBeNull();
  });
  it('arrows step, Home resets, End seeks the last step (and the end of a timed run)', () => {
    expect(keyCommand('ArrowRight', c)).toEqual({ type: 'STEP', delta: 1 });
    expect(keyCommand('ArrowLeft', c)).toEqual({ type: 'STEP', delta: -1 });
    expect(keyCommand('Home', c)).toEqual({ type: 'RESET' });
    expect(keyCommand('End', c)).toEqual({ type: 'SEEK', step: 9 });
    expect(keyCommand('End', { ...c, timeMode: true, duration: 60 })).toEqual({
      type: 'SEEK',
      step: 9,
      time: 60,
    });
  });
  it('other keys are left to the page', () => {
    expect(keyCommand('a', c)).toBeNull();
    expect(keyCommand('Tab', c)).toBeNull();
  });
});

describe('reveals', () => {
  const run = runOf('cluster-snat');
  const ctx = { steps: run.steps, mode: run.mode, position: 0, reducedMotion: false };
  const delivered = run.steps.findIndex(
    (s) => s.featured === 0 && s.hop.marks.includes('delivered'),
  );

  it('plays forward to a later moment of the run (the narration announces where it lands)', () => {
    expect(delivered).toBeGreaterThan(0);
    expect(revealCommand('0:delivered', ctx)).toEqual({ type: 'PLAY_TO', step: delivered + 1 });
  });
  it('jumps back to an earlier moment, and always under reduced motion', () => {
    expect(revealCommand('0:delivered', { ...ctx, position: run.steps.length })).toEqual({
      type: 'SEEK',
      step: delivered + 1,
    });
    expect(revealCommand('0:delivered', { ...ctx, reducedMotion: true })).toEqual({
      type: 'SEEK',
      step: delivered + 1,
    });
  });
  it('"end" and "t=" reveals; a moment the run does not have does nothing', () => {
    expect(revealCommand('end', ctx)).toEqual({ type: 'PLAY_TO', step: run.steps.length });
    expect(revealCommand('t=12', ctx)).toEqual({ type: 'SEEK', time: 12 });
    expect(revealCommand('7:delivered', ctx)).toBeNull();
    expect(revealCommand('nonsense', ctx)).toBeNull();
  });
  it('a timed run seeks instead of playing (its hops all happen at the start)', () => {
    const drain = runOf('drain-cluster-nodeport-probe');
    expect(drain.mode).toBe('time');
    const c = { steps: drain.steps, mode: drain.mode, position: 0, reducedMotion: false };
    expect(revealCommand('end', c)).toEqual({ type: 'SEEK', step: drain.steps.length });
  });
});

describe('log entries', () => {
  it('seek their time and step, either one, or nothing', () => {
    expect(jumpCommand({ time: 3, step: 2 })).toEqual({ type: 'SEEK', time: 3, step: 2 });
    expect(jumpCommand({ step: 2 })).toEqual({ type: 'SEEK', step: 2 });
    expect(jumpCommand({ time: 3 })).toEqual({ type: 'SEEK', time: 3 });
    expect(jumpCommand({})).toBeNull();
  });
});
