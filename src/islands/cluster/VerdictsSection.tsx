/** The your-cluster page's verdicts on today's topology, their remedies and each Pod's share. */
import type { Outcome } from '../../clusterCheck/analyze';
import type { RemedyResult } from '../../clusterCheck/codes';
import type { Tr } from '../../view/flow/trClient';
import { ShareChart, VerdictList } from './views';

/** Today's verdicts and share chart. */
export function VerdictsSection({
  today,
  tr,
  lang,
  onTry,
}: {
  today: Outcome;
  tr: Tr;
  lang: 'en' | 'de';
  onTry: (r: RemedyResult) => void;
}) {
  return (
    <section className="hop-cluster__verdicts" aria-labelledby="hop-cluster-verdicts">
      <h2 id="hop-cluster-verdicts">{tr('cluster.verdicts.heading')}</h2>
      <p>
        {tr('cluster.verdicts.intro', {
          total: today.facts.connections,
          rate: today.facts.rate,
        })}
      </p>
      <VerdictList
        verdicts={today.verdicts}
        remedies={today.remedies}
        tr={tr}
        lang={lang}
        onTry={onTry}
      />
      <ShareChart facts={today.facts} tr={tr} label={tr('cluster.shares.heading')} />
      <p className="hop-cluster__hint">{tr('cluster.shares.desc')}</p>
    </section>
  );
}
