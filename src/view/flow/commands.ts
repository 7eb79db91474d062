/**
 * The diagram's headless controller: what a key, a lesson's reveal or a log entry asks the
 * playback machine to do. Pure functions of their inputs (tests/view/flow/commands.test.ts);
 * the hooks only send what these return.
 */
import type { PlaybackEvent, PlaybackMode } from '../playback/playbackMachine';
import { resolveReveal, type Step } from './steps';

/** Where a key is pressed and what the run has, as far as keys care. */
export interface KeyContext {
  /** Space on a focused button presses the button, not play/pause. */
  onButton: boolean;
  total: number;
  timeMode: boolean;
  duration: number;
}

/** The playback event of a key (Space, arrows, Home, End), or null when the key is not ours. */
export function keyCommand(key: string, c: KeyContext): PlaybackEvent | null {
  switch (key) {
    case ' ':
      return c.onButton ? null : { type: 'TOGGLE' };
    case 'ArrowRight':
      return { type: 'STEP', delta: 1 };
    case 'ArrowLeft':
      return { type: 'STEP', delta: -1 };
    case 'Home':
      return { type: 'RESET' };
    case 'End':
      return { type: 'SEEK', step: c.total, ...(c.timeMode ? { time: c.duration } : {}) };
    default:
      return null;
  }
}

/** What the run offers a reveal. */
export interface RevealContext {
  steps: readonly Step[];
  mode: PlaybackMode;
  /** The machine's position now (steps, fractional while a hop plays). */
  position: number;
  reducedMotion: boolean;
}

/**
 * The playback event of a lesson's reveal ("0:delivered", "t=12", "end"), or null when the
 * moment is not in this run. A later step plays up to it, so the narration announces where it
 * lands; an earlier one, a timed run, or reduced motion jumps.
 */
export function revealCommand(reveal: string, c: RevealContext): PlaybackEvent | null {
  const target = resolveReveal(reveal, c.steps);
  if (!target) return null;
  if ('time' in target) return { type: 'SEEK', time: target.time };
  const step = 'end' in target ? c.steps.length : target.step;
  if (c.reducedMotion || c.mode === 'time' || step <= c.position) return { type: 'SEEK', step };
  return { type: 'PLAY_TO', step };
}

/** The seek of a log entry (its time, its step or both), or null for an entry with neither. */
export function jumpCommand(e: { time?: number; step?: number }): PlaybackEvent | null {
  if (e.time !== undefined)
    return { type: 'SEEK', time: e.time, ...(e.step !== undefined ? { step: e.step } : {}) };
  if (e.step !== undefined) return { type: 'SEEK', step: e.step };
  return null;
}
