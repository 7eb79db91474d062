/**
 * `simulate --practice <seed> [--family F]` and `--practice-sheet N [--seed S]`: a practice puzzle
 * for trainers, the scenario it runs (a file `simulate` accepts; the engine's seed is 1, its
 * default) and the answer key with each question's moment, what is accepted and the mechanism.
 * As text in the reader's language, as JSON, or as a Markdown handout with the key on a page of
 * its own.
 */
import practiceDe from '../i18n/locales/practice/de.json' with { type: 'json' };
import practiceEn from '../i18n/locales/practice/en.json' with { type: 'json' };
import { makeTs } from '../i18n/translate.ts';
import { keyText, phraseText, type PhraseTr } from '../lib/practiceText.ts';
import {
  generatePuzzle,
  solvePuzzle,
  type FamilyId,
  type KeyEntry,
  type Puzzle,
  type QuestionSpec,
} from '../sim/practice.ts';
import { closest, type InputIssue } from '../sim/index.ts';
import { FAMILY_IDS, isFamily } from '../sim/practiceFamilies.ts';
import type { CliArgs } from './args.ts';
import type { Lang } from './i18n.ts';
import type { CliIo } from './io.ts';
import { issuesText, scenarioFile } from './output.ts';

const practiceT = makeTs(practiceEn, practiceDe);

/** The practice messages in one language. */
export function practiceTr(lang: Lang): PhraseTr {
  return (key, vars) => practiceT[lang].dyn(key, vars);
}

/** The largest number of puzzles a sheet holds. */
export const MAX_SHEET = 50;

/** One puzzle and its key as the documented JSON. */
export function practiceJson(lang: Lang, seed: number, family: FamilyId | null): unknown {
  const p = generatePuzzle(seed, family);
  const key = solvePuzzle(p);
  const tr = practiceTr(lang);
  return {
    seed: p.seed,
    family: p.family,
    lesson: p.lesson,
    scenario: p.scenario,
    questions: p.questions.map((q) => {
      const k = key.find((x) => x.id === q.id);
      return {
        id: q.id,
        kind: q.kind,
        moment: q.moment,
        prompt: phraseText(tr, lang, q.prompt),
        ...(q.unit ? { unit: q.unit } : {}),
        answer: k?.answer ?? null,
        accepted: k?.accepted ?? [],
        explanation: k ? phraseText(tr, lang, k.explanation) : '',
        ...(k?.band ? { band: { lo: k.band.lo, hi: k.band.hi } } : {}),
      };
    }),
  };
}

/** The moment a question names, as words. */
function momentOf(tr: PhraseTr, p: Puzzle, q: QuestionSpec): string {
  return tr(`practice.moment.${q.moment}`, { node: p.setup.drained ?? '', at: 5 });
}

/** The puzzle's setup and questions as Markdown (what the learner gets). */
function puzzleMarkdown(tr: PhraseTr, lang: Lang, p: Puzzle, level = '##'): string {
  const say = (x: Parameters<typeof phraseText>[2]): string => phraseText(tr, lang, x);
  const out: string[] = [];
  out.push(
    `${level} ${tr('practice.heading', { seed: p.seed, family: tr(`practice.family.${p.family}`), lesson: p.lesson })}`,
    '',
  );
  for (const n of p.setup.nodes)
    out.push(
      `- ${n.id} (${n.ip}${n.zone ? `, ${n.zone}` : ''}): ${n.pods.length ? n.pods.join(', ') : tr('practice.map.noPod')}${n.id === p.setup.drained ? ` (${tr('practice.map.drained')})` : ''}`,
    );
  out.push('');
  for (const l of p.setup.lines) out.push(say(l), '');
  if (p.setup.named) out.push(`**${say(p.setup.named)}**`, '');
  p.questions.forEach((q, i) => {
    out.push(`${i + 1}. ${say(q.prompt)} _(${momentOf(tr, p, q)})_`);
    if (q.hint) out.push(`   ${say(q.hint)}`);
    if (q.options)
      q.options.forEach((o, j) =>
        out.push(
          `   ${q.kind === 'multi' ? '☐' : String.fromCharCode(97 + j) + ')'} ${say(o.label)}`,
        ),
      );
    else out.push(`   ____ ${tr(`practice.unitName.${q.unit ?? 'seconds'}`)}`);
  });
  out.push('');
  return out.join('\n');
}

/** The key of a puzzle as Markdown. */
function keyMarkdown(
  tr: PhraseTr,
  lang: Lang,
  p: Puzzle,
  key: readonly KeyEntry[],
  level = '###',
): string {
  const out = [
    `${level} ${tr('practice.heading', { seed: p.seed, family: tr(`practice.family.${p.family}`), lesson: p.lesson })}`,
    '',
  ];
  p.questions.forEach((q, i) => {
    const k = key.find((x) => x.id === q.id);
    if (!k) return;
    out.push(
      `${i + 1}. **${keyText(tr, lang, q, k)}** _(${momentOf(tr, p, q)})_ ${phraseText(tr, lang, k.explanation)}`,
    );
  });
  out.push('');
  return out.join('\n');
}

/** One puzzle as text: the puzzle, its key, and the scenario to run. */
export function practiceText(lang: Lang, seed: number, family: FamilyId | null): string {
  const p = generatePuzzle(seed, family);
  const key = solvePuzzle(p);
  const tr = practiceTr(lang);
  return [
    puzzleMarkdown(tr, lang, p, '#'),
    `## ${tr('practice.cli.key')}`,
    '',
    keyMarkdown(tr, lang, p, key, '###'),
    `## ${tr('practice.cli.scenario', { file: `${p.scenario.id}.json` })}`,
    '',
    '```json',
    scenarioFile(p.scenario).trimEnd(),
    '```',
    '',
  ].join('\n');
}

/** A handout of `count` puzzles (seeds `seed`, `seed + 1`, …) with the key on a separate page. */
export function practiceSheet(
  lang: Lang,
  count: number,
  seed: number,
  family: FamilyId | null,
): string {
  const tr = practiceTr(lang);
  const puzzles = Array.from({ length: count }, (_, i) => generatePuzzle(seed + i, family));
  const keys = puzzles.map((p) => solvePuzzle(p));
  return [
    `# ${tr('practice.cli.sheetTitle', { count })}`,
    '',
    tr('practice.cli.sheetIntro'),
    '',
    ...puzzles.map((p) => puzzleMarkdown(tr, lang, p)),
    // Printed, the key starts on a page of its own.
    '<div style="page-break-before: always; break-before: page"></div>',
    '',
    `# ${tr('practice.cli.key')}`,
    '',
    ...puzzles.map((p, i) => keyMarkdown(tr, lang, p, keys[i] ?? [])),
  ].join('\n');
}

/** The largest puzzle seed (the practice page's too). */
const MAX_PUZZLE_SEED = 2 ** 31 - 1;

/** Runs `--practice` or `--practice-sheet`; returns the exit code (2 on bad input). */
export function practiceMain(args: CliArgs, lang: Lang, io: CliIo): number {
  const issues: InputIssue[] = [];
  let family: FamilyId | null = null;
  if (args.family !== null) {
    if (isFamily(args.family)) family = args.family;
    else {
      const suggestion = closest(args.family.slice(0, 40), FAMILY_IDS);
      issues.push({
        path: '--family',
        code: 'expectedOneOf',
        params: {
          values: [...FAMILY_IDS],
          received: args.family.slice(0, 40),
          ...(suggestion ? { suggestion } : {}),
        },
      });
    }
  }
  const count = args.practiceSheet;
  const seed = count !== null ? args.seed : (args.practice ?? 0);
  if (seed > MAX_PUZZLE_SEED - (count ?? 1) + 1)
    issues.push({
      path: count !== null ? '--seed' : '--practice',
      code: 'expectedInteger',
      params: { min: 0, max: MAX_PUZZLE_SEED - (count ?? 1) + 1, received: String(seed) },
    });
  if (issues.length > 0) {
    io.stderr(issuesText(lang, issues));
    return 2;
  }
  if (count !== null) io.stdout(practiceSheet(lang, count, seed, family));
  else if (args.json) io.stdout(`${JSON.stringify(practiceJson(lang, seed, family), null, 2)}\n`);
  else io.stdout(practiceText(lang, seed, family));
  return 0;
}
