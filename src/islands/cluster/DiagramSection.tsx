/**
 * The your-cluster page's diagram: today's topology, or the what-if's once one has run, drawn by
 * the diagram island (loaded lazily); a topology too big to draw is said so instead.
 */
import { Suspense, type ComponentType } from 'react';
import type { Outcome } from '../../clusterCheck/analyze';
import type { WhatIfChoice } from '../../clusterCheck/whatIfs';
import type { Scenario } from '../../sim/types';
import type { Tr } from '../../view/flow/trClient';
import type { PacketFlowProps } from '../packetFlowApi';
import type { DiagramView } from './useClusterSession';

/** Largest topology the diagram draws; bigger ones get verdicts and shares only. */
export const DIAGRAM_MAX_NODES = 10;
export const DIAGRAM_MAX_PODS = 40;

/** The diagram with its today / what-if switch. */
export function DiagramSection({
  tr,
  lang,
  Diagram,
  today,
  afterOutcome,
  choices,
  view,
  onView,
  serviceName,
}: {
  tr: Tr;
  lang: 'en' | 'de';
  Diagram: ComponentType<PacketFlowProps>;
  today: Outcome;
  /** The what-if's run, when there is one to show. */
  afterOutcome: Outcome | null;
  choices: WhatIfChoice[];
  view: DiagramView;
  onView: (view: DiagramView) => void;
  serviceName: string;
}) {
  const scenario: Scenario =
    view === 'whatIf' && afterOutcome ? afterOutcome.scenario : today.scenario;
  const tooLarge =
    scenario.nodes.length > DIAGRAM_MAX_NODES || scenario.pods.length > DIAGRAM_MAX_PODS;
  return (
    <section className="hop-cluster__diagram" aria-labelledby="hop-cluster-diagram">
      <h2 id="hop-cluster-diagram">{tr('cluster.diagram.heading')}</h2>
      {afterOutcome && (
        <fieldset className="hop-cluster__view not-content">
          <legend>{tr('cluster.diagram.show')}</legend>
          {(['today', 'whatIf'] as const).map((v) => (
            <label key={v}>
              <input
                type="radio"
                name="hop-cluster-view"
                value={v}
                checked={view === v}
                onChange={() => onView(v)}
              />{' '}
              {tr(`cluster.diagram.${v}`)}
            </label>
          ))}
        </fieldset>
      )}
      {tooLarge ? (
        <p>
          {tr('cluster.diagram.tooLarge', {
            nodes: scenario.nodes.length,
            pods: scenario.pods.length,
            maxNodes: DIAGRAM_MAX_NODES,
            maxPods: DIAGRAM_MAX_PODS,
          })}
        </p>
      ) : (
        <Suspense fallback={<p>{tr('cluster.diagram.loading')}</p>}>
          <Diagram
            key={`${view}:${JSON.stringify(afterOutcome && view === 'whatIf' ? choices : [])}:${serviceName}`}
            scenario={scenario.id}
            scenarioData={scenario}
            title={tr('cluster.diagram.title', { service: serviceName })}
            lang={lang}
            controls={[]}
            chrome="full"
            urlState={false}
            headingLevel={3}
            instanceId="your-cluster-diagram"
          />
        </Suspense>
      )}
    </section>
  );
}
