import type { InteractOptions } from './interact';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction; see src/directives/interact.ts. */
    'client:interact'?: InteractOptions | boolean;
  }
}
