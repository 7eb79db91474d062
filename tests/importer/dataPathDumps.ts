/** Dumps that show (or hide) the data path: kube-system Pods and Cilium's Node annotations. */
import { baseDef, find, objectsOf, set } from './helpers.ts';

type Obj = Record<string, unknown>;

/** A running Pod in a namespace with labels, as `kubectl get pods -o yaml` prints it. */
export function systemPod(
  name: string,
  labels: Record<string, string>,
  namespace = 'kube-system',
): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: { nodeName: 'node-1', hostNetwork: true, containers: [{ name: 'agent' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

export const ciliumPod = (): Obj =>
  systemPod('cilium-x7k2p', { 'k8s-app': 'cilium', 'app.kubernetes.io/name': 'cilium-agent' });
export const anetdPod = (): Obj => systemPod('anetd-4mz8q', { 'k8s-app': 'cilium' });
export const kubeadmProxyPod = (): Obj =>
  systemPod('kube-proxy-9qk4d', { 'k8s-app': 'kube-proxy' });
export const gceProxyPod = (): Obj =>
  systemPod('kube-proxy-gke-pool-1-abcd', { component: 'kube-proxy', tier: 'node' });
export const corednsPod = (): Obj =>
  systemPod('coredns-5d78c9869d-x2x9z', { 'k8s-app': 'kube-dns' });

/** The base dump (three nodes, Service shop) with extra objects. */
export function dumpWith(...extra: Obj[]): Obj[] {
  return [...objectsOf(baseDef()), ...extra];
}

/** The base dump with Cilium's annotations on node-2 (as its agent writes them). */
export function annotatedNodes(...extra: Obj[]): Obj[] {
  const o = dumpWith(...extra);
  set(find(o, 'Node', 'node-2'), 'metadata.annotations', {
    'network.cilium.io/ipv4-cilium-host': '10.244.2.1',
    'network.cilium.io/ipv4-health-ip': '10.244.2.55',
  });
  return o;
}

/** One dump per data-path report code (the i18n test's corpus uses them). */
export function dataPathDumps(): Obj[][] {
  return [
    dumpWith(kubeadmProxyPod(), corednsPod()),
    dumpWith(gceProxyPod(), anetdPod()),
    dumpWith(ciliumPod(), corednsPod()),
    dumpWith(anetdPod(), corednsPod()),
    dumpWith(systemPod('cilium-x7k2p', { 'k8s-app': 'cilium' }, 'cilium')),
    annotatedNodes(),
    dumpWith(corednsPod()),
    dumpWith(),
  ];
}
