/** The simulate command's messages: the `sim` locale area and the eBPF data path's (`ebpf`). */
import simDe from '../i18n/locales/sim/de.json' with { type: 'json' };
import simEn from '../i18n/locales/sim/en.json' with { type: 'json' };
import ebpfDe from '../i18n/locales/ebpf/de.json' with { type: 'json' };
import ebpfEn from '../i18n/locales/ebpf/en.json' with { type: 'json' };
import { translator } from '../i18n/interpolate.ts';

export type Lang = 'en' | 'de';

/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export const t = translator<Lang>({ en: { ...simEn, ...ebpfEn }, de: { ...simDe, ...ebpfDe } });
