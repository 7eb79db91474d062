// Stands in for `@pagefind/default-ui` where Starlight's search imports it (swapped in by the
// `hop:lazy-search` Vite plugin in astro.config.mjs). Starlight builds Pagefind's search UI in an
// idle callback after every load: 26 kB of script and a Svelte render for a dialog most readers
// never open, inside the window where the page should settle. This class takes the same options
// and builds the real UI when the reader heads for search: it loads the code when a pointer or
// focus reaches the search button, and builds the UI when the dialog opens (however it opens).
import type { PagefindUIOptions } from '@pagefind/default-ui/npm_dist/mjs/ui-core.mjs';

type UiCore = typeof import('@pagefind/default-ui/npm_dist/mjs/ui-core.mjs');
let code: Promise<UiCore> | undefined;
/** The chunk's URL after a failed load, and how often it failed. */
let failed: { url: string; tries: number } | undefined;
/**
 * Loads the real UI's code once; a failed load (offline, say) is forgotten, so the next try
 * retries. Browsers remember a failed dynamic import of a URL (Chromium does not fetch it again),
 * so a retry asks for the same chunk under a query of its own.
 */
const load = (): Promise<UiCore> =>
  (code ??= (
    failed
      ? (import(/* @vite-ignore */ `${failed.url}?retry=${failed.tries}`) as Promise<UiCore>)
      : import('@pagefind/default-ui/npm_dist/mjs/ui-core.mjs')
  ).catch((e: unknown) => {
    code = undefined;
    const url = /https?:\/\/[^\s'"]+?\.m?js/.exec(String(e))?.[0] ?? failed?.url;
    if (url) failed = { url: url.split('?')[0] ?? url, tries: (failed?.tries ?? 0) + 1 };
    throw e;
  }));
const ignore = (): void => undefined;

/** Pagefind's UI, built on first use: same constructor as `@pagefind/default-ui`'s PagefindUI. */
export class PagefindUI {
  readonly #options: PagefindUIOptions;
  #built: Promise<void> | undefined;

  constructor(options: PagefindUIOptions) {
    this.#options = options;
    const host = document.querySelector(options.element)?.closest('site-search');
    const dialog = host?.querySelector('dialog');
    // Already open (the reader was quicker than the idle callback that got here) or unexpected
    // markup: build now.
    if (!host || !dialog || dialog.open) {
      this.build().catch(ignore);
      return;
    }
    for (const type of ['pointerenter', 'focus', 'touchstart'])
      host
        .querySelector('button[data-open-modal]')
        ?.addEventListener(type, () => void load().catch(ignore), { once: true, passive: true });
    // Any way the dialog opens (button, Ctrl/⌘ K) sets its open attribute. Watched until the UI
    // is built: if the code could not load, the next opening tries again.
    const opened = new MutationObserver(() => {
      if (dialog.open) this.build().then(() => opened.disconnect(), ignore);
    });
    opened.observe(dialog, { attributes: true, attributeFilter: ['open'] });
  }

  /** Builds the real UI once; focuses its input if the dialog is already open. */
  build(): Promise<void> {
    this.#built ??= load().then(({ PagefindUI: UI }) => {
      const { element } = this.#options;
      // A copy: Pagefind deletes the options it reads from the object it is given.
      new UI({ ...this.#options });
      // Starlight focuses the input when the dialog opens; on first use it did not exist yet.
      const host = document.querySelector(element)?.closest('site-search');
      if (host?.querySelector('dialog')?.open)
        host.querySelector<HTMLInputElement>('input')?.focus();
    });
    this.#built.catch(() => {
      this.#built = undefined;
    });
    return this.#built;
  }
}
