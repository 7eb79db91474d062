// Accessibility checks on built HTML, without a browser: the axe rules whose outcome depends on a
// page's content rather than its template. The browser tests run axe once per page template and
// language (tests/e2e/site.spec.ts); scripts/check-site.mjs runs these on every built page, so a
// lesson or scenario that brings a content problem is still caught.
import { parse } from 'node-html-parser';

const SITE = 'https://hop-by-hop.example';
const textOf = (el) => el.textContent.replace(/\s+/g, ' ').trim();
const hasNameAttr = (el) =>
  Boolean(
    (el.getAttribute('aria-label') ?? '').trim() ||
    (el.getAttribute('aria-labelledby') ?? '').trim() ||
    (el.getAttribute('title') ?? '').trim(),
  );
/** The element's accessible name from its content: text, or the alt text of an image in it. */
const contentName = (el) =>
  textOf(el) ||
  el
    .querySelectorAll('img[alt], [aria-label]')
    .map((i) => (i.getAttribute('alt') ?? i.getAttribute('aria-label') ?? '').trim())
    .join('');
const hidden = (el) => {
  for (let e = el; e && e.tagName; e = e.parentNode) {
    if (e.hasAttribute('hidden') || e.getAttribute('aria-hidden') === 'true') return true;
    if (e.tagName === 'TEMPLATE' || e.tagName === 'NOSCRIPT') return true;
  }
  return false;
};

/**
 * Checks one built page and returns its problems (empty when clean): duplicate or dangling ids
 * in ARIA and label references, images without alt, links, buttons and form fields without a
 * name, skipped heading levels, more than one main landmark, lists holding other than items,
 * interactive elements nested in each other, frames without a title, empty table headers, a
 * missing lang or title, and requests (scripts, styles, images, frames) to another origin.
 */
export function htmlA11yProblems(html) {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true } });
  const problems = [];
  const ids = new Map();
  for (const el of root.querySelectorAll('[id]')) {
    const id = el.getAttribute('id');
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  const htmlEl = root.querySelector('html');
  if (!(htmlEl?.getAttribute('lang') ?? '').trim()) problems.push('html-has-lang: no lang');
  if (!textOf(root.querySelector('title') ?? parse(''))) problems.push('document-title: empty');

  for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for']) {
    for (const el of root.querySelectorAll(`[${attr}]`)) {
      for (const ref of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
        const n = ids.get(ref) ?? 0;
        if (n === 0 && attr !== 'aria-controls') problems.push(`${attr}: #${ref} does not exist`);
        if (n > 1) problems.push(`duplicate-id-aria: #${ref} is used ${n} times`);
      }
    }
  }
  for (const img of root.querySelectorAll('img')) {
    if (!img.hasAttribute('alt') && !hasNameAttr(img) && img.getAttribute('role') !== 'none')
      problems.push(`image-alt: <img src="${img.getAttribute('src')}"> has no alt`);
  }
  for (const svg of root.querySelectorAll('svg[role="img"]')) {
    if (!hasNameAttr(svg) && !textOf(svg.querySelector('title') ?? parse('')))
      problems.push('svg-img-alt: an <svg role="img"> has no name');
  }
  for (const a of root.querySelectorAll('a[href]')) {
    if (hidden(a)) continue;
    if (!contentName(a) && !hasNameAttr(a))
      problems.push(`link-name: <a href="${a.getAttribute('href')}"> has no name`);
  }
  for (const b of root.querySelectorAll('button')) {
    if (hidden(b)) continue;
    if (!contentName(b) && !hasNameAttr(b))
      problems.push(`button-name: ${b.outerHTML.slice(0, 80)}`);
  }
  for (const field of root.querySelectorAll('input, select, textarea')) {
    const type = field.getAttribute('type') ?? '';
    if (['hidden', 'submit', 'button', 'reset', 'image'].includes(type) || hidden(field)) continue;
    const id = field.getAttribute('id');
    let wrapped = false;
    for (let e = field.parentNode; e && e.tagName; e = e.parentNode)
      if (e.tagName === 'LABEL') wrapped = true;
    const labelled = id && root.querySelector(`label[for="${id}"]`);
    if (!wrapped && !labelled && !hasNameAttr(field))
      problems.push(`label: ${field.outerHTML.slice(0, 80)}`);
  }
  let last = 0;
  for (const h of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (hidden(h)) continue;
    const level = Number(h.tagName.slice(1));
    if (last && level > last + 1)
      problems.push(`heading-order: h${level} "${textOf(h).slice(0, 40)}" after h${last}`);
    last = level;
  }
  const mains = root.querySelectorAll('main, [role="main"]').length;
  if (mains > 1) problems.push(`landmark-no-duplicate-main: ${mains} main landmarks`);
  for (const list of root.querySelectorAll('ul, ol')) {
    if (list.getAttribute('role')) continue;
    for (const child of list.childNodes) {
      if (child.nodeType !== 1) continue;
      if (!['LI', 'SCRIPT', 'TEMPLATE'].includes(child.tagName))
        problems.push(`list: <${child.tagName.toLowerCase()}> directly in a list`);
    }
  }
  for (const inner of root.querySelectorAll(
    'a[href] a[href], a[href] button, button a[href], button button',
  ))
    problems.push(`nested-interactive: ${inner.outerHTML.slice(0, 80)}`);
  for (const frame of root.querySelectorAll('iframe')) {
    if (!(frame.getAttribute('title') ?? '').trim())
      problems.push('frame-title: an iframe has no title');
  }
  for (const th of root.querySelectorAll('th')) {
    if (!contentName(th) && !hasNameAttr(th)) problems.push('empty-table-header: a <th> is empty');
  }
  // Privacy: nothing the page loads comes from another origin (links to other sites are fine).
  const loads = [
    ['script[src]', 'src'],
    ['img[src]', 'src'],
    ['source[src]', 'src'],
    ['iframe[src]', 'src'],
    [
      'link[rel~="stylesheet"], link[rel~="preload"], link[rel~="modulepreload"], link[rel~="icon"], link[rel~="manifest"]',
      'href',
    ],
  ];
  for (const [selector, attr] of loads) {
    for (const el of root.querySelectorAll(selector)) {
      const value = el.getAttribute(attr) ?? '';
      if (/^(data|blob):/.test(value)) continue;
      if (new URL(value, `${SITE}/`).origin !== SITE)
        problems.push(`request to another origin: ${value}`);
    }
  }
  return problems;
}
