/**
 * The learner's what-ifs: the overrides in force, checked against the scenario before they are
 * run (a value the scenario cannot take is refused with its issue and never reaches the engine),
 * and the scenario they ask for, which the controls show while the worker is still computing.
 */
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { applyOverrides } from '../../sim/overrides';
import { changedList } from '../../view/flow/changeWords';
import type { InputIssue, Scenario } from '../../sim/types';

/** The scenario overrides ask for, or the issues that stop them. */
export function tryOverrides(
  base: Scenario | null | undefined,
  overrides: Readonly<Record<string, string>>,
): { ok: true; scenario: Scenario } | { ok: false; issues: InputIssue[] } {
  if (!base) return { ok: false, issues: [{ path: 'scenario', code: 'unknownScenario' }] };
  return applyOverrides(base, overrides);
}

/**
 * What-if state of one diagram. The base scenario comes with the engine's first run (the page
 * holds neither the engine nor the built-in scenarios), so it is read from a ref when a control
 * is changed.
 */
export function useWhatIf(
  base: RefObject<Scenario | undefined>,
  baseOverrides: Record<string, string>,
) {
  const [overrides, setOverrides] = useState<Record<string, string>>(baseOverrides);
  const [issues, setIssues] = useState<InputIssue[]>([]);
  const setOption = useCallback(
    (key: string, value: string): boolean => {
      const test = tryOverrides(base.current, { ...overrides, [key]: value });
      if (!test.ok) {
        setIssues(test.issues);
        return false;
      }
      setIssues([]);
      setOverrides({ ...overrides, [key]: value });
      return true;
    },
    [base, overrides],
  );
  const reset = useCallback(() => {
    setIssues([]);
    setOverrides(baseOverrides);
  }, [baseOverrides]);
  const changed = useMemo(() => changedList(overrides, baseOverrides), [overrides, baseOverrides]);
  return { overrides, setOverrides, setOption, reset, issues, changed };
}
