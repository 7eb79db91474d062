/**
 * xstate's pure `transition()` and `initialTransition()`, memoized. The machines here are pure
 * functions of (state, context, event) with small plain-data contexts, so a result can be reused
 * for the same input; xstate builds a throwaway actor for every call, which was most of a drain
 * run's time (thousands of probe results, nearly all of them the same few transitions). Only
 * xstate's public API is used, so a minor xstate release cannot change what a step means.
 */
import {
  initialTransition,
  transition,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

type Step<M extends AnyStateMachine> = ReturnType<typeof transition<M>>;

/** Enough for every distinct step of the largest run; cleared when full so memory stays bounded. */
const MAX_ENTRIES = 4096;
const memo = new WeakMap<AnyStateMachine, Map<string, unknown>>();

function cached<T>(machine: AnyStateMachine, key: string, compute: () => T): T {
  let table = memo.get(machine);
  if (!table) memo.set(machine, (table = new Map()));
  const hit = table.get(key);
  if (hit !== undefined) return hit as T;
  const value = compute();
  if (table.size >= MAX_ENTRIES) table.clear();
  table.set(key, value);
  return value;
}

/** `transition(machine, snapshot, event)`, reusing the result of an earlier identical step. */
export function step<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  event: EventFromLogic<M>,
): Step<M> {
  const s = snapshot as { value: unknown; context: unknown; status: string };
  const key = JSON.stringify([s.value, s.context, s.status, event]);
  return cached(machine, key, () => transition(machine, snapshot, event));
}

/** `initialTransition(machine, input)`, reusing the result for an identical input. */
export function initialStep<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
): ReturnType<typeof initialTransition<M>> {
  return cached(machine, `init:${JSON.stringify(input)}`, () => initialTransition(machine, input));
}
