/**
 * The plain-text parts of an input issue, for views that word it with a sentence of their own
 * ("The parameter “{{param}}” has the value “{{value}}” … Allowed: {{allowed}}."): what was
 * given and what is allowed. Language-neutral (values joined by commas, ranges by a dash or an
 * ellipsis), so one issue type serves the page URL, `<Diagram>` attributes and embeds.
 */
import type { InputIssue } from '../sim/types';

/** The value the issue received, without the quotes the engine puts around text. */
export function issueReceived(issue: InputIssue): string {
  const r = issue.params?.received ?? '';
  const quoted = /^"([\s\S]*)"(…?)$/.exec(r);
  return quoted ? `${quoted[1] ?? ''}${quoted[2] ?? ''}` : r;
}

/** What the issue allows, as plain text; `dash` joins a range ('–' in embeds, ' … ' in URLs). */
export function issueAllowed(issue: InputIssue, dash = ' … '): string {
  const p = issue.params ?? {};
  if (issue.code === 'tooLong' || issue.code === 'tooMany') return String(p.max ?? '');
  if (p.other !== undefined) return p.other;
  if (p.values) return p.values.join(', ');
  if (issue.code === 'expectedBoolean') return 'true, false';
  // A node id read before the scenario is known: its form only.
  if (issue.code === 'expectedId') return 'none, node-1, …';
  const seconds = p.unit === 'seconds' ? ' (s)' : '';
  if (p.min === undefined) return '';
  if (p.max === undefined)
    return `${p.unit === 'seconds' ? `${p.min}, 0.5, 12` : `${p.min}, ${p.min + 1}, ${p.min + 2}`}, …${seconds}`;
  return `${p.min}${dash}${p.max}${seconds}`;
}
