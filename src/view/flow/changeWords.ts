/**
 * A what-if in words for titles: "externalTrafficPolicy: Cluster", "SNAT (masquerade): off",
 * never the raw `service.externalTrafficPolicy=Cluster` of a link. Controls name their setting
 * and value as the what-if toolbar does; a setting without a control names its field.
 */
import { overrideKeys } from '../../sim/keys';
import type { Tr } from './trClient';

/** A control's value as its select shows it ("anti-affinity (required)", "on"). */
export function valueLabel(tr: Tr, control: string, value: string): string {
  if (value === 'true' || value === 'false')
    return tr(value === 'true' ? 'diagram.ctl.on' : 'diagram.ctl.off');
  if (control === 'placement') return tr(`diagram.placement.${value}`, {}, value);
  if (control === 'probe') return tr(`diagram.probe.${value}`, {}, value);
  if (control === 'drain' && value === 'none') return tr('diagram.ctl.drainNone', {}, value);
  if (
    [
      'delivery',
      'cni',
      'lbMode',
      'proxyProtocol',
      'ipMode',
      'proxyMode',
      'dataPath',
      'ebpfLbMode',
      'ebpfAlgorithm',
    ].includes(control)
  )
    return tr(`diagram.${control}.${value}`, {}, value);
  return value;
}

/** One override in words. */
export function changeWords(tr: Tr, key: string, value: string): string {
  const k = overrideKeys.find((o) => o.key === key);
  const setting = k?.control ? tr(`diagram.ctl.${k.control}`) : (key.split('.').pop() ?? key);
  const shown = k?.control ? valueLabel(tr, k.control, value) : value;
  const unit = !k?.control && k?.unit === 'seconds' ? '\u00a0s' : '';
  return tr('diagram.change', { setting, value: `${shown}${unit}` });
}

type Overrides = Readonly<Record<string, string>>;

/** The keys whose overrides differ from the page's, sorted. */
const changedKeys = (overrides: Overrides, base: Overrides): string[] =>
  Object.keys(overrides)
    .filter((k) => base[k] !== overrides[k])
    .sort();

/** The overrides that differ from the page's, as `key=value` (sorted, for titles and links). */
export function changedList(overrides: Overrides, base: Overrides): string[] {
  return changedKeys(overrides, base).map((k) => `${k}=${overrides[k] ?? ''}`);
}

/** The overrides that differ from the page's, in words (sorted by key, like changedList). */
export function changedWords(tr: Tr, overrides: Overrides, base: Overrides): string[] {
  return changedKeys(overrides, base).map((k) => changeWords(tr, k, overrides[k] ?? ''));
}
