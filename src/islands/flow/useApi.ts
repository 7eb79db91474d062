/**
 * The diagram's imperative API (packetFlowApi.ts): what embeds' postMessage bridge, decks and
 * the share dialog drive, and the state they read back.
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, type Ref } from 'react';
import { stepOf } from '../../view/playback/playbackMachine';
import type { PacketFlowApi, PacketFlowState } from '../packetFlowApi';
import { layoutToSvg } from './svg';
import type { FlowLayout } from './toFlow';
import type { Tr } from '../../view/flow/trClient';
import type { Coarse, PlaybackActor } from './usePlayback';

/** The API of one diagram, handed to `apiRef`, with its state reported on every coarse change. */
export function useApi(o: {
  actor: PlaybackActor;
  coarse: Coarse;
  scenarioId: string;
  overrides: Record<string, string>;
  lang: 'en' | 'de';
  narration: string;
  setOption: (key: string, value: string) => boolean;
  layout: FlowLayout | null;
  tr: Tr;
  apiRef: Ref<PacketFlowApi> | undefined;
  onStateChange: ((s: PacketFlowState) => void) | undefined;
}): PacketFlowApi {
  const { actor, scenarioId, overrides, lang, narration, setOption, layout, tr } = o;
  const getState = useCallback((): PacketFlowState => {
    const c = actor.getSnapshot();
    return {
      scenario: scenarioId,
      step: stepOf(c.context),
      steps: c.context.steps,
      time: c.context.time,
      playing: c.matches('playing'),
      speed: c.context.speed,
      overrides,
      lang,
      narration,
    };
  }, [actor, scenarioId, overrides, lang, narration]);
  const { onStateChange, coarse } = o;
  useEffect(() => {
    onStateChange?.(getState());
  }, [coarse, getState, onStateChange]);
  const api = useMemo(
    (): PacketFlowApi => ({
      play: () => actor.send({ type: 'PLAY' }),
      pause: () => actor.send({ type: 'PAUSE' }),
      step: (delta = 1) => actor.send({ type: 'STEP', delta }),
      seek: (target) => actor.send({ type: 'SEEK', ...target }),
      playTo: (step) => actor.send({ type: 'PLAY_TO', step }),
      setOption,
      getState,
      exportSvg: () => (layout ? layoutToSvg(layout, tr('diagram.place.lb')) : ''),
    }),
    [actor, setOption, getState, layout, tr],
  );
  // Preact's Ref type has null, not undefined, for "no ref".
  useImperativeHandle(o.apiRef ?? null, () => api, [api]);
  return api;
}
