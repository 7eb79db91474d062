import type { SourceEntry } from './types.ts';

/** Sources: clouds. */
export const CLOUDS_SOURCES: readonly SourceEntry[] = [];
