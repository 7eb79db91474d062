/**
 * Effects: the named actions a machine's transition returns for the lifecycle to carry out
 * (timers, kills, announcements). Each machine declares its effects once, as an object of
 * do-nothing actions; the machine's `setup({ actions })`, the effect names and the effect type
 * all derive from that object.
 */

/** A do-nothing action: the lifecycle carries the effect out from the returned action list. */
export const effect = (): void => undefined;

/** A do-nothing action with typed params (xstate passes them as the second argument). */
export const effectWith =
  <P>() =>
  (_: unknown, _params: P): void =>
    undefined;

type EffectActions = Record<string, (_: unknown, params: never) => void>;

/** The effect union of a declaration: `{ type }`, plus `params` for a parameterised one. */
export type EffectOf<T extends EffectActions> = {
  [K in keyof T & string]: Parameters<T[K]> extends [unknown, infer P]
    ? { type: K; params: P }
    : { type: K };
}[keyof T & string];

/** A machine's effect names, typed by its effect union. */
export interface EffectList<E extends { type: string }> {
  readonly names: ReadonlySet<string>;
  /** Type only: the union `isEffect` narrows to. */
  readonly effect?: E;
}

/** The effect list of a declaration. */
export function effectList<T extends EffectActions>(effects: T): EffectList<EffectOf<T>> {
  return { names: new Set(Object.keys(effects)) };
}

/** Is an action a transition returned one of the machine's effects (and so of its type)? */
export function isEffect<E extends { type: string }>(
  list: EffectList<E>,
  action: { type: string; params?: unknown },
): action is E {
  return list.names.has(action.type);
}
