/**
 * Lesson questions reveal a moment of a diagram ("0:delivered", "t=12", "end") by a `hop:reveal`
 * event naming the diagram's id; the diagram plays there where it is (only "See it in the
 * diagram" asks it to scroll into view).
 */
import { useEffect, type RefObject } from 'react';
import type { HopRevealDetail } from '../packetFlowApi';
import { revealCommand } from '../../view/flow/commands';
import type { Run } from '../../view/flow/run';
import type { PlaybackActor } from './usePlayback';

/** Listens for reveals of this diagram while it has a run. */
export function useReveal(
  id: string | undefined,
  run: Run | null,
  actor: PlaybackActor,
  root: RefObject<HTMLElement>,
  reduced: boolean,
): void {
  useEffect(() => {
    if (!id || !run) return;
    const on = (ev: Event): void => {
      const detail = (ev as CustomEvent<HopRevealDetail>).detail;
      if (!detail || detail.diagram !== id || typeof detail.reveal !== 'string') return;
      const command = revealCommand(detail.reveal, {
        steps: run.steps,
        mode: run.mode,
        position: actor.getSnapshot().context.position,
        reducedMotion: reduced,
      });
      if (!command) return;
      if (detail.scroll === true)
        root.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
      actor.send(command);
    };
    window.addEventListener('hop:reveal', on);
    return () => window.removeEventListener('hop:reveal', on);
  }, [id, run, actor, root, reduced]);
}
