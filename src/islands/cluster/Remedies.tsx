/**
 * The remedies under a problem verdict: what to change, today's answer beside the what-if's
 * (run by the engine with the change applied), the patch to copy, and a button that opens the
 * change as a what-if with the diagram.
 */
import { useState } from 'react';
import type { RemedyResult, Verdict } from '../../clusterCheck/codes';
import { remedyText, verdictText } from '../../clusterCheck/words';
import type { Tr } from '../../view/flow/trClient';

/** One remedy: its sentence, the numbers before and after, the patch and its copy button. */
function RemedyItem({
  r,
  today,
  tr,
  lang,
  onTry,
}: {
  r: RemedyResult;
  today: Verdict;
  tr: Tr;
  lang: string;
  onTry?: ((r: RemedyResult) => void) | undefined;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const { remedy } = r;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(remedy.patch.text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <li className="hop-remedy" data-remedy={remedy.code}>
      <p className="hop-remedy__what">{remedyText(remedy, tr, lang)}</p>
      {r.after ? (
        <dl className="hop-remedy__vs">
          <dt>{tr('cluster.fix.today')}</dt>
          <dd>{verdictText(today, tr, lang)}</dd>
          <dt>{tr('cluster.fix.after')}</dt>
          <dd data-testid="remedy-after">
            {verdictText(r.after, tr, lang)}
            {r.failedAfter !== null && (
              <> ({tr('cluster.fix.failedAfter', { count: r.failedAfter })})</>
            )}
          </dd>
        </dl>
      ) : (
        <p className="hop-cluster__hint">{tr('cluster.fix.notSimulated')}</p>
      )}
      <p className="hop-remedy__patch-label">
        {remedy.patch.format === 'yaml'
          ? tr('cluster.fix.patchYaml', { object: remedy.patch.object })
          : tr('cluster.fix.patchShell')}
      </p>
      <pre className="hop-remedy__patch" tabIndex={0}>
        <code>{remedy.patch.text}</code>
      </pre>
      <div className="hop-remedy__actions">
        <button type="button" onClick={() => void copy()}>
          {tr('cluster.fix.copy')}
        </button>
        {onTry && remedy.choices.length > 0 && (
          <button type="button" data-testid="remedy-try" onClick={() => onTry(r)}>
            {tr('cluster.fix.try')}
          </button>
        )}
        <span role="status">
          {copied === true
            ? tr('cluster.fix.copied')
            : copied === false
              ? tr('cluster.fix.copyFailed')
              : ''}
        </span>
      </div>
    </li>
  );
}

/** The remedies of one verdict. */
export function Remedies({
  today,
  remedies,
  tr,
  lang,
  onTry,
}: {
  today: Verdict;
  remedies: RemedyResult[];
  tr: Tr;
  lang: string;
  onTry?: ((r: RemedyResult) => void) | undefined;
}) {
  return (
    <details className="hop-remedies" open>
      <summary>{tr('cluster.fix.heading')}</summary>
      <ul>
        {remedies.map((r) => (
          <RemedyItem key={r.remedy.code} r={r} today={today} tr={tr} lang={lang} onTry={onTry} />
        ))}
      </ul>
    </details>
  );
}
