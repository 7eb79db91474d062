/**
 * A question must not be answered by the text right before it. Every `<Predict>` names its key
 * phrase (`keyPhrase="…"`, alternatives separated by `|`): the words of its correct option that
 * would give it away. No heading or prose block among the two before the question (diagrams and
 * other questions in between do not count as separation, so they are skipped), and not the heading
 * of the section the question sits in, may contain any of them (case-insensitive).
 *
 * The prose that explains an answer belongs right after its question, where it is held back until
 * the question is settled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attribute, mdxBlocks, proseText, type Block } from '../../src/lib/mdxBlocks';

const root = path.resolve(__dirname, '../../content/lessons');
const langs = ['en', 'de'] as const;

/** Blocks a reader takes as text: what the check reads. */
const PROSE_COMPONENTS = new Set(['Callout', 'CloudBox', 'Recap', 'Box', 'details']);
const isProse = (b: Block): boolean =>
  b.kind === 'component' ? PROSE_COMPONENTS.has(b.name ?? '') : b.kind !== 'esm';

/** The plain text of a block and, for a prose component, of everything inside it. */
function textOf(b: Block): string {
  if (b.kind === 'component') return (b.children ?? []).map(textOf).join(' ');
  return proseText(b.source);
}

const norm = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, ' ').toLowerCase();

interface Finding {
  id: string;
  line: number;
  problem: string;
}

/** What is wrong with the questions of one lesson body. */
export function giveaways(body: string, requireKeyPhrase: boolean): Finding[] {
  const blocks = mdxBlocks(body);
  const out: Finding[] = [];
  blocks.forEach((b, i) => {
    if (b.kind !== 'component' || b.name !== 'Predict') return;
    const id = attribute(b, 'id') ?? `line ${b.line}`;
    const key = attribute(b, 'keyPhrase');
    if (key === undefined) {
      if (requireKeyPhrase) out.push({ id, line: b.line, problem: 'no keyPhrase' });
      return;
    }
    const phrases = key
      .split('|')
      .map((p) => norm(p.trim()))
      .filter((p) => p.length > 0);
    if (phrases.length === 0) out.push({ id, line: b.line, problem: 'empty keyPhrase' });
    const before = blocks.slice(0, i).filter(isProse);
    const near = before.slice(-2);
    const heading = [...before].reverse().find((x) => x.kind === 'heading');
    const checked = heading && !near.includes(heading) ? [...near, heading] : near;
    for (const c of checked) {
      const text = norm(textOf(c));
      for (const p of phrases) {
        if (text.includes(p))
          out.push({ id, line: c.line, problem: `“${p}” already in the ${c.kind} before it` });
      }
    }
  });
  return out;
}

describe('no question is answered by the text before it', () => {
  for (const lang of langs) {
    const dir = path.join(root, lang);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
      it(`${lang}/${file}`, () => {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
        const offset = text.split('\n').length - body.split('\n').length;
        const findings = giveaways(body, true).map(
          (f) => `${lang}/${file}:${f.line + offset} ${f.id}: ${f.problem}`,
        );
        expect(findings).toEqual([]);
      });
    }
  }
});

describe('the giveaway check itself', () => {
  const q = (key: string): string =>
    `<Predict\n  id="q"\n  keyPhrase="${key}"\n  question="?"\n  options={["a", "b"]}\n  answer={0}\n/>`;

  it('finds the key phrase in the paragraph or the heading before a question, across a diagram', () => {
    const body = [
      '## Even shares: 1/3 each',
      '',
      'Every node holds the **same** three Pods.',
      '',
      '<Diagram id="d1" scenario="s" />',
      '',
      q('same three|even share'),
    ].join('\n');
    expect(giveaways(body, true).map((f) => f.problem)).toEqual([
      '“even share” already in the heading before it',
      '“same three” already in the paragraph before it',
    ]);
  });

  it('looks at two blocks only, plus the section heading', () => {
    const body = [
      '## Setup',
      '',
      'Long ago: the answer is conntrack.',
      '',
      'One paragraph.',
      '',
      '- a list',
      '',
      q('conntrack'),
    ].join('\n');
    expect(giveaways(body, true)).toEqual([]);
  });

  it('reads inside callouts and tables, case-insensitively', () => {
    const body = [
      '<Callout type="note">',
      'The Kernel does it.',
      '</Callout>',
      '',
      q('kernel'),
    ].join('\n');
    expect(giveaways(body, true)).toHaveLength(1);
    expect(
      giveaways(['| x | It Drops |', '|---|---|', '', q('drops')].join('\n'), true),
    ).toHaveLength(1);
  });

  it('asks for a key phrase where one is required, and accepts text after the question', () => {
    const body = '<Predict id="bare" question="?" options={["a", "b"]} answer={0} />';
    expect(giveaways(body, true).map((f) => f.problem)).toEqual(['no keyPhrase']);
    expect(giveaways(body, false)).toEqual([]);
    expect(giveaways([q('kernel'), '', 'The kernel does it.'].join('\n'), true)).toEqual([]);
  });
});
