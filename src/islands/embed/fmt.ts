/** Formats one UI string: `{{var}}` placeholders filled with plain-text values. */
export function fmt(
  strings: Readonly<Record<string, string>>,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const text = strings[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );
}
