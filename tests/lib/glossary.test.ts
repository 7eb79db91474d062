import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossaryHeadings, glossaryIds } from '../../src/lib/glossary';

const page = (lang: string): string =>
  fs.readFileSync(path.resolve(__dirname, `../../content/pages/${lang}/glossary.mdx`), 'utf8');

describe('glossary headings (the table of contents)', () => {
  for (const lang of ['en', 'de']) {
    it(`${lang}: lists every term the glossary defines, under its letter`, () => {
      const headings = glossaryHeadings(page(lang));
      const terms = headings.filter((h) => h.depth === 3);
      expect(terms.map((h) => h.slug).sort()).toEqual([...glossaryIds].sort());
      expect(headings[0]?.depth).toBe(2);
      for (const t of terms) expect(t.text).not.toMatch(/[<>`·]|^\s|\s$/);
    });
  }

  it('uses the term in the page language and the letter slugs Astro writes', () => {
    const body = '## A\n\n<h3 id="disruption-window">Ausfallfenster · disruption window</h3>\n';
    expect(glossaryHeadings(body)).toEqual([
      { depth: 2, slug: 'a', text: 'A' },
      { depth: 3, slug: 'disruption-window', text: 'Ausfallfenster' },
    ]);
  });
});
