/**
 * Client-side Tr: an i18next instance over only the messages an island ships (the diagram
 * and engine areas of one language), to keep the island's JavaScript small.
 */
import { createInstance } from 'i18next';

export type Tr = (key: string, vars?: Record<string, string | number>, fallback?: string) => string;

/** Messages of one or both languages, flat dot keys. */
export type Messages = Partial<Record<'en' | 'de', Record<string, string>>>;

const cache = new WeakMap<Messages, Map<string, Tr>>();

/** Returns a Tr for one language over the given messages (cached per messages object). */
export function trFor(lang: 'en' | 'de', messages: Messages): Tr {
  let byLang = cache.get(messages);
  if (!byLang) {
    byLang = new Map();
    cache.set(messages, byLang);
  }
  const hit = byLang.get(lang);
  if (hit) return hit;
  const instance = createInstance();
  const resources: Record<string, { translation: Record<string, string> }> = {};
  for (const [l, m] of Object.entries(messages)) if (m) resources[l] = { translation: m };
  void instance.init({
    lng: lang,
    fallbackLng: messages.en ? 'en' : lang,
    resources,
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const tr: Tr = (key, vars, fallback) => {
    if (!instance.exists(key)) return fallback ?? key;
    return instance.t(key, vars ?? {});
  };
  byLang.set(lang, tr);
  return tr;
}
