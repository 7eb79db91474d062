/**
 * The your-cluster page's what-ifs: a box per change the topology allows (some with a value to
 * pick), and, once one is on, its verdicts and shares beside today's.
 */
import type { Outcome } from '../../clusterCheck/analyze';
import type { WhatIfKind, WhatIfOption } from '../../clusterCheck/whatIfs';
import type { Tr } from '../../view/flow/trClient';
import type { After } from './useClusterSession';
import type { RemedyResult } from '../../clusterCheck/codes';
import { Compare, ShareChart, VerdictList } from './views';

/** What-ifs that take a value: the select's label and how each value reads. */
const PICKERS: Partial<Record<WhatIfKind, { label: string; option?: (v: string) => string }>> = {
  drain: { label: 'cluster.whatif.drainNode' },
  preset: { label: 'cluster.whatif.presetPick' },
  probe: { label: 'cluster.whatif.probePick', option: (v) => `cluster.probeKind.${v}` },
  crossZone: { label: 'cluster.whatif.crossZonePick', option: (v) => `cluster.onOff.${v}` },
  preStop: { label: 'cluster.whatif.preStopPick', option: () => 'cluster.whatif.seconds' },
};

/** The what-if choices and the comparison with today. */
export function WhatIfSection({
  tr,
  lang,
  options,
  enabled,
  values,
  chosen,
  today,
  after,
  onToggle,
  onPick,
  onTry,
}: {
  tr: Tr;
  lang: 'en' | 'de';
  options: WhatIfOption[];
  enabled: Partial<Record<WhatIfKind, boolean>>;
  values: Partial<Record<WhatIfKind, string>>;
  /** How many what-ifs are on. */
  chosen: number;
  today: Outcome;
  after: After;
  onToggle: (kind: WhatIfKind, on: boolean) => void;
  onPick: (kind: WhatIfKind, value: string) => void;
  /** Open a remedy's change as what-ifs (beside the ones already on). */
  onTry: (r: RemedyResult) => void;
}) {
  const afterOutcome = after && after !== 'invalid' ? after : null;
  return (
    <section
      className="hop-cluster__whatif"
      id="hop-cluster-whatifs"
      aria-labelledby="hop-cluster-whatif"
    >
      <h2 id="hop-cluster-whatif">{tr('cluster.whatif.heading')}</h2>
      <p>{tr('cluster.whatif.intro')}</p>
      <ul className="hop-cluster__whatifs not-content">
        {options.map((o) => {
          const value = values[o.kind] ?? o.values[0] ?? '';
          const pick = PICKERS[o.kind];
          const picker = pick ? (
            <select
              aria-label={tr(pick.label)}
              data-whatif-value={o.kind}
              value={value}
              onChange={(e) => onPick(o.kind, (e.target as HTMLSelectElement).value)}
            >
              {o.values.map((v) => (
                <option key={v} value={v}>
                  {pick.option ? tr(pick.option(v), { value: v }) : v}
                </option>
              ))}
            </select>
          ) : null;
          return (
            <li key={o.kind}>
              <label>
                <input
                  type="checkbox"
                  data-whatif={o.kind}
                  checked={!!enabled[o.kind]}
                  onChange={(e) => onToggle(o.kind, (e.target as HTMLInputElement).checked)}
                />{' '}
                {tr(`cluster.whatif.${o.kind}`, {
                  value:
                    o.kind === 'dataPath' ? tr(`cluster.whatif.dataPathValue.${value}`) : value,
                })}
              </label>{' '}
              {picker}
            </li>
          );
        })}
      </ul>
      {chosen === 0 ? (
        <p className="hop-cluster__hint">{tr('cluster.whatif.none')}</p>
      ) : after === 'invalid' ? (
        <p role="alert">{tr('cluster.whatif.invalid')}</p>
      ) : afterOutcome ? (
        <>
          <h3>{tr('cluster.compare.heading')}</h3>
          <Compare before={today.verdicts} after={afterOutcome.verdicts} tr={tr} lang={lang} />
          {afterOutcome.remedies.length > 0 && (
            <VerdictList
              verdicts={afterOutcome.verdicts.filter((v) =>
                afterOutcome.remedies.some(
                  (r) =>
                    r.remedy.for === v.id && !today.remedies.some((t) => t.remedy.for === v.id),
                ),
              )}
              remedies={afterOutcome.remedies}
              tr={tr}
              lang={lang}
              onTry={onTry}
            />
          )}
          <div className="hop-cluster__shares2 not-content">
            <ShareChart
              facts={today.facts}
              tr={tr}
              label={`${tr('cluster.shares.heading')}: ${tr('cluster.compare.today')}`}
            />
            <ShareChart
              facts={afterOutcome.facts}
              tr={tr}
              label={`${tr('cluster.shares.heading')}: ${tr('cluster.compare.after')}`}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
