/** The simulate command's messages: the `sim` locale area. */
import de from '../i18n/locales/sim/de.json' with { type: 'json' };
import en from '../i18n/locales/sim/en.json' with { type: 'json' };
import { translator } from '../i18n/interpolate.ts';

export type Lang = 'en' | 'de';

/** Translate a key with {{placeholders}}; falls back to English, then to the key. */
export const t = translator<Lang>({ en, de });
