import { CLOUDS_SOURCES } from './clouds.ts';
import { DATAPATHS_SOURCES } from './datapaths.ts';
import { INGRESS_SOURCES } from './ingress.ts';
import { KUBERNETES_SOURCES } from './kubernetes.ts';
import { LINUX_SOURCES } from './linux.ts';
import { METALLB_SOURCES } from './metallb.ts';
import { PRACTICE_SOURCES } from './practice.ts';
import type { SourceEntry } from './types.ts';

export type { SourceEntry, SourceStatus } from './types.ts';

/** Every entry of the source list, by area (each area has its own file so edits do not collide). */
export const SOURCES: readonly SourceEntry[] = [
  ...KUBERNETES_SOURCES,
  ...LINUX_SOURCES,
  ...CLOUDS_SOURCES,
  ...METALLB_SOURCES,
  ...INGRESS_SOURCES,
  ...DATAPATHS_SOURCES,
  ...PRACTICE_SOURCES,
];
