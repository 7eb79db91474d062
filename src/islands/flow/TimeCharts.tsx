/** The chart of a run over simulated time: a drain's per-node lanes, or the per-pod load bars. */
import type { Scenario } from '../../sim/types';
import { DrainTimeline, LoadBars } from './Charts';
import type { Run } from '../../view/flow/run';
import type { Tr } from '../../view/flow/trClient';

/** What the time chart needs (the panels and a deck's chart-only view pass the same). */
export interface ChartProps {
  run: Run;
  resolved: Scenario;
  uid: string;
  time: number;
  /** The diagram's width; the charts keep a margin and a readable maximum. */
  width: number;
  tr: Tr;
  onSeek: (t: number) => void;
}

/** Nothing for a hop-by-hop run; the drain lanes when the scenario has a timeline, else the bars. */
export function TimeCharts({ run, resolved, uid, time, width, tr, onSeek }: ChartProps) {
  if (run.mode !== 'time') return null;
  const common = { result: run.result, charts: run.charts, time, tr };
  return resolved.timeline.length > 0 ? (
    <DrainTimeline
      {...common}
      uid={uid}
      duration={run.duration}
      width={Math.min(width - 30, 900)}
      onSeek={onSeek}
    />
  ) : (
    <LoadBars {...common} width={Math.min(width - 30, 700)} />
  );
}
