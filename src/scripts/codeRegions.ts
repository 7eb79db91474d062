/**
 * Expressive Code turns overflowing code blocks into focusable `role="region"` elements with no
 * name; several unnamed regions fail axe's landmark-unique rule. Name each one after its
 * frame title (or its position) as soon as it becomes a region.
 */
export function nameCodeRegions(prefix: string): void {
  const name = (pre: Element): void => {
    if (pre.getAttribute('role') !== 'region' || pre.hasAttribute('aria-label')) return;
    const all = [...document.querySelectorAll('figure pre')];
    const title = pre.closest('figure')?.querySelector('figcaption .title')?.textContent?.trim();
    pre.setAttribute('aria-label', `${prefix} ${all.indexOf(pre) + 1}${title ? `: ${title}` : ''}`);
  };
  document.querySelectorAll('figure pre[role="region"]').forEach(name);
  new MutationObserver((records) => {
    for (const r of records)
      if (r.target instanceof Element && r.target.matches('figure pre')) name(r.target);
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['role'] });
}
