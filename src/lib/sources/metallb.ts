import type { SourceEntry } from './types.ts';

/** Sources: metallb. */
export const METALLB_SOURCES: readonly SourceEntry[] = [];
