/**
 * What-if controls. Each control, its key, its values and whether it applies come from the
 * engine's one parameter declaration (src/sim/params.ts): a control offers only what this
 * scenario can take, and shows what the engine runs (SNAT reads "off" under Local, where kube-proxy
 * never masquerades external traffic).
 */
import { memo } from 'react';
import { applies, currentValue, keyForControl, valuesFor, type OverrideKey } from '../../sim/keys';
import type { Scenario } from '../../sim/types';
import type { Tr } from '../../view/flow/trClient';
import { valueLabel } from '../../view/flow/changeWords';

/** The override key each control edits (from the declaration). */
export function controlKey(control: string): OverrideKey | undefined {
  return keyForControl(control);
}

/** The values a select control offers in this scenario (the current one always included). */
export function controlValues(k: OverrideKey, s: Scenario): string[] {
  const all = k.choices ?? valuesFor(k, s) ?? [];
  const cur = currentValue(k, s);
  return all.includes(cur) || cur === '' ? [...all] : [cur, ...all];
}

export const WhatIf = memo(function WhatIf({
  controls,
  scenario,
  tr,
  onSet,
  onReset,
  canReset,
  uid,
}: {
  controls: readonly string[];
  scenario: Scenario;
  tr: Tr;
  onSet: (key: string, value: string) => void;
  onReset: () => void;
  canReset: boolean;
  uid: string;
}) {
  const usable = controls.flatMap((c) => {
    const k = controlKey(c);
    return k ? [{ c, k }] : [];
  });
  if (usable.length === 0) return null;
  const optLabel = (c: string, v: string): string => valueLabel(tr, c, v);
  return (
    <fieldset className="hop-whatif">
      <legend>{tr('diagram.whatIf')}</legend>
      {usable.map(({ c, k }) => {
        const cur = currentValue(k, scenario);
        const id = `${uid}-ctl-${c}`;
        const active = applies(k, scenario);
        if (k.type === 'boolean') {
          return (
            <span key={c} className={`hop-ctl hop-ctl--${c}`}>
              <label className="hop-check">
                <input
                  type="checkbox"
                  // What the engine runs: a switch without effect reads off.
                  checked={active && cur === 'true'}
                  disabled={!active}
                  {...(!active ? { 'aria-describedby': `${id}-note` } : {})}
                  onChange={(e) => onSet(k.key, String(e.currentTarget.checked))}
                />
                {tr(`diagram.ctl.${c}`)}
              </label>
              {!active && (
                <small id={`${id}-note`} className="hop-ctl__note">
                  {tr(`diagram.ctl.${c}Inactive`)}
                </small>
              )}
            </span>
          );
        }
        if (k.controlRange) {
          const [min, max] = k.controlRange;
          const n = Number(cur);
          return (
            <span key={c} className="hop-ctl hop-stepper" role="group" aria-labelledby={id}>
              <span id={id}>{tr(`diagram.ctl.${c}`)}</span>
              <button
                type="button"
                aria-label={tr(`diagram.ctl.${c}Less`)}
                disabled={n <= min}
                onClick={() => onSet(k.key, String(n - 1))}
              >
                −
              </button>
              <output aria-live="polite">{n}</output>
              <button
                type="button"
                aria-label={tr(`diagram.ctl.${c}More`)}
                disabled={n >= max}
                onClick={() => onSet(k.key, String(n + 1))}
              >
                +
              </button>
            </span>
          );
        }
        const list = controlValues(k, scenario);
        return (
          <label key={c} className="hop-ctl" htmlFor={id}>
            <span>{tr(`diagram.ctl.${c}`)}</span>
            <select
              id={id}
              value={cur}
              // A setting without effect here (the eBPF settings on kube-proxy) is shown, not offered.
              disabled={!active}
              {...(!active ? { 'aria-describedby': `${id}-note` } : {})}
              onChange={(e) => onSet(k.key, e.currentTarget.value)}
            >
              {list.map((v) => (
                <option key={v} value={v}>
                  {optLabel(c, v)}
                </option>
              ))}
            </select>
            {!active && (
              <small id={`${id}-note`} className="hop-ctl__note">
                {tr(`diagram.ctl.${c}Inactive`)}
              </small>
            )}
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
