/**
 * Client-side Tr: the messages an island ships (the diagram and engine areas of one language)
 * filled by i18n/interpolate.ts, which follows the one translator's i18next rules (translate.ts)
 * without shipping i18next. Pages, the CLI and the lab use translate.ts itself.
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
    return text === undefined ? (fallback ?? key) : interpolate(text, vars, lang);
  };
  byLang.set(lang, tr);
  return tr;
}

/** A Tr over the one-language table a page picked at build time (embed, share and deck strings). */
export function trOfTable(lang: 'en' | 'de', table: Record<string, string>): Tr {
  const messages: Messages = {};
  messages[lang] = table;
  return trFor(lang, messages);
}
