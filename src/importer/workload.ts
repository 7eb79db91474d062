/**
 * The controller that owns the Service's Pods, so a remedy can name what to patch: a
 * ReplicaSet whose Pods carry pod-template-hash belongs to the Deployment whose name it extends
 * (the Deployment controller names ReplicaSets `<deployment>-<pod-template-hash>`).
 */
import type { UsedPod } from './endpoints.ts';
import type { ServiceView } from './objects.ts';
import type { Workload } from './report.ts';

/** The Pods' common owner, or null when there is none or they disagree. */
export function workloadOf(svc: ServiceView, used: readonly UsedPod[]): Workload | null {
  const owners = new Set<string>();
  let found: Workload | null = null;
  for (const u of used) {
    const v = u.view;
    if (!v?.owner) continue;
    const { kind, name } = v.owner;
    const hash = v.labels['pod-template-hash'];
    let w: Workload | null = null;
    if (kind === 'ReplicaSet' && hash && name.endsWith(`-${hash}`))
      w = { kind: 'Deployment', name: name.slice(0, -hash.length - 1), container: '', labels: {} };
    else if (kind === 'ReplicaSet' || kind === 'StatefulSet' || kind === 'DaemonSet')
      w = { kind, name, container: '', labels: {} };
    if (!w) continue;
    owners.add(`${w.kind}/${w.name}`);
    if (!found) found = { ...w, container: v.containers[0] ?? '' };
  }
  if (!found || owners.size !== 1 || found.container === '') return null;
  return { ...found, labels: { ...(svc.selector ?? {}) } };
}
