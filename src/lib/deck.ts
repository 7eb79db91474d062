/**
 * A presenter deck as data, and how the clicker moves through it. A deck is built at build time
 * from the lesson's outline (every `<Diagram>` and every `<Predict>` in order, see
 * deckPlan.ts) and rendered the same way by the deck page, the notes window and the handout.
 * Every slide knows all its steps from the build, so "next" never waits for a diagram. Pure.
 */

/** The lesson fields a deck is made from. */
export interface DeckLesson {
  slug: string;
  title: string;
  description: string;
  order: number;
  minutes: number;
  goals: readonly string[];
}

/** A translate function over the `present.*` strings (injected so this module stays pure). */
export type DeckT = (key: string, vars?: Record<string, string | number>) => string;

/** A moment of a run over simulated time: when, and what the room sees there. */
export interface DeckMoment {
  /** Simulated seconds. */
  time: number;
  text: string;
}

/** One place a slide's diagram stops at: a packet step, or an instant of a run over time. */
export interface DeckStop {
  /** The diagram's step (0 = nothing sent yet); for a run over time, its step at that instant. */
  step: number;
  /** Simulated seconds, for a run over time (absent: the stop is the step). */
  time?: number;
  /** Where the stop is, for the footer: "Step 6 of 21" / "t = 14.0 s". */
  label: string;
  /** The one short line the slide shows. */
  caption: string;
  /** The full sentence: for the notes window and the handout. */
  narration: string;
}

/** A width a slide may lay its diagram out at, and the picture's height there (px). */
export interface Design {
  width: number;
  height: number;
  /** Whether every box's address fits its box at the presenter type size (none is cut off). */
  fits?: boolean;
}

/** A diagram as a slide shows it (no controls; the lesson's `set` applied). */
export interface DeckDiagram {
  /** The lesson's id for it (`d1`), when it has one. */
  id?: string;
  scenario: string;
  overrides: Record<string, string>;
  /** What the diagram shows, in words (its title, with any setting the lesson changed). */
  title: string;
  /** 'time': a run over simulated time, stopped at moments; 'steps': hop by hop. */
  mode: 'steps' | 'time';
  /** A drain's lanes go under the picture; a balance run's shares are told by its captions. */
  chart: boolean;
  /** The run's packet steps. */
  steps: number;
  /** The widths it may be laid out at on a slide (the deck picks the one that draws biggest). */
  designs: Design[];
}

export type Slide =
  | { kind: 'title'; title: string; subtitle: string; meta: string; notes: string }
  | { kind: 'goals'; heading: string; items: string[]; notes: string }
  | {
      kind: 'diagram';
      heading: string;
      diagram: DeckDiagram;
      /** Where "next" stops, in order: hops, or moments of a run over time. At least one. */
      stops: DeckStop[];
      notes: string;
    }
  | {
      kind: 'question';
      /** "Predict, then vote" or "Recall: lesson 2". */
      heading: string;
      id: string;
      question: string;
      options: string[];
      answer: number;
      /** One explanation per option (may be empty). */
      explanations: string[];
      /** The diagram the answer plays on, with the stops after the reveal (first: the moment). */
      diagram?: DeckDiagram;
      /** The lesson's reveal ("0:delivered", "t=14", "end"): what the answer plays. */
      reveal?: string;
      stops: DeckStop[];
      notes: string;
    }
  | { kind: 'recap'; heading: string; items: string[]; notes: string }
  | { kind: 'end'; heading: string; text: string; notes: string };

/**
 * The last step of a slide. A diagram slide has one step per stop (from 0); a question slide
 * has step 0 (asked, the room votes), then step 1 (answer shown and its moment played) and one
 * more per later stop of its diagram. Other slides have one step.
 */
export function lastStep(slide: Slide | undefined): number {
  if (slide?.kind === 'diagram') return Math.max(0, slide.stops.length - 1);
  if (slide?.kind === 'question') return Math.max(1, slide.stops.length);
  return 0;
}

/** The diagram stop a slide shows at a step, or null (a question still asked, a text slide). */
export function stopAt(slide: Slide | undefined, step: number): DeckStop | null {
  if (slide?.kind === 'diagram') return slide.stops[Math.min(step, slide.stops.length - 1)] ?? null;
  if (slide?.kind === 'question' && step >= 1) return slide.stops[step - 1] ?? null;
  return null;
}

/** Whether a question slide shows its answer at a step. */
export function revealed(slide: Slide | undefined, step: number): boolean {
  return slide?.kind === 'question' && step >= 1;
}

/**
 * The slides as the room's page needs them: without the speaker notes and the full narrations,
 * which only the notes window and the handout show (they would be most of the page's weight).
 */
export function forRoom(slides: readonly Slide[]): Slide[] {
  return slides.map((s) => {
    const lean = { ...s, notes: '' };
    if ('stops' in lean) lean.stops = lean.stops.map((stop) => ({ ...stop, narration: '' }));
    return lean;
  });
}

/** Where the deck is: a 0-based slide and the step within it. */
export interface DeckPosition {
  slide: number;
  step: number;
}

/**
 * One press: `+1` ("next") or `-1` ("back"). Within a slide, its next or previous step; then the
 * neighbouring slide: "next" arrives at its first step, "back" at its last, so a trainer can
 * retell the last hop. Stays put at either end of the deck.
 */
export function movePosition(
  pos: DeckPosition,
  slides: readonly Slide[],
  dir: 1 | -1,
): DeckPosition {
  const here = slides[pos.slide];
  const step = Math.min(Math.max(pos.step, 0), lastStep(here));
  if (dir > 0 ? step < lastStep(here) : step > 0) return { slide: pos.slide, step: step + dir };
  const to = pos.slide + dir;
  if (to < 0 || to > slides.length - 1) return { slide: pos.slide, step };
  return { slide: to, step: dir < 0 ? lastStep(slides[to]) : 0 };
}

/** The position after "next". */
export const nextPosition = (pos: DeckPosition, slides: readonly Slide[]): DeckPosition =>
  movePosition(pos, slides, 1);
/** The position after "back". */
export const prevPosition = (pos: DeckPosition, slides: readonly Slide[]): DeckPosition =>
  movePosition(pos, slides, -1);

/** Clamps a position into the deck (e.g. one read from a URL). */
export function clampPosition(pos: DeckPosition, slides: readonly Slide[]): DeckPosition {
  const last = Math.max(0, slides.length - 1);
  const slide = Number.isSafeInteger(pos.slide) ? Math.min(Math.max(pos.slide, 0), last) : 0;
  const step = Number.isSafeInteger(pos.step) ? pos.step : 0;
  return { slide, step: Math.min(Math.max(step, 0), lastStep(slides[slide])) };
}

/** Reads `#slide=3&step=2` (1-based slide) into a position; undefined when absent or bad. */
export function parseDeckHash(hash: string): DeckPosition | undefined {
  const m = /^#?slide=(\d{1,4})(?:&step=(\d{1,5}))?$/.exec(hash);
  if (!m) return undefined;
  return { slide: Number(m[1]) - 1, step: m[2] === undefined ? 0 : Number(m[2]) };
}

/** Writes a position as the URL hash (1-based slide; the step only on slides that have steps). */
export function toDeckHash(pos: DeckPosition, slides: readonly Slide[]): string {
  return lastStep(slides[pos.slide]) > 0
    ? `#slide=${pos.slide + 1}&step=${pos.step}`
    : `#slide=${pos.slide + 1}`;
}

/** The BroadcastChannel name a deck and its notes window share. */
export function deckChannelName(lang: string, slug: string): string {
  return `hop-by-hop:deck:${lang}:${slug}`;
}

/** Votes of the room on one question: a count per option. */
export type Votes = Record<string, number[]>;

/** Messages on the deck channel. */
export type DeckMessage =
  | {
      type: 'position';
      slide: number;
      step: number;
      /** Where the diagram is ("Step 6 of 21", "t = 14.0 s"); empty on other slides. */
      where: string;
      /** The votes recorded on this slide's question, if any. */
      votes?: number[];
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

/** The most votes one option can hold (a room, not a stadium). */
export const MAX_VOTES = 999;

/** Adds (or with `delta` -1 removes) one vote for an option; other options are untouched. */
export function castVote(
  votes: readonly number[],
  options: number,
  option: number,
  delta = 1,
): number[] {
  const out = Array.from({ length: options }, (_, i) => votes[i] ?? 0);
  if (option < 0 || option >= options) return out;
  out[option] = Math.min(MAX_VOTES, Math.max(0, (out[option] ?? 0) + delta));
  return out;
}

/** Each option's share of the votes, 0..1 (all 0 while nobody voted). */
export function voteShares(votes: readonly number[]): number[] {
  const total = votes.reduce((a, b) => a + b, 0);
  return votes.map((v) => (total > 0 ? v / total : 0));
}

/** Formats elapsed milliseconds as m:ss (or h:mm:ss). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
