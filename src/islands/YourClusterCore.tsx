/**
 * The your-cluster page: paste (or drop, or choose) `kubectl get svc,endpointslices,pods,nodes
 * -o yaml`, and see the import report, verdicts, per-Pod shares, the diagram and what-ifs side
 * by side with today. The importer, the engine and the diagram load on first use (dynamic
 * imports), so the page's own JavaScript stays small; nothing is sent anywhere. The share link
 * holds the derived scenario in the URL fragment, never the pasted text. The state and jobs are
 * in cluster/useClusterSession, each section in its own cluster/*Section.
 */
import '../styles/cluster.css';
import { lazy, useMemo, type ComponentType } from 'react';
import type { SampleLabel } from '../clusterCheck/sampleIds';
import { MAX_INPUT_BYTES } from '../importer/limits';
import { DiagramSection } from './cluster/DiagramSection';
import { InputSection } from './cluster/InputSection';
import { ProblemSection } from './cluster/ProblemSection';
import { ReportSection } from './cluster/ReportSection';
import { ShareSection } from './cluster/ShareSection';
import { useClusterSession } from './cluster/useClusterSession';
import { VerdictsSection } from './cluster/VerdictsSection';
import { WhatIfSection } from './cluster/WhatIfSection';
import type { Messages } from '../view/flow/trClient';
import type { PacketFlowProps } from './packetFlowApi';

export { DIAGRAM_MAX_NODES, DIAGRAM_MAX_PODS } from './cluster/DiagramSection';
export type { SampleLabel } from '../clusterCheck/sampleIds';

export interface YourClusterProps {
  lang: 'en' | 'de';
  samples: SampleLabel[];
}

interface CoreProps extends YourClusterProps {
  messages: Messages;
  /** The importer's messages of this language (lazy: they come with the first import). */
  loadImporterMessages: () => Promise<Record<string, string>>;
  /** The diagram island of this language (lazy). */
  loadDiagram: () => Promise<{ default: ComponentType<PacketFlowProps> }>;
}

/** The page's island; the language entry files pass one language's messages. */
export default function YourClusterCore(props: CoreProps) {
  const { lang, samples, loadDiagram } = props;
  const session = useClusterSession(props);
  const { tr, text, busy, problem, loaded, reportTools, after, choices } = session;
  const Diagram = useMemo(() => lazy(loadDiagram), [loadDiagram]);

  const analysis = loaded?.analysis;
  const today = analysis?.today;
  const afterOutcome = after && after !== 'invalid' ? after : null;
  const serviceName = analysis
    ? `${analysis.meta.service.namespace}/${analysis.meta.service.name}`
    : '';
  const status =
    busy ??
    (loaded && today
      ? tr(loaded.source === 'link' ? 'cluster.status.restored' : 'cluster.status.done', {
          service: serviceName,
          nodes: tr('cluster.count.nodes', { count: today.scenario.nodes.length }),
          pods: tr('cluster.count.pods', { count: today.scenario.pods.length }),
        })
      : '');

  // What every section needs to speak the page's language.
  const words = { tr, lang };
  return (
    <div
      className="hop-cluster"
      data-busy={busy ? 'true' : 'false'}
      data-ready={loaded ? 'true' : 'false'}
    >
      <InputSection
        tr={tr}
        text={text}
        onText={session.setText}
        busy={!!busy}
        samples={samples}
        status={status}
        limitMb={MAX_INPUT_BYTES / (1024 * 1024)}
        onImport={() => void session.runImport(text, {})}
        onFile={(file) => void session.onFile(file)}
        onSample={(id) => void session.onSample(id)}
        onClear={session.clear}
      />

      {problem && <ProblemSection problem={problem} tr={tr} tools={reportTools} />}

      {analysis && today && (
        <>
          <ReportSection
            report={analysis.report}
            tools={reportTools}
            tr={tr}
            options={session.options}
            onReimport={(options) => void session.runImport(text, options)}
          />
          <VerdictsSection {...words} today={today} onTry={session.tryRemedy} />
          <WhatIfSection
            {...words}
            options={analysis.options}
            enabled={session.enabled}
            values={session.values}
            chosen={choices.length}
            today={today}
            after={after}
            onToggle={session.toggleWhatIf}
            onPick={session.pickWhatIf}
            onTry={session.tryRemedy}
          />
          <DiagramSection
            {...words}
            Diagram={Diagram}
            today={today}
            afterOutcome={afterOutcome}
            choices={choices}
            view={session.diagramView}
            onView={session.setDiagramView}
            serviceName={serviceName}
          />
          <ShareSection tr={tr} copied={session.copied} onCopy={() => void session.copyLink()} />
        </>
      )}
    </div>
  );
}
