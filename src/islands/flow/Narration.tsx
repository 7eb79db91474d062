/**
 * The narration line under the picture (an aria-live region: the step a diagram lands on is
 * announced), with the clock of a timed run. Embeds keep one height while playing: every
 * narration is laid out invisibly in the same box (Stack.tsx), the clock at its widest.
 */
import { useMemo } from 'react';
import { narrationAt } from '../../view/flow/diagramView';
import { Stack } from './Stack';
import type { Tr } from '../../view/flow/trClient';

/** The narration of one diagram at a step. */
export function Narration(props: {
  tr: Tr;
  uid: string;
  narrations: readonly string[];
  step: number;
  /** What to say instead of the step's sentence (a timed run past its packets), or null. */
  text?: string | null;
  /** Every such text, so an embed keeps room for the longest. */
  texts?: readonly string[];
  /** The clock of a timed run (null: a run told hop by hop). */
  clock: { time: number; duration: number } | null;
  reserve: boolean;
}) {
  const { tr, narrations, clock, reserve } = props;
  const duration = clock?.duration;
  const reserved = useMemo(() => {
    if (!reserve) return [];
    const widest = duration !== undefined ? ` ${tr('diagram.narr.time', { t: duration })}` : '';
    const lines = [
      ...[0, ...narrations.map((_, i) => i + 1)].map((n) => narrationAt(tr, n, narrations)),
      ...(props.texts ?? []),
    ];
    return lines.map((line, n) => (
      <p key={n} className="hop-narration">
        {line}
        {widest}
      </p>
    ));
  }, [reserve, duration, tr, narrations, props.texts]);
  return (
    <Stack variants={reserved}>
      <p
        id={`${props.uid}-narration`}
        className="hop-narration"
        aria-live="polite"
        aria-atomic="true"
        data-narration
      >
        {props.text ?? narrationAt(tr, props.step, narrations)}
        {clock ? ` ${tr('diagram.narr.time', { t: clock.time })}` : ''}
      </p>
    </Stack>
  );
}
