/** What-if controls; each maps to one engine override key (the CLI's --set keys). */
import { memo } from 'react';
import type { Scenario } from '../../sim/types';
import type { UrlKey } from './urlState';
import type { Tr } from './tr';

/** Which override key each control edits. */
export const CONTROL_KEYS: Record<string, string> = {
  policy: 'service.externalTrafficPolicy',
  snat: 'masquerade',
  replicas: 'placement.replicas',
  placement: 'placement.strategy',
  probe: 'loadBalancer.probe.kind',
  preset: 'loadBalancer.preset',
  interval: 'loadBalancer.probe.interval',
  threshold: 'loadBalancer.probe.unhealthyThreshold',
  drain: 'drain',
};

const INTERVALS = ['1', '2', '3', '5', '8', '10', '15', '30'];
const THRESHOLDS = ['1', '2', '3', '4', '5'];

/** The current value of a control's key in a resolved scenario (what the engine ran). */
export function currentValue(control: string, s: Scenario): string {
  switch (control) {
    case 'policy':
      return s.service.externalTrafficPolicy;
    case 'snat':
      return String(s.masquerade);
    case 'replicas':
      return String(s.pods.length);
    case 'placement':
      return s.placement?.strategy ?? 'none';
    case 'probe':
      return s.loadBalancer.probe.kind;
    case 'preset':
      return s.loadBalancer.preset;
    case 'interval':
      return String(s.loadBalancer.probe.interval);
    case 'threshold':
      return String(s.loadBalancer.probe.unhealthyThreshold);
    default:
      return '';
  }
}

export const WhatIf = memo(function WhatIf({
  controls,
  keys,
  scenario,
  tr,
  onSet,
  onReset,
  canReset,
  uid,
}: {
  controls: readonly string[];
  keys: readonly UrlKey[];
  scenario: Scenario;
  tr: Tr;
  onSet: (key: string, value: string) => void;
  onReset: () => void;
  canReset: boolean;
  uid: string;
}) {
  const usable = controls.filter((c) => {
    const key = CONTROL_KEYS[c];
    return key !== undefined && keys.some((k) => k.key === key);
  });
  if (usable.length === 0) return null;
  const values = (c: string): readonly string[] => {
    const k = keys.find((x) => x.key === CONTROL_KEYS[c]);
    if (c === 'interval') return INTERVALS;
    if (c === 'threshold') return THRESHOLDS;
    return k?.values ?? [];
  };
  const optLabel = (c: string, v: string): string => {
    if (c === 'placement') return tr(`diagram.placement.${v}`, {}, v);
    if (c === 'probe') return tr(`diagram.probe.${v}`, {}, v);
    return v;
  };
  return (
    <fieldset className="hop-whatif">
      <legend>{tr('diagram.whatIf')}</legend>
      {usable.map((c) => {
        const key = CONTROL_KEYS[c] ?? '';
        const cur = currentValue(c, scenario);
        const id = `${uid}-ctl-${c}`;
        if (c === 'snat') {
          // Local never masquerades external traffic: the switch only matters under Cluster.
          const local = scenario.service.externalTrafficPolicy === 'Local';
          return (
            <span key={c} className="hop-ctl hop-ctl--snat">
              <label className="hop-check">
                <input
                  type="checkbox"
                  checked={cur === 'true'}
                  disabled={local}
                  {...(local ? { 'aria-describedby': `${id}-note` } : {})}
                  onChange={(e) => onSet(key, String(e.currentTarget.checked))}
                />
                {tr('diagram.ctl.snat')}
              </label>
              {local && (
                <small id={`${id}-note`} className="hop-ctl__note">
                  {tr('diagram.ctl.snatLocal')}
                </small>
              )}
            </span>
          );
        }
        if (c === 'replicas') {
          const n = Number(cur);
          return (
            <span key={c} className="hop-ctl hop-stepper" role="group" aria-labelledby={id}>
              <span id={id}>{tr('diagram.ctl.replicas')}</span>
              <button
                type="button"
                aria-label={tr('diagram.ctl.replicasLess')}
                disabled={n <= 1}
                onClick={() => onSet(key, String(n - 1))}
              >
                −
              </button>
              <output aria-live="polite">{n}</output>
              <button
                type="button"
                aria-label={tr('diagram.ctl.replicasMore')}
                disabled={n >= 12}
                onClick={() => onSet(key, String(n + 1))}
              >
                +
              </button>
            </span>
          );
        }
        const vs = values(c);
        const list = vs.includes(cur) ? vs : [cur, ...vs];
        return (
          <label key={c} className="hop-ctl" htmlFor={id}>
            <span>{tr(`diagram.ctl.${c}`)}</span>
            <select id={id} value={cur} onChange={(e) => onSet(key, e.currentTarget.value)}>
              {list.map((v) => (
                <option key={v} value={v}>
                  {optLabel(c, v)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {canReset && (
        <button type="button" className="hop-btn hop-btn--small" onClick={onReset}>
          {tr('diagram.ctl.reset')}
        </button>
      )}
    </fieldset>
  );
});
