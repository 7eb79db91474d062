/**
 * Safe readers over untrusted, already-parsed Kubernetes objects: every getter checks the type
 * and never throws; names and other strings that may reach the report are validated here.
 */

export type Obj = Record<string, unknown>;

/** The value as a plain object, or null. */
export function asObj(v: unknown): Obj | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null;
}

/** The value as an array, or an empty one. */
export function asArr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Own property only: a dump may carry `__proto__` or `constructor` keys. */
export function get(o: Obj | null, key: string): unknown {
  return o !== null && Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** A nested own property, e.g. path(o, 'spec', 'ports'). */
export function path(o: unknown, ...keys: string[]): unknown {
  let cur: unknown = o;
  for (const k of keys) {
    const obj = asObj(cur);
    if (!obj) return undefined;
    cur = get(obj, k);
  }
  return cur;
}

/** A string field, or undefined (also for strings longer than `max`). */
export function str(v: unknown, max = 1024): string | undefined {
  return typeof v === 'string' && v.length <= max ? v : undefined;
}

/** An integer field (JSON number or a numeric YAML scalar), or undefined. */
export function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}

/** A boolean field, or undefined. */
export function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/** A whole number written as a string (annotation values), or undefined. */
export function intString(v: unknown): number | undefined {
  return typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : undefined;
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * True for strings that look like credentials: PEM blocks, JWTs, long base64 or hex runs.
 * Such strings are never copied into the scenario or the report, even where the field is a name.
 */
export function looksSecret(s: string): boolean {
  return (
    /-----BEGIN [A-Z ]+-----/.test(s) ||
    /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/.test(s) ||
    /[A-Za-z0-9+/_]{32,}={0,2}/.test(s) ||
    /(^|[^a-z])(token|secret|password|passwd|apikey|api-key|bearer)([^a-z]|$)/i.test(s)
  );
}

/** A Kubernetes object name (DNS-1123 subdomain, ≤ 253) that is safe to show, or undefined. */
export function safeName(v: unknown): string | undefined {
  const s = str(v, 253);
  return s !== undefined && DNS_SUBDOMAIN.test(s) && !looksSecret(s) ? s : undefined;
}

/** A label key or annotation key that is safe to show (prefix/name form), or undefined. */
export function safeKey(v: unknown): string | undefined {
  const s = str(v, 317);
  return s !== undefined &&
    /^([a-z0-9.-]{1,253}\/)?[A-Za-z0-9]([-A-Za-z0-9_.{}]*[A-Za-z0-9}])?$/.test(s) &&
    !looksSecret(s)
    ? s
    : undefined;
}

/** A short enum-like token safe to show (e.g. "Cluster", "ClientIP", "NoSchedule"). */
export function safeToken(v: unknown, max = 63): string | undefined {
  const s = str(v, max);
  return s !== undefined && /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(s) && !looksSecret(s)
    ? s
    : undefined;
}

/** An HTTP request path safe to show (e.g. "/healthz"), or undefined. */
export function safePath(v: unknown): string | undefined {
  const s = str(v, 128);
  return s !== undefined && /^\/[A-Za-z0-9._~/-]*$/.test(s) && !looksSecret(s) ? s : undefined;
}

/** An IPv6 address shape (only to recognise and count what is ignored). */
export function isIpv6(v: unknown): boolean {
  return typeof v === 'string' && v.length <= 45 && v.includes(':') && /^[0-9a-fA-F:.]+$/.test(v);
}

/** The most common value of a list (first on ties), or undefined. */
export function mode<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestN = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) {
      best = v;
      bestN = n;
    }
  }
  return best;
}
