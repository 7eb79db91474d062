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
import { speeds } from '../playback/playbackMachine';
import { LIMITS } from '../../sim/params';
import { formatSetItem, readSetList } from '../../sim/keys';
import type { InputIssue } from '../../sim/types';

export interface UrlState {
  overrides: Record<string, string>;
  step?: number;
  time?: number;
  speed?: number;
  burst?: number;
}

/** The longest query string read (a stated limit; the rest is ignored). */
const MAX_QUERY = 4000;
const MAX = 64;
const PARAMS = ['set', 'step', 't', 'speed', 'burst'];

function shorten(v: string): string {
  return v.length > MAX ? `${v.slice(0, MAX)}…` : v;
}

/** Parses a query string: overrides through the one `set` reader; bad parts become issues. */
export function parseUrlState(search: string): { state: UrlState; issues: InputIssue[] } {
  const state: UrlState = { overrides: {} };
  const issues: InputIssue[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.length > MAX_QUERY ? search.slice(0, MAX_QUERY) : search);
  } catch {
    return {
      state,
      issues: [
        { path: '?', code: 'unknownKey', params: { values: PARAMS, received: shorten(search) } },
      ],
    };
  }
  const set = readSetList(params.getAll('set'), { param: 'set' });
  state.overrides = set.overrides;
  issues.push(...set.issues);
  const intParam = (name: 'step' | 'burst', max: number): void => {
    const v = params.get(name);
    if (v === null) return;
    if (/^\d+$/.test(v) && Number(v) <= max) state[name] = Number(v);
    else
      issues.push({
        path: name,
        code: 'expectedInteger',
        params: { min: 0, max, received: shorten(v) },
      });
  };
  intParam('step', 10000);
  intParam('burst', 200);
  const t = params.get('t');
  if (t !== null) {
    // The same limit as every other surface: the engine's longest simulated time.
    if (/^\d+(\.\d+)?$/.test(t) && Number(t) <= LIMITS.timeMax) state.time = Number(t);
    else
      issues.push({
        path: 't',
        code: 'expectedNumber',
        params: { min: 0, max: LIMITS.timeMax, unit: 'seconds', received: shorten(t) },
      });
  }
  const sp = params.get('speed');
  if (sp !== null) {
    const n = Number(sp);
    if ((speeds as readonly number[]).includes(n)) state.speed = n;
    else
      issues.push({
        path: 'speed',
        code: 'expectedOneOf',
        params: { values: speeds.map(String), received: shorten(sp) },
      });
  }
  for (const name of params.keys()) {
    if (!PARAMS.includes(name)) {
      issues.push({
        path: shorten(name),
        code: 'unknownKey',
        params: { values: PARAMS, received: shorten(params.get(name) ?? '') },
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
export function parseSetAttr(set: string): {
  overrides: Record<string, string>;
  issues: InputIssue[];
} {
  return readSetList(set.split(';'), { param: 'set' });
}
