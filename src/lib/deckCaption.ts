/**
 * The one short line a deck slide shows for a packet step or a moment of a run over time. The
 * diagram's own narration is several sentences (it goes to the notes window and the handout);
 * a room reads one line: the sentence of the step that matters most (how the packet's journey
 * ends, what the Pod sees, what a node rewrote, in that order), in its short form where the
 * sentence is long. Pure: translate functions are injected.
 */
import { narrationParts, type NarrationPart } from '../view/flow/narrate';
import type { Tr } from '../view/flow/trClient';
import type { Hop, Scenario } from '../sim/types';
import type { MomentCode } from './moments';

/** Narration keys in the order a caption prefers them (first found wins). */
const PRIORITY: readonly string[] = [
  'diagram.narr.noArp',
  'diagram.narr.discard',
  'diagram.narr.timeout',
  'diagram.narr.refused',
  'diagram.narr.reject',
  'diagram.narr.rejectGone',
  'diagram.narr.appCloses',
  'diagram.narr.drop',
  'diagram.narr.delivered',
  'diagram.narr.xff',
  'diagram.narr.dnatSnat',
  'diagram.narr.dnat',
  'diagram.narr.snat',
  'diagram.narr.unnat',
  'diagram.narr.conntrackDnatSnat',
  'diagram.narr.conntrackDnat',
  'diagram.narr.conntrack',
  'diagram.narr.lbProxy',
  'diagram.narr.lbEgressSnat',
  'diagram.narr.lbPick',
  'diagram.narr.lbPickKeep',
  'diagram.narr.lbFlow',
  'diagram.narr.lbUnnat',
  'diagram.narr.lbProxyReply',
  'diagram.narr.lbProxyFlow',
  'diagram.narr.proxyHeader',
  'diagram.narr.arp',
  'diagram.narr.established',
];

/** The part of a hop's narration a caption tells. */
export function captionPart(parts: readonly NarrationPart[]): NarrationPart | undefined {
  for (const key of PRIORITY) {
    const hit = parts.find((p) => p.key === key);
    if (hit) return hit;
  }
  return parts[0];
}

/**
 * The caption of a hop: its most telling sentence, in the short form `present.caption.<name>`
 * (same variables as the diagram's `diagram.narr.<name>`) where one exists.
 */
export function hopCaption(tr: Tr, scenario: Scenario, hop: Hop): string {
  const part = captionPart(narrationParts(tr, scenario, hop));
  if (!part) return '';
  const name = part.key.replace(/^diagram\.narr\./, '');
  return tr(`present.caption.${name}`, part.vars, tr(part.key, part.vars));
}

/** How much a moment tells, higher first, when several fall on one instant. */
const MOMENT_WEIGHT: readonly RegExp[] = [
  /^drain\.end\./,
  /^drain\.failStart/,
  /^drain\.failEnd/,
  /^drain\.(lbDown|l2Down|lbUp|l2Up)/,
  /^drain\.offline/,
  /^drain\.probeFail/,
  /^drain\.podExited/,
  /^drain\.proxyStopped/,
  /^balance\./,
];

/** The one moment of an instant a caption tells. */
export function captionMoment(group: readonly MomentCode[]): MomentCode | undefined {
  const weight = (m: MomentCode): number => {
    const i = MOMENT_WEIGHT.findIndex((re) => re.test(m.code));
    return i < 0 ? MOMENT_WEIGHT.length : i;
  };
  return [...group].sort((a, b) => weight(a) - weight(b))[0];
}
