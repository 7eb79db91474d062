/**
 * A string-keyed translate function for the diagram. Engine codes become keys at run time
 * (`reason.<code>`, `event.<type>`), so the key type cannot be static here; a missing key falls
 * back to the given text (usually the raw code) instead of showing the key.
 *
 * This module loads every area of both languages (for Astro pages); client bundles use
 * trClient.ts, which ships only the messages an island needs.
 */
import type { i18n } from 'i18next';
import { getI18n, type Lang } from '../../i18n';
import type { Tr } from './trClient';

export type { Tr };

/** Wraps an initialised i18next instance as a Tr. */
export function trOf(instance: i18n): Tr {
  return (key, vars, fallback) => {
    // With a count, a plural key (key_one, key_other) exists for i18next where `key` alone does not.
    if (!instance.exists(key, vars ?? {})) return fallback ?? key;
    return instance.t(key, vars ?? {});
  };
}

/** Returns the diagram's translate function for one language (all areas loaded). */
export function makeTr(lang: Lang): Tr {
  return trOf(getI18n(lang));
}
