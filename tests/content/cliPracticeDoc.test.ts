/** The CLI page's practice example is what `simulate --practice … --json` prints (the scenario shortened). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { practiceJson } from '../../src/cli/practice';

describe.each(['en', 'de'] as const)('the CLI page, practice (%s)', (lang) => {
  const mdx = fs.readFileSync(
    path.resolve(__dirname, `../../content/pages/${lang}/cli.mdx`),
    'utf8',
  );
  const block =
    /```json title="npm run simulate -- --practice (\d+) --family (\w+) --json[^"]*"\n([\s\S]*?)\n```/.exec(
      mdx,
    );

  it('shows the JSON the command prints', () => {
    expect(block).not.toBeNull();
    const [, seed = '', family = '', json = ''] = block ?? [];
    const doc = JSON.parse(json) as { scenario: { id: string } } & Record<string, unknown>;
    const actual = practiceJson(lang, Number(seed), family as 'zones') as typeof doc;
    expect(doc.scenario.id).toBe(actual.scenario.id);
    const { scenario: _a, ...docRest } = doc;
    const { scenario: _b, ...actualRest } = actual;
    expect(docRest).toEqual(actualRest);
  });

  it('documents every option and field of the practice output', () => {
    for (const word of [
      '--practice SEED',
      '--family F',
      '--practice-sheet N',
      'questions[].moment',
      'questions[].accepted',
      'questions[].explanation',
    ])
      expect(mdx).toContain(word);
  });
});
