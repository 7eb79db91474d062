/**
 * Validation of the `<Diagram>` MDX attributes (build time). Typos by content authors become
 * visible, localized error boxes and a console warning, never a thrown build error.
 */
import { controlIds } from '../../islands/packetFlowApi';
import { runForDiagram, type Run } from '../../islands/flow/run';
import { overrideKeys, scenarioIds } from '../../sim/index';
import type { InputIssue } from '../../sim/types';
import { parseSetAttr, type UrlIssue } from '../../islands/flow/urlState';

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
  propIssues: UrlIssue[];
  engineIssues: InputIssue[];
}

/** Checks the attributes and runs the engine once for the static first frame and transcript. */
export function checkDiagram(a: DiagramAttrs): CheckedDiagram {
  const propIssues: UrlIssue[] = [];
  const scenario = a.scenario ?? '';
  if (!scenarioIds.includes(scenario))
    propIssues.push({ param: 'scenario', value: scenario, allowed: scenarioIds.join(', ') });
  const controls: string[] = [];
  for (const c of (a.controls ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    if ((controlIds as readonly string[]).includes(c)) controls.push(c);
    else propIssues.push({ param: 'controls', value: c, allowed: controlIds.join(', ') });
  }
  const parsed = parseSetAttr(a.set ?? '', overrideKeys);
  propIssues.push(...parsed.issues);
  const chromeRaw = a.chrome ?? 'full';
  const chrome =
    chromeRaw === 'none' || chromeRaw === 'playback' || chromeRaw === 'full' ? chromeRaw : 'full';
  if (chrome !== chromeRaw)
    propIssues.push({ param: 'chrome', value: chromeRaw, allowed: 'none, playback, full' });
  const sizeRaw = a.size ?? 'normal';
  const size = sizeRaw === 'presenter' ? 'presenter' : 'normal';
  if (sizeRaw !== 'normal' && sizeRaw !== 'presenter')
    propIssues.push({ param: 'size', value: sizeRaw, allowed: 'normal, presenter' });
  if (a.id !== undefined && !/^[A-Za-z][\w-]{0,63}$/.test(a.id))
    propIssues.push({ param: 'id', value: a.id, allowed: 'a-z, 0-9, -, _' });
  let initialStep: number | undefined;
  if (a.step !== undefined) {
    const n = Number(a.step);
    if (Number.isInteger(n) && n >= 0) initialStep = n;
    else propIssues.push({ param: 'step', value: String(a.step), allowed: '0, 1, 2, …' });
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
