/** Localized text for the engine's input issues (ignored URL parameters, refused what-ifs). */
import { issueLine } from '../../i18n/issues';
import type { InputIssue } from '../../sim/types';
import type { Tr } from './trClient';

/** Localized text for an engine input issue. */
export function issueText(tr: Tr, lang: string, issue: InputIssue): string {
  return issueLine((key, vars) => tr(key, vars), lang, issue);
}
