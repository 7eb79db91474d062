import { interpolate } from '../../i18n/interpolate';

/** Formats one UI string: `{{var}}` placeholders filled with plain-text values (kept when missing). */
export function fmt(
  strings: Readonly<Record<string, string>>,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  return interpolate(strings[key] ?? key, vars, true);
}
