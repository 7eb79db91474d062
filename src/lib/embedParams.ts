/**
 * Parses an embed URL's query string into typed options plus a list of problems.
 *
 * Pure and total: it never throws, whatever the string (huge numbers, NaN, unicode, markup,
 * megabytes). Every problem names the parameter and what is allowed, so the frame can show a
 * localized message and still run with the options that were valid. Values taken from the URL
 * are only ever returned as data; callers render them as text, never as HTML.
 */

import { issueAllowed, issueReceived } from '../i18n/issueParts';
import { formatSetItem, readSetList } from '../sim/keys';
import type { IssueCode } from '../sim/codes';
import type { InputIssue, IssueParams } from '../sim/types';

export type EmbedChrome = 'none' | 'playback' | 'full';
export type EmbedTheme = 'light' | 'dark' | 'auto';
export type EmbedBackground = 'transparent' | 'theme';

/** The options an embed runs with once its URL is parsed. */
export interface EmbedOptions {
  step: number | undefined;
  time: number | undefined;
  autoplay: boolean;
  chrome: EmbedChrome;
  /** What-if controls to show; empty = none. */
  controls: string[];
  theme: EmbedTheme;
  bg: EmbedBackground;
  /** Scenario overrides, same keys as the CLI's `--set`. */
  overrides: Record<string, string>;
  /** Origins allowed to send commands (exact `scheme://host[:port]`); empty = any parent. */
  origins: string[];
  /** Host-chosen frame id echoed in every message, so one host can tell frames apart. */
  frameId: string | undefined;
}

/** The `embed.issue.*` message that words an issue. */
export type EmbedIssueCode =
  | 'unknownParam'
  | 'invalidValue'
  | 'outOfRange'
  | 'duplicate'
  | 'conflict'
  | 'unknownOverride'
  | 'invalidOverride'
  | 'tooLong';

/** What the parser needs to know about the scenario being embedded. */
export interface EmbedContext {
  /** Control ids the diagram knows. */
  controls: readonly string[];
  /** Largest step index the scenario has, when known. */
  maxStep?: number;
  /** Largest time in seconds the scenario has, when known. */
  maxTime?: number;
}

/** The parameters the embed understands, in the order the docs list them. */
export const embedParamNames = [
  'step',
  't',
  'autoplay',
  'chrome',
  'controls',
  'theme',
  'bg',
  'set',
  'origin',
  'id',
] as const;

/** Longest query string we look at; anything beyond is ignored (and reported). */
export const MAX_QUERY_LENGTH = 8192;
/** Longest single value echoed back in a message. */
const MAX_ECHO = 60;
const MAX_ORIGINS = 8;

/** Defaults for a URL without parameters. */
export function defaultEmbedOptions(): EmbedOptions {
  return {
    step: undefined,
    time: undefined,
    autoplay: false,
    chrome: 'playback',
    controls: [],
    theme: 'auto',
    bg: 'theme',
    overrides: {},
    origins: [],
    frameId: undefined,
  };
}

/** Shortens a value for display in a message; keeps it plain text (caller renders as text). */
export function echo(value: string): string {
  // Strip control characters so a message cannot be garbled by them.
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '');
  const chars = Array.from(clean.length > MAX_ECHO * 4 ? clean.slice(0, MAX_ECHO * 4) : clean);
  return chars.length > MAX_ECHO ? `${chars.slice(0, MAX_ECHO).join('')}…` : chars.join('');
}

/** Splits a raw query string into pairs without throwing on bad percent-encoding. */
export function splitQuery(query: string): Array<[string, string]> {
  const body = query.startsWith('?') ? query.slice(1) : query;
  const pairs: Array<[string, string]> = [];
  if (body === '') return pairs;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    pairs.push([decode(rawKey), decode(rawValue)]);
  }
  return pairs;
}

function decode(raw: string): string {
  const plus = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    // Malformed escapes (e.g. "%E0%A4%A") are kept literally rather than failing the page.
    return plus;
  }
}

const BOOL: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  '': true,
  '0': false,
  false: false,
  no: false,
};

/** True for an origin we accept in `origin=`: https anywhere, http only on loopback. */
export function isValidOrigin(value: string): boolean {
  if (value.length > 200) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin !== value) return false;
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]')
  );
}

/**
 * Parses a query string (with or without "?") into embed options and issues; never throws.
 * `set` goes through the engine's one reader (sim/keys readSetList); issues are the engine's
 * InputIssue (path = the parameter), worded by embedWording.
 */
export function parseEmbedParams(
  query: string,
  context: EmbedContext,
): { options: EmbedOptions; issues: InputIssue[] } {
  const options = defaultEmbedOptions();
  const issues: InputIssue[] = [];
  let text = typeof query === 'string' ? query : '';
  if (text.length > MAX_QUERY_LENGTH) {
    issues.push({
      path: '?',
      code: 'tooLong',
      params: { max: MAX_QUERY_LENGTH, received: String(text.length) },
    });
    text = text.slice(0, MAX_QUERY_LENGTH);
  }
  const seen = new Set<string>();
  const sets: string[] = [];
  const issue = (param: string, code: IssueCode, value: string, params: IssueParams): void => {
    issues.push({ path: echo(param), code, params: { ...params, received: echo(value) } });
  };
  const oneOf = (key: string, value: string, values: readonly string[]): void =>
    issue(key, 'expectedOneOf', value, { values: [...values] });

  for (const [key, value] of splitQuery(text)) {
    if (key === 'set') {
      sets.push(value);
      continue;
    }
    if (seen.has(key)) {
      issue(key, 'duplicateId', value, {});
      continue;
    }
    seen.add(key);
    switch (key) {
      case 'step': {
        const n = toInt(value);
        const max = context.maxStep;
        const range = { min: 0, ...(max !== undefined ? { max } : {}) };
        if (n === undefined) issue(key, 'expectedInteger', value, range);
        else if (max !== undefined && n > max) issue(key, 'outOfRange', value, range);
        else options.step = n;
        break;
      }
      case 't': {
        const n = toSeconds(value);
        const max = context.maxTime;
        const range = { min: 0, unit: 'seconds', ...(max !== undefined ? { max } : {}) };
        if (n === undefined) issue(key, 'expectedNumber', value, range);
        else if (max !== undefined && n > max) issue(key, 'outOfRange', value, range);
        else options.time = n;
        break;
      }
      case 'autoplay': {
        const b = BOOL[value.trim().toLowerCase()];
        if (b === undefined) oneOf(key, value, ['1', '0', 'true', 'false']);
        else options.autoplay = b;
        break;
      }
      case 'chrome':
        if (value === 'none' || value === 'playback' || value === 'full') options.chrome = value;
        else oneOf(key, value, ['none', 'playback', 'full']);
        break;
      case 'theme':
        if (value === 'light' || value === 'dark' || value === 'auto') options.theme = value;
        else oneOf(key, value, ['light', 'dark', 'auto']);
        break;
      case 'bg':
        if (value === 'transparent' || value === 'theme') options.bg = value;
        else oneOf(key, value, ['transparent', 'theme']);
        break;
      case 'controls': {
        if (value === '' || value === 'none') {
          options.controls = [];
          break;
        }
        const picked: string[] = [];
        for (const id of value.split(',').slice(0, 64)) {
          const trimmed = id.trim();
          if (context.controls.includes(trimmed)) {
            if (!picked.includes(trimmed)) picked.push(trimmed);
          } else oneOf(key, trimmed, ['none', ...context.controls]);
        }
        options.controls = picked;
        break;
      }
      case 'origin': {
        const list = value
          .split(/[ ,]+/)
          .filter((o) => o !== '')
          .slice(0, MAX_ORIGINS + 1);
        const good = list.filter(isValidOrigin).slice(0, MAX_ORIGINS);
        for (const bad of list.filter((o) => !isValidOrigin(o)))
          issue(key, 'expectedString', bad, { values: ['https://host[:port]'] });
        options.origins = good;
        break;
      }
      case 'id':
        if (/^[A-Za-z0-9_-]{1,64}$/.test(value)) options.frameId = value;
        else issue(key, 'expectedId', value, { values: ['A–Z a–z 0–9 _ - (1–64)'] });
        break;
      default:
        issue(key, 'unknownKey', key, { values: [...embedParamNames] });
    }
  }
  const read = readSetList(sets, { param: 'set' });
  options.overrides = read.overrides;
  for (const i of read.issues)
    issues.push({
      ...i,
      path: echo(i.path),
      params: { ...i.params, received: echo(issueReceived(i)) },
    });

  if (options.step !== undefined && options.time !== undefined) {
    issue('t', 'conflictsWith', String(options.time), { other: 'step' });
    options.time = undefined;
  }
  return { options, issues };
}

/** How the embed words an issue: its `embed.issue.*` message and the message's variables. */
export function embedWording(i: InputIssue): {
  param: string;
  code: EmbedIssueCode;
  allowed: string;
  received: string;
} {
  const set = i.path === 'set' || i.path.startsWith('set ');
  const code: EmbedIssueCode =
    i.code === 'unknownKey'
      ? set
        ? 'unknownOverride'
        : 'unknownParam'
      : i.code === 'duplicateId'
        ? 'duplicate'
        : i.code === 'conflictsWith'
          ? 'conflict'
          : i.code === 'tooLong' || i.code === 'tooMany'
            ? 'tooLong'
            : set
              ? 'invalidOverride'
              : i.code === 'outOfRange'
                ? 'outOfRange'
                : 'invalidValue';
  return { param: i.path, code, allowed: issueAllowed(i, '–'), received: issueReceived(i) };
}

/** A non-negative safe integer written in plain decimal digits, or undefined. */
function toInt(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/** Seconds as "12", "12.5" or "12s"; finite, non-negative, at most a day. */
function toSeconds(value: string): number | undefined {
  const m = /^(\d{1,6})(\.\d{1,3})?s?$/.exec(value);
  if (!m) return undefined;
  const n = Number(`${m[1] ?? '0'}${m[2] ?? ''}`);
  return Number.isFinite(n) && n <= 86_400 ? n : undefined;
}

/** Serialises options back into a query string (only what differs from the defaults). */
export function toEmbedQuery(options: Partial<EmbedOptions>): string {
  const d = defaultEmbedOptions();
  const q = new URLSearchParams();
  if (options.step !== undefined) q.set('step', String(Math.max(0, Math.floor(options.step))));
  else if (options.time !== undefined) q.set('t', String(Math.round(options.time * 1000) / 1000));
  if (options.autoplay) q.set('autoplay', '1');
  if (options.chrome && options.chrome !== d.chrome) q.set('chrome', options.chrome);
  if (options.controls && options.controls.length > 0)
    q.set('controls', options.controls.join(','));
  if (options.theme && options.theme !== d.theme) q.set('theme', options.theme);
  if (options.bg && options.bg !== d.bg) q.set('bg', options.bg);
  for (const [k, v] of Object.entries(options.overrides ?? {}))
    q.append('set', formatSetItem(k, v));
  if (options.origins && options.origins.length > 0) q.set('origin', options.origins.join(','));
  if (options.frameId) q.set('id', options.frameId);
  const s = q.toString().replace(/%3A/g, ':').replace(/%3D/g, '=').replace(/%2C/g, ',');
  return s === '' ? '' : `?${s}`;
}
