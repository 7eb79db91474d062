/**
 * The caption of a run over time once its featured packets are over: a drain's packets all
 * travel in its first fraction of a second, so at t = 75 s the last hop's sentence would narrate
 * something long gone. There the caption tells the last change to the Nodes and Pods at or
 * before that time, which is what the picture's badges show. Pure.
 */
import type { SimEvent } from '../../sim/types';
import { eventText } from './eventText';
import type { Step } from './steps';
import type { Tr } from './trClient';

/** Seconds after the last featured hop from which the caption tells changes, not hops. */
export const HOPS_OVER_AFTER = 2;

/** Events that change what the picture shows (probes and single failures do not). */
const shows = (e: SimEvent): boolean => e.type !== 'probe.result' && e.type !== 'connection.failed';

/**
 * The caption at `time`, or null while the featured packets are still what the picture shows
 * (or the run is told hop by hop).
 */
export function timeNarration(
  tr: Tr,
  steps: readonly Step[],
  events: readonly SimEvent[],
  time: number,
): string | null {
  const lastHop = steps[steps.length - 1]?.hop.at ?? 0;
  if (time <= lastHop + HOPS_OVER_AFTER) return null;
  let latest: SimEvent | undefined;
  for (const e of events) {
    if (e.at > time + 1e-9) break;
    if (shows(e)) latest = e;
  }
  if (!latest) return tr('diagram.narr.noChangeYet');
  return tr('diagram.narr.lastChange', {
    at: latest.at,
    text: eventText(tr, latest),
  });
}

/** Every caption timeNarration can give for a run (an embed keeps room for the longest). */
export function allTimeNarrations(tr: Tr, events: readonly SimEvent[]): string[] {
  return [
    tr('diagram.narr.noChangeYet'),
    ...events
      .filter(shows)
      .map((e) => tr('diagram.narr.lastChange', { at: e.at, text: eventText(tr, e) })),
  ];
}
