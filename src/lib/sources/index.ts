import { CLOUDS_SOURCES } from './clouds.ts';
import { DATAPATHS_SOURCES } from './datapaths.ts';
import { INGRESS_SOURCES } from './ingress.ts';
import { KUBERNETES_SOURCES } from './kubernetes.ts';
import { LINUX_SOURCES } from './linux.ts';
import { METALLB_SOURCES } from './metallb.ts';
import { PRACTICE_SOURCES } from './practice.ts';
import type { SourceEntry } from './types.ts';

export type { SourceEntry, SourceStatus } from './types.ts';

/** The areas of the source list in page order; each area has its own file so edits do not collide. */
export const SOURCE_AREAS = [
  { area: 'kubernetes', entries: KUBERNETES_SOURCES },
  { area: 'linux', entries: LINUX_SOURCES },
  { area: 'clouds', entries: CLOUDS_SOURCES },
  { area: 'metallb', entries: METALLB_SOURCES },
  { area: 'ingress', entries: INGRESS_SOURCES },
  { area: 'datapaths', entries: DATAPATHS_SOURCES },
  { area: 'practice', entries: PRACTICE_SOURCES },
] as const satisfies ReadonlyArray<{ area: string; entries: readonly SourceEntry[] }>;

/** One area's key, e.g. 'kubernetes'. */
export type SourceArea = (typeof SOURCE_AREAS)[number]['area'];

/** Every entry of the source list, by area. */
export const SOURCES: readonly SourceEntry[] = SOURCE_AREAS.flatMap((a) => a.entries);
