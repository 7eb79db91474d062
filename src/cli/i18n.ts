/**
 * The simulate command's messages: the `sim` locale area (shared with the diagrams: reasons,
 * events, scenario titles), the `cli` area (the command's own help and summary words, which no
 * page ships) and the eBPF data path's (`ebpf`).
 */
import de from '../i18n/locales/sim/de.json' with { type: 'json' };
import en from '../i18n/locales/sim/en.json' with { type: 'json' };
import cliDe from '../i18n/locales/cli/de.json' with { type: 'json' };
import cliEn from '../i18n/locales/cli/en.json' with { type: 'json' };
import ebpfDe from '../i18n/locales/ebpf/de.json' with { type: 'json' };
import ebpfEn from '../i18n/locales/ebpf/en.json' with { type: 'json' };
import { makeTs, type KeyOf, type Lang, type Vars } from '../i18n/translate.ts';

export type { Lang };

const enAll = { ...en, ...cliEn, ...ebpfEn };
const deAll = { ...de, ...cliDe, ...ebpfDe };
/** A key of the simulate command's messages. */
export type CliKey = KeyOf<typeof enAll>;
const byLang = makeTs(enAll, deAll);

/** Translate a key (i18next: interpolation, plurals, number formats); English, then the key. */
export function t(lang: Lang, key: CliKey, vars?: Vars): string {
  return byLang[lang](key, vars);
}

/** Translate a key made at run time (engine codes): `fallback`, else the key, when missing. */
export function tDyn(lang: Lang, key: string, vars?: Vars, fallback?: string): string {
  return byLang[lang].dyn(key, vars, fallback);
}
