import type { SourceEntry } from './types.ts';

/** Sources: linux. */
export const LINUX_SOURCES: readonly SourceEntry[] = [];
