// Sentences for the engine's input issues (codes with parameters), in the reader's language.
// One renderer for every surface: the CLI, the diagram, the embed and lesson build errors.
// No imports of locale files, so islands can use it with only the messages they ship.
import type { InputIssue, IssueParams } from '../sim/types';

/** A translate function over flat keys with {{placeholders}}. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const MAX_VALUES = 40;

/** A list joined the way the language does ("a, b, or c" / "a, b oder c"). */
export function joinList(lang: string, items: readonly string[], kind: 'or' | 'and'): string {
  const shown = items.length > MAX_VALUES ? [...items.slice(0, MAX_VALUES), '…'] : [...items];
  try {
    return new Intl.ListFormat(lang, {
      type: kind === 'or' ? 'disjunction' : 'conjunction',
    }).format(shown);
  } catch {
    return shown.join(', ');
  }
}

function range(t: Translate, p: IssueParams): string {
  if (p.min === undefined || p.max === undefined) return '';
  // Counts and ports need no unit word; seconds and rates do.
  const unit = p.unit === 'seconds' || p.unit === 'perSecond' ? t(`issue.unit.${p.unit}`) : '';
  // The messages format min and max (`{{min, number(…)}}`: no grouping, at most three decimals).
  const vars = { min: p.min, max: p.max, unitWord: unit };
  return t(p.minExclusive ? 'issue.range.aboveAtMost' : 'issue.range.between', vars);
}

/** The sentence for one issue, without its path ("expected a number between 0 and 300 s"). */
export function issueSentence(t: Translate, lang: string, issue: InputIssue): string {
  const p = issue.params ?? {};
  const vars: Record<string, string | number> = {
    range: range(t, p),
    values: joinList(lang, p.values ?? [], 'or'),
    keys: joinList(lang, p.values ?? [], 'and'),
    received: p.received ?? '',
    other: p.other ?? '',
    // Only numbers reach the messages' number format (a missing one stays visible as {{min}}).
    ...(p.min === undefined ? {} : { min: p.min }),
    ...(p.max === undefined ? {} : { max: p.max }),
    kind: p.expectedKind ? t(`issue.kind.${p.expectedKind}`, { range: range(t, p) }) : '',
  };
  // A few codes read differently when they compare with another field.
  const variant =
    p.other !== undefined && (issue.code === 'required' || issue.code === 'duplicateId')
      ? `${issue.code}.other`
      : issue.code;
  let text = t(`issue.${variant}`, vars);
  const echoes = ![
    'unknownReference',
    'ipNotInPodCidr',
    'duplicateId',
    'unknownScenario',
    'requiresLocal',
    'notWithPreset',
    'requiresEbpf',
    'unknownConnection',
  ].includes(issue.code);
  if (p.received !== undefined && echoes) text += t('issue.received', { received: p.received });
  return text.trim();
}

/** One issue as a line: "traffic.rate: must be … (received 1e9). Did you mean …?" */
export function issueLine(t: Translate, lang: string, issue: InputIssue): string {
  const path = issue.path === '' ? t('issue.root') : issue.path;
  let line = t('issue.line', { path, message: issueSentence(t, lang, issue) });
  if (issue.params?.suggestion)
    line += ` ${t('issue.didYouMean', { suggestion: issue.params.suggestion })}`;
  return line;
}
