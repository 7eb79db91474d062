/**
 * Which data path a dump suggests: kube-proxy, or an eBPF replacement (Cilium, or GKE's anetd).
 * It reads only what tells them apart: Pod names and labels (already read into PodView) and
 * the keys of Node annotations (never their values). A suggestion, not a certainty: kube-proxy
 * can run outside Pods (k3s starts it itself; source: kube-proxy-outside-pods), and Cilium can
 * run beside kube-proxy; the report says which evidence it used, and the page's what-if or
 * `--set dataPath=…` chooses otherwise.
 */
import type { RawObject } from './parse.ts';
import type { PodView } from './podNodeObjects.ts';
import { asObj, get, path, safeKey } from './read.ts';
import type { DataPathHint, ReportBuilder } from './report.ts';

/** Namespace of the cluster add-ons (kube-proxy, Cilium's and GKE's agents). */
const SYSTEM_NS = 'kube-system';

/**
 * kube-proxy's Pods: kubeadm's DaemonSet labels them k8s-app=kube-proxy (source:
 * kubeadm-kube-proxy-ds), GCE's static Pod component=kube-proxy (source: gce-kube-proxy-pod).
 */
function isKubeProxy(p: PodView): boolean {
  return (
    p.labels['k8s-app'] === 'kube-proxy' ||
    p.labels['component'] === 'kube-proxy' ||
    (p.ref.namespace === SYSTEM_NS && /^kube-proxy(-|$)/.test(p.ref.name))
  );
}

/** Cilium's agent Pods: its Helm chart labels them k8s-app=cilium (source: cilium-agent-pods). */
function isCiliumAgent(p: PodView): boolean {
  return (
    p.labels['app.kubernetes.io/name'] === 'cilium-agent' ||
    (p.labels['k8s-app'] === 'cilium' && !p.ref.name.startsWith('anetd-'))
  );
}

/** GKE Dataplane V2's agent: the anetd DaemonSet in kube-system (source: gke-dataplane-v2). */
function isAnetd(p: PodView): boolean {
  return p.ref.namespace === SYSTEM_NS && /^anetd-/.test(p.ref.name);
}

/**
 * Cilium writes its node addresses into Node annotations under network.cilium.io/ (older
 * releases: io.cilium.network.; source: cilium-node-annotations). The first such key and its
 * Node, or null.
 */
function ciliumAnnotation(objects: readonly RawObject[]): { node: string; key: string } | null {
  for (const raw of objects) {
    if (raw.kind !== 'Node' || raw.apiVersion !== 'v1') continue;
    const annotations = asObj(path(raw.value, 'metadata', 'annotations'));
    if (!annotations) continue;
    const key = Object.keys(annotations)
      .map(safeKey)
      .find((k) => k?.startsWith('network.cilium.io/') || k?.startsWith('io.cilium.network.'));
    const node = get(asObj(get(raw.value, 'metadata')), 'name');
    if (key && typeof node === 'string') return { node: safeKey(node) ?? '?', key };
  }
  return null;
}

/** The data path a dump suggests, reported as one inferred item. */
export function dataPathOf(
  pods: readonly PodView[],
  objects: readonly RawObject[],
  r: ReportBuilder,
): DataPathHint {
  const kubeProxy = pods.find(isKubeProxy);
  const anetd = pods.find(isAnetd);
  const agent = anetd ?? pods.find(isCiliumAgent);
  // Only with kube-system's Pods in the dump does a missing kube-proxy Pod mean something.
  const systemPods = pods.some((p) => p.ref.namespace === SYSTEM_NS);
  const ref = (p: PodView): string => `${p.ref.namespace}/${p.ref.name}`;
  if (kubeProxy) {
    // With both, kube-proxy's rules are there; whether Cilium also replaces them is in its
    // ConfigMap (kubeProxyReplacement), which the dump does not hold.
    if (agent) r.add('dataPathBoth', { pod: ref(kubeProxy), agent: ref(agent) });
    else r.add('dataPathKubeProxy', { pod: ref(kubeProxy) });
    return { dataPath: 'kubeProxy', source: 'kubeProxyPods' };
  }
  if (agent && systemPods) {
    r.add(anetd ? 'dataPathAnetd' : 'dataPathCilium', { pod: ref(agent) });
    return { dataPath: 'ebpf', source: anetd ? 'anetdPods' : 'ciliumPods' };
  }
  if (agent) {
    r.add('dataPathCiliumElsewhere', { pod: ref(agent) });
    return { dataPath: 'kubeProxy', source: 'ciliumPods' };
  }
  const annotated = ciliumAnnotation(objects);
  if (annotated) {
    r.add('dataPathCiliumNodes', annotated);
    return { dataPath: 'kubeProxy', source: 'ciliumAnnotations' };
  }
  r.add(systemPods ? 'dataPathNoAgent' : 'dataPathAssumed');
  return { dataPath: 'kubeProxy', source: 'none' };
}
