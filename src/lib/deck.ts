/**
 * Builds a presenter deck from a lesson's frontmatter and navigates it. Pure data: the deck
 * page, the notes window and the print handout all render the same slide list, and the
 * navigation rules (a diagram slide's "next" is the next packet hop) are unit-tested here.
 */

/** The lesson fields a deck is made from. */
export interface DeckLesson {
  slug: string;
  title: string;
  description: string;
  order: number;
  minutes: number;
  goals: readonly string[];
  scenarios: readonly string[];
}

/** A translate function over the `present.*` strings (injected so this module stays pure). */
export type DeckT = (key: string, vars?: Record<string, string | number>) => string;

/**
 * One moment of a diagram that runs over simulated time (a drain, a load balance): where the
 * clicker's "next" stops on its slide, with the sentence the slide shows there.
 */
export interface DeckMoment {
  /** Simulated seconds. */
  time: number;
  text: string;
}

/** The moments of a scenario's diagram, or undefined for a hop-by-hop one. */
export type MomentsFor = (scenario: string) => readonly DeckMoment[] | undefined;

export type Slide =
  | { kind: 'title'; title: string; subtitle: string; meta: string; notes: string }
  | { kind: 'goals'; heading: string; items: string[]; notes: string }
  | {
      kind: 'diagram';
      heading: string;
      scenario: string;
      /** 1-based number among the deck's diagrams. */
      index: number;
      count: number;
      notes: string;
      /**
       * Set for diagrams over simulated time: "next" steps through these moments instead of
       * the packet hops (which all happen in the first fraction of a second of a drain).
       */
      moments?: DeckMoment[];
    }
  | { kind: 'recap'; heading: string; items: string[]; notes: string }
  | { kind: 'end'; heading: string; text: string; notes: string };

/** Builds the slide list: title, goals, one slide per scenario, recap, end. */
export function buildDeck(
  lesson: DeckLesson,
  t: DeckT,
  has: (key: string) => boolean,
  momentsFor: MomentsFor = () => undefined,
): Slide[] {
  const count = lesson.scenarios.length;
  const slides: Slide[] = [
    {
      kind: 'title',
      title: lesson.title,
      subtitle: lesson.description,
      meta: t('present.title.meta', { n: lesson.order, minutes: lesson.minutes }),
      notes: t('present.notes.title', { minutes: lesson.minutes, goals: lesson.goals.length }),
    },
    {
      kind: 'goals',
      heading: t('present.goals.heading'),
      items: [...lesson.goals],
      notes: t('present.notes.goals'),
    },
  ];
  lesson.scenarios.forEach((scenario, i) => {
    const key = `present.scenario.${scenario}`;
    const moments = momentsFor(scenario);
    const timed = moments !== undefined && moments.length > 0;
    slides.push({
      kind: 'diagram',
      heading: has(key) ? t(key) : t('present.diagram.heading', { scenario }),
      scenario,
      index: i + 1,
      count,
      notes: t(timed ? 'present.notes.moments' : 'present.notes.diagram', { index: i + 1, count }),
      ...(timed ? { moments: [...moments] } : {}),
    });
  });
  slides.push(
    {
      kind: 'recap',
      heading: t('present.recap.heading'),
      items: [...lesson.goals],
      notes: t('present.notes.recap'),
    },
    {
      kind: 'end',
      heading: t('present.end.heading'),
      text: t('present.end.text'),
      notes: t('present.notes.end'),
    },
  );
  return slides;
}

/** The last step index of a slide whose steps are its moments (known at build time), else null. */
export function momentSteps(slide: Slide | undefined): number | null {
  return slide?.kind === 'diagram' && slide.moments ? Math.max(0, slide.moments.length - 1) : null;
}

/** Where the deck is: a 0-based slide and, on diagram slides, the diagram's step. */
export interface DeckPosition {
  slide: number;
  step: number;
}

/**
 * Step value meaning "the diagram's last step", used when going back into a diagram slide.
 * More generally a negative step counts from the end: -1 is the last hop, -2 the one before.
 */
export const END_STEP = -1;

/**
 * A diagram's step count, or null while it is not known yet: the diagram computes its engine
 * run in a worker and reports its length only when the worker answers, so "next" pressed right
 * after entering a diagram slide must not take "no steps known" for "no steps".
 */
export type KnownSteps = number | null;

/**
 * The absolute step a position's step stands for, within 0..steps. While the step count is
 * unknown a from-the-end step cannot be resolved and reads as 0 (the diagram's start).
 */
export function resolveStep(step: number, steps: KnownSteps): number {
  if (steps === null) return Math.max(0, step);
  const abs = step < 0 ? steps + 1 + step : step;
  return Math.min(Math.max(abs, 0), Math.max(0, steps));
}

/**
 * One press: `+1` ("next") or `-1` ("back"). On a diagram slide with a hop left in that
 * direction, that hop; otherwise the neighbouring slide: "next" arrives at step 0, "back" at the
 * end of a diagram so the trainer can retell the last hop. Stays put at either end of the deck.
 * While a diagram's step count is unknown the press is taken as a hop (the diagram is about to
 * show it; "back" from the end counts further from the end); once the count arrives,
 * `settlePosition` clamps the position into the real diagram.
 */
export function movePosition(
  pos: DeckPosition,
  slides: readonly Slide[],
  steps: KnownSteps,
  dir: 1 | -1,
): DeckPosition {
  if (slides[pos.slide]?.kind === 'diagram') {
    // Unknown count: every press is a hop, except "next" from the end and "back" from step 0.
    const edge = dir > 0 ? END_STEP : 0;
    if (steps === null) {
      if (pos.step !== edge) return { slide: pos.slide, step: pos.step + dir };
    } else {
      const step = resolveStep(pos.step, steps);
      if (dir > 0 ? step < steps : step > 0) return { slide: pos.slide, step: step + dir };
    }
  }
  const to = pos.slide + dir;
  if (to < 0) return { slide: 0, step: 0 };
  if (to > slides.length - 1) return { slide: slides.length - 1, step: pos.step };
  return { slide: to, step: dir < 0 && slides[to]?.kind === 'diagram' ? END_STEP : 0 };
}

type Move = (pos: DeckPosition, slides: readonly Slide[], steps: KnownSteps) => DeckPosition;
/** The position after "next". */
export const nextPosition: Move = (pos, slides, steps) => movePosition(pos, slides, steps, 1);
/** The position after "back". */
export const prevPosition: Move = (pos, slides, steps) => movePosition(pos, slides, steps, -1);

/**
 * The position once a diagram slide's step count is known: from-the-end steps resolved, steps
 * taken while the count was unknown clamped into the diagram. Other slides are unchanged.
 */
export function settlePosition(
  pos: DeckPosition,
  slides: readonly Slide[],
  steps: number,
): DeckPosition {
  if (slides[pos.slide]?.kind !== 'diagram') return pos;
  const step = resolveStep(pos.step, steps);
  return step === pos.step ? pos : { slide: pos.slide, step };
}

/** Clamps a position into the deck (e.g. one read from a URL). */
export function clampPosition(pos: DeckPosition, slides: readonly Slide[]): DeckPosition {
  const last = Math.max(0, slides.length - 1);
  const slide = Number.isSafeInteger(pos.slide) ? Math.min(Math.max(pos.slide, 0), last) : 0;
  const isDiagram = slides[slide]?.kind === 'diagram';
  const ok = Number.isSafeInteger(pos.step);
  return { slide, step: isDiagram && ok ? pos.step : 0 };
}

/** Reads `#slide=3&step=2` (1-based slide) into a position; undefined when absent or bad. */
export function parseDeckHash(hash: string): DeckPosition | undefined {
  const m = /^#?slide=(\d{1,4})(?:&step=(\d{1,5}))?$/.exec(hash);
  if (!m) return undefined;
  return { slide: Number(m[1]) - 1, step: m[2] === undefined ? 0 : Number(m[2]) };
}

/**
 * Writes a position as the URL hash (1-based slide; step only on diagram slides, and only once
 * it is known: a from-the-end step of a diagram still computing is left out).
 */
export function toDeckHash(pos: DeckPosition, slides: readonly Slide[], steps: KnownSteps): string {
  const onDiagram = slides[pos.slide]?.kind === 'diagram';
  if (!onDiagram || (pos.step < 0 && steps === null)) return `#slide=${pos.slide + 1}`;
  return `#slide=${pos.slide + 1}&step=${resolveStep(pos.step, steps)}`;
}

/** The BroadcastChannel name a deck and its notes window share. */
export function deckChannelName(lang: string, slug: string): string {
  return `hop-by-hop:deck:${lang}:${slug}`;
}

/** Messages on the deck channel. */
export type DeckMessage =
  | {
      type: 'position';
      slide: number;
      step: number;
      steps: number;
      /** What a step is on this slide: a packet hop, or a moment of a run over time. */
      unit?: 'hop' | 'moment';
      narration: string;
      startedAt: number | null;
    }
  | { type: 'hello' }
  | { type: 'command'; command: 'next' | 'prev' | 'first' | 'last' | 'goto'; slide?: number };

/** Narrows unknown channel data to a deck message. */
export function isDeckMessage(data: unknown): data is DeckMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === 'position' || type === 'hello' || type === 'command';
}

/** Formats elapsed milliseconds as m:ss (or h:mm:ss). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
