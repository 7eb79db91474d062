import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  playbackMachine,
  STEP_SECONDS,
  TIME_SCALE,
  type PlaybackEvent,
  type PlaybackInput,
} from '../../../src/view/playback/playbackMachine';

const start = (input: PlaybackInput) => createActor(playbackMachine, { input }).start();

describe('playbackMachine (steps mode)', () => {
  it('starts paused at step 0 and clamps the initial step', () => {
    expect(start({ steps: 5 }).getSnapshot().value).toBe('paused');
    expect(start({ steps: 5, step: 99 }).getSnapshot().context.position).toBe(5);
  });

  it('plays by ticks, stops at the end, and rewinds on play at the end', () => {
    const a = start({ steps: 2 });
    a.send({ type: 'PLAY' });
    a.send({ type: 'TICK', dt: STEP_SECONDS * 500 });
    expect(a.getSnapshot().context.position).toBeCloseTo(0.5);
    for (let i = 0; i < 10; i++) a.send({ type: 'TICK', dt: 1000 });
    expect(a.getSnapshot().context.position).toBe(2);
    expect(a.getSnapshot().value).toBe('paused');
    a.send({ type: 'PLAY' });
    expect(a.getSnapshot().context.position).toBe(0);
    expect(a.getSnapshot().value).toBe('playing');
  });

  it('ignores ticks while paused', () => {
    const a = start({ steps: 3 });
    a.send({ type: 'TICK', dt: 5000 });
    expect(a.getSnapshot().context.position).toBe(0);
  });

  it('steps forward and back from a position inside a hop, and pauses', () => {
    const a = start({ steps: 4 });
    a.send({ type: 'PLAY' });
    a.send({ type: 'TICK', dt: STEP_SECONDS * 1000 * 1.5 });
    a.send({ type: 'STEP', delta: 1 });
    expect(a.getSnapshot().context.position).toBe(2);
    expect(a.getSnapshot().value).toBe('paused');
    a.send({ type: 'STEP', delta: -1 });
    a.send({ type: 'STEP', delta: -1 });
    a.send({ type: 'STEP', delta: -1 });
    expect(a.getSnapshot().context.position).toBe(0);
  });

  it('speed scales ticks and snaps to offered speeds', () => {
    const a = start({ steps: 10 });
    a.send({ type: 'SPEED', speed: 3.9 });
    expect(a.getSnapshot().context.speed).toBe(4);
    a.send({ type: 'PLAY' });
    a.send({ type: 'TICK', dt: STEP_SECONDS * 250 });
    expect(a.getSnapshot().context.position).toBeCloseTo(1);
  });

  it('PLAY_TO stops at the target', () => {
    const a = start({ steps: 10 });
    a.send({ type: 'PLAY_TO', step: 3 });
    expect(a.getSnapshot().value).toBe('playing');
    for (let i = 0; i < 20; i++) a.send({ type: 'TICK', dt: 1000 });
    expect(a.getSnapshot().context.position).toBe(3);
    expect(a.getSnapshot().value).toBe('paused');
  });

  it('seek clamps and LOAD keeps the place where it exists', () => {
    const a = start({ steps: 10 });
    a.send({ type: 'SEEK', step: 7 });
    a.send({ type: 'LOAD', mode: 'steps', steps: 5, duration: 0, stepTimes: [] });
    expect(a.getSnapshot().context.position).toBe(5);
    a.send({ type: 'SEEK', step: -3 });
    expect(a.getSnapshot().context.position).toBe(0);
  });
});

describe('playbackMachine (time mode)', () => {
  it('advances simulated time and moves the clock with steps', () => {
    const a = start({ mode: 'time', steps: 3, duration: 60, stepTimes: [1, 2, 3] });
    a.send({ type: 'PLAY' });
    a.send({ type: 'TICK', dt: 1000 });
    expect(a.getSnapshot().context.time).toBeCloseTo(TIME_SCALE);
    a.send({ type: 'STEP', delta: -2 });
    expect(a.getSnapshot().context).toMatchObject({ position: 1, time: 1 });
    a.send({ type: 'SEEK', time: 500 });
    expect(a.getSnapshot().context.time).toBe(60);
  });

  it('moves the stepped packet with the clock, never to a packet from another moment', () => {
    const a = start({ mode: 'time', steps: 4, duration: 60, stepTimes: [10, 10, 20, 30] });
    const at = () => a.getSnapshot().context;
    a.send({ type: 'SEEK', time: 15 });
    expect(at()).toMatchObject({ position: 2, time: 15 });
    a.send({ type: 'SEEK', time: 5 });
    expect(at().position).toBe(0);
    // Stepped ahead of the clock, then played: the packet stays until the clock passes it.
    a.send({ type: 'STEP', delta: 3 });
    expect(at()).toMatchObject({ position: 3, time: 20 });
    a.send({ type: 'PLAY' });
    a.send({ type: 'TICK', dt: 100 });
    expect(at().position).toBe(3);
    a.send({ type: 'TICK', dt: (10 / TIME_SCALE) * 1000 });
    expect(at().position).toBe(4);
    // An explicit step with a time (a shared URL) keeps both as given.
    a.send({ type: 'SEEK', step: 1, time: 50 });
    expect(at()).toMatchObject({ position: 1, time: 50 });
  });
  it('started at a time (an embed at ?t=, a deck moment), has done every hop up to it', () => {
    const input = { mode: 'time' as const, steps: 4, duration: 60, stepTimes: [10, 10, 20, 30] };
    expect(start({ ...input, time: 25 }).getSnapshot().context).toMatchObject({
      position: 3,
      time: 25,
    });
    expect(start({ ...input, time: 5 }).getSnapshot().context.position).toBe(0);
    // A step given with it wins, as with SEEK.
    expect(start({ ...input, time: 25, step: 1 }).getSnapshot().context.position).toBe(1);
    // Started without a time, at the beginning (a hop at t = 0 is still to come).
    expect(start({ ...input, stepTimes: [0, 10, 20, 30] }).getSnapshot().context.position).toBe(0);
  });
});

describe('playbackMachine paths (xstate/graph)', () => {
  const events: PlaybackEvent[] = [
    { type: 'PLAY' },
    { type: 'PAUSE' },
    { type: 'TOGGLE' },
    { type: 'STEP', delta: 1 },
    { type: 'STEP', delta: -1 },
    { type: 'SEEK', step: 2 },
    { type: 'SPEED', speed: 2 },
    { type: 'TICK', dt: 2000 },
    { type: 'RESET' },
  ];
  it('reaches playing and paused states and every path ends in a valid context', () => {
    const paths = getShortestPaths(playbackMachine, {
      input: { steps: 3 },
      events,
      serializeState: (s) =>
        `${String(s.value)}|${s.context.position.toFixed(2)}|${s.context.speed}`,
      limit: 2000,
    });
    expect(paths.length).toBeGreaterThan(5);
    const values = new Set(paths.map((p) => String(p.state.value)));
    expect(values).toEqual(new Set(['paused', 'playing']));
    for (const p of paths) {
      const c = p.state.context;
      expect(c.position).toBeGreaterThanOrEqual(0);
      expect(c.position).toBeLessThanOrEqual(3);
      // Replaying a path on a fresh actor reaches the same state (the machine is pure).
      const a = start({ steps: 3 });
      for (const step of p.steps) a.send(step.event as PlaybackEvent);
      expect(a.getSnapshot().context.position).toBeCloseTo(c.position);
    }
  });
});
