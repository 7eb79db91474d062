/**
 * Registers the site's service worker (src/pages/sw.js.ts) and asks it to keep everything this
 * page has already loaded, so the page reloads offline. Import it from an Astro <script>:
 * `import { registerSw } from '~/scripts/registerSw'; registerSw();`
 */

/** Same-origin URLs this page has loaded so far (the page itself without its hash). */
function loadedUrls(): string[] {
  const urls = new Set<string>([location.href.split('#')[0] ?? location.href]);
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.name.startsWith(location.origin)) urls.add(entry.name);
  }
  document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((s) => urls.add(s.src));
  document
    .querySelectorAll<HTMLLinkElement>(
      'link[rel="stylesheet"], link[rel="modulepreload"], link[rel="icon"]',
    )
    .forEach((l) => urls.add(l.href));
  // Islands that have not hydrated yet (they wait for the reader) list their chunks, and <html>
  // lists what the page's scripts load on demand (the search UI): scripts/island-deps.mjs.
  document.querySelectorAll<HTMLElement>('[data-hop-deps], [data-hop-lazy]').forEach((el) => {
    const lists = `${el.dataset['hopDeps'] ?? ''} ${el.dataset['hopLazy'] ?? ''}`;
    for (const u of lists.split(' '))
      if (u.startsWith('/')) urls.add(new URL(u, location.href).href);
  });
  return [...urls].filter((u) => u.startsWith(location.origin));
}

/** Registers /sw.js for the whole site and warms its cache; a no-op where unsupported or in dev. */
export function registerSw(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const warm = (worker: ServiceWorker | null | undefined, final = false): void => {
    worker?.postMessage({ source: 'hop-by-hop', type: 'warm', urls: loadedUrls(), final });
  };
  // The worker answers a warm-up with 'warmed' once the files are stored: from then on this
  // page reloads offline. Marked on <html> for the presenter (and the browser tests).
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      (data as { type?: unknown }).type === 'warmed' &&
      // Only the last warm-up lists the chunks islands fetched while hydrating.
      (data as { final?: unknown }).final === true
    ) {
      document.documentElement.dataset['offlineReady'] = 'true';
    }
  });
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(async (registration) => {
      const ready = await navigator.serviceWorker.ready;
      warm(ready.active ?? registration.active);
      // Islands hydrate and fetch chunks after load; warm again once things settle.
      const later = (): void => {
        setTimeout(() => warm(ready.active), 1500);
        setTimeout(() => warm(ready.active, true), 3000);
      };
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    })
    .catch(() => {
      // Private mode or a blocked scope: the site still works online.
    });
}
