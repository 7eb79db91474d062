/**
 * The Service's endpoints as kube-proxy sees them: its EndpointSlices (else the legacy
 * Endpoints object, else the Pods its selector matches), cross-checked with the Pods and the
 * nodes in the dump; every disagreement is reported, and the slice wins, as in kube-proxy.
 */
import {
  legacyEndpoints,
  sliceEndpoints,
  sliceService,
  type EndpointView,
  type ServicePortView,
  type ServiceView,
} from './objects.ts';
import type { RawObject } from './parse.ts';
import type { NodeView, PodView } from './podNodeObjects.ts';
import type { ReportBuilder } from './report.ts';
import { svcKey } from './service.ts';

/** A Pod the scenario will run: an endpoint (with or without its Pod object) or a Pending Pod. */
export interface UsedPod {
  name: string;
  view: PodView | undefined;
  endpoint: EndpointView | undefined;
  nodeName: string | undefined;
  ip: string | undefined;
  terminating: boolean;
  /** Its endpoint's state in the dump, where the run starts it (settled, not replayed). */
  state: 'ready' | 'notReady' | 'terminating' | 'terminatingServing';
}

/** The settled start state of an endpoint (EndpointSlice conditions). */
function stateOf(e: EndpointView): UsedPod['state'] {
  if (e.terminating) return e.serving ? 'terminatingServing' : 'terminating';
  return e.ready ? 'ready' : 'notReady';
}

/** Does a Service's equality selector match a Pod's labels? (An empty selector matches none.) */
export const matches = (
  selector: Record<string, string>,
  labels: Record<string, string>,
): boolean =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(
    ([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v,
  );

export interface Endpoints {
  used: UsedPod[];
  /** Every endpoint read (deduplicated), usable or not. */
  all: EndpointView[];
  slicesUsed: number;
}

/** Collect the endpoints of `svc`'s `port` and match them with Pods and nodes. */
export function collectEndpoints(
  svc: ServiceView,
  port: ServicePortView,
  dump: { sliceRaws: RawObject[]; endpointsRaws: RawObject[]; pods: PodView[]; nodes: NodeView[] },
  r: ReportBuilder,
): Endpoints {
  const { sliceRaws, endpointsRaws, pods, nodes } = dump;
  const podsByName = new Map(pods.map((p) => [svcKey(p.ref), p]));
  const podsByIp = new Map<string, PodView>();
  for (const p of pods)
    if (p.podIp && p.ref.namespace === svc.ref.namespace) podsByIp.set(p.podIp, p);
  let endpoints: EndpointView[] = [];
  let endpointSource: 'slices' | 'endpoints' | 'selector' | 'none' = 'none';
  let slicesUsed = 0;
  let otherSlices = 0;
  for (const raw of sliceRaws) {
    const owner = sliceService(raw);
    if (!owner || svcKey(owner) !== svcKey(svc.ref)) {
      otherSlices++;
      continue;
    }
    const eps = sliceEndpoints(raw, port.name, r);
    if (eps) {
      slicesUsed++;
      endpoints.push(...eps);
    }
  }
  if (otherSlices > 0) r.add('slicesOtherServices', { count: otherSlices });
  if (slicesUsed > 0) endpointSource = 'slices';
  else {
    const legacy = endpointsRaws.find((raw) => {
      const meta = raw.value['metadata'];
      const m = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
      return m['name'] === svc.ref.name && (m['namespace'] ?? 'default') === svc.ref.namespace;
    });
    if (legacy) {
      endpoints = legacyEndpoints(legacy, port.name);
      endpointSource = 'endpoints';
      r.add('endpointsFromEndpoints', { count: endpoints.length }, svc.ref);
    } else if (svc.selector && pods.length > 0) {
      endpointSource = 'selector';
      for (const p of pods) {
        if (p.ref.namespace !== svc.ref.namespace || !matches(svc.selector, p.labels)) continue;
        if (!p.podIp || !p.nodeName || p.phase !== 'Running') continue;
        endpoints.push({
          address: p.podIp,
          ready: p.ready && !p.deleting,
          serving: p.ready,
          terminating: p.deleting,
          nodeName: p.nodeName,
          zone: undefined,
          podName: p.ref.name,
          hints: false,
          port: null,
          source: p.ref,
        });
      }
      r.add('endpointsFromSelector', { count: endpoints.length }, svc.ref, 'spec.selector');
    }
  }

  // Deduplicate (a Pod can briefly appear in two slices during an update).
  const seenIp = new Set<string>();
  endpoints = endpoints.filter((e) => {
    if (seenIp.has(e.address)) {
      r.add('endpointDuplicate', { address: e.address }, e.source);
      return false;
    }
    seenIp.add(e.address);
    return true;
  });

  const nodeByName = new Map(nodes.map((n) => [n.ref.name, n]));
  const haveNodes = nodes.length > 0;
  const used: UsedPod[] = [];
  for (const e of endpoints) {
    const view =
      (e.podName ? podsByName.get(`${svc.ref.namespace}/${e.podName}`) : undefined) ??
      podsByIp.get(e.address);
    const name = view?.ref.name ?? e.podName ?? `endpoint-${e.address.replace(/\./g, '-')}`;
    const podRef = { kind: 'Pod', namespace: svc.ref.namespace, name };
    if (!view && pods.length > 0 && endpointSource !== 'selector')
      r.add('endpointNoPod', { address: e.address, pod: e.podName ?? '' }, e.source);
    // Not ready (and not terminating): kube-proxy leaves it out; the run starts it so.
    if (!e.ready && !e.terminating) r.add('endpointNotReady', { address: e.address }, podRef);
    if (view && e.ready && !view.ready && endpointSource !== 'selector')
      r.add('endpointReadyPodNotReady', {}, podRef, 'status.conditions');
    // kube-proxy routes by the EndpointSlice: its nodeName and address win over the Pod's.
    const nodeName = e.nodeName ?? view?.nodeName;
    if (view?.nodeName && e.nodeName && view.nodeName !== e.nodeName)
      r.add(
        'endpointNodeMismatch',
        { sliceNode: e.nodeName, podNode: view.nodeName },
        podRef,
        'spec.nodeName',
      );
    if (view?.podIp && view.podIp !== e.address)
      r.add(
        'endpointIpMismatch',
        { sliceIp: e.address, podIp: view.podIp },
        podRef,
        'status.podIP',
      );
    if (!nodeName) {
      r.add('endpointNoNode', { address: e.address }, e.source, 'endpoints[].nodeName');
      continue;
    }
    if (haveNodes && !nodeByName.has(nodeName)) {
      r.add(
        'endpointUnknownNode',
        { address: e.address, node: nodeName },
        e.source,
        'endpoints[].nodeName',
      );
      continue;
    }
    let ip: string | undefined = e.address;
    if (view?.hostNetwork) {
      r.add('hostNetworkPod', {}, podRef, 'spec.hostNetwork');
      ip = undefined;
    }
    used.push({
      name,
      view,
      endpoint: e,
      nodeName,
      ip,
      terminating: e.terminating,
      state: stateOf(e),
    });
  }

  // Ready Pods of the selector that no slice lists, and Pending ones (kept, without a node).
  if (svc.selector) {
    const usedNames = new Set(used.map((u) => u.name));
    for (const p of pods) {
      if (p.ref.namespace !== svc.ref.namespace || !matches(svc.selector, p.labels)) continue;
      if (usedNames.has(p.ref.name)) continue;
      if (!p.nodeName && p.phase === 'Pending') {
        r.add('podPending', {}, p.ref, 'spec.nodeName');
        used.push({
          name: p.ref.name,
          view: p,
          endpoint: undefined,
          nodeName: undefined,
          ip: undefined,
          terminating: false,
          state: 'ready',
        });
        continue;
      }
      if (p.nodeName && haveNodes && !nodeByName.has(p.nodeName)) {
        r.add('podUnknownNode', { node: p.nodeName }, p.ref, 'spec.nodeName');
        continue;
      }
      if (
        endpointSource === 'slices' &&
        p.ready &&
        p.phase === 'Running' &&
        !p.deleting &&
        !(p.podIp !== undefined && seenIp.has(p.podIp))
      )
        r.add('podReadyNotInSlice', {}, p.ref, 'status.conditions');
    }
  }
  const otherPodCount = pods.length - used.filter((u) => u.view).length;
  if (otherPodCount > 0) r.add('otherPods', { count: otherPodCount });

  return { used, all: endpoints, slicesUsed };
}
