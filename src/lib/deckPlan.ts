/**
 * Builds a lesson's deck from its outline (lessonOutline.ts): title, goals, then every
 * `<Diagram>` and `<Predict>` in the lesson's order, recap, end. Runs the engine once per
 * diagram (as the lesson's diagram runs it: seed 1, its `set`) to know every stop, its one-line
 * caption and its full narration at build time.
 *
 * Predict first, also in a room: a diagram slide stops before the first moment a later question
 * about it reveals; the question slide's reveal plays that moment and continues to the next
 * question's. Pure (no DOM, no files): translate functions and authored notes are passed in.
 */
import { runScenario } from '../sim/index';
import { parseSetAttr } from '../view/flow/urlState';
import { runForDiagram, type Run } from '../view/flow/run';
import { narrate } from '../view/flow/narrate';
import { toFlow } from '../islands/flow/toFlow';
import { diagramTitle } from '../view/flow/diagramView';
import { changedWords } from '../view/flow/changeWords';
import { isTimeMode, resolveReveal } from '../view/flow/steps';
import type { Tr } from '../view/flow/trClient';
import { captionMoment, hopCaption } from './deckCaption';
import { groupMoments, momentSentence, momentsOf, type MomentCode } from './moments';
import type { DeckDiagram, DeckLesson, DeckStop, Slide } from './deck';
import { diagramNotes, questionNotes, slideMinutes, type AuthoredNotes } from './deckNotes';
import {
  lessonOutline,
  propNumber,
  propString,
  propStrings,
  type OutlineElement,
} from './lessonOutline';

/** The widths a slide may lay a diagram out at (the narrowest: three Nodes in a row). */
export const DESIGN_WIDTHS: readonly number[] = [1100, 1200, 1300, 1400, 1500, 1600];

/** Formats seconds with one decimal in the deck's language. */
export type Num = (n: number) => string;

/** A diagram of the lesson with every place it can stop at. */
export interface DiagramPlan {
  diagram: DeckDiagram;
  /** Hops 0..steps, or the moments of a run over time; `at` orders them (a step or seconds). */
  stops: Array<DeckStop & { at: number }>;
  run: Run;
}

/**
 * Presenter type: 20 px (present.css), addresses in a monospace font about 0.6 em wide per
 * letter, a box's padding and border about 23 px. An address wider than its box is cut off.
 */
const ADDRESS_PX_PER_CHAR = 20 * 0.61;
const BOX_PADDING_PX = 24;

/** Whether every box's address line fits its box (two Pods side by side can be too narrow). */
export function addressesFit(layout: ReturnType<typeof toFlow>): boolean {
  return layout.nodes.every((n) => {
    const b = layout.boxes[n.id];
    if (!b || n.data.kind === 'node') return true;
    return n.data.sub.length * ADDRESS_PX_PER_CHAR + BOX_PADDING_PX <= b.w;
  });
}

/** The instant a time stop is at, as a label. */
function timeLabel(tr: Tr, num: Num, t: number): string {
  return tr('present.ui.timeAt', { t: num(t) });
}

/** The stops of a hop-by-hop run: step 0 (nothing sent yet) to the last hop. */
function hopStops(tr: Tr, run: Run): DiagramPlan['stops'] {
  const total = run.steps.length;
  const scenario = run.result.resolved;
  const start: DeckStop & { at: number } = {
    at: 0,
    step: 0,
    label: tr('present.ui.stepOf', { step: 0, steps: total }),
    caption: tr('present.caption.start'),
    narration: tr('diagram.narr.start', { total }),
  };
  return [
    start,
    ...run.steps.map((s, i) => ({
      at: i + 1,
      step: i + 1,
      label: tr('present.ui.stepOf', { step: i + 1, steps: total }),
      caption: hopCaption(tr, scenario, s.hop),
      narration: narrate(tr, scenario, s.hop),
    })),
  ];
}

/** The step a run over time has reached at `t` (hops at or before it). */
function stepAtTime(run: Run, t: number): number {
  let n = 0;
  while (n < run.stepTimes.length && (run.stepTimes[n] ?? Infinity) <= t + 1e-9) n++;
  return n;
}

/** The stop of a run over time at `t`: what the last moment at or before it says. */
function timeStop(
  tr: Tr,
  num: Num,
  run: Run,
  groups: readonly MomentCode[][],
  t: number,
): DeckStop & { at: number } {
  const last = [...groups].reverse().find((g) => (g[0]?.at ?? 0) <= t + 1e-6) ?? groups[0] ?? [];
  const head = captionMoment(last);
  return {
    at: t,
    step: stepAtTime(run, t),
    time: t,
    label: timeLabel(tr, num, t),
    caption: head ? momentSentence(tr, num, head, true) : '',
    narration: last.map((m) => momentSentence(tr, num, m)).join(' '),
  };
}

/** Plans one diagram: its run, title and stops; null when the engine refuses it. */
export function planDiagram(
  tr: Tr,
  num: Num,
  d: { id?: string; scenario: string; set?: string; title?: string },
): DiagramPlan | null {
  const { overrides } = parseSetAttr(d.set ?? '');
  const out = runForDiagram(d.scenario, overrides);
  if (!out.ok) return null;
  const run = out.run;
  const title = diagramTitle(
    tr,
    { id: d.scenario },
    { title: d.title, changed: d.title ? [] : changedWords(tr, overrides, {}) },
  );
  const hops = run.steps.map((s) => s.hop);
  const diagram: DeckDiagram = {
    ...(d.id ? { id: d.id } : {}),
    scenario: d.scenario,
    overrides,
    title,
    mode: run.mode,
    steps: run.steps.length,
    chart: run.mode === 'time' && run.result.resolved.timeline.length > 0,
    // The picture's height at a few widths: wider layouts put a Node's Pods side by side.
    designs: DESIGN_WIDTHS.map((width) => {
      const layout = toFlow(run.result.resolved, width, hops, {
        presenter: true,
        badges: run.mode === 'time',
      });
      return { width, height: layout.height, fits: addressesFit(layout) };
    }),
  };
  if (run.mode === 'steps') return { diagram, stops: hopStops(tr, run), run };
  // The moments need the connection records (shares), which the diagram's run drops.
  const full = runScenario(d.scenario, { seed: 1, overrides });
  const codes = full.ok ? momentsOf(full.result, isTimeMode(full.result)) : [];
  const groups = groupMoments(codes);
  const stops = groups.map((g) => timeStop(tr, num, run, groups, Math.max(...g.map((m) => m.at))));
  if (stops.length === 0) stops.push(timeStop(tr, num, run, groups, 0));
  return { diagram, stops, run };
}

/** The stop a question's `reveal` ("0:delivered", "t=14", "end") shows, or null. */
export function revealStop(
  tr: Tr,
  num: Num,
  plan: DiagramPlan,
  reveal: string,
): (DeckStop & { at: number }) | null {
  const target = resolveReveal(reveal, plan.run.steps);
  if (!target) return null;
  if (plan.diagram.mode === 'steps') {
    const step = 'step' in target ? target.step : 'end' in target ? plan.run.steps.length : 0;
    return plan.stops[step] ?? null;
  }
  const t =
    'time' in target
      ? target.time
      : 'end' in target
        ? (plan.stops[plan.stops.length - 1]?.at ?? plan.run.duration)
        : (plan.run.stepTimes[target.step - 1] ?? 0);
  return plan.stops.find((s) => Math.abs(s.at - t) < 1e-6) ?? timeStopFrom(plan, t, tr, num);
}

/** A time stop at any instant (re-derived from the plan's moment stops). */
function timeStopFrom(plan: DiagramPlan, t: number, tr: Tr, num: Num): DeckStop & { at: number } {
  const last = [...plan.stops].reverse().find((s) => s.at <= t + 1e-6) ?? plan.stops[0];
  return {
    at: t,
    step: stepAtTime(plan.run, t),
    time: t,
    label: timeLabel(tr, num, t),
    caption: last?.caption ?? '',
    narration: last?.narration ?? '',
  };
}

/** What a deck is built from besides the lesson's frontmatter. */
export interface DeckInput {
  lesson: DeckLesson;
  /** The lesson's MDX source. */
  source: string;
  /** All strings of the deck's language (present, diagram, sim, lesson). */
  tr: Tr;
  num: Num;
  notes: AuthoredNotes;
}

const strip = ({ at: _at, ...s }: DeckStop & { at: number }): DeckStop => s;

/** Builds the deck of a lesson. `issues` lists what the outline could not place. */
export function planDeck(input: DeckInput): { slides: Slide[]; issues: string[] } {
  const { lesson, tr, num, notes } = input;
  const outline = lessonOutline(input.source);
  const issues = [...outline.issues];
  const diagrams = new Map<string, DiagramPlan>();
  const plans = new Map<OutlineElement, DiagramPlan>();
  for (const e of outline.elements) {
    if (e.name !== 'Diagram') continue;
    const id = propString(e.props['id']);
    const set = propString(e.props['set']);
    const title = propString(e.props['title']);
    const d = {
      scenario: propString(e.props['scenario']) ?? '',
      ...(id ? { id } : {}),
      ...(set ? { set } : {}),
      ...(title ? { title } : {}),
    };
    const plan = planDiagram(tr, num, d);
    if (!plan) {
      issues.push(`line ${e.line}: <Diagram scenario="${d.scenario}"> does not run`);
      continue;
    }
    plans.set(e, plan);
    if (id) diagrams.set(id, plan);
  }
  // The reveals asked of each diagram, in the lesson's order.
  const questions = outline.elements.filter((e) => e.name === 'Predict');
  const revealOf = (q: OutlineElement): (DeckStop & { at: number }) | null => {
    const plan = diagrams.get(propString(q.props['diagram']) ?? '');
    const reveal = propString(q.props['reveal']);
    return plan && reveal ? revealStop(tr, num, plan, reveal) : null;
  };
  const laterReveal = (id: string | undefined, after: number): number => {
    for (const q of questions) {
      if (q.line <= after || propString(q.props['diagram']) !== id) continue;
      const r = revealOf(q);
      if (r) return r.at;
    }
    return Infinity;
  };

  const slides: Slide[] = [];
  let diagramCount = 0;
  for (const e of outline.elements) {
    if (e.name === 'Diagram') {
      const plan = plans.get(e);
      if (!plan) continue;
      diagramCount++;
      const until = laterReveal(plan.diagram.id, e.line);
      const start = propNumber(e.props['step']) ?? 0;
      let stops = plan.stops.filter((s) => s.at >= start && s.at < until);
      if (stops.length === 0) stops = plan.stops.slice(0, 1);
      slides.push({
        kind: 'diagram',
        heading: e.section ?? plan.diagram.title,
        diagram: plan.diagram,
        stops: stops.map(strip),
        notes: diagramNotes(tr, {
          diagram: plan.diagram,
          stops: stops.map(strip),
          cut: until !== Infinity,
          authored: plan.diagram.id ? notes.diagrams[plan.diagram.id] : undefined,
          index: diagramCount,
        }),
      });
      continue;
    }
    const id = propString(e.props['id']) ?? `line-${e.line}`;
    const options = propStrings(e.props['options']);
    const answer = propNumber(e.props['answer']) ?? 0;
    if (options.length < 2 || answer < 0 || answer >= options.length) {
      issues.push(`line ${e.line}: <Predict id="${id}"> has no usable options/answer`);
      continue;
    }
    const plan = diagrams.get(propString(e.props['diagram']) ?? '');
    const first = revealOf(e);
    let stops: DeckStop[] = [];
    if (plan && first) {
      const until = laterReveal(plan.diagram.id, e.line);
      stops = [first, ...plan.stops.filter((s) => s.at > first.at && s.at < until)].map(strip);
    }
    const recall = propString(e.props['kind']) === 'recall';
    const from = propNumber(e.props['from']);
    const explanations = propStrings(e.props['feedback']);
    const slide: Slide = {
      kind: 'question',
      heading: recall
        ? from !== undefined
          ? tr('predict.recallFrom', { n: from })
          : tr('predict.recall')
        : tr('present.question.heading'),
      id,
      question: propString(e.props['question']) ?? '',
      options,
      answer,
      explanations: explanations.length === options.length ? explanations : [],
      ...(plan && stops.length > 0
        ? { diagram: plan.diagram, reveal: propString(e.props['reveal']) ?? 'end' }
        : {}),
      stops,
      notes: '',
    };
    slide.notes = questionNotes(tr, slide, notes.questions[id], recall);
    slides.push(slide);
  }

  const deck: Slide[] = [
    {
      kind: 'title',
      title: lesson.title,
      subtitle: lesson.description,
      meta: tr('present.title.meta', { n: lesson.order, minutes: lesson.minutes }),
      notes: '',
    },
    {
      kind: 'goals',
      heading: tr('present.goals.heading'),
      items: [...lesson.goals],
      notes: tr('present.notes.goals', { minutes: slideMinutes({ kind: 'goals' }) }),
    },
    ...slides,
    {
      kind: 'recap',
      heading: tr('present.recap.heading'),
      items: [...lesson.goals],
      notes: tr('present.notes.recap', { minutes: slideMinutes({ kind: 'recap' }) }),
    },
    {
      kind: 'end',
      heading: tr('present.end.heading'),
      text: tr('present.end.text'),
      notes: tr('present.notes.end', { minutes: slideMinutes({ kind: 'end' }) }),
    },
  ];
  const total = deck.reduce((sum, s) => sum + slideMinutes(s), 0);
  const asked = slides.filter((s) => s.kind === 'question').length;
  const head = deck[0];
  if (head?.kind === 'title')
    head.notes = tr('present.notes.title', {
      minutes: Math.round(total),
      slides: deck.length,
      questions: asked,
      diagrams: diagramCount,
    });
  return { slides: deck, issues };
}
