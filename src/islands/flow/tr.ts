/**
 * A string-keyed translate function for the diagram. Engine codes become keys at run time
 * (`reason.<code>`, `event.<type>`), so the key type cannot be static here; a missing key falls
 * back to the given text (usually the raw code) instead of showing the key.
 */
import { getI18n, type Lang } from '../../i18n';

export type Tr = (key: string, vars?: Record<string, string | number>, fallback?: string) => string;

/** Returns the diagram's translate function for one language. */
export function makeTr(lang: Lang): Tr {
  const i18n = getI18n(lang);
  return (key, vars, fallback) => {
    if (!i18n.exists(key)) return fallback ?? key;
    return i18n.t(key, vars ?? {});
  };
}
