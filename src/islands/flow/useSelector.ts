/** A tiny useSelector for xstate actors (saves pulling @xstate/react into the bundle). */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/** Subscribes a component to a derived value of an actor's snapshot. */
export function useSelector<A extends AnyActorRef, T>(
  actor: A,
  select: (s: SnapshotFrom<A>) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ value: T } | null>(null);
  const subscribe = useCallback(
    (cb: () => void) => {
      const sub = actor.subscribe(cb);
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const get = (): T => {
    const next = select(actor.getSnapshot() as SnapshotFrom<A>);
    if (last.current && equal(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  // preact/compat reads getSnapshot on the server too, so no separate server snapshot is passed.
  return useSyncExternalStore(subscribe, get);
}
