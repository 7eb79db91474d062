/**
 * The placement rule of the Service's Pods in the engine's terms: hostname spreading and
 * anti-affinity map to the engine's strategies; zone rules and soft spreading are reported as
 * not simulated.
 */
import type { UsedPod } from './endpoints.ts';
import type { PlacementHint, ReportBuilder } from './report.ts';

/**
 * The placement rule of the Service's Pods (read from the first Pod object), mapped to the
 * engine's strategies where the engine models it (hostname domains).
 */
export function placementOf(used: UsedPod[], r: ReportBuilder): PlacementHint {
  const replicas = used.length;
  const first = used.find((u) => u.view)?.view;
  const none: PlacementHint = { strategy: 'none', replicas, source: 'none' };
  if (!first) return none;
  const hostname = 'kubernetes.io/hostname';
  const spread = first.spread.find((s) => s.topologyKey === hostname);
  const zoneRules = [...first.spread, ...first.antiAffinity].filter(
    (s) => s.topologyKey !== hostname,
  );
  for (const z of zoneRules) r.add('placementZoneRule', { topologyKey: z.topologyKey }, first.ref);
  if (spread) {
    const hint: PlacementHint = {
      strategy: 'topologySpread',
      replicas,
      maxSkew: Math.min(64, Math.max(1, spread.maxSkew)),
      source: 'topologySpreadConstraints',
      topologyKey: hostname,
      hard: spread.hard,
    };
    r.add(
      'placementSpread',
      { maxSkew: hint.maxSkew ?? 1, replicas },
      first.ref,
      'spec.topologySpreadConstraints',
    );
    if (!spread.hard)
      r.add(
        'placementSoft',
        { rule: 'ScheduleAnyway' },
        first.ref,
        'spec.topologySpreadConstraints',
      );
    return hint;
  }
  const anti = first.antiAffinity.find((a) => a.topologyKey === hostname);
  if (anti) {
    const hint: PlacementHint = {
      strategy: anti.hard ? 'antiAffinityRequired' : 'antiAffinityPreferred',
      replicas,
      source: 'podAntiAffinity',
      topologyKey: hostname,
      hard: anti.hard,
    };
    r.add(
      'placementAntiAffinity',
      { strategy: hint.strategy, replicas },
      first.ref,
      'spec.affinity.podAntiAffinity',
    );
    return hint;
  }
  return none;
}
