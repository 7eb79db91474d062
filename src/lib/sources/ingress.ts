import type { SourceEntry } from './types.ts';

/** Sources: ingress. */
export const INGRESS_SOURCES: readonly SourceEntry[] = [];
