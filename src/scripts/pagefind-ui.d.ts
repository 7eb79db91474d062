// Pagefind's UI ships no types; this is the part src/scripts/search.ts uses.
declare module '@pagefind/default-ui/npm_dist/mjs/ui-core.mjs' {
  /** Options Starlight passes to Pagefind's UI; only `element` is read here. */
  export interface PagefindUIOptions {
    element: string;
    [option: string]: unknown;
  }
  /** Pagefind's search UI: renders the form and results into `options.element`. */
  export const PagefindUI: new (options: PagefindUIOptions) => object;
}
