/**
 * URL state of a diagram. Scheme (query parameters; the scenario id is the page path):
 *
 *   ?set=<key>=<value>   a what-if override, repeatable; the CLI's --set grammar and keys,
 *                        e.g. ?set=masquerade=false&set=service.externalTrafficPolicy=Local
 *                        (old links wrote key:value, which is read too)
 *   &step=<n>            hops completed (0 … steps)
 *   &t=<seconds>         simulated time (drain / balance scenarios)
 *   &speed=<x>           playback speed, one of 0.25, 0.5, 1, 2, 4
 *   &burst=<n>           benchmark: play n engine connections at once (1 … 200)
 *
 * Parsing never throws: every bad parameter becomes an issue naming it and what is allowed,
 * and is left out of the state. Values are only ever shown as text, never as HTML.
 */
import { speeds } from '../../machines/playbackMachine';
import { LIMITS } from '../../sim/params';
import { formatSetItem, parseOverrideValue, splitSetItem, type OverrideKey } from '../../sim/keys';

/** An override key as the URL parser needs it (the engine's declaration). */
export type UrlKey = OverrideKey;

export interface UrlState {
  overrides: Record<string, string>;
  step?: number;
  time?: number;
  speed?: number;
  burst?: number;
}

export interface UrlIssue {
  param: string;
  value: string;
  allowed: string;
}

const MAX = 64;

function shorten(v: string): string {
  return v.length > MAX ? `${v.slice(0, MAX)}…` : v;
}

function allowedFor(k: UrlKey): string {
  if (k.type === 'enum') return (k.values ?? []).join(', ');
  if (k.type === 'boolean') return 'true, false';
  if (k.type === 'nodeOrNone') return 'none, node-1, …';
  return `${k.min ?? 0} … ${k.max ?? ''}`;
}

/** Does the value fit its key (type and range; node ids by their form, the run checks them)? */
function validValue(k: UrlKey, v: string): boolean {
  return typeof parseOverrideValue(k, v, null) !== 'object';
}

/** Parses a query string against the allowed override keys; bad parts become issues. */
export function parseUrlState(
  search: string,
  keys: readonly UrlKey[],
): { state: UrlState; issues: UrlIssue[] } {
  const state: UrlState = { overrides: {} };
  const issues: UrlIssue[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.length > 4000 ? search.slice(0, 4000) : search);
  } catch {
    return {
      state,
      issues: [{ param: '?', value: shorten(search), allowed: 'set, step, t, speed' }],
    };
  }
  for (const raw of params.getAll('set')) {
    const kv = splitSetItem(raw);
    const key = kv?.key ?? raw;
    const value = kv?.value ?? '';
    const spec = keys.find((k) => k.key === key);
    if (!spec) {
      issues.push({
        param: 'set',
        value: shorten(raw),
        allowed: keys.map((k) => k.key).join(', '),
      });
    } else if (!validValue(spec, value)) {
      issues.push({ param: `set=${spec.key}`, value: shorten(value), allowed: allowedFor(spec) });
    } else {
      state.overrides[spec.key] = value;
    }
  }
  const intParam = (name: 'step' | 'burst', max: number): void => {
    const v = params.get(name);
    if (v === null) return;
    if (/^\d+$/.test(v) && Number(v) <= max) state[name] = Number(v);
    else issues.push({ param: name, value: shorten(v), allowed: `0 … ${max}` });
  };
  intParam('step', 10000);
  intParam('burst', 200);
  const t = params.get('t');
  if (t !== null) {
    // The same limit as every other surface: the engine's longest simulated time.
    if (/^\d+(\.\d+)?$/.test(t) && Number(t) <= LIMITS.timeMax) state.time = Number(t);
    else issues.push({ param: 't', value: shorten(t), allowed: `0 … ${LIMITS.timeMax} (s)` });
  }
  const sp = params.get('speed');
  if (sp !== null) {
    const n = Number(sp);
    if ((speeds as readonly number[]).includes(n)) state.speed = n;
    else issues.push({ param: 'speed', value: shorten(sp), allowed: speeds.join(', ') });
  }
  for (const name of params.keys()) {
    if (!['set', 'step', 't', 'speed', 'burst'].includes(name)) {
      issues.push({
        param: shorten(name),
        value: shorten(params.get(name) ?? ''),
        allowed: 'set, step, t, speed, burst',
      });
    }
  }
  return { state, issues };
}

/** Serializes diagram state into a query string ('' when there is nothing to keep). */
export function serializeUrlState(state: UrlState): string {
  const p = new URLSearchParams();
  for (const key of Object.keys(state.overrides).sort())
    p.append('set', formatSetItem(key, state.overrides[key] ?? ''));
  if (state.step !== undefined && state.step > 0) p.set('step', String(state.step));
  if (state.time !== undefined && state.time > 0)
    p.set('t', String(Math.round(state.time * 10) / 10));
  if (state.speed !== undefined && state.speed !== 1) p.set('speed', String(state.speed));
  if (state.burst !== undefined) p.set('burst', String(state.burst));
  const s = p.toString().replace(/%3A/g, ':').replace(/%3D/g, '=');
  return s ? `?${s}` : '';
}

/** Parses the Diagram component's `set` attribute ("k=v;k2=v2"); bad entries become issues. */
export function parseSetAttr(
  set: string,
  keys: readonly UrlKey[],
): { overrides: Record<string, string>; issues: UrlIssue[] } {
  const overrides: Record<string, string> = {};
  const issues: UrlIssue[] = [];
  for (const part of set
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const kv = splitSetItem(part);
    const key = kv?.key ?? part;
    const value = kv?.value ?? '';
    const spec = keys.find((k) => k.key === key);
    if (!spec)
      issues.push({
        param: 'set',
        value: shorten(part),
        allowed: keys.map((k) => k.key).join(', '),
      });
    else if (!validValue(spec, value))
      issues.push({ param: `set ${spec.key}`, value: shorten(value), allowed: allowedFor(spec) });
    else overrides[spec.key] = value;
  }
  return { overrides, issues };
}
