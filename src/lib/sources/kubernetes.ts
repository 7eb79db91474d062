import type { SourceEntry } from './types.ts';

/** Sources: kubernetes. */
export const KUBERNETES_SOURCES: readonly SourceEntry[] = [];
