import type { SourceEntry } from './types.ts';

/** Sources: clouds. */
export const CLOUDS_SOURCES: readonly SourceEntry[] = [
  // The your-cluster importer and verdicts (src/importer, src/cluster).
  {
    id: 'gke-l4-finalizers',
    claim: {
      en: 'GKE Service finalizers: gke.networking.io/l4-netlb-v2 and l4-ilb-v2 mark the newer L4 controllers, l4-netlb-v3 the NEG-backed NetLB; l4-ilb-v1 (and l4-netlb-v1) mark load balancers managed by the older service controller.',
      de: 'Finalizer von GKE-Services: gke.networking.io/l4-netlb-v2 und l4-ilb-v2 kennzeichnen die neueren L4-Controller, l4-netlb-v3 den NetLB mit NEG-Backends; l4-ilb-v1 (und l4-netlb-v1) kennzeichnen Load Balancer des älteren Service-Controllers.',
    },
    url: 'https://github.com/kubernetes/ingress-gce/blob/03463b15ccebcb70188381e6623d5f0f605a6a26/pkg/utils/common/finalizer.go',
    at: '03463b15ccebcb70188381e6623d5f0f605a6a26',
    status: 'verified',
  },
  {
    id: 'gke-lb-classes',
    claim: {
      en: 'GKE load-balancer classes: networking.gke.io/l4-regional-internal and l4-regional-external select the newer (backend-service) load balancers, the -legacy ones the older controller; spec.loadBalancerClass needs GKE 1.33.1-gke.1779000 or later.',
      de: 'Load-Balancer-Klassen von GKE: networking.gke.io/l4-regional-internal und l4-regional-external wählen die neueren Load Balancer (Backend-Service), die -legacy-Klassen den älteren Controller; spec.loadBalancerClass braucht GKE 1.33.1-gke.1779000 oder neuer.',
    },
    url: 'https://cloud.google.com/kubernetes-engine/docs/concepts/service-load-balancer-parameters',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'gke-dpv2-label',
    claim: {
      en: 'GKE Dataplane V2 replaces kube-proxy with anetd (Cilium, eBPF); its nodes carry the label cloud.google.com/gke-dpv2-ready (seen in node dumps, not documented).',
      de: 'GKE Dataplane V2 ersetzt kube-proxy durch anetd (Cilium, eBPF); seine Nodes tragen das Label cloud.google.com/gke-dpv2-ready (in Node-Dumps gesehen, nicht dokumentiert).',
    },
    url: 'https://cloud.google.com/kubernetes-engine/docs/concepts/dataplane-v2',
    at: '2026-12-05',
    status: 'inferred',
  },
  {
    id: 'eks-auto-mode-nlb',
    claim: {
      en: 'EKS Auto Mode sets loadBalancerClass eks.amazonaws.com/nlb as the cluster default, and its default target type is IP, not instance.',
      de: 'EKS Auto Mode setzt loadBalancerClass eks.amazonaws.com/nlb als Standard des Clusters, und sein Standard-Target-Typ ist IP, nicht Instance.',
    },
    url: 'https://github.com/awsdocs/amazon-eks-user-guide/blob/4d52b4d05e3478582e7d10a73cbd9ba9194dd5f7/latest/ug/automode/auto-networking.adoc',
    at: '4d52b4d05e3478582e7d10a73cbd9ba9194dd5f7',
    status: 'verified',
  },
  {
    id: 'aws-nlb-client-ip',
    claim: {
      en: 'NLB client IP preservation (preserve_client_ip.enabled): on for instance targets, off by default for IP targets over TCP or TLS, where the target sees the load balancer’s private address.',
      de: 'Erhalt der Client-IP beim NLB (preserve_client_ip.enabled): an für Instance-Targets, standardmäßig aus für IP-Targets über TCP oder TLS; das Target sieht dann die private Adresse des Load Balancers.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/edit-target-group-attributes.html#client-ip-preservation',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-cross-zone',
    claim: {
      en: 'By default each NLB node routes only to healthy targets in its own Availability Zone; with cross-zone load balancing on, to those of every enabled zone.',
      de: 'Standardmäßig leitet jeder NLB-Knoten nur an gesunde Targets seiner eigenen Availability Zone; mit zonenübergreifendem Load Balancing an die aller aktivierten Zonen.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-passive',
    claim: {
      en: 'NLBs also use passive health checks: they observe how targets answer connections and can find a target unhealthy before the active checks do; these cannot be turned off or configured.',
      de: 'NLBs nutzen auch passive Health-Checks: Sie beobachten, wie Targets auf Verbindungen antworten, und können ein Target vor den aktiven Checks als ungesund erkennen; abschalten oder einstellen lassen sie sich nicht.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-lbc-annotations',
    claim: {
      en: 'AWS Load Balancer Controller Service annotations: aws-load-balancer-nlb-target-type (instance | ip), aws-load-balancer-target-group-attributes, aws-load-balancer-attributes (load_balancing.cross_zone.enabled), aws-load-balancer-healthcheck-* and aws-load-balancer-proxy-protocol: "*".',
      de: 'Service-Annotationen des AWS Load Balancer Controllers: aws-load-balancer-nlb-target-type (instance | ip), aws-load-balancer-target-group-attributes, aws-load-balancer-attributes (load_balancing.cross_zone.enabled), aws-load-balancer-healthcheck-* und aws-load-balancer-proxy-protocol: "*".',
    },
    url: 'https://kubernetes-sigs.github.io/aws-load-balancer-controller/latest/guide/service/annotations/',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-elb-hostname',
    claim: {
      en: 'AWS load balancers publish a DNS name, never an IP, in status.loadBalancer.ingress: an NLB’s reads name-id.elb.region.amazonaws.com, a Classic Load Balancer’s name-id.region.elb.amazonaws.com.',
      de: 'AWS-Load-Balancer veröffentlichen in status.loadBalancer.ingress einen DNS-Namen, nie eine IP: beim NLB name-id.elb.region.amazonaws.com, beim Classic Load Balancer name-id.region.elb.amazonaws.com.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/network-load-balancers.html#dns-name',
    at: '2026-12-05',
    status: 'inferred',
  },
  {
    id: 'metallb-pool-annotation',
    claim: {
      en: 'The MetalLB controller writes metallb.io/ip-allocated-from-pool (formerly metallb.universe.tf/ip-allocated-from-pool) on every Service it gave an address.',
      de: 'Der MetalLB-Controller schreibt metallb.io/ip-allocated-from-pool (früher metallb.universe.tf/ip-allocated-from-pool) an jeden Service, dem er eine Adresse gegeben hat.',
    },
    url: 'https://github.com/metallb/metallb/blob/009c6a6fca35074823f3ccd47437e20806fd1d4d/controller/service.go',
    at: '009c6a6fca35074823f3ccd47437e20806fd1d4d',
    status: 'verified',
  },
];
