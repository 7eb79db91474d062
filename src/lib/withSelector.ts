/**
 * An ES-module stand-in for `use-sync-external-store/shim/with-selector` on the server.
 *
 * React Flow's store (zustand) imports that package, which is CommonJS only. Vite's dev server
 * evaluates server modules as ES modules and cannot run it (`module is not defined`), so every
 * page with a diagram answered HTTP 500 under `npm run dev`. astro.config.mjs points the server
 * environments here; browsers keep the package, which Vite pre-bundles for them.
 */
import { useRef, useSyncExternalStore } from 'preact/compat';

interface Memo<S, T> {
  snapshot: S;
  selector: (snapshot: S) => T;
  selection: T;
}

/** useSyncExternalStore with a selector: re-selects only when the snapshot or selector changes. */
export function useSyncExternalStoreWithSelector<S, T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => S,
  _getServerSnapshot: (() => S) | undefined,
  selector: (snapshot: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  const memo = useRef<Memo<S, T> | null>(null);
  const select = (): T => {
    const snapshot = getSnapshot();
    const last = memo.current;
    if (last && last.selector === selector && Object.is(last.snapshot, snapshot))
      return last.selection;
    const next = selector(snapshot);
    // Keep the old selection object when it is equal, so subscribers do not re-render.
    const selection = last && isEqual?.(last.selection, next) ? last.selection : next;
    memo.current = { snapshot, selector, selection };
    return selection;
  };
  return useSyncExternalStore(subscribe, select);
}

export default { useSyncExternalStoreWithSelector };
