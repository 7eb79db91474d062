import type { SourceEntry } from './types.ts';

/** Sources: kubernetes. */
export const KUBERNETES_SOURCES: readonly SourceEntry[] = [
  // The your-cluster importer and verdicts (src/importer, src/cluster).
  {
    id: 'k8s-cordon-lb-pool',
    claim: {
      en: 'Since Kubernetes 1.19 the service controller keeps cordoned (unschedulable) nodes in load-balancer pools; the label node.kubernetes.io/exclude-from-external-load-balancers is what takes a node out.',
      de: 'Seit Kubernetes 1.19 lässt der Service-Controller gesperrte (unschedulable) Nodes in den Pools der Load Balancer; herausnehmen lässt sich ein Node mit dem Label node.kubernetes.io/exclude-from-external-load-balancers.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/90823',
    at: 'v1.19.0',
    status: 'verified',
  },
  {
    id: 'k8s-exclude-lb-label',
    claim: {
      en: 'node.kubernetes.io/exclude-from-external-load-balancers on a Node removes it from the backends of external load balancers.',
      de: 'node.kubernetes.io/exclude-from-external-load-balancers an einem Node nimmt ihn aus den Backends externer Load Balancer.',
    },
    url: 'https://kubernetes.io/docs/reference/labels-annotations-taints/#node-kubernetes-io-exclude-from-external-load-balancers',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'k8s-endpoint-conditions',
    claim: {
      en: 'EndpointSlice conditions: ready is never true for a terminating endpoint; serving follows the Pod’s readiness regardless of termination; terminating is set once the Pod has a deletionTimestamp.',
      de: 'Bedingungen einer EndpointSlice: ready ist für einen Endpunkt im Zustand terminating nie wahr; serving folgt der Bereitschaft des Pods, auch beim Beenden; terminating gilt, sobald der Pod einen deletionTimestamp hat.',
    },
    url: 'https://kubernetes.io/docs/concepts/services-networking/endpoint-slices/#conditions',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'k8s-prestop-sleep',
    claim: {
      en: 'The preStop sleep action (KEP-3960): alpha in 1.29, beta and on by default in 1.30, GA in 1.34.',
      de: 'Die preStop-Aktion sleep (KEP-3960): Alpha in 1.29, Beta und standardmäßig an in 1.30, GA in 1.34.',
    },
    url: 'https://github.com/kubernetes/enhancements/issues/3960',
    at: 'v1.34',
    status: 'verified',
  },
  {
    id: 'k8s-deployment-rs-name',
    claim: {
      en: 'A Deployment names its ReplicaSets <deployment>-<pod-template-hash>, and its Pods carry the pod-template-hash label.',
      de: 'Ein Deployment nennt seine ReplicaSets <Deployment>-<pod-template-hash>, und seine Pods tragen das Label pod-template-hash.',
    },
    url: 'https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#pod-template-hash-label',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'k3s-servicelb',
    claim: {
      en: 'k3s ServiceLB runs a svclb DaemonSet per LoadBalancer Service and lists the addresses of the nodes it runs on in status.loadBalancer.ingress; under externalTrafficPolicy Local only nodes with a ready endpoint; there is no health probe.',
      de: 'k3s ServiceLB betreibt je LoadBalancer-Service ein DaemonSet svclb und trägt die Adressen der Nodes, auf denen es läuft, in status.loadBalancer.ingress ein; unter externalTrafficPolicy Local nur Nodes mit einem bereiten Endpunkt; eine Health-Probe gibt es nicht.',
    },
    url: 'https://github.com/k3s-io/k3s/blob/0821db5a081300bc46bddeb04b09823c79255655/pkg/cloudprovider/servicelb.go',
    at: '0821db5a081300bc46bddeb04b09823c79255655',
    status: 'verified',
  },
  {
    id: 'k8s-kube-proxy-healthz-taint',
    claim: {
      en: 'kube-proxy’s /healthz (port 10256) answers 503 while its node carries the taint ToBeDeletedByClusterAutoscaler or is being deleted (KEP-3836); kubectl drain alone sets no such taint.',
      de: 'kube-proxys /healthz (Port 10256) antwortet 503, solange sein Node den Taint ToBeDeletedByClusterAutoscaler trägt oder gelöscht wird (KEP-3836); kubectl drain allein setzt keinen solchen Taint.',
    },
    url: 'https://github.com/kubernetes/kubernetes/blob/v1.29.1/pkg/proxy/healthcheck/proxier_health.go',
    at: 'v1.29.1',
    status: 'verified',
  },
];
