/**
 * A string-keyed translate function for the diagram. Engine codes become keys at run time
 * (`reason.<code>`, `event.<type>`), so the key type cannot be static here; a missing key falls
 * back to the given text (usually the raw code) instead of showing the key.
 *
 * This module loads every area of both languages (for Astro pages) through the one translator
 * (i18n/translate.ts); client bundles use trClient.ts, which ships only the messages an island needs.
 */
import { useT, type Lang } from '../../i18n';
import type { Tr } from './trClient';

export type { Tr };

/** Returns the diagram's translate function for one language (all areas loaded). */
export function makeTr(lang: Lang): Tr {
  return useT(lang).dyn;
}
