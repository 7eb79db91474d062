// Stands in for `@pagefind/default-ui` where Starlight's search imports it (swapped in by the
// `hop:lazy-search` Vite plugin in astro.config.mjs). Starlight builds Pagefind's search UI in an
// idle callback after every load: 26 kB of script and a Svelte render for a dialog most readers
// never open, inside the window where the page should settle. This class takes the same options
// and builds the real UI when the reader heads for search: it loads the code when a pointer or
// focus reaches the search button, and builds the UI when the dialog opens (however it opens).
import type { PagefindUIOptions } from '@pagefind/default-ui/npm_dist/mjs/ui-core.mjs';

let code: Promise<typeof import('@pagefind/default-ui/npm_dist/mjs/ui-core.mjs')> | undefined;
const load = () => (code ??= import('@pagefind/default-ui/npm_dist/mjs/ui-core.mjs'));

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
      void this.build();
      return;
    }
    for (const type of ['pointerenter', 'focus', 'touchstart'])
      host
        .querySelector('button[data-open-modal]')
        ?.addEventListener(type, () => void load(), { once: true, passive: true });
    // Any way the dialog opens (button, Ctrl/⌘ K) sets its open attribute.
    const opened = new MutationObserver(() => {
      if (!dialog.open) return;
      opened.disconnect();
      void this.build();
    });
    opened.observe(dialog, { attributes: true, attributeFilter: ['open'] });
  }

  /** Builds the real UI once; focuses its input if the dialog is already open. */
  build(): Promise<void> {
    return (this.#built ??= load().then(({ PagefindUI: UI }) => {
      const { element } = this.#options;
      // A copy: Pagefind deletes the options it reads from the object it is given.
      new UI({ ...this.#options });
      // Starlight focuses the input when the dialog opens; on first use it did not exist yet.
      const host = document.querySelector(element)?.closest('site-search');
      if (host?.querySelector('dialog')?.open)
        host.querySelector<HTMLInputElement>('input')?.focus();
    }));
  }
}
