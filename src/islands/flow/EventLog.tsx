/** Event log: localized sentences from the engine's event codes and featured hops. */
import { memo, useMemo, useState } from 'react';
import type { SimEvent } from '../../sim/types';
import { DisclosurePanel } from './Panel';
import { eventText } from '../../view/flow/eventText';
import type { Step } from '../../view/flow/steps';
import type { Tr } from '../../view/flow/trClient';

export type LogKind = 'packets' | 'probes' | 'lifecycle';

export interface LogEntry {
  kind: LogKind;
  at: number;
  text: string;
  step?: number;
  time?: number;
}

function kindOf(e: SimEvent): LogKind {
  if (e.type === 'probe.result' || e.type.startsWith('lb.')) return 'probes';
  if (e.type === 'connection.failed') return 'packets';
  return 'lifecycle';
}

/** Builds the log entries: featured hops (steppable) and engine events (seekable in time). */
export function toLog(
  tr: Tr,
  steps: readonly Step[],
  events: readonly SimEvent[],
  narrations: readonly string[],
  timeMode: boolean,
): LogEntry[] {
  const out: LogEntry[] = steps.map((s, i) => ({
    kind: 'packets' as const,
    at: s.hop.at,
    text: narrations[i] ?? '',
    step: i + 1,
  }));
  for (const e of events) {
    const entry: LogEntry = { kind: kindOf(e), at: e.at, text: eventText(tr, e) };
    if (timeMode) entry.time = e.at;
    else {
      // In hop mode an event jumps to the last step at or before its moment.
      let k = 0;
      while (k < steps.length && (steps[k]?.hop.at ?? Infinity) <= e.at) k++;
      entry.step = k;
    }
    out.push(entry);
  }
  return out.sort((a, b) => a.at - b.at);
}

const LIMIT = 300;

export const EventLog = memo(function EventLog({
  entries,
  tr,
  onJump,
  uid,
  level,
}: {
  entries: readonly LogEntry[];
  tr: Tr;
  onJump: (e: LogEntry) => void;
  uid: string;
  level: 2 | 3 | 4;
}) {
  // Closed until asked for: a drain run has hundreds of entries, and rendering (or hydrating)
  // them for every diagram on a page was most of a lesson's DOM.
  const [open, setOpen] = useState(false);
  const [on, setOn] = useState<Record<LogKind, boolean>>({
    packets: true,
    probes: true,
    lifecycle: true,
  });
  const shown = useMemo(() => entries.filter((e) => on[e.kind]), [entries, on]);
  const kinds: LogKind[] = ['packets', 'probes', 'lifecycle'];
  return (
    <DisclosurePanel
      uid={uid}
      name="log"
      level={level}
      label={`${tr('diagram.log')} (${entries.length})`}
      open={open}
      onToggle={() => setOpen(!open)}
    >
      <fieldset className="hop-filters">
        <legend className="hop-sr">{tr('diagram.log')}</legend>
        {kinds.map((k) => (
          <label key={k} className="hop-check">
            <input
              type="checkbox"
              checked={on[k]}
              onChange={(e) => setOn({ ...on, [k]: e.currentTarget.checked })}
            />
            {tr(`diagram.log.${k}`)} ({entries.filter((e) => e.kind === k).length})
          </label>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p>{tr('diagram.log.empty')}</p>
      ) : (
        <ol className="hop-log__list">
          {shown.slice(0, LIMIT).map((e, i) => (
            <li key={i} className={`hop-log__e hop-log__e--${e.kind}`}>
              <button
                type="button"
                className="hop-linkbtn"
                onClick={() => onJump(e)}
                title={tr('diagram.log.jump')}
              >
                <span className="hop-log__t">
                  {tr(e.at < 10 ? 'diagram.log.atFine' : 'diagram.log.at', { t: e.at })}
                </span>{' '}
                {e.text}
              </button>
            </li>
          ))}
        </ol>
      )}
      {shown.length > LIMIT && <p>{tr('diagram.log.more', { count: shown.length - LIMIT })}</p>}
    </DisclosurePanel>
  );
});
