/**
 * The playback machine of one diagram: created once, fed the run (a what-if re-run keeps the
 * learner's place where it exists), ticked by animation frames while playing. The machine is
 * timer-free (view/playback/playbackMachine.ts); this hook is the only clock.
 */
import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { playbackMachine, stepOf } from '../../view/playback/playbackMachine';
import type { Run } from '../../view/flow/run';
import { useSelector } from './useSelector';

/** The playback actor of a diagram. */
export type PlaybackActor = ReturnType<typeof createActor<typeof playbackMachine>>;

/** What the view re-renders for: whole steps, play state, speed and time in tenths. */
export interface Coarse {
  step: number;
  playing: boolean;
  speed: number;
  time: number;
  steps: number;
}

/** The actor and its coarse state for a run (null while a run has failed). */
export function usePlayback(
  run: Run | null,
  start: { step?: number | undefined; time?: number | undefined },
): { actor: PlaybackActor; coarse: Coarse } {
  const [actor] = useState(() =>
    createActor(playbackMachine, {
      input: {
        mode: run?.mode ?? 'steps',
        steps: run?.steps.length ?? 0,
        duration: run?.duration ?? 0,
        stepTimes: run?.stepTimes ?? [],
        ...(start.step !== undefined ? { step: start.step } : {}),
        ...(start.time !== undefined ? { time: start.time } : {}),
      },
    }).start(),
  );
  useEffect(
    () => () => {
      actor.stop();
    },
    [actor],
  );

  const loaded = useRef(run);
  useEffect(() => {
    if (!run || loaded.current === run) return;
    loaded.current = run;
    actor.send({
      type: 'LOAD',
      mode: run.mode,
      steps: run.steps.length,
      duration: run.duration,
      stepTimes: run.stepTimes,
    });
  }, [run, actor]);

  const coarse = useSelector(
    actor,
    (s): Coarse => ({
      step: stepOf(s.context),
      playing: s.matches('playing'),
      speed: s.context.speed,
      time: Math.round(s.context.time * 10) / 10,
      steps: s.context.steps,
    }),
    (a, b) =>
      a.step === b.step &&
      a.playing === b.playing &&
      a.speed === b.speed &&
      a.time === b.time &&
      a.steps === b.steps,
  );

  useEffect(() => {
    if (!coarse.playing) return;
    let last = performance.now();
    let raf = requestAnimationFrame(function frame(now) {
      actor.send({ type: 'TICK', dt: Math.min(100, now - last) });
      last = now;
      raf = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(raf);
  }, [coarse.playing, actor]);

  return { actor, coarse };
}
