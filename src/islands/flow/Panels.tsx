/**
 * The panels under a diagram: the chart of a run over time, the packet inspector, the event log
 * and the summary line. They hydrate one task after the diagram (most of the DOM is here).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { Hop } from '../../sim/types';
import { EventLog, type LogEntry } from './EventLog';
import { Inspector } from './Inspector';
import { TimeCharts, type ChartProps } from './TimeCharts';

/** The full panels of one diagram. */
export function Panels(props: {
  chart: ChartProps;
  selected: number;
  onSelect: (i: number) => void;
  current: Hop | null;
  onPickHop: (h: Hop) => void;
  log: LogEntry[];
  onJump: (e: LogEntry) => void;
  level: 2 | 3 | 4;
  reserve: boolean;
}) {
  const { run, tr, uid } = props.chart;
  return (
    <AfterFirstTask uid={uid}>
      {/* One element: a hydration that waits for a task resumes on one DOM node (Preact keeps
          the first only), so several here were re-created with a mismatch error each. */}
      <div className="hop-panels__all">
        <TimeCharts {...props.chart} />
        <Inspector
          traces={run.result.featured}
          selected={props.selected}
          onSelect={props.onSelect}
          currentHopId={props.current?.id ?? null}
          started={props.current !== null || props.chart.time > 0}
          onPickHop={props.onPickHop}
          tr={tr}
          uid={uid}
          level={props.level}
          defaultOpen={run.mode !== 'time'}
          reserve={props.reserve}
        />
        <EventLog entries={props.log} tr={tr} onJump={props.onJump} uid={uid} level={props.level} />
        <p className="hop-summary">
          {tr('diagram.summary', {
            ok: run.result.summary.succeeded,
            total: run.result.summary.connections,
            preserved: run.result.summary.clientIpPreserved,
          })}
          {/* Only when a layer above the IP header changed what the app learns. */}
          {run.result.summary.clientIpKnownToApp !== undefined &&
            run.result.summary.clientIpKnownToApp !== run.result.summary.clientIpPreserved &&
            ` ${tr('diagram.summaryApp', { known: run.result.summary.clientIpKnownToApp })}`}
        </p>
      </div>
    </AfterFirstTask>
  );
}

/** Diagrams (by uid) whose panels have waited their one task. */
const panelsOpen = new Set<string>();

/**
 * Hydrates its children one task later: the panels (charts, inspector, log) are most of the
 * DOM, and hydrating them with the diagram made one long task. Suspended during hydration,
 * they keep their server HTML meanwhile. Renders directly on the server and after the first task.
 */
function AfterFirstTask({ uid, children }: { uid: string; children: ReactNode }) {
  if (typeof window !== 'undefined' && !panelsOpen.has(uid)) {
    throw new Promise<void>((resolve) =>
      setTimeout(() => {
        panelsOpen.add(uid);
        resolve();
      }, 0),
    );
  }
  return <>{children}</>;
}

/** Marks the root once React has hydrated (tests and the bench wait for it). */
export function Hydrated() {
  const ref = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    ref.current?.closest('.hop-flow')?.setAttribute('data-hydrated', 'true');
  }, []);
  return <span ref={ref} hidden />;
}
