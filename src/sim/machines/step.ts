/**
 * xstate's pure `transition()` and `initialTransition()`, memoized. The machines here are pure
 * functions of (state, context, event) with small plain-data contexts, so a result can be reused
 * for the same input; xstate builds a throwaway actor for every call, which was most of a drain
 * run's time (thousands of probe results, nearly all of them the same few transitions).
 */
import {
  createActor,
  type ActorScope,
  type AnyStateMachine,
  type EventFromLogic,
  type ExecutableActionObject,
  type InputFrom,
  type initialTransition,
  type SnapshotFrom,
  type transition,
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
  return cached(machine, key, () => {
    const { scope, sink } = scopeOf(machine);
    sink.length = 0;
    const next = machine.transition(snapshot, event, scope) as SnapshotFrom<M>;
    return [next, sink.splice(0)] as Step<M>;
  });
}

/** `initialTransition(machine, input)`, reusing the result for an identical input. */
export function initialStep<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
): ReturnType<typeof initialTransition<M>> {
  return cached(machine, `init:${JSON.stringify(input)}`, () => {
    const { scope, sink } = scopeOf(machine);
    sink.length = 0;
    const next = machine.getInitialSnapshot(scope, input) as SnapshotFrom<M>;
    return [next, sink.splice(0)] as ReturnType<typeof initialTransition<M>>;
  });
}

interface Scope {
  scope: ActorScope<SnapshotFrom<AnyStateMachine>, EventFromLogic<AnyStateMachine>>;
  sink: ExecutableActionObject[];
}
const scopes = new WeakMap<AnyStateMachine, Scope>();

/**
 * What xstate's transition() builds on every call (an inert actor with its own initial
 * snapshot, whose action executor collects the actions), built once per machine.
 */
function scopeOf(machine: AnyStateMachine): Scope {
  let s = scopes.get(machine);
  if (s) return s;
  const self = createActor(machine);
  const sink: ExecutableActionObject[] = [];
  const noop = (): void => undefined;
  s = {
    sink,
    scope: {
      self,
      id: '',
      sessionId: '',
      logger: noop,
      defer: noop,
      emit: noop,
      system: self.system,
      stopChild: noop,
      actionExecutor: (action) => void sink.push(action),
    },
  };
  scopes.set(machine, s);
  return s;
}
