/**
 * The your-cluster page's result views: verdict lists, the today / what-if comparison, the per-Pod
 * share chart and the import report. Presentational only; the data comes from src/clusterCheck.
 */
import type { ImportReport, ReportItem } from '../../importer/report';
import type { RunFacts } from '../../clusterCheck/verdicts';
import type { RemedyResult, Verdict } from '../../clusterCheck/codes';
import { verdictText } from '../../clusterCheck/words';
import type { Tr } from '../../view/flow/trClient';
import { fitLabel } from '../../view/flow/fitLabel';
import { Remedies } from './Remedies';

export { verdictText };

function VerdictItem({
  v,
  tr,
  lang,
  remedies,
  onTry,
}: {
  v: Verdict;
  tr: Tr;
  lang: string;
  remedies: RemedyResult[];
  onTry?: ((r: RemedyResult) => void) | undefined;
}) {
  return (
    <li className={`hop-verdict hop-verdict--${v.tone}`} data-verdict={v.code} data-id={v.id}>
      <span className="hop-verdict__tone">{tr(`cluster.tone.${v.tone}`)}</span>{' '}
      <span className="hop-verdict__text">{verdictText(v, tr, lang)}</span>
      {remedies.length > 0 && (
        <Remedies today={v} remedies={remedies} tr={tr} lang={lang} onTry={onTry} />
      )}
    </li>
  );
}

/** A run's verdicts as a list, each problem with its remedies. */
export function VerdictList({
  verdicts,
  remedies = [],
  tr,
  lang,
  onTry,
}: {
  verdicts: Verdict[];
  remedies?: RemedyResult[];
  tr: Tr;
  lang: string;
  onTry?: (r: RemedyResult) => void;
}) {
  return (
    <ul className="hop-verdicts not-content" data-testid="verdicts">
      {verdicts.map((v) => (
        <VerdictItem
          key={v.id}
          v={v}
          tr={tr}
          lang={lang}
          remedies={remedies.filter((r) => r.remedy.for === v.id)}
          onTry={onTry}
        />
      ))}
    </ul>
  );
}

/** Rows pairing the same question in two runs, in today's order, then the what-if's new ones. */
export function pairVerdicts(
  before: readonly Verdict[],
  after: readonly Verdict[],
): Array<{ id: string; before: Verdict | undefined; after: Verdict | undefined }> {
  const ids = [...before.map((v) => v.id)];
  for (const v of after) if (!ids.includes(v.id)) ids.push(v.id);
  return ids.map((id) => ({
    id,
    before: before.find((v) => v.id === id),
    after: after.find((v) => v.id === id),
  }));
}

/** Shares scatter by a point or two between runs; the run's length is not a change either. */
const SHARE_TOLERANCE = 2;
const IGNORED = new Set(['total']);

/** Does the what-if give the same answer? Same code and values, shares within the tolerance. */
export function sameVerdict(a: Verdict | undefined, b: Verdict | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.code !== b.code || a.tone !== b.tone) return false;
  if (JSON.stringify(a.spans ?? null) !== JSON.stringify(b.spans ?? null)) return false;
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const x = a.params[k];
    const y = b.params[k];
    if (typeof x === 'number' && typeof y === 'number' && /percent/i.test(k)) {
      if (Math.abs(x - y) > SHARE_TOLERANCE) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/** Today and the what-if side by side, row by row; changed rows are marked. */
export function Compare({
  before,
  after,
  tr,
  lang,
}: {
  before: Verdict[];
  after: Verdict[];
  tr: Tr;
  lang: string;
}) {
  const rows = pairVerdicts(before, after);
  const cell = (v: Verdict | undefined, label: string, changed = false) => (
    <div className={`hop-vs__cell${v ? ` hop-verdict--${v.tone}` : ''}`}>
      <span className="hop-vs__label">{label}</span>
      {changed && <span className="hop-vs__changed">{tr('cluster.compare.changed')}</span>}
      {v ? (
        <>
          <span className="hop-verdict__tone">{tr(`cluster.tone.${v.tone}`)}</span>{' '}
          {verdictText(v, tr, lang)}
        </>
      ) : (
        tr('cluster.compare.absent')
      )}
    </div>
  );
  return (
    <div className="hop-vs not-content" role="table" data-testid="compare">
      <div className="hop-vs__row hop-vs__head" role="row">
        <div role="columnheader">{tr('cluster.compare.today')}</div>
        <div role="columnheader">{tr('cluster.compare.after')}</div>
      </div>
      {rows.map((r) => {
        const changed = !sameVerdict(r.before, r.after);
        return (
          <div
            key={r.id}
            role="row"
            className={`hop-vs__row${changed ? ' hop-vs__row--changed' : ''}`}
            data-changed={changed ? 'true' : 'false'}
          >
            <div role="cell">{cell(r.before, tr('cluster.compare.today'))}</div>
            <div role="cell">{cell(r.after, tr('cluster.compare.after'), changed)}</div>
          </div>
        );
      })}
    </div>
  );
}

/** Bars drawn one by one; a larger cluster lists its busiest Pods and counts the rest. */
const MAX_BARS = 24;

/** Each Pod's measured share with the formula's share as a mark. */
export function ShareChart({ facts, tr, label }: { facts: RunFacts; tr: Tr; label: string }) {
  const rows = [...facts.shares].sort((a, b) => b.share - a.share || a.pod.localeCompare(b.pod));
  const shown = rows.slice(0, MAX_BARS);
  const top = Math.max(0.01, ...shown.map((r) => Math.max(r.share, r.expected)));
  // Names that do not fit their column lose their middle (the start and the end tell them apart).
  const short = (pod: string): string => fitLabel(pod, 17);
  return (
    <figure className="hop-shares not-content" data-testid="shares">
      <figcaption>
        <strong>{label}</strong>
      </figcaption>
      <ul>
        {shown.map((r) => (
          <li
            key={r.pod}
            aria-label={tr('cluster.shares.row', {
              pod: r.pod,
              node: r.node ?? '—',
              percent: r.share * 100,
              expected: r.expected * 100,
            })}
          >
            <span className="hop-shares__pod" title={`${r.pod} (${r.node ?? '—'})`}>
              {short(r.pod)}
            </span>
            <span className="hop-shares__track" aria-hidden="true">
              <span className="hop-shares__bar" style={{ width: `${(r.share / top) * 100}%` }} />
              <span className="hop-shares__mark" style={{ left: `${(r.expected / top) * 100}%` }} />
            </span>
            <span className="hop-shares__value" aria-hidden="true">
              {tr('cluster.shares.value', { percent: r.share * 100 })}
            </span>
          </li>
        ))}
      </ul>
      {rows.length > shown.length && (
        <p className="hop-shares__more">
          {tr('cluster.shares.more', { count: rows.length - shown.length })}
        </p>
      )}
    </figure>
  );
}

/** The importer's sentence helpers (from the lazy chunk) and its messages. */
export interface ReportTools {
  itemKey(item: ReportItem): string;
  itemParams(item: ReportItem, t?: (key: string) => string): Record<string, string | number>;
  kinds: readonly string[];
  tr: Tr;
}

/** One report item as a sentence. */
export function itemText(item: ReportItem, tools: ReportTools): string {
  return tools.tr(
    tools.itemKey(item),
    tools.itemParams(item, (k) => tools.tr(k)),
  );
}

/** Report items grouped by kind (used, inferred, ignored, …). */
export function ReportItems({ items, tools }: { items: ReportItem[]; tools: ReportTools }) {
  return (
    <>
      {tools.kinds.map((kind) => {
        const group = items.filter((i) => i.kind === kind);
        if (group.length === 0) return null;
        return (
          <details key={kind} className="hop-report__group" open={kind !== 'used'} data-kind={kind}>
            <summary>
              {tools.tr(`importer.kind.${kind}`)} ({group.length})
            </summary>
            <ul>
              {group.map((item, i) => (
                <li key={i}>{itemText(item, tools)}</li>
              ))}
            </ul>
          </details>
        );
      })}
    </>
  );
}

/** Summary lines of a report: cloud, what it could not tell apart, what it read. */
export function ReportSummary({ report, tr }: { report: ImportReport; tr: Tr }) {
  const c = report.counts;
  return (
    <>
      <p data-testid="cloud">
        {tr('cluster.report.cloud', {
          preset: report.cloud.preset,
          source: tr(`cluster.report.source.${report.cloud.source}`),
        })}{' '}
        {report.cloud.alternatives.length > 0 &&
          tr('cluster.report.alternatives', { presets: report.cloud.alternatives.join(', ') })}
      </p>
      <p>
        {tr('cluster.report.counts', {
          objects: c.objects,
          services: tr('cluster.count.services', { count: c.services }),
          slices: tr('cluster.count.slices', { count: c.endpointSlices }),
          pods: tr('cluster.count.pods', { count: c.pods }),
          nodes: tr('cluster.count.nodes', { count: c.nodes }),
        })}
      </p>
    </>
  );
}
