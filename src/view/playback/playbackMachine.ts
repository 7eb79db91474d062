/**
 * Playback of one engine run, on the view side. Timer-free on purpose: the view sends TICK
 * events from requestAnimationFrame, so the machine is pure and every path is testable with
 * xstate/graph. It never decides where a packet goes; it only moves a cursor over the engine's
 * hops ("steps") and, for drain/balance scenarios, over simulated time.
 *
 * Position model: `position` is a float in step units. `floor(position)` hops are complete;
 * the fraction is the progress of the next hop in flight. Time mode additionally keeps `time`
 * (simulated seconds) which TICK advances; the step follows the clock (every hop that has
 * happened by then), and STEP moves the clock to its hop.
 */
import { assign, setup } from 'xstate';

export type PlaybackMode = 'steps' | 'time';

/** Speeds the UI offers (0.25× to 4×). */
export const speeds = [0.25, 0.5, 1, 2, 4] as const;

/** Real seconds one hop takes at 1×. */
export const STEP_SECONDS = 1.1;
/** Simulated seconds per real second at 1× in time mode (a 60 s drain plays in 15 s). */
export const TIME_SCALE = 4;

export interface PlaybackContext {
  mode: PlaybackMode;
  /** Number of steps (hops of the featured connections). */
  steps: number;
  /** Cursor in step units, 0 … steps. */
  position: number;
  /** Simulated seconds (time mode); 0 … duration. */
  time: number;
  duration: number;
  /** Time of each step's hop, so stepping in time mode moves the clock too. */
  stepTimes: number[];
  speed: number;
  /** Step to stop at while playing (PLAY_TO, reveal events); null = to the end. */
  target: number | null;
}

export type PlaybackEvent =
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'TOGGLE' }
  | { type: 'STEP'; delta: number }
  | { type: 'SEEK'; step?: number; time?: number }
  | { type: 'PLAY_TO'; step: number }
  | { type: 'SPEED'; speed: number }
  | { type: 'TICK'; dt: number }
  | { type: 'RESET' }
  | { type: 'END' }
  | { type: 'LOAD'; mode: PlaybackMode; steps: number; duration: number; stepTimes: number[] };

export interface PlaybackInput {
  mode?: PlaybackMode;
  steps: number;
  duration?: number;
  stepTimes?: number[];
  step?: number;
  time?: number;
  speed?: number;
}

/** Clamps n into [lo, hi]; NaN becomes lo. */
export function clamp(n: number, lo: number, hi: number): number {
  if (!Number.isFinite(n)) return lo;
  return Math.min(hi, Math.max(lo, n));
}

/** The nearest offered speed to any number (URL input, API). */
export function toSpeed(n: number): number {
  let best: number = speeds[2];
  for (const s of speeds) if (Math.abs(s - n) < Math.abs(best - n)) best = s;
  return best;
}

/** Step index (complete hops) of a context. */
export function stepOf(c: PlaybackContext): number {
  return Math.floor(c.position + 1e-9);
}

function isAtEnd(c: PlaybackContext): boolean {
  return c.mode === 'time' ? c.time >= c.duration : c.position >= c.steps;
}

function timeForStep(c: PlaybackContext, step: number): number {
  const t = step > 0 ? c.stepTimes[step - 1] : 0;
  return t === undefined ? c.time : clamp(t, 0, c.duration);
}

/**
 * Steps whose hop has happened by `time` (time mode). Playing and scrubbing the clock move the
 * stepped packet with it, so the inspector never shows a packet from another moment.
 */
function stepsDoneBy(c: Pick<PlaybackContext, 'steps' | 'stepTimes'>, time: number): number {
  let n = 0;
  while (n < c.steps && (c.stepTimes[n] ?? Number.POSITIVE_INFINITY) <= time + 1e-9) n++;
  return n;
}

function tick(c: PlaybackContext, dt: number): Partial<PlaybackContext> {
  const seconds = (Math.max(0, dt) / 1000) * c.speed;
  if (c.mode === 'time') {
    const time = clamp(c.time + seconds * TIME_SCALE, 0, c.duration);
    // Never backwards while playing: a reader who stepped ahead keeps that packet.
    return { time, position: Math.max(c.position, stepsDoneBy(c, time)) };
  }
  const limit = c.target ?? c.steps;
  return { position: clamp(c.position + seconds / STEP_SECONDS, 0, Math.max(limit, 0)) };
}

function stepBy(c: PlaybackContext, delta: number): Partial<PlaybackContext> {
  const base = delta >= 0 ? Math.floor(c.position + 1e-9) : Math.ceil(c.position - 1e-9);
  const next = clamp(base + Math.trunc(delta), 0, c.steps);
  return c.mode === 'time'
    ? { position: next, time: timeForStep(c, next), target: null }
    : { position: next, target: null };
}

function seek(c: PlaybackContext, step?: number, time?: number): Partial<PlaybackContext> {
  const out: Partial<PlaybackContext> = { target: null };
  if (step !== undefined) {
    out.position = clamp(Math.round(step), 0, c.steps);
    if (c.mode === 'time' && time === undefined) out.time = timeForStep(c, out.position);
  }
  if (time !== undefined) {
    out.time = clamp(time, 0, c.duration);
    if (c.mode === 'time' && step === undefined) out.position = stepsDoneBy(c, out.time);
  }
  return out;
}

export const playbackMachine = setup({
  types: {
    context: {} as PlaybackContext,
    events: {} as PlaybackEvent,
    input: {} as PlaybackInput,
  },
  guards: {
    atEnd: ({ context }) => isAtEnd(context),
    reachedTarget: ({ context }) =>
      context.mode === 'steps' &&
      (context.target !== null ? context.position >= context.target : false),
    canPlayTo: ({ context, event }) =>
      context.mode === 'steps' &&
      event.type === 'PLAY_TO' &&
      clamp(event.step, 0, context.steps) > context.position,
  },
  actions: {
    tick: assign(({ context, event }) => (event.type === 'TICK' ? tick(context, event.dt) : {})),
    step: assign(({ context, event }) =>
      event.type === 'STEP' ? stepBy(context, event.delta) : {},
    ),
    seek: assign(({ context, event }) =>
      event.type === 'SEEK' ? seek(context, event.step, event.time) : {},
    ),
    setTarget: assign(({ context, event }) =>
      event.type === 'PLAY_TO' ? { target: clamp(event.step, 0, context.steps) } : {},
    ),
    clearTarget: assign({ target: null }),
    speed: assign(({ event }) => (event.type === 'SPEED' ? { speed: toSpeed(event.speed) } : {})),
    reset: assign({ position: 0, time: 0, target: null }),
    rewindIfAtEnd: assign(({ context }) =>
      isAtEnd(context) ? { position: 0, time: 0, target: null } : {},
    ),
    load: assign(({ context, event }) => {
      if (event.type !== 'LOAD') return {};
      // Keep the learner's place where it still exists in the new run.
      return {
        mode: event.mode,
        steps: Math.max(0, event.steps),
        duration: Math.max(0, event.duration),
        stepTimes: event.stepTimes,
        position: clamp(Math.floor(context.position), 0, Math.max(0, event.steps)),
        time: clamp(context.time, 0, Math.max(0, event.duration)),
        target: null,
      };
    }),
  },
}).createMachine({
  id: 'playback',
  context: ({ input }) => {
    const mode = input.mode ?? 'steps';
    const steps = Math.max(0, input.steps);
    const duration = Math.max(0, input.duration ?? 0);
    const time = clamp(input.time ?? 0, 0, duration);
    const stepTimes = input.stepTimes ?? [];
    // Started at a time only (an embed's ?t=, a deck's moment): every hop done by then is done,
    // as when the clock is moved there (seek).
    const byTime =
      mode === 'time' && input.time !== undefined && input.step === undefined
        ? stepsDoneBy({ steps, stepTimes }, time)
        : 0;
    return {
      mode,
      steps,
      duration,
      stepTimes,
      position: clamp(input.step ?? byTime, 0, steps),
      time,
      speed: toSpeed(input.speed ?? 1),
      target: null,
    };
  },
  initial: 'paused',
  on: {
    SPEED: { actions: 'speed' },
    LOAD: { target: '.paused', actions: 'load' },
    RESET: { target: '.paused', actions: 'reset' },
    STEP: { target: '.paused', actions: 'step' },
    SEEK: { target: '.paused', actions: 'seek' },
  },
  states: {
    paused: {
      on: {
        PLAY: { target: 'playing', actions: 'rewindIfAtEnd' },
        TOGGLE: { target: 'playing', actions: 'rewindIfAtEnd' },
        PLAY_TO: { guard: 'canPlayTo', target: 'playing', actions: 'setTarget' },
      },
    },
    playing: {
      always: [
        { guard: 'reachedTarget', target: 'paused', actions: 'clearTarget' },
        { guard: 'atEnd', target: 'paused', actions: 'clearTarget' },
      ],
      on: {
        PAUSE: { target: 'paused', actions: 'clearTarget' },
        TOGGLE: { target: 'paused', actions: 'clearTarget' },
        END: { target: 'paused', actions: 'clearTarget' },
        TICK: { actions: 'tick' },
        PLAY_TO: { guard: 'canPlayTo', actions: 'setTarget' },
      },
    },
  },
});
