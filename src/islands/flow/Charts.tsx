/** Plain-SVG charts: per-pod load bars and a per-node drain timeline on a shared time axis. */
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import type { ChartData, ResultView } from '../../view/flow/run';
import type { Tr } from '../../view/flow/trClient';
import { fitLabel, textEm } from '../../view/flow/fitLabel';

/** How many of the sorted times come before t. */
function lowerBound(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Measured share of succeeded connections per pod sent before time t (counts only, no
 * routing): at t = 0 nothing has been sent, so every share is 0 and nothing is measured yet.
 */
export function sharesAt(
  okTimes: ReadonlyMap<string, readonly number[]>,
  t: number,
): Map<string, number> {
  let total = 0;
  const counts = new Map<string, number>();
  for (const [pod, times] of okTimes) {
    const n = lowerBound(times, t);
    counts.set(pod, n);
    total += n;
  }
  return new Map([...counts].map(([p, n]) => [p, total > 0 ? n / total : 0]));
}

export const LoadBars = memo(function LoadBars({
  result,
  charts,
  time,
  width,
  tr,
}: {
  result: ResultView;
  charts: ChartData;
  time: number;
  width: number;
  tr: Tr;
}) {
  const okTimes = useMemo(() => {
    const m = new Map<string, number[]>();
    for (const p of result.resolved.pods) m.set(p.id, charts.okTimes[p.id] ?? []);
    return m;
  }, [result, charts]);
  const shares = sharesAt(okTimes, time);
  // Nothing sent yet (step 0): no measured share, and no expectation to compare it with.
  const sent = [...shares.values()].some((x) => x > 0);
  const pods = result.resolved.pods;
  const expected = result.summary.expectedShare;
  const maxShare = Math.max(
    0.01,
    ...pods.map((p) => Math.max(shares.get(p.id) ?? 0, expected[p.id] ?? 0)),
  );
  const W = Math.max(260, width);
  // Room for the longest Pod name (imported ones such as "shop-7d9c6b5f4-x2kqp" are long), up
  // to 40 % of the width; longer names lose their middle to an ellipsis (view/flow/fitLabel.ts,
  // measured for the 13 px bold label; the title has them whole), so no name runs under its bar.
  const FONT = 13;
  const longest = Math.max(0, ...pods.map((p) => textEm(p.id)));
  const labelW = Math.round(Math.min(W * 0.4, Math.max(70, longest * FONT + 8)));
  const short = (id: string): string => fitLabel(id, (labelW - 8) / FONT);
  const barW = W - labelW - 110;
  const rowH = 26;
  const H = pods.length * rowH + 8;
  return (
    <figure className="hop-chart hop-chart--load">
      <figcaption>
        <strong>{tr('diagram.chart.load')}</strong> — {tr('diagram.chart.loadDesc', { t: time })}
      </figcaption>
      {!sent ? (
        <p className="hop-chart__none">{tr('diagram.chart.none')}</p>
      ) : (
        <ChartSvg w={W} h={H} label={tr('diagram.chart.load')}>
          {pods.map((p, i) => {
            const s = shares.get(p.id) ?? 0;
            const e = expected[p.id] ?? 0;
            const y = 4 + i * rowH;
            const ex = labelW + (e / maxShare) * barW;
            return (
              <g key={p.id}>
                <title>
                  {tr('diagram.chart.measured', {
                    pod: p.id,
                    pct: s * 100,
                    exp: e * 100,
                  })}
                </title>
                <text x={0} y={y + 16} className="hop-chart__label">
                  {short(p.id)}
                </text>
                <rect
                  x={labelW}
                  y={y + 3}
                  width={(s / maxShare) * barW}
                  height={rowH - 10}
                  className="hop-chart__bar"
                />
                <line x1={ex} x2={ex} y1={y} y2={y + rowH - 4} className="hop-chart__expected" />
                <text x={labelW + barW + 8} y={y + 16} className="hop-chart__value">
                  {tr('diagram.chart.value', { pct: s * 100, exp: e * 100 })}
                </text>
              </g>
            );
          })}
        </ChartSvg>
      )}
    </figure>
  );
});

/** One SVG path of ✓ (ok) or ✗ marks centred on each probe's moment, 8 px wide. */
export function probeMarks(
  probes: ReadonlyArray<{ at: number; ok: boolean }>,
  ok: boolean,
  x: (t: number) => number,
  cy: number,
): string {
  const parts: string[] = [];
  for (const p of probes) {
    if (p.ok !== ok) continue;
    const cx = Math.round(x(p.at) * 10) / 10;
    parts.push(
      ok
        ? `M${cx - 4} ${cy}l3 3.5l5 -7.5`
        : `M${cx - 3.5} ${cy - 3.5}l7 7M${cx + 3.5} ${cy - 3.5}l-7 7`,
    );
  }
  return parts.join('');
}

/** One SVG path of vertical ticks, one per distinct half pixel (839 failures draw ~100). */
export function failTicks(
  times: readonly number[],
  x: (t: number) => number,
  y1: number,
  y2: number,
): string {
  const xs = new Set<number>();
  for (const t of times) xs.add(Math.round(x(t) * 2) / 2);
  return [...xs].map((px) => `M${px} ${y1}V${y2}`).join('');
}

interface Lane {
  node: string;
  probes: Array<{ at: number; ok: boolean }>;
  rotation: Array<{ from: number; to: number; inRotation: boolean }>;
  failed: number[];
}

/** Per-node lanes from the engine's events (probe results, LB up/down) and failed connections. */
export function toLanes(result: ResultView, charts: ChartData, duration: number): Lane[] {
  return result.resolved.nodes.map((n) => {
    const probes: Lane['probes'] = [];
    const rotation: Lane['rotation'] = [];
    let state = result.initialLbRotation?.[n.id] ?? true;
    let from = 0;
    for (const e of result.events) {
      if (!('node' in e) || e.node !== n.id) continue;
      if (e.type === 'probe.result') probes.push({ at: e.at, ok: e.ok });
      if (e.type === 'lb.backendDown' || e.type === 'lb.backendUp') {
        rotation.push({ from, to: e.at, inRotation: state });
        state = e.type === 'lb.backendUp';
        from = e.at;
      }
    }
    rotation.push({ from, to: duration, inRotation: state });
    const failed = charts.failedAt[n.id] ?? [];
    return { node: n.id, probes, rotation, failed };
  });
}

export const DrainTimeline = memo(function DrainTimeline({
  result,
  charts,
  duration,
  time,
  width,
  tr,
  onSeek,
  uid,
}: {
  uid: string;
  result: ResultView;
  charts: ChartData;
  duration: number;
  time: number;
  width: number;
  tr: Tr;
  onSeek: (t: number) => void;
}) {
  const lanes = useMemo(() => toLanes(result, charts, duration), [result, charts, duration]);
  const W = Math.max(280, width);
  const left = 64;
  const right = 10;
  const laneH = 58;
  const top = 8;
  const H = top + lanes.length * laneH + 30;
  const x = (t: number): number =>
    left + (Math.min(duration, Math.max(0, t)) / Math.max(1, duration)) * (W - left - right);
  const d = result.summary.disruption;
  const tickEvery = duration > 120 ? 30 : duration > 40 ? 10 : 5;
  const ticks: number[] = [];
  for (let t = 0; t <= duration; t += tickEvery) ticks.push(t);
  const failedAll = lanes.reduce((n, l) => n + l.failed.length, 0);
  return (
    <figure className="hop-chart hop-chart--drain">
      <figcaption>
        <strong>{tr('diagram.chart.drain')}</strong>
        {/* The description is for readers; a deck shows the chart with a trainer next to it. */}
        <span className="hop-chart__desc"> — {tr('diagram.chart.drainDesc')}</span>{' '}
        {failedAll > 0
          ? tr('diagram.chart.disruption', { s: d.seconds })
          : tr('diagram.chart.noDisruption')}
      </figcaption>
      <ChartSvg
        w={W}
        h={H}
        label={tr('diagram.chart.drain')}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          const px = ((e.clientX - r.left) / r.width) * W;
          onSeek(((px - left) / (W - left - right)) * duration);
        }}
      >
        <defs>
          <pattern
            id={`${uid}-hatch`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="6" className="hop-chart__hatch" />
          </pattern>
        </defs>
        {d.firstFailureAt !== null && d.lastFailureAt !== null && (
          <rect
            x={x(d.firstFailureAt)}
            y={top - 4}
            width={Math.max(2, x(d.lastFailureAt) - x(d.firstFailureAt))}
            height={lanes.length * laneH + 4}
            className="hop-chart__window"
          />
        )}
        {lanes.map((l, i) => {
          const y = top + i * laneH;
          return (
            <g key={l.node}>
              <text x={0} y={y + 14} className="hop-chart__label">
                {l.node}
              </text>
              {/* One path per kind and lane, not one element per probe or failure: a drain
                  run has hundreds of them and the DOM is what a page pays for. */}
              <path d={probeMarks(l.probes, true, x, y + 9)} className="hop-chart__ok" />
              <path d={probeMarks(l.probes, false, x, y + 9)} className="hop-chart__fail" />
              {l.rotation.map((r, k) => (
                <rect
                  key={k}
                  x={x(r.from)}
                  y={y + 20}
                  width={Math.max(0, x(r.to) - x(r.from))}
                  height={14}
                  className={r.inRotation ? 'hop-chart__in' : 'hop-chart__out'}
                  fill={r.inRotation ? undefined : `url(#${uid}-hatch)`}
                >
                  <title>
                    {tr(
                      r.inRotation
                        ? 'diagram.chart.inRotationFor'
                        : 'diagram.chart.outOfRotationFor',
                      { node: l.node, from: r.from, to: r.to },
                    )}
                  </title>
                </rect>
              ))}
              <path d={failTicks(l.failed, x, y + 38, y + 50)} className="hop-chart__failtick" />
              <text x={4} y={y + 31} className="hop-chart__small">
                LB
              </text>
              <text x={4} y={y + 49} className="hop-chart__small">
                ✕ {l.failed.length}
              </text>
            </g>
          );
        })}
        {/* The axis: one path for all tick marks, then the labels (fewer elements to lay out). */}
        <path
          d={ticks.map((t) => `M${x(t).toFixed(1)} ${H - 26}V${H - 22}`).join('')}
          className="hop-chart__axis"
        />
        {ticks.map((t) => (
          <text key={t} x={x(t)} y={H - 10} textAnchor="middle" className="hop-chart__small">
            {t}
          </text>
        ))}
        <text x={0} y={H - 10} className="hop-chart__small">
          {tr('diagram.chart.axis')}
        </text>
        <line x1={x(time)} x2={x(time)} y1={0} y2={H - 22} className="hop-chart__cursor" />
      </ChartSvg>
      <p className="hop-chart__legend">
        <span className="hop-legend hop-legend--in">{tr('diagram.chart.inRotation')}</span>{' '}
        <span className="hop-legend hop-legend--out">{tr('diagram.chart.outOfRotation')}</span>{' '}
        <span className="hop-legend hop-legend--fail">{tr('diagram.chart.failed')}</span>
      </p>
    </figure>
  );
});

/** A chart's picture: w × h user units drawn 1:1, announced as one image with its name. */
function ChartSvg({
  w,
  h,
  label,
  onClick,
  children,
}: {
  w: number;
  h: number;
  label: string;
  onClick?: (e: MouseEvent<SVGSVGElement>) => void;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </svg>
  );
}
