/**
 * The HTML-level accessibility check that scripts/check-site.mjs runs on every built page: each
 * rule finds its problem in a small page, and a clean page passes.
 */
import { describe, expect, it } from 'vitest';
import { htmlA11yProblems } from '../../scripts/lib/htmlA11y.mjs';

const page = (body: string, head = '<title>T</title>', lang = 'en'): string =>
  `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;

const clean = page(`<main><h1>A</h1><h2 id="b">B</h2><p><a href="/x/">x</a></p>
  <img src="/a.png" alt=""><button aria-label="Close"><svg></svg></button>
  <label for="f">Name</label><input id="f"><label>Pick <select><option>1</option></select></label>
  <ul><li>1</li></ul><table><tr><th>Head</th></tr></table><iframe title="t" src="/e/"></iframe>
  <a href="https://kubernetes.io/">k8s</a><div aria-labelledby="b"></div>
  <script src="/_astro/a.js"></script><h3 hidden>hidden</h3><h3>C</h3></main>`);

describe('htmlA11yProblems', () => {
  it('passes a clean page', () => {
    expect(htmlA11yProblems(clean)).toEqual([]);
  });

  it.each([
    ['html-has-lang', page('<main></main>', '<title>T</title>', '')],
    ['document-title', page('<main></main>', '<title> </title>')],
    ['aria-labelledby', page('<div aria-labelledby="nope"></div>')],
    ['duplicate-id-aria', page('<p id="a"></p><p id="a"></p><div aria-describedby="a"></div>')],
    ['image-alt', page('<img src="/a.png">')],
    ['svg-img-alt', page('<svg role="img"></svg>')],
    ['link-name', page('<a href="/x/"><span></span></a>')],
    ['button-name', page('<button><svg></svg></button>')],
    ['label', page('<input id="f" type="text">')],
    ['heading-order', page('<h1>A</h1><h3>C</h3>')],
    ['landmark-no-duplicate-main', page('<main></main><div role="main"></div>')],
    ['list', page('<ul><div>x</div></ul>')],
    ['nested-interactive', page('<a href="/x/">x<button>b</button></a>')],
    ['frame-title', page('<iframe src="/e/"></iframe>')],
    ['empty-table-header', page('<table><tr><th></th></tr></table>')],
    ['request to another origin', page('<script src="https://cdn.example.com/x.js"></script>')],
    [
      'request to another origin',
      page('', '<title>T</title><link rel="stylesheet" href="//fonts.example.com/a.css">'),
    ],
  ])('finds %s', (rule, html) => {
    expect(htmlA11yProblems(html).some((p) => p.startsWith(rule))).toBe(true);
  });
});
