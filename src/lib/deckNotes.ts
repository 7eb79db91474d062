/**
 * Speaker notes of a deck, specific per slide: what to point at, what to ask, the answer most
 * people get wrong and why they give it, and a time budget. What a trainer needs from the lesson
 * (the question, its options, every option's explanation, the diagram's stops) comes from the
 * lesson itself; what only a trainer knows (the common wrong answer, why people give it, what to
 * point at) is written per lesson in `content/decks/<lang>/<lesson>.yaml`. Pure.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import type { DeckDiagram, DeckStop, Slide } from './deck';

/** A translate function with an optional fallback (the diagram's Tr). */
type T = (key: string, vars?: Record<string, string | number>, fallback?: string) => string;

/** What a trainer wrote for one question (by its Predict id). */
export interface QuestionNote {
  /** The option (0-based) most people pick wrongly. */
  wrong?: number;
  /** Why people give that answer. */
  why?: string;
  /** What to ask or say beyond the question itself. */
  ask?: string;
}

/** What a trainer wrote for one diagram (by its Diagram id). */
export interface DiagramNote {
  /** What to point at in the picture. */
  point?: string;
  /** What to ask the room. */
  ask?: string;
}

export interface AuthoredNotes {
  questions: Record<string, QuestionNote>;
  diagrams: Record<string, DiagramNote>;
}

export const NO_NOTES: AuthoredNotes = { questions: {}, diagrams: {} };

/** Notes files larger than this are refused (a lesson's is about 10 kB). */
const MAX_NOTES = 200_000;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 2000) : undefined;

/** Reads a notes file; what does not fit the shape is reported, never thrown. */
export function parseDeckNotes(source: string): { notes: AuthoredNotes; issues: string[] } {
  const issues: string[] = [];
  const notes: AuthoredNotes = { questions: {}, diagrams: {} };
  if (source.length > MAX_NOTES) return { notes, issues: ['notes file too long'] };
  let data: unknown;
  try {
    // One YAML reader in src (js-yaml, as the importer); YAML 1.2 core schema.
    data = load(source, { schema: CORE_SCHEMA });
  } catch (e) {
    return { notes, issues: [`not YAML: ${(e as Error).message.split('\n')[0] ?? ''}`] };
  }
  if (data === null || data === undefined) return { notes, issues };
  if (typeof data !== 'object' || Array.isArray(data)) return { notes, issues: ['not a map'] };
  const root = data as Record<string, unknown>;
  for (const key of Object.keys(root))
    if (key !== 'questions' && key !== 'diagrams') issues.push(`unknown section "${key}"`);
  const section = (name: string): Record<string, unknown> => {
    const v = root[name];
    if (v === undefined || v === null) return {};
    if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    issues.push(`"${name}" is not a map`);
    return {};
  };
  for (const [id, raw] of Object.entries(section('questions'))) {
    const v = (raw ?? {}) as Record<string, unknown>;
    const note: QuestionNote = {};
    if (v['wrong'] !== undefined) {
      if (Number.isInteger(v['wrong']) && (v['wrong'] as number) >= 0)
        note.wrong = v['wrong'] as number;
      else issues.push(`questions.${id}.wrong is not an option index`);
    }
    const why = text(v['why']);
    const ask = text(v['ask']);
    if (why) note.why = why;
    if (ask) note.ask = ask;
    notes.questions[id] = note;
  }
  for (const [id, raw] of Object.entries(section('diagrams'))) {
    const v = (raw ?? {}) as Record<string, unknown>;
    const point = text(v['point']);
    const ask = text(v['ask']);
    notes.diagrams[id] = { ...(point ? { point } : {}), ...(ask ? { ask } : {}) };
  }
  return { notes, issues };
}

/** Minutes a slide takes in a room (the deck's total is their sum). */
export function slideMinutes(
  slide: { kind: Slide['kind']; stops?: readonly DeckStop[]; heading?: string },
  recall = false,
): number {
  switch (slide.kind) {
    case 'title':
    case 'goals':
      return 1;
    case 'diagram':
      // Half a minute to set the picture up, a quarter per stop talked through.
      return Math.max(1, Math.round((30 + 15 * Math.max(0, (slide.stops?.length ?? 1) - 1)) / 60));
    case 'question':
      return recall ? 2 : 3;
    case 'recap':
      return 2;
    case 'end':
      return 3;
  }
}

/** The notes of a diagram slide. */
export function diagramNotes(
  t: T,
  o: {
    diagram: DeckDiagram;
    stops: readonly DeckStop[];
    /** The slide stops before a moment a later question reveals. */
    cut: boolean;
    authored: DiagramNote | undefined;
    index: number;
  },
): string {
  const { diagram, stops, authored } = o;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const parts = [
    t('present.notes.diagramShows', { index: o.index, title: diagram.title }),
    authored?.point ??
      t(diagram.mode === 'time' ? 'present.notes.pointTime' : 'present.notes.pointHops'),
    authored?.ask ?? t(diagram.mode === 'time' ? 'present.notes.askTime' : 'present.notes.askHops'),
  ];
  if (first && last)
    parts.push(
      t(o.cut ? 'present.notes.stopsCut' : 'present.notes.stops', {
        count: stops.length,
        first: first.label,
        last: last.label,
      }),
    );
  parts.push(t('present.notes.time', { minutes: slideMinutes({ kind: 'diagram', stops }) }));
  return parts.join(' ');
}

/** The notes of a question slide. */
export function questionNotes(
  t: T,
  q: Extract<Slide, { kind: 'question' }>,
  authored: QuestionNote | undefined,
  recall: boolean,
): string {
  const n = q.options.length;
  const option = (i: number): string =>
    t('present.notes.option', { n: i + 1, text: q.options[i] ?? '' });
  const parts = [t('present.notes.vote', { n })];
  if (authored?.ask) parts.push(authored.ask);
  const wrong = authored?.wrong;
  if (wrong !== undefined && wrong !== q.answer && wrong < n) {
    parts.push(t('present.notes.commonWrong', { option: option(wrong) }));
    if (authored?.why) parts.push(authored.why);
    const because = q.explanations[wrong];
    if (because) parts.push(t('present.notes.whyWrong', { text: because }));
  } else {
    // Without a trainer's note: every wrong option with what the lesson says about it.
    const others = q.options
      .map((_, i) => i)
      .filter((i) => i !== q.answer && q.explanations[i])
      .map((i) => `${option(i)}: ${q.explanations[i] ?? ''}`);
    if (others.length > 0) parts.push(t('present.notes.wrongOnes', { list: others.join(' ') }));
  }
  parts.push(
    t(q.stops.length > 0 ? 'present.notes.revealMoment' : 'present.notes.reveal', {
      option: option(q.answer),
      text: q.explanations[q.answer] ?? '',
      at: q.stops[0]?.label ?? '',
    }),
  );
  parts.push(t('present.notes.time', { minutes: slideMinutes({ kind: 'question' }, recall) }));
  return parts.join(' ');
}
