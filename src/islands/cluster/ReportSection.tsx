/**
 * The your-cluster page's import report: which Service and port it used (with pickers when the
 * paste holds more than one), its summary and its items. A view from a share link has no report.
 */
import type { ImportOptions } from '../../importer/index';
import type { ImportReport } from '../../importer/report';
import type { Tr } from '../../view/flow/trClient';
import { ReportItems, ReportSummary, type ReportTools } from './views';

/** The report section; picking another Service or port imports the paste again. */
export function ReportSection({
  report,
  tools,
  tr,
  options,
  onReimport,
}: {
  report: ImportReport | null;
  tools: ReportTools | null;
  tr: Tr;
  /** The options of the import on show (a port pick keeps its Service). */
  options: ImportOptions;
  onReimport: (options: ImportOptions) => void;
}) {
  return (
    <section className="hop-cluster__report" aria-labelledby="hop-cluster-report">
      <h2 id="hop-cluster-report">{tr('cluster.report.heading')}</h2>
      {report && tools ? (
        <>
          {report.services.filter((s) => !s.unusable).length > 1 && (
            <label className="hop-cluster__pick">
              {tr('cluster.report.servicePick')}{' '}
              <select
                value={`${report.service.namespace}/${report.service.name}`}
                onChange={(e) => onReimport({ service: (e.target as HTMLSelectElement).value })}
              >
                {report.services.map((s) => (
                  <option
                    key={`${s.namespace}/${s.name}`}
                    value={`${s.namespace}/${s.name}`}
                    disabled={!!s.unusable}
                  >
                    {s.namespace}/{s.name} ({s.type}
                    {s.unusable ? `, ${tr('cluster.report.unusable')}` : ''})
                  </option>
                ))}
              </select>
            </label>
          )}
          {report.ports.filter((p) => p.protocol === 'TCP').length > 1 && (
            <label className="hop-cluster__pick">
              {tr('cluster.report.portPick')}{' '}
              <select
                data-testid="port-pick"
                value={
                  report.ports.find((p) => p.chosen)?.name ||
                  String(report.ports.find((p) => p.chosen)?.port ?? '')
                }
                onChange={(e) =>
                  onReimport({ ...options, port: (e.target as HTMLSelectElement).value })
                }
              >
                {report.ports
                  .filter((p) => p.protocol === 'TCP')
                  .map((p) => (
                    <option key={`${p.name}:${p.port}`} value={p.name || String(p.port)}>
                      {p.name ? `${p.name} (${p.port})` : String(p.port)}
                    </option>
                  ))}
              </select>
            </label>
          )}
          <ReportSummary report={report} tr={tr} />
          <ReportItems items={report.items} tools={tools} />
        </>
      ) : (
        <p>{tr('cluster.report.fromLink')}</p>
      )}
    </section>
  );
}
