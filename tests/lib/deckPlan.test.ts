import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planDeck } from '../../src/lib/deckPlan';
import { NO_NOTES, parseDeckNotes } from '../../src/lib/deckNotes';
import { lessonOutline, propNumber, propString } from '../../src/lib/lessonOutline';
import { lastStep, type Slide } from '../../src/lib/deck';
import { makeTr } from '../../src/view/flow/tr';
import { fixed } from '../../src/i18n/number';

/** Every lesson's deck, built as the site builds it, from the lesson's own MDX. */
const langs = ['en', 'de'] as const;
const files = readdirSync('content/lessons/en').filter((f) => f.endsWith('.mdx'));

function deckOf(lang: 'en' | 'de', file: string) {
  const source = readFileSync(`content/lessons/${lang}/${file}`, 'utf8');
  let notes = NO_NOTES;
  try {
    notes = parseDeckNotes(
      readFileSync(`content/decks/${lang}/${file.replace('.mdx', '.yaml')}`, 'utf8'),
    ).notes;
  } catch {
    // A lesson without a notes file gets notes from the lesson alone.
  }
  const deck = planDeck({
    lesson: {
      slug: file,
      title: 'T',
      description: 'D',
      order: 1,
      minutes: 10,
      goals: ['g1', 'g2'],
    },
    source,
    tr: makeTr(lang),
    num: (n) => fixed(lang, n, 1),
    notes,
  });
  return { source, ...deck };
}

describe.each(langs)('decks (%s)', (lang) => {
  it.each(files)('%s has every diagram and every question, in order', (file) => {
    const { source, slides, issues } = deckOf(lang, file);
    expect(issues).toEqual([]);
    const outline = lessonOutline(source).elements;
    const body = slides.slice(2, -2);
    expect(body.map((s) => s.kind)).toEqual(
      outline.map((e) => (e.name === 'Diagram' ? 'diagram' : 'question')),
    );
    outline.forEach((e, i) => {
      const s = body[i];
      if (s?.kind === 'diagram') expect(s.diagram.scenario).toBe(propString(e.props['scenario']));
      if (s?.kind === 'question') {
        expect(s.id).toBe(propString(e.props['id']));
        expect(s.answer).toBe(propNumber(e.props['answer']));
        // A question that reveals a moment of a diagram plays it.
        if (e.props['reveal'] !== undefined && e.props['diagram'] !== undefined)
          expect(s.stops.length).toBeGreaterThan(0);
      }
    });
    expect(slides[0]?.kind).toBe('title');
    expect(slides.at(-1)?.kind).toBe('end');
  });

  it.each(files)('%s: slides say one short line, the notes the rest', (file) => {
    const { slides } = deckOf(lang, file);
    const text = JSON.stringify(slides);
    // No key left untranslated, no placeholder left unfilled.
    expect(text).not.toMatch(/"(present|diagram|predict|reason)\.[\w.-]+"|\{\{/);
    for (const s of slides) {
      expect(s.notes.length, `${s.kind} notes`).toBeGreaterThan(40);
      expect(s.notes).toMatch(/(Time|Zeit): \d+\u00a0min\.$/);
      if (!('stops' in s)) continue;
      for (const stop of s.stops) {
        expect(stop.caption.length, stop.caption).toBeLessThanOrEqual(90);
        expect(stop.narration.length).toBeGreaterThanOrEqual(stop.caption.length - 20);
        expect(stop.label).toMatch(
          lang === 'en'
            ? /^(Step \d+ of \d+|t = [\d.]+\u00a0s)$/
            : /^(Schritt \d+ von \d+|t = [\d,]+\u00a0s)$/,
        );
      }
    }
  });
});

describe('design widths', () => {
  it('know where two Pods side by side cut their addresses off', () => {
    const { slides } = deckOf('en', '05-balancing-local.mdx');
    const d1 = slides.find((s): s is Extract<Slide, { kind: 'diagram' }> => s.kind === 'diagram');
    const fits = Object.fromEntries(d1?.diagram.designs.map((d) => [d.width, d.fits]) ?? []);
    // One Pod column at 1100 px, two too narrow for 10.244.1.15:8080 at 1300, wide enough at 1600.
    expect(fits).toMatchObject({ 1100: true, 1300: false, 1600: true });
    // A balance run tells its shares in its captions; a drain keeps its lanes under the picture.
    expect(d1?.diagram.chart).toBe(false);
    const drain = deckOf('en', '06-draining-nodes.mdx').slides.find((s) => s.kind === 'diagram');
    expect(drain && 'diagram' in drain && drain.diagram?.chart).toBe(true);
  });
});

describe('predict first, in the room too', () => {
  it('stops a diagram slide before the moment a later question reveals', () => {
    const { slides } = deckOf('en', '03-why-snat.mdx');
    const d1 = slides.find((s): s is Extract<Slide, { kind: 'diagram' }> => s.kind === 'diagram');
    const q = slides.find(
      (s): s is Extract<Slide, { kind: 'question' }> =>
        s.kind === 'question' && s.id === 'why-snat-pod-source',
    );
    expect(d1 && q).toBeTruthy();
    const reveal = q?.stops[0]?.step ?? -1;
    expect(reveal).toBeGreaterThan(0);
    expect(Math.max(...(d1?.stops.map((s) => s.step) ?? []))).toBe(reveal - 1);
    // The question's answer plays its moment, then the hops up to the next question's.
    const next = slides.find(
      (s): s is Extract<Slide, { kind: 'question' }> =>
        s.kind === 'question' && s.id === 'why-snat-reply-path',
    );
    expect(q?.stops.at(-1)?.step).toBe((next?.stops[0]?.step ?? 0) - 1);
    expect(lastStep(q)).toBe(q?.stops.length);
  });

  it('tells a run over time by its moments, a question on it at its time', () => {
    const { slides } = deckOf('en', '06-draining-nodes.mdx');
    const q = slides.find(
      (s): s is Extract<Slide, { kind: 'question' }> =>
        s.kind === 'question' && s.id === 'draining-nodes-local-terminating-served',
    );
    expect(q?.stops[0]).toMatchObject({ time: 14, label: 't = 14.0\u00a0s' });
    const d1 = slides.find((s) => s.kind === 'diagram');
    expect(d1 && 'stops' in d1 && d1.stops.every((s) => (s.time ?? 0) < 14)).toBe(true);
  });
});

describe('the trainer’s notes (content/decks)', () => {
  it.each(langs.flatMap((lang) => files.map((file) => [lang, file] as const)))(
    '%s %s: every question names its common wrong answer and why, every diagram what to point at',
    (lang, file) => {
      const yaml = readFileSync(`content/decks/${lang}/${file.replace('.mdx', '.yaml')}`, 'utf8');
      const { notes, issues } = parseDeckNotes(yaml);
      expect(issues).toEqual([]);
      const outline = lessonOutline(
        readFileSync(`content/lessons/${lang}/${file}`, 'utf8'),
      ).elements;
      const questions = outline.filter((e) => e.name === 'Predict');
      const diagrams = outline.filter((e) => e.name === 'Diagram');
      // No note for a question or diagram the lesson no longer has.
      expect(Object.keys(notes.questions).sort()).toEqual(
        questions.map((q) => propString(q.props['id'])).sort(),
      );
      expect(Object.keys(notes.diagrams).sort()).toEqual(
        diagrams.map((d) => propString(d.props['id'])).sort(),
      );
      for (const q of questions) {
        const note = notes.questions[propString(q.props['id']) ?? ''];
        const options = Array.isArray(q.props['options']) ? q.props['options'].length : 0;
        expect(note?.wrong).toBeGreaterThanOrEqual(0);
        expect(note?.wrong).toBeLessThan(options);
        expect(note?.wrong).not.toBe(propNumber(q.props['answer']));
        expect(note?.why?.length ?? 0).toBeGreaterThan(30);
      }
      for (const d of Object.values(notes.diagrams)) {
        expect(d.point?.length ?? 0).toBeGreaterThan(30);
        expect(d.ask?.length ?? 0).toBeGreaterThan(15);
      }
      // The deck carries them: a question's notes name the wrong option and the reason.
      const { slides } = deckOf(lang, file);
      for (const s of slides)
        if (s.kind === 'question') expect(s.notes).toContain(notes.questions[s.id]?.why ?? '∅');
    },
  );
});

describe('notes files that do not fit', () => {
  it('reports, never throws', () => {
    expect(parseDeckNotes('questions: [1, 2]').issues).toEqual(['"questions" is not a map']);
    expect(parseDeckNotes('{').issues[0]).toMatch(/^not YAML/);
    expect(parseDeckNotes('other: 1').issues).toEqual(['unknown section "other"']);
    expect(parseDeckNotes('questions:\n  q:\n    wrong: -1').issues).toEqual([
      'questions.q.wrong is not an option index',
    ]);
    expect(parseDeckNotes('x'.repeat(300_000)).issues).toEqual(['notes file too long']);
  });
});
