/**
 * The eBPF data path's strings (locales/ebpf: its steps, why-codes, DSR sentences, labels and
 * controls) are not in the page's bundle: a diagram fetches them, once per language, when its
 * run is on that data path or it offers the data-path controls, so lessons without it carry
 * none of their bytes. Until they are there the diagram suspends, as it does for its first run
 * (hydration keeps the server's frame); the server has them from the start (serverRun.ts).
 */
import { useMemo } from 'react';
import type { Messages } from '../../view/flow/trClient';

type Lang = 'en' | 'de';
type Table = Record<string, string>;
const loaded: Partial<Record<Lang, Table>> = {};
const pending: Partial<Record<Lang, Promise<Table>>> = {};

/** Give the strings to a process that has them already (the server's first frames). */
export function provideEbpfMessages(tables: Record<Lang, Table>): void {
  loaded.en = tables.en;
  loaded.de = tables.de;
}

function load(lang: Lang): Promise<Table> {
  const p =
    lang === 'de'
      ? import('../../i18n/locales/ebpf/de.json')
      : import('../../i18n/locales/ebpf/en.json');
  return p.then((m) => (loaded[lang] = m.default as Table));
}

/**
 * Start loading the strings without waiting (a diagram that offers the data-path controls calls
 * this before its first run suspends, so the two loads overlap instead of following each other).
 */
export function prefetchEbpfMessages(lang: Lang): void {
  if (!loaded[lang]) pending[lang] ??= load(lang);
}

/** The island's messages, with the eBPF strings of `lang` when `needed` (suspends until loaded). */
export function useEbpfMessages(lang: Lang, needed: boolean, base: Messages): Messages {
  const table = needed ? loaded[lang] : undefined;
  if (needed && !table) throw (pending[lang] ??= load(lang));
  return useMemo(
    () => (table ? { ...base, [lang]: { ...base[lang], ...table } } : base),
    [table, base, lang],
  );
}
