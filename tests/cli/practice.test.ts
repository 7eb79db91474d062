/**
 * `simulate --practice` and `--practice-sheet`: the puzzle, the scenario it runs (valid, and the
 * same run as the key's), the key in the documented JSON, a handout with the key on its own page,
 * and bad input as a localized message with exit code 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli/main.ts';
import { generatePuzzle, solvePuzzle } from '../../src/sim/practice.ts';
import { validateScenario } from '../../src/sim/index.ts';

function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    fileSize: () => null,
    readFile: () => null,
    env: {},
    cwd: '/tmp',
  };
  return { code: main(argv, io), stdout, stderr };
}

describe('simulate --practice', () => {
  it('prints the puzzle, its key and a scenario file simulate accepts', { timeout: 60_000 }, () => {
    const r = cli(['--practice', '7', '--family', 'drain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# Puzzle 7 · Draining a node (lesson 6)');
    expect(r.stdout).toContain('## Answer key');
    const json = /```json\n([\s\S]*?)\n```/.exec(r.stdout)?.[1] ?? '';
    const v = validateScenario(JSON.parse(json));
    expect(v.ok).toBe(true);
    expect(JSON.parse(json)).toMatchObject(generatePuzzle(7, 'drain').scenario);
  });

  it(
    '--json: seed, family, scenario and each question with moment, answer, accepted, explanation',
    { timeout: 60_000 },
    () => {
      const r = cli(['--practice', '31', '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as {
        seed: number;
        family: string;
        scenario: { id: string };
        questions: Array<{
          id: string;
          kind: string;
          moment: string;
          answer: unknown;
          accepted: unknown[];
          explanation: string;
        }>;
      };
      const p = generatePuzzle(31);
      const key = solvePuzzle(p);
      expect(out.seed).toBe(31);
      expect(out.family).toBe(p.family);
      expect(out.scenario.id).toBe('practice-31');
      expect(out.questions.map((q) => q.id)).toEqual(p.questions.map((q) => q.id));
      out.questions.forEach((q, i) => {
        expect(q.moment).toBe(p.questions[i]?.moment);
        expect(q.answer).toEqual(key[i]?.answer);
        expect(q.accepted).toEqual(key[i]?.accepted);
        expect(q.explanation.length).toBeGreaterThan(20);
        expect(q.explanation).not.toMatch(/\{\{|practice\./);
      });
    },
  );

  it('--lang de writes the sentences in German', () => {
    const r = cli(['--practice', '3', '--family', 'local', '--lang', 'de']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('## Lösungen');
    expect(r.stdout).not.toMatch(/\{\{|practice\./);
  });

  it('--practice-sheet: N puzzles, then the key on a page of its own', { timeout: 120_000 }, () => {
    const r = cli(['--practice-sheet', '3', '--seed', '40', '--family', 'balance']);
    expect(r.code).toBe(0);
    const [puzzles = '', key = ''] = r.stdout.split('page-break-before: always');
    expect(puzzles.match(/^## Puzzle 4[0-2] /gm)).toHaveLength(3);
    expect(key).toContain('# Answer key');
    expect(key.match(/^### Puzzle 4[0-2] /gm)).toHaveLength(3);
    expect(puzzles).not.toContain('accepted:');
  });

  it('bad input: a localized message naming the option, exit 2, no stack', () => {
    for (const argv of [
      ['--practice', 'abc'],
      ['--practice', '99999999999'],
      ['--practice', '1', '--family', 'zonez'],
      ['--practice-sheet', '0'],
      ['--practice-sheet', '51'],
      ['--practice-sheet', '2', '--seed', String(2 ** 31 - 1)],
    ]) {
      const r = cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--practice|--family|--seed/);
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+/);
    }
    expect(cli(['--practice', '1', '--family', 'zonez']).stderr).toContain('zones');
    expect(cli(['--practice', 'x', '--lang', 'de']).stderr).toContain('Die Eingabe ist ungültig');
  });

  it(
    'hostile flags and values: exit 0 or 2, a message, never a stack trace',
    { timeout: 240_000 },
    () => {
      const token = fc.oneof(
        fc.constantFrom('--practice', '--practice-sheet', '--family', '--seed', '--json', '--lang'),
        fc.constantFrom(
          '0',
          '1',
          '3',
          '2147483647',
          '-1',
          '1e3',
          '99999999999',
          'de',
          'drain',
          'zones',
          'mixed',
        ),
        fc.string({ maxLength: 30 }),
      );
      fc.assert(
        fc.property(fc.array(token, { minLength: 1, maxLength: 6 }), (argv) => {
          const withPractice =
            argv.includes('--practice') || argv.includes('--practice-sheet')
              ? argv
              : ['--practice', ...argv];
          const r = cli(withPractice);
          expect([0, 2]).toContain(r.code);
          expect(r.stderr + r.stdout).not.toMatch(/\n\s+at .+:\d+/);
          if (r.code === 2) expect(r.stderr.length).toBeGreaterThan(0);
        }),
        { numRuns: 40 },
      );
    },
  );

  it('--help lists the practice options', () => {
    expect(cli(['--help']).stdout).toContain('--practice-sheet');
  });
});
