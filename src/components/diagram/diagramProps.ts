/**
 * Validation of the `<Diagram>` MDX attributes (build time). Typos by content authors become
 * visible, localized error boxes and a console warning, never a thrown build error.
 */
import { runForDiagram, type Run } from '../../view/flow/run';
import { scenarioIds } from '../../sim/index';
import { controlIds } from '../../sim/controls';
import type { InputIssue } from '../../sim/types';
import { parseSetAttr } from '../../view/flow/urlState';

export interface DiagramAttrs {
  id?: string | undefined;
  scenario?: string | undefined;
  controls?: string | undefined;
  set?: string | undefined;
  chrome?: string | undefined;
  size?: string | undefined;
  step?: number | string | undefined;
}

export interface CheckedDiagram {
  scenario: string;
  controls: string[];
  overrides: Record<string, string>;
  chrome: 'none' | 'playback' | 'full';
  size: 'normal' | 'presenter';
  initialStep?: number;
  run: Run | null;
  /** Attributes it could not use (path = the attribute), worded by `diagram.error.prop`. */
  propIssues: InputIssue[];
  engineIssues: InputIssue[];
}

/** An attribute whose value is not one of `values`. */
function notOneOf(path: string, received: string, values: readonly string[]): InputIssue {
  return { path, code: 'expectedOneOf', params: { values: [...values], received } };
}

/** Checks the attributes and runs the engine once for the static first frame and transcript. */
export function checkDiagram(a: DiagramAttrs): CheckedDiagram {
  const propIssues: InputIssue[] = [];
  const scenario = a.scenario ?? '';
  if (!scenarioIds.includes(scenario)) propIssues.push(notOneOf('scenario', scenario, scenarioIds));
  const controls: string[] = [];
  for (const c of (a.controls ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (controlIds.includes(c)) controls.push(c);
    else propIssues.push(notOneOf('controls', c, controlIds));
  }
  const parsed = parseSetAttr(a.set ?? '');
  propIssues.push(...parsed.issues);
  const chromeRaw = a.chrome ?? 'full';
  const chrome =
    chromeRaw === 'none' || chromeRaw === 'playback' || chromeRaw === 'full' ? chromeRaw : 'full';
  if (chrome !== chromeRaw)
    propIssues.push(notOneOf('chrome', chromeRaw, ['none', 'playback', 'full']));
  const sizeRaw = a.size ?? 'normal';
  const size = sizeRaw === 'presenter' ? 'presenter' : 'normal';
  if (sizeRaw !== 'normal' && sizeRaw !== 'presenter')
    propIssues.push(notOneOf('size', sizeRaw, ['normal', 'presenter']));
  if (a.id !== undefined && !/^[A-Za-z][\w-]{0,63}$/.test(a.id))
    propIssues.push({
      path: 'id',
      code: 'expectedId',
      params: { values: ['a-z, 0-9, -, _'], received: a.id },
    });
  let initialStep: number | undefined;
  if (a.step !== undefined) {
    const n = Number(a.step);
    if (Number.isInteger(n) && n >= 0) initialStep = n;
    else
      propIssues.push({
        path: 'step',
        code: 'expectedInteger',
        params: { min: 0, received: String(a.step) },
      });
  }
  const out = scenarioIds.includes(scenario) ? runForDiagram(scenario, parsed.overrides) : null;
  return {
    scenario,
    controls,
    overrides: parsed.overrides,
    chrome,
    size,
    ...(initialStep !== undefined ? { initialStep } : {}),
    run: out?.ok ? out.run : null,
    propIssues,
    engineIssues: out && !out.ok ? out.issues : [],
  };
}
