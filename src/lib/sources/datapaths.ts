import type { SourceEntry } from './types.ts';

/** Sources: datapaths. */
export const DATAPATHS_SOURCES: readonly SourceEntry[] = [];
