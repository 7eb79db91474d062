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
import { translator } from '../i18n/interpolate.ts';

export type Lang = 'en' | 'de';

/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export const t = translator<Lang>({
  en: { ...en, ...cliEn, ...ebpfEn },
  de: { ...de, ...cliDe, ...ebpfDe },
});
