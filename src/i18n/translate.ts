/**
 * The one translator: an i18next instance per language and resource set, behind a small typed
 * function. i18next does the look-up (language, then English, then the key), the `{{name}}`
 * interpolation, plurals (`key_one` / `key_other`, picked by `count` with Intl.PluralRules),
 * context (`key_<context>`) and number formatting with its built-in Intl formatter
 * (`{{val, number}}`, `{{val, number(minimumFractionDigits: 1)}}`), so "7.2 s" reads "7,2 s" in
 * German. The unit stays in the message, after a non-breaking space.
 *
 * Pages, the CLI and the lab use this module. Client islands cannot afford i18next (about 16 kB
 * gzip on a lesson page with 1.7 kB left in its budget); they use `clientT` (client.ts), which
 * follows the same rules over the same messages, checked key by key against this one in
 * tests/i18n/interpolate.test.ts.
 */
import { createInstance, type i18n } from 'i18next';

/** The two languages of the course. */
export type Lang = 'en' | 'de';
/** Values for a message's placeholders. */
export type Vars = Readonly<Record<string, string | number>>;
/** Flat messages of one language (dot keys). */
export type Table = Readonly<Record<string, string>>;

/** A message key without its plural or context suffix ("n.svc_one" → "n.svc"). */
type BaseKey<K extends string> = K extends `${infer B}_one`
  ? B
  : K extends `${infer B}_other`
    ? B
    : K;
/** The keys a translate function accepts: those of the English table, plural pairs folded. */
export type KeyOf<R> = BaseKey<keyof R & string>;

/** A translate function for one language over a key union. */
export interface T<K extends string = string> {
  /** The message for a known key. */
  (key: K, vars?: Vars): string;
  /** A message for a key made at run time (engine codes): `fallback` (else the key) when missing. */
  dyn(key: string, vars?: Vars, fallback?: string): string;
  /** The language it translates to. */
  readonly lang: Lang;
}

const instances = new WeakMap<Table, Map<Lang, i18n>>();

/** An initialised i18next instance for one language over English and (optionally) German. */
export function i18nFor(lang: Lang, en: Table, de?: Table): i18n {
  let byLang = instances.get(en);
  if (!byLang) instances.set(en, (byLang = new Map()));
  const cached = byLang.get(lang);
  if (cached) return cached;
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ...(de ? { de: { translation: de } } : {}) },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  byLang.set(lang, instance);
  return instance;
}

/** The typed translate function for `lang` over one resource set (English defines the keys). */
export function makeT<R extends Table>(lang: Lang, en: R, de?: Table): T<KeyOf<R>> {
  const instance = i18nFor(lang, en, de);
  const t = (key: string, vars?: Vars): string => instance.t(key, { ...vars });
  return Object.assign(t, {
    dyn: (key: string, vars?: Vars, fallback?: string): string =>
      // With a count, only key_one / key_other may exist, which i18next's `exists` knows.
      instance.exists(key, { ...vars }) ? t(key, vars) : (fallback ?? key),
    lang,
  });
}

/** The translate functions of both languages over one resource set (for the CLI and the lab). */
export function makeTs<R extends Table>(en: R, de: Table): Record<Lang, T<KeyOf<R>>> {
  return { en: makeT('en', en, de), de: makeT('de', en, de) };
}
