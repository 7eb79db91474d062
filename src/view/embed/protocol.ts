/**
 * The postMessage protocol between an embedded diagram and its host page. Pure (no DOM), so
 * the rules are unit-tested and documented in one place (content/pages/* /embedding.mdx).
 *
 * Every message either way is `{ source: 'hop-by-hop', type, ... }`.
 * Origin rule:
 * - Commands are accepted only from the frame's own parent window (`event.source === parent`).
 * - If the embed URL has `origin=`, the command's `event.origin` must be one of those origins;
 *   without it any parent may steer the diagram (it holds no private data and no privileged
 *   actions, so the host gains nothing it could not do by clicking).
 * - Answers go to `event.source` with targetOrigin = `event.origin`.
 * - Unsolicited events (ready, step, state, height) go to the parent with targetOrigin = the
 *   first `origin=` value, or '*' when none is given (they carry only what the URL already says).
 */

export const SOURCE = 'hop-by-hop';
/** Bumped when a message shape changes incompatibly. */
export const PROTOCOL_VERSION = 1;

/** Commands a host may send. */
export type EmbedCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step'; delta: number }
  | { type: 'seek'; step?: number; time?: number }
  | { type: 'setOption'; key: string; value: string }
  | { type: 'getState' };

/** Every command type, for the docs and validation. */
export const commandTypes = ['play', 'pause', 'step', 'seek', 'setOption', 'getState'] as const;

/** Why a command was refused, sent back as an `error` event. */
export type CommandError = 'badMessage' | 'unknownCommand' | 'badArgument' | 'originNotAllowed';

/** Parses message data into a command, or an error code; undefined = not for us (ignore). */
export function parseCommand(
  data: unknown,
):
  | { command: EmbedCommand; requestId?: string }
  | { error: CommandError; requestId?: string }
  | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const msg = data as Record<string, unknown>;
  if (msg['source'] !== SOURCE) return undefined;
  const rid = msg['requestId'];
  const requestId =
    typeof rid === 'string' && rid.length <= 64
      ? rid
      : typeof rid === 'number'
        ? String(rid)
        : undefined;
  const base = requestId === undefined ? {} : { requestId };
  const type = msg['type'];
  if (typeof type !== 'string') return { error: 'badMessage', ...base };
  switch (type) {
    case 'play':
    case 'pause':
    case 'getState':
      return { command: { type }, ...base };
    case 'step': {
      const delta = msg['delta'] ?? 1;
      if (!isInt(delta) || Math.abs(delta) > 10_000) return { error: 'badArgument', ...base };
      return { command: { type, delta }, ...base };
    }
    case 'seek': {
      const step = msg['step'];
      const time = msg['time'];
      if (step !== undefined && (!isInt(step) || step < 0))
        return { error: 'badArgument', ...base };
      if (time !== undefined && (typeof time !== 'number' || !Number.isFinite(time) || time < 0))
        return { error: 'badArgument', ...base };
      if (step === undefined && time === undefined) return { error: 'badArgument', ...base };
      const command: EmbedCommand =
        step !== undefined ? { type, step } : { type, time: time as number };
      return { command, ...base };
    }
    case 'setOption': {
      const key = msg['key'];
      const value = msg['value'];
      if (typeof key !== 'string' || key.length > 100) return { error: 'badArgument', ...base };
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        return { error: 'badArgument', ...base };
      const text = String(value);
      if (text.length > 200) return { error: 'badArgument', ...base };
      return { command: { type, key, value: text }, ...base };
    }
    default:
      // Our own events echoed back (e.g. a host relaying) are not commands; ignore them.
      if (eventTypes.includes(type as EmbedEventType)) return undefined;
      return { error: 'unknownCommand', ...base };
  }
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Event types the embed sends. */
export const eventTypes = ['ready', 'step', 'state', 'height', 'error'] as const;
export type EmbedEventType = (typeof eventTypes)[number];

/** True when a command from `origin` may be obeyed under the embed's `origin=` list. */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.length === 0 || allowed.includes(origin);
}

/** targetOrigin for unsolicited events. */
export function eventTargetOrigin(allowed: readonly string[]): string {
  return allowed[0] ?? '*';
}

/** Builds one outgoing message. */
export function makeEvent(
  type: EmbedEventType,
  frameId: string | undefined,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  return {
    source: SOURCE,
    version: PROTOCOL_VERSION,
    type,
    ...(frameId === undefined ? {} : { id: frameId }),
    ...payload,
  };
}
