/**
 * Client-side Tr: the messages an island ships (the diagram and engine areas of one language)
 * filled by the one interpolator (i18n/interpolate.ts). The pages render with i18next; the
 * islands do not ship it, since the locale files use only `{{name}}` placeholders and plural keys.
 */
import { interpolate, pick } from '../../i18n/interpolate';

/** A translate function: a missing key gives the fallback (or the key), never an empty string. */
export type Tr = (key: string, vars?: Record<string, string | number>, fallback?: string) => string;

/** Messages of one or both languages, flat dot keys. */
export type Messages = Partial<Record<'en' | 'de', Record<string, string>>>;

const cache = new WeakMap<Messages, Map<string, Tr>>();

/** Returns a Tr for one language over the given messages (English as fallback when shipped). */
export function trFor(lang: 'en' | 'de', messages: Messages): Tr {
  let byLang = cache.get(messages);
  if (!byLang) {
    byLang = new Map();
    cache.set(messages, byLang);
  }
  const hit = byLang.get(lang);
  if (hit) return hit;
  const own = messages[lang] ?? {};
  const en = messages.en ?? {};
  const tr: Tr = (key, vars, fallback) => {
    const text = pick(own, lang, key, vars ?? {}) ?? pick(en, 'en', key, vars ?? {});
    return text === undefined ? (fallback ?? key) : interpolate(text, vars);
  };
  byLang.set(lang, tr);
  return tr;
}
