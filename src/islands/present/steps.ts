/**
 * What a deck slide's steps are: how many it has, where its diagram goes for one, and what the
 * slide says at it. A slide of moments knows its steps from the build; a plain diagram slide
 * learns them from its diagram's report.
 */
import { momentSteps, type KnownSteps, type Slide } from '../../lib/deck';
import type { PacketFlowState } from '../packetFlowApi';

/**
 * The step count of a slide: its moments' (known from the build), else what its diagram reports;
 * null while that diagram has not reported (or it is another slide's diagram).
 */
export function stepsFor(slide: Slide | undefined, flow: PacketFlowState | null): KnownSteps {
  if (slide?.kind !== 'diagram') return 0;
  const moments = momentSteps(slide);
  if (moments !== null) return moments;
  return flow?.scenario === slide.scenario ? flow.steps : null;
}

/** Where the diagram goes for a deck step: a moment's time, or a packet hop. */
export function seekFor(
  slide: Slide | undefined,
  step: number,
): { step: number } | { time: number } {
  const moment = slide?.kind === 'diagram' ? slide.moments?.[step] : undefined;
  return moment ? { time: moment.time } : { step };
}

/** What the slide says at a step: the moment's sentence, or the diagram's own narration. */
export function narrationFor(
  slide: Slide | undefined,
  step: number,
  flow: PacketFlowState | null,
): string {
  const moment = slide?.kind === 'diagram' ? slide.moments?.[step] : undefined;
  return moment ? moment.text : (flow?.narration ?? '');
}
