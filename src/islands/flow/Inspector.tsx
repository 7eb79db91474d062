/** Packet inspector: one connection's headers at every hop, its rule chain and conntrack entry. */
import { memo, useState, type ReactNode } from 'react';
import type { ConnectionTrace, Hop } from '../../sim/types';
import {
  fmtAddr,
  hopReasonText,
  lookupText,
  placeName,
  reasonText,
  ruleLabel,
  whyText,
} from '../../view/flow/narrate';
import { DisclosurePanel, H, sub } from './Panel';
import { Stack } from './Stack';
import type { Tr } from '../../view/flow/trClient';

function Addr({ value, changed }: { value: string; changed: boolean }) {
  return changed ? <mark className="hop-changed">{value}</mark> : <>{value}</>;
}

/** Client information in the payload, shown beside the IP header it survives. */
function Payload({ payload, tr }: { payload: NonNullable<Hop['payload']>; tr: Tr }) {
  const pp = payload.proxyHeader;
  const xff = payload.xForwardedFor;
  const xffIn = payload.xForwardedForIn;
  const dsr = payload.dsr;
  return (
    <span className="hop-payload">
      {xffIn && (
        <span className="hop-payload__item">
          {tr('diagram.inspector.xffIn', { value: xffIn.join(', ') })}
        </span>
      )}
      {pp && (
        <span className="hop-payload__item">
          {tr('diagram.inspector.proxyHeader', {
            version: pp.version,
            src: fmtAddr(pp.src),
            dst: fmtAddr(pp.dst),
          })}
        </span>
      )}
      {xff && (
        <span className="hop-payload__item">
          {tr('diagram.inspector.xff', { value: xff.value, from: xff.from })}
        </span>
      )}
      {dsr && (
        <span className="hop-payload__item">
          {tr(`diagram.inspector.dsr.${dsr.dispatch}`, { service: fmtAddr(dsr.service) })}
        </span>
      )}
    </span>
  );
}

function HopRow({
  hop,
  n,
  tr,
  current,
  onPick,
}: {
  hop: Hop;
  n: number;
  tr: Tr;
  current: boolean;
  onPick: () => void;
}) {
  const c = (f: 'src' | 'dst') => hop.changed.some((x) => x.startsWith(f));
  return (
    <tr
      role="row"
      className={current ? 'is-current' : undefined}
      aria-current={current ? 'step' : undefined}
    >
      <th scope="row" role="rowheader">
        <button
          type="button"
          className="hop-linkbtn"
          onClick={onPick}
          aria-label={`${tr('diagram.log.jump')}: ${tr('diagram.inspector.hop')} ${n}`}
        >
          {n}
        </button>
      </th>
      <td role="cell">
        <span aria-hidden="true">{hop.direction === 'reply' ? '◀ ' : '▶ '}</span>
        {hop.kind}
      </td>
      <td role="cell">
        {placeName(tr, hop.from)} → {placeName(tr, hop.to)}
      </td>
      <td role="cell" className="hop-mono" data-label={tr('diagram.inspector.before')}>
        {/* The space and the no-break space matter in the phone cards, where <br> is hidden:
            "src → dst", wrapping before the arrow. */}
        {fmtAddr(hop.before.src)} <br />→{'\u00a0'}
        {fmtAddr(hop.before.dst)}
      </td>
      <td role="cell" className="hop-mono" data-label={tr('diagram.inspector.after')}>
        <Addr value={fmtAddr(hop.after.src)} changed={c('src')} /> <br />→{'\u00a0'}
        <Addr value={fmtAddr(hop.after.dst)} changed={c('dst')} />
        {hop.payload && <Payload payload={hop.payload} tr={tr} />}
        {hop.end && hop.end !== 'ok' && (
          <span className="hop-end"> ✕ {hop.reason ? hopReasonText(tr, hop) : hop.end}</span>
        )}
      </td>
    </tr>
  );
}

/** The inspector panel for one featured connection. */
export const Inspector = memo(function Inspector({
  traces,
  selected,
  onSelect,
  currentHopId,
  started = true,
  onPickHop,
  tr,
  uid,
  level,
  defaultOpen = true,
  reserve = false,
}: {
  uid: string;
  level: 2 | 3 | 4;
  /**
   * Keep one height whichever connection and hop it shows (embeds): each part reserves room
   * for its tallest variant over every featured connection (Stack.tsx).
   */
  reserve?: boolean;
  /** Open at first; diagrams over simulated time start closed (their chart comes first). */
  defaultOpen?: boolean;
  traces: readonly ConnectionTrace[];
  selected: number;
  onSelect: (i: number) => void;
  currentHopId: string | null;
  /** A packet has left its sender (false at step 0: no outcome is shown yet). */
  started?: boolean;
  onPickHop: (hop: Hop) => void;
  tr: Tr;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const trace = traces[selected] ?? traces[0];
  if (!trace) return null;
  const rec = trace.record;
  // The hop whose rule chain is shown: the current one if it is in this trace and has rules,
  // otherwise the first request hop that walked kube-proxy's chains.
  const cur = trace.hops.find((h) => h.id === currentHopId && h.rules.length > 0);
  const ruled = cur ?? trace.hops.find((h) => h.rules.length > 0);
  const outcomeOf = (r: ConnectionTrace['record']): string =>
    `${tr(`outcome.${r.outcome}`, {}, r.outcome)} — ${reasonText(tr, r.reason, r.ingressNode)}`;
  // At step 0 nothing has been sent: the outcome would give the answer away.
  const outcome = started ? outcomeOf(rec) : tr('diagram.inspector.notSent');
  // The other traces' (and hops') versions of a part, for its reserved height; none otherwise.
  const others = (part: (t: ConnectionTrace) => ReactNode): ReactNode[] =>
    reserve ? traces.filter((t) => t !== trace).map(part) : [];
  const table = (t: ConnectionTrace, live: boolean): ReactNode => (
    <div className="hop-scroll">
      {/* Explicit roles: on phones the rows are laid out as cards (diagram.css), and
          some browsers drop a table's semantics when its display changes. */}
      <table className="hop-table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              #
            </th>
            <th scope="col" role="columnheader">
              {tr('diagram.inspector.hop')}
            </th>
            <th scope="col" role="columnheader">
              →
            </th>
            <th scope="col" role="columnheader">
              {tr('diagram.inspector.before')}
            </th>
            <th scope="col" role="columnheader">
              {tr('diagram.inspector.after')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {t.hops.map((h, i) => (
            <HopRow
              key={h.id}
              hop={h}
              n={i + 1}
              tr={tr}
              current={live && h.id === currentHopId}
              onPick={() => onPickHop(h)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
  const rules = (h: Hop | undefined): ReactNode => (
    <>
      <H level={sub(level)} className="hop-panel__h4">
        {tr('diagram.inspector.rules')}
        {h ? ` (${placeName(tr, h.to)}, ${h.kind})` : ''}
      </H>
      {h ? (
        <ol className="hop-rules">
          {h.rules.map((r, i) => (
            <li key={`${r.chain}-${i}`} className={`hop-rule hop-rule--${r.verdict}`}>
              <code>{r.chain}</code>{' '}
              <span className="hop-rule__verdict">
                {ruleLabel(r) === r.rule ? r.verdict : ruleLabel(r)}
              </span>
              {r.lookup && <code className="hop-rule__lookup">{lookupText(r)}</code>}
              <span className="hop-rule__why">{whyText(tr, r.why)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p>{tr('diagram.inspector.noRules')}</p>
      )}
    </>
  );
  const conntrack = (t: ConnectionTrace): ReactNode =>
    t.conntrack.length > 0 ? (
      t.conntrack.map((c, i) => (
        <p key={i} className="hop-mono hop-conntrack">
          {c.node}: {tr('diagram.inspector.original')} src={fmtAddr(c.original.src)} dst=
          {fmtAddr(c.original.dst)} · {tr('diagram.inspector.replyDir')} src=
          {fmtAddr(c.reply.src)} dst={fmtAddr(c.reply.dst)} [{c.state}]
        </p>
      ))
    ) : (
      <p>{tr('diagram.inspector.noConntrack')}</p>
    );
  const seen = (r: ConnectionTrace['record']): ReactNode => (
    <p>
      <strong>{tr('diagram.inspector.seenByPod')}:</strong>{' '}
      {r.sourceSeenByPod ? (
        <span className="hop-mono">
          {r.sourceSeenByPod} ({r.pod ?? ''})
        </span>
      ) : (
        tr('diagram.inspector.seenNone')
      )}
      {r.clientSeenByApp && r.clientSeenVia !== 'ipHeader' && (
        <>
          <br />
          <strong>{tr('diagram.inspector.seenByApp')}:</strong>{' '}
          <span className="hop-mono">{r.clientSeenByApp}</span> (
          {tr(`diagram.via.${r.clientSeenVia}`)})
        </>
      )}
    </p>
  );
  const ruledHops = (t: ConnectionTrace): Hop[] => t.hops.filter((h) => h.rules.length > 0);
  const otherRules: ReactNode[] = reserve
    ? [
        ...traces.flatMap((t) => ruledHops(t).filter((h) => h !== ruled)),
        ...(traces.some((t) => ruledHops(t).length === 0) && ruled ? [undefined] : []),
      ].map(rules)
    : [];
  return (
    <DisclosurePanel
      uid={uid}
      name="inspector"
      level={level}
      label={tr('diagram.inspector')}
      open={open}
      onToggle={() => setOpen(!open)}
      summary={
        <Stack
          variants={others((t) => (
            <p className="hop-inspector__outcome">
              <strong>{tr('diagram.inspector.outcome')}:</strong> {outcomeOf(t.record)}
            </p>
          ))}
        >
          <p className="hop-inspector__outcome">
            <strong>{tr('diagram.inspector.outcome')}:</strong> {outcome}
          </p>
        </Stack>
      }
    >
      {traces.length > 1 && (
        <label className="hop-field">
          <span>{tr('diagram.inspector.pick')}</span>
          <select value={selected} onChange={(e) => onSelect(Number(e.currentTarget.value))}>
            {traces.map((t, i) => (
              <option key={t.record.id} value={i}>
                {tr('diagram.transcriptConnection', { n: i + 1 })}: {t.record.client} →{' '}
                {t.record.ingressNode ?? '–'} → {t.record.pod ?? '–'}
              </option>
            ))}
          </select>
        </label>
      )}
      <Stack variants={others((t) => table(t, false))}>{table(trace, true)}</Stack>
      <Stack variants={otherRules}>{rules(ruled)}</Stack>
      <H level={sub(level)} className="hop-panel__h4">
        {tr('diagram.inspector.conntrack')}
      </H>
      <Stack variants={others(conntrack)}>{conntrack(trace)}</Stack>
      <Stack variants={others((t) => seen(t.record))}>{seen(rec)}</Stack>
    </DisclosurePanel>
  );
});
