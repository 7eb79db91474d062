/**
 * The page URL as the diagram's state (playground, embeds): read once after hydration (the server
 * HTML must match the first client render), written while paused (never every frame).
 */
import { useEffect, useState } from 'react';
import type { InputIssue } from '../../sim/types';
import type { Coarse, PlaybackActor } from './usePlayback';
import { parseUrlState, serializeUrlState } from '../../view/flow/urlState';

interface UrlSync {
  enabled: boolean;
  autoplay: boolean;
  actor: PlaybackActor;
  coarse: Coarse;
  timeMode: boolean;
  burst: number;
  setBurst: (n: number) => void;
  /** The learner's overrides and the ones the page set (only the difference goes in the URL). */
  overrides: Readonly<Record<string, string>>;
  baseOverrides: Readonly<Record<string, string>>;
  setOverrides: (o: Record<string, string>) => void;
}

/** Reads the URL into the diagram once and keeps it in step; returns the URL's issues. */
export function useUrlSync(o: UrlSync): InputIssue[] {
  const [issues, setIssues] = useState<InputIssue[]>([]);
  const { enabled, actor } = o;
  useEffect(() => {
    if (!enabled) {
      if (o.autoplay) actor.send({ type: 'PLAY' });
      return;
    }
    const { state, issues: found } = parseUrlState(window.location.search);
    setIssues(found);
    if (Object.keys(state.overrides).length > 0)
      o.setOverrides({ ...o.baseOverrides, ...state.overrides });
    if (state.burst !== undefined) o.setBurst(state.burst);
    if (state.speed !== undefined) actor.send({ type: 'SPEED', speed: state.speed });
    // Seek after the re-run so the new step count applies.
    requestAnimationFrame(() => {
      if (state.step !== undefined || state.time !== undefined) {
        actor.send({
          type: 'SEEK',
          ...(state.step !== undefined ? { step: state.step } : {}),
          ...(state.time !== undefined ? { time: state.time } : {}),
        });
      } else if (o.autoplay) actor.send({ type: 'PLAY' });
    });
    // Only on mount: later changes are written, not read.
  }, []);

  const { coarse, overrides, baseOverrides, burst, timeMode } = o;
  useEffect(() => {
    if (!enabled || coarse.playing) return;
    const q = serializeUrlState({
      overrides: changedOverrides(overrides, baseOverrides),
      step: coarse.step,
      ...(timeMode ? { time: coarse.time } : {}),
      speed: coarse.speed,
      ...(burst > 0 ? { burst } : {}),
    });
    const { pathname, search, hash } = window.location;
    if (q !== search) window.history.replaceState(null, '', `${pathname}${q}${hash}`);
  }, [
    enabled,
    coarse.playing,
    coarse.step,
    coarse.time,
    coarse.speed,
    overrides,
    baseOverrides,
    burst,
    timeMode,
  ]);
  return issues;
}

/** The overrides the learner changed from the page's own. */
export function changedOverrides(
  overrides: Readonly<Record<string, string>>,
  base: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(overrides)) if (base[k] !== v) out[k] = v;
  return out;
}
