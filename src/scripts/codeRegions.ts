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

/**
 * Starlight lets wide tables scroll sideways; a scrolling box must be reachable by keyboard
 * (axe: scrollable-region-focusable). Make each table that actually overflows a named,
 * focusable region, and undo it when a resize makes it fit again.
 */
export function focusableWideTables(prefix: string): void {
  const tables = [...document.querySelectorAll<HTMLTableElement>('.sl-markdown-content table')];
  const update = (): void => {
    tables.forEach((table, i) => {
      const wide = table.scrollWidth > table.clientWidth + 1;
      if (wide && !table.hasAttribute('tabindex')) {
        table.tabIndex = 0;
        table.setAttribute('role', 'region');
        const head = table.querySelector('th')?.textContent?.trim();
        table.setAttribute('aria-label', `${prefix} ${i + 1}${head ? `: ${head}` : ''}`);
      } else if (!wide && table.getAttribute('role') === 'region') {
        table.removeAttribute('tabindex');
        table.removeAttribute('role');
        table.removeAttribute('aria-label');
      }
    });
  };
  // No synchronous first call: reading scrollWidth during load forced a layout of the whole
  // page in one long task. The observer's first callback comes right after the first layout.
  new ResizeObserver(update).observe(document.body);
}
