/** What the diagram set aside: URL parameters it ignored and what-ifs it refused, localized. */
import { issueAllowed, issueReceived } from '../../i18n/issueParts';
import type { InputIssue } from '../../sim/types';
import type { Tr } from '../../view/flow/trClient';
import { issueText } from '../../view/flow/issueText';

/** The soft notice under the controls; nothing when there is nothing to say. */
export function Notices({
  url,
  options,
  tr,
  lang,
}: {
  url: readonly InputIssue[];
  options: readonly InputIssue[];
  tr: Tr;
  lang: string;
}) {
  if (url.length === 0 && options.length === 0) return null;
  return (
    <div className="hop-error hop-error--soft" role="status">
      {url.length > 0 && (
        <>
          <strong>
            {tr('diagram.error.ignored', { list: url.map((i) => i.path).join(', ') })}
          </strong>
          <ul>
            {url.map((i, k) => (
              <li key={k}>
                {tr('diagram.error.param', {
                  param: i.path,
                  value: issueReceived(i),
                  allowed: issueAllowed(i),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {options.length > 0 && (
        <ul>
          {options.map((i, k) => (
            <li key={k}>{issueText(tr, lang, i)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A diagram that cannot run: the issues, in the reader's language. */
export function RunError({
  issues,
  tr,
  lang,
  className,
  id,
}: {
  issues: readonly InputIssue[];
  tr: Tr;
  lang: string;
  className: string;
  id: string | undefined;
}) {
  return (
    <section className={className} id={id} data-diagram-error="true">
      <div className="hop-error" role="alert">
        <strong>{tr('diagram.error.title')}</strong>
        <ul>
          {issues.map((i, k) => (
            <li key={k}>{issueText(tr, lang, i)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
