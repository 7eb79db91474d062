import type { SourceEntry } from './types.ts';

const AZURE_PROVIDER = 'https://github.com/kubernetes-sigs/cloud-provider-azure/blob/master';
const AWS_PROVIDER =
  'https://github.com/kubernetes/cloud-provider-aws/blob/63ec440c3275321b55afa45480e2fdfd2b0e93c4';
const AWS_PROVIDER_AT = 'cloud-provider-aws 63ec440 (2026-07-07, after v1.36.1)';
const LBC_ANNOTATIONS =
  'https://kubernetes-sigs.github.io/aws-load-balancer-controller/latest/guide/service/annotations/';
const LBC_AT = 'aws-load-balancer-controller 225f445 (2026-08-17, after v3.5.0)';
const NLB_HEALTH =
  'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html';
const NLB_ATTRIBUTES =
  'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/edit-target-group-attributes.html';

/** Sources: cloud load balancers and their Kubernetes controllers. */
export const CLOUDS_SOURCES: readonly SourceEntry[] = [
  // ---- Azure ----
  {
    id: 'azure-probe-defaults',
    claim: {
      en: 'cloud-provider-azure probes every 5 s with a threshold of 2: TCP on the Service port’s NodePort under Cluster, HTTP /healthz on the healthCheckNodePort under Local. One probeThreshold counts both ways.',
      de: 'cloud-provider-azure prüft alle 5 s mit einem Schwellwert von 2: unter Cluster per TCP auf den NodePort des Service-Ports, unter Local per HTTP /healthz auf den healthCheckNodePort. Ein probeThreshold gilt in beide Richtungen.',
    },
    url: `${AZURE_PROVIDER}/pkg/consts/consts.go`,
    at: 'master, read 2026-12 (HealthProbeDefaultProbeInterval, HealthProbeDefaultNumOfProbe; azure_loadbalancer_healthprobe.go)',
    status: 'verified',
  },
  {
    id: 'azure-probe-timeout',
    claim: {
      en: 'Azure’s probe has no timeout setting; the engine waits one interval for an answer, at most 30 s (5 s with the default interval), for TCP and HTTP alike. This is our assumption.',
      de: 'Die Probe von Azure hat keine Timeout-Einstellung; die Engine wartet ein Intervall auf eine Antwort, höchstens 30 s (beim Standardintervall 5 s), bei TCP wie bei HTTP. Das ist unsere Annahme.',
    },
    url: 'https://learn.microsoft.com/en-us/azure/load-balancer/load-balancer-custom-probe-overview',
    at: '2026-12-05',
    status: 'assumed',
  },
  {
    id: 'azure-2023-threshold',
    claim: {
      en: 'In March 2023 (cloud-provider-azure#3499) Azure LB ignored the numberOfProbes the provider still wrote (PR #3623: “numberofprobes never works”), so one failed probe took a node out: an effective threshold of 1. The 1 s TCP timeout of the azure-2023 preset is our assumption, chosen to match the measured 3–6 s.',
      de: 'Im März 2023 (cloud-provider-azure#3499) ignorierte Azure LB das numberOfProbes, das der Provider noch schrieb (PR #3623: „numberofprobes never works“), also nahm eine gescheiterte Probe einen Node heraus: ein wirksamer Schwellwert von 1. Das TCP-Timeout von 1 s im Preset azure-2023 ist unsere Annahme, gewählt passend zu den gemessenen 3–6 s.',
    },
    url: 'https://github.com/kubernetes-sigs/cloud-provider-azure/pull/3623',
    at: 'PR #3623 (merged 2023-03-26); issue #3499',
    status: 'inferred',
  },
  {
    id: 'azure-http-probe-down',
    claim: {
      en: 'Microsoft’s probe docs said in 2023 that an HTTP(S) probe marks the instance down at once on any status other than 200 or a TCP reset, “regardless of configured time-out threshold”. Whether this still holds with probeThreshold is unconfirmed.',
      de: 'Die Probe-Doku von Microsoft sagte 2023, dass eine HTTP(S)-Probe die Instanz bei jedem Status außer 200 oder einem TCP-Reset sofort als ausgefallen markiert, „unabhängig vom konfigurierten Schwellwert“. Ob das mit probeThreshold noch gilt, ist unbestätigt.',
    },
    url: 'https://learn.microsoft.com/en-us/azure/load-balancer/load-balancer-custom-probe-overview',
    at: '2023 version of the page (stored copy read 2026-12-05)',
    status: 'inferred',
  },
  {
    id: 'azure-shared-probe',
    claim: {
      en: 'cloud-provider-azure’s shared probe mode (PR #4891) probes kube-proxy’s 10256 /healthz for all Cluster Services, 5 s × 2; Local Services keep their healthCheckNodePort probe. AKS exposes it via health-probe-proxy on 10356.',
      de: 'Der shared-Modus von cloud-provider-azure (PR #4891) prüft für alle Cluster-Services das /healthz von kube-proxy auf 10256, 5 s × 2; Local-Services behalten ihre Probe auf den healthCheckNodePort. AKS nutzt dafür health-probe-proxy auf 10356.',
    },
    url: 'https://github.com/kubernetes-sigs/cloud-provider-azure/pull/4891',
    at: 'PR #4891 (merged); backport #5157 (2023-12-13)',
    status: 'verified',
  },
  {
    id: 'azure-probe-annotations',
    claim: {
      en: 'cloud-provider-azure reads probe settings per port (service.beta.kubernetes.io/port_{port}_health-probe_…) before the global azure-load-balancer-health-probe-… annotations and spec.ports[].appProtocol, and refuses an interval under 5 s, fewer than 2 probes or interval × probes of 120 s or more. Since PR #4380 a probe port that is no Service port is used as given; the Local probe on the healthCheckNodePort takes precedence over user settings.',
      de: 'cloud-provider-azure liest Probe-Einstellungen pro Port (service.beta.kubernetes.io/port_{port}_health-probe_…) vor den globalen Annotationen azure-load-balancer-health-probe-… und spec.ports[].appProtocol und lehnt ein Intervall unter 5 s, weniger als 2 Probes oder Intervall × Probes von 120 s oder mehr ab. Seit PR #4380 wird ein Probe-Port, der kein Service-Port ist, unverändert genutzt; die Local-Probe auf den healthCheckNodePort hat Vorrang vor Nutzereinstellungen.',
    },
    url: `${AZURE_PROVIDER}/pkg/provider/azure_loadbalancer_healthprobe.go`,
    at: 'master, read 2026-12 (second source review); PR #4380 (2023-07)',
    status: 'verified',
  },
  {
    id: 'azure-floating-ip',
    claim: {
      en: 'cloud-provider-azure creates LB rules with floating IP on: packets reach the node addressed to the frontend IP and Service port, where kube-proxy’s LB-IP rule matches them.',
      de: 'cloud-provider-azure legt LB-Regeln mit eingeschalteter Floating IP an: Pakete erreichen den Node adressiert an die Frontend-IP und den Service-Port, wo die LB-IP-Regel von kube-proxy sie erkennt.',
    },
    url: `${AZURE_PROVIDER}/pkg/provider/azure_loadbalancer.go`,
    at: 'master, read 2026-12 (EnableFloatingIP: true)',
    status: 'verified',
  },
  {
    id: 'azure-fail-closed',
    claim: {
      en: 'Azure Standard Load Balancer: with all probes down, no new flows go to the backends (fail closed), and established TCP flows continue.',
      de: 'Azure Standard Load Balancer: Sind alle Probes ausgefallen, gehen keine neuen Flows an die Backends (fail closed), bestehende TCP-Flows laufen weiter.',
    },
    url: 'https://learn.microsoft.com/en-us/azure/load-balancer/load-balancer-custom-probe-overview',
    at: 'read 2026-12-05 (“All probes down, all TCP flows continue”)',
    status: 'verified',
  },
  {
    id: 'azure-zone-redundant',
    claim: {
      en: 'A zone-redundant Azure Standard Load Balancer reaches the backend pool members in every zone: no per-zone split.',
      de: 'Ein zonenredundanter Azure Standard Load Balancer erreicht die Mitglieder des Backend-Pools in jeder Zone: keine Aufteilung pro Zone.',
    },
    url: 'https://learn.microsoft.com/en-us/azure/reliability/reliability-load-balancer',
    at: 'read 2026-12-05',
    status: 'verified',
  },
  // ---- GCP ----
  {
    id: 'gcp-legacy-probe',
    claim: {
      en: 'The legacy GCE provider (target-pool NetLB) checks over HTTP every 8 s, timeout 1 s, healthy 1, unhealthy 3: one shared check on kube-proxy’s 10256 /healthz under Cluster, the healthCheckNodePort under Local.',
      de: 'Der alte GCE-Provider (NetLB mit Target-Pool) prüft per HTTP alle 8 s, Timeout 1 s, gesund nach 1, ungesund nach 3: unter Cluster ein gemeinsamer Check auf /healthz von kube-proxy auf 10256, unter Local der healthCheckNodePort.',
    },
    url: 'https://github.com/kubernetes/cloud-provider-gcp/blob/master/providers/gce/gce_healthchecks.go',
    at: 'master, read 2026-12 (gceHcCheckIntervalSeconds, gceHcTimeoutSeconds, gceHc*Threshold)',
    status: 'verified',
  },
  {
    id: 'gcp-l4-probe',
    claim: {
      en: 'ingress-gce’s L4 controllers (backend-service NetLB, ILB subsetting): shared check 8 s × 3 under Cluster, local check 3 s × 2 under Local, timeout 1 s, healthy 1.',
      de: 'Die L4-Controller von ingress-gce (NetLB mit Backend-Service, ILB-Subsetting): gemeinsamer Check 8 s × 3 unter Cluster, lokaler Check 3 s × 2 unter Local, Timeout 1 s, gesund nach 1.',
    },
    url: 'https://github.com/kubernetes/ingress-gce/blob/master/pkg/l4/healthchecks/healthchecksl4.go',
    at: 'master, read 2026-12 (gceSharedHc*, gceLocalHc* constants)',
    status: 'verified',
  },
  {
    id: 'gcp-passthrough-vip',
    claim: {
      en: 'GCP’s passthrough network load balancer delivers packets unchanged, addressed to the load balancer’s IP.',
      de: 'Der Passthrough-Network-Load-Balancer von GCP liefert Pakete unverändert aus, adressiert an die IP des Load Balancers.',
    },
    url: 'https://cloud.google.com/load-balancing/docs/network/networklb-backend-service',
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'gcp-fail-open',
    claim: {
      en: 'With every backend unhealthy a GCP passthrough NetLB spreads new connections over all of them (failover policy default dropTrafficIfUnhealthy false); the engine assumes this without a failover policy too.',
      de: 'Sind alle Backends ungesund, verteilt ein Passthrough-NetLB von GCP neue Verbindungen auf alle (Failover-Richtlinie, Standard dropTrafficIfUnhealthy false); die Engine nimmt das auch ohne Failover-Richtlinie an.',
    },
    url: 'https://cloud.google.com/load-balancing/docs/network/networklb-failover-overview',
    at: 'read 2026-12 (second review)',
    status: 'inferred',
  },
  {
    id: 'gcp-regional',
    claim: {
      en: 'GCP’s external passthrough network load balancer is regional and distributes over backends in every zone of its region: no per-zone split.',
      de: 'Der externe Passthrough-Network-Load-Balancer von GCP ist regional und verteilt auf Backends in allen Zonen seiner Region: keine Aufteilung pro Zone.',
    },
    url: 'https://cloud.google.com/load-balancing/docs/network/networklb-backend-service',
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'gke-weighted-lb',
    claim: {
      en: 'GKE’s weighted load balancing (annotation networking.gke.io/weighted-load-balancing: pods-per-node, GKE 1.31.0-gke.1506000 or later, backend-service NetLB, Local only) uses WEIGHTED_MAGLEV with the weight kube-proxy reports in X-Load-Balancing-Endpoint-Weight. Not simulated.',
      de: 'Das gewichtete Load Balancing von GKE (Annotation networking.gke.io/weighted-load-balancing: pods-per-node, GKE 1.31.0-gke.1506000 oder neuer, NetLB mit Backend-Service, nur Local) nutzt WEIGHTED_MAGLEV mit dem Gewicht, das kube-proxy in X-Load-Balancing-Endpoint-Weight meldet. Nicht simuliert.',
    },
    url: 'https://cloud.google.com/kubernetes-engine/docs/how-to/backend-service-based-external-load-balancer',
    at: 'read 2026-12-05; ingress-gce acbcf5d (pkg/l4/resources/l4netlb.go)',
    status: 'verified',
  },
  // ---- AWS: probe numbers ----
  {
    id: 'aws-nlb-probe',
    claim: {
      en: 'cloud-provider-aws (in-tree NLB): Cluster → TCP on the traffic port, interval 30 s, timeout 10 s, threshold 3/3; Local → HTTP /healthz on the healthCheckNodePort, interval 10 s, timeout 10 s, threshold 2/2.',
      de: 'cloud-provider-aws (In-Tree-NLB): Cluster → TCP auf den Traffic-Port, Intervall 30 s, Timeout 10 s, Schwellwert 3/3; Local → HTTP /healthz auf den healthCheckNodePort, Intervall 10 s, Timeout 10 s, Schwellwert 2/2.',
    },
    url: `${AWS_PROVIDER}/pkg/providers/v1/aws.go`,
    at: `${AWS_PROVIDER_AT}; buildNLBHealthCheckConfiguration`,
    status: 'verified',
  },
  {
    id: 'aws-shared-probe',
    claim: {
      en: 'cloud-provider-aws ClusterServiceLoadBalancerHealthProbeMode Shared: non-Local Services get HTTP on kube-proxy’s 10256 /healthz with the NLB’s 30 s interval, 10 s timeout and threshold 3 unless annotated; Local Services keep the healthCheckNodePort check.',
      de: 'cloud-provider-aws ClusterServiceLoadBalancerHealthProbeMode Shared: Nicht-Local-Services bekommen HTTP auf /healthz von kube-proxy auf 10256 mit dem Intervall 30 s, Timeout 10 s und Schwellwert 3 des NLB, sofern keine Annotation anderes sagt; Local-Services behalten den Check auf den healthCheckNodePort.',
    },
    url: `${AWS_PROVIDER}/pkg/providers/v1/aws.go`,
    at: `${AWS_PROVIDER_AT} (second review)`,
    status: 'verified',
  },
  {
    id: 'aws-lbc-probe',
    claim: {
      en: 'AWS Load Balancer Controller (NLB, instance targets): Cluster → TCP on the traffic port, interval 10 s, timeout 10 s, healthy 3, unhealthy 3; Local → HTTP /healthz on the healthCheckNodePort, interval 10 s, timeout 6 s, 2/2.',
      de: 'AWS Load Balancer Controller (NLB, Instance-Targets): Cluster → TCP auf den Traffic-Port, Intervall 10 s, Timeout 10 s, gesund nach 3, ungesund nach 3; Local → HTTP /healthz auf den healthCheckNodePort, Intervall 10 s, Timeout 6 s, 2/2.',
    },
    url: LBC_ANNOTATIONS,
    at: `${LBC_AT}; docs/guide/service/annotations.md`,
    status: 'verified',
  },
  {
    id: 'aws-clb-probe',
    claim: {
      en: 'cloud-provider-aws classic ELB, the in-tree default without an NLB annotation: TCP on the first NodePort (HTTP /healthz on the healthCheckNodePort under Local), interval 10 s, timeout 5 s, unhealthy 6, healthy 2.',
      de: 'Classic ELB von cloud-provider-aws, der In-Tree-Standard ohne NLB-Annotation: TCP auf den ersten NodePort (unter Local HTTP /healthz auf den healthCheckNodePort), Intervall 10 s, Timeout 5 s, ungesund nach 6, gesund nach 2.',
    },
    url: `${AWS_PROVIDER}/pkg/providers/v1/aws.go`,
    at: `${AWS_PROVIDER_AT}; defaultElbHC* constants`,
    status: 'verified',
  },
  // ---- AWS: behaviour ----
  {
    id: 'aws-lbc-takes-over',
    claim: {
      en: 'The AWS Load Balancer Controller builds the NLB for Services with aws-load-balancer-type external or nlb-ip, or loadBalancerClass service.k8s.aws/nlb; the in-tree provider leaves those alone. Without any of these the in-tree provider builds a classic ELB.',
      de: 'Der AWS Load Balancer Controller baut den NLB für Services mit aws-load-balancer-type external oder nlb-ip oder mit loadBalancerClass service.k8s.aws/nlb; der In-Tree-Provider lässt diese in Ruhe. Ohne eines davon baut der In-Tree-Provider einen Classic ELB.',
    },
    url: LBC_ANNOTATIONS,
    at: `${LBC_AT}; ${AWS_PROVIDER_AT}`,
    status: 'verified',
  },
  {
    id: 'aws-instance-nodeport',
    claim: {
      en: 'With instance targets an NLB or classic ELB sends to the node’s own address and the Service’s NodePort; kube-proxy’s KUBE-NODEPORTS rule takes it from there.',
      de: 'Mit Instance-Targets schickt ein NLB oder Classic ELB an die eigene Adresse des Nodes und den NodePort des Service; die Regel KUBE-NODEPORTS von kube-proxy übernimmt ab dort.',
    },
    url: LBC_ANNOTATIONS,
    at: `${LBC_AT} (instance mode)`,
    status: 'verified',
  },
  {
    id: 'aws-nlb-fail-open',
    claim: {
      en: 'An NLB whose targets are all unhealthy fails open: it routes to all of them again.',
      de: 'Ein NLB, dessen Targets alle ungesund sind, schaltet auf Fail-open: Er leitet wieder an alle weiter.',
    },
    url: NLB_HEALTH,
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-reset-flows',
    claim: {
      en: 'When a target turns unhealthy an NLB sends a TCP RST for packets of the client connections to it, unless that target makes the NLB fail open.',
      de: 'Wird ein Target ungesund, schickt ein NLB für Pakete der Client-Verbindungen zu ihm einen TCP-RST, es sei denn, dieses Target lässt den NLB auf Fail-open schalten.',
    },
    url: NLB_HEALTH,
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-passive-checks',
    claim: {
      en: 'An NLB also runs passive health checks on the traffic itself; they can take a target out before the active checks do and cannot be disabled, configured or monitored. The engine models only the active checks, so its NLB windows are upper bounds.',
      de: 'Ein NLB prüft zusätzlich passiv am Datenverkehr selbst; das kann ein Target vor den aktiven Checks herausnehmen und lässt sich weder abschalten noch einstellen noch beobachten. Die Engine bildet nur die aktiven Checks nach, ihre NLB-Fenster sind also Obergrenzen.',
    },
    url: NLB_HEALTH,
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-lbc-deregisters-tainted',
    claim: {
      en: 'The AWS Load Balancer Controller deregisters nodes tainted ToBeDeletedByClusterAutoscaler or karpenter.sh/disrupted at once (IsNodeSuitableAsTrafficProxy).',
      de: 'Der AWS Load Balancer Controller nimmt Nodes mit dem Taint ToBeDeletedByClusterAutoscaler oder karpenter.sh/disrupted sofort aus der Target-Gruppe (IsNodeSuitableAsTrafficProxy).',
    },
    url: 'https://github.com/kubernetes-sigs/aws-load-balancer-controller/blob/main/pkg/backend/endpoint_utils.go',
    at: 'main, read 2026-12 (second review)',
    status: 'verified',
  },
  {
    id: 'aws-clb-unhealthy-behaviour',
    claim: {
      en: 'What a classic ELB does with no healthy instance and with established flows of an unhealthy one is not verified here; the engine models it as failing closed and leaving flows alone.',
      de: 'Was ein Classic ELB ohne gesunde Instanz und mit bestehenden Flows einer ungesunden tut, ist hier nicht geprüft; die Engine modelliert es als fail closed, die Flows bleiben unberührt.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/classic/elb-healthchecks.html',
    at: '2026-12-05',
    status: 'assumed',
  },
  {
    id: 'aws-nlb-cross-zone-default',
    claim: {
      en: 'NLB cross-zone load balancing is off by default: each load balancer node routes only to the healthy targets in its own Availability Zone. The in-tree provider also creates classic ELBs and NLBs with it off; the annotation aws-load-balancer-cross-zone-load-balancing-enabled (in-tree) or aws-load-balancer-attributes load_balancing.cross_zone.enabled=true (controller) turns it on.',
      de: 'Zonenübergreifendes Load Balancing ist beim NLB standardmäßig aus: Jeder Load-Balancer-Knoten leitet nur an die gesunden Targets seiner eigenen Availability Zone. Der In-Tree-Provider legt auch Classic ELBs und NLBs so an; die Annotation aws-load-balancer-cross-zone-load-balancing-enabled (In-Tree) oder aws-load-balancer-attributes load_balancing.cross_zone.enabled=true (Controller) schaltet es ein.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-cross-zone.html',
    at: `read 2026-12-05; ${AWS_PROVIDER_AT}`,
    status: 'verified',
  },
  {
    id: 'aws-nlb-zonal-dns',
    claim: {
      en: 'An NLB’s DNS name lists one address per zone with a healthy target and drops a zone without one; the engine assumes clients spread evenly over the listed zones, so with cross-zone off a Pod gets 1/Z · 1/N_z · 1/k under Local.',
      de: 'Der DNS-Name eines NLB nennt eine Adresse pro Zone mit gesundem Target und lässt eine Zone ohne eines weg; die Engine nimmt an, dass sich Clients gleichmäßig auf die genannten Zonen verteilen, also bekommt ein Pod unter Local bei ausgeschaltetem zonenübergreifendem Load Balancing 1/Z · 1/N_z · 1/k.',
    },
    url: NLB_HEALTH,
    at: 'read 2026-12-05; the even spread is our assumption',
    status: 'inferred',
  },
  {
    id: 'aws-lb-hostname-only',
    claim: {
      en: 'AWS load balancers (classic ELB, NLB, ALB) publish only a hostname in status.loadBalancer.ingress, never an ip: kube-proxy has nothing to capture and ipMode cannot be set.',
      de: 'Load Balancer von AWS (Classic ELB, NLB, ALB) veröffentlichen in status.loadBalancer.ingress nur einen Hostnamen, nie eine ip: kube-proxy hat nichts abzufangen, und ipMode lässt sich nicht setzen.',
    },
    url: `${AWS_PROVIDER}/pkg/providers/v1/aws.go`,
    at: `${AWS_PROVIDER_AT}; toStatus, v2toStatus`,
    status: 'verified',
  },
  {
    id: 'aws-nlb-client-ip-preservation',
    claim: {
      en: 'NLB client IP preservation defaults: on for instance targets, off for IP targets over TCP and TLS; the target group attribute preserve_client_ip.enabled switches it.',
      de: 'Standardwerte der Client-IP-Erhaltung beim NLB: an für Instance-Targets, aus für IP-Targets über TCP und TLS; das Attribut preserve_client_ip.enabled der Target-Gruppe schaltet sie um.',
    },
    url: NLB_ATTRIBUTES,
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-proxy-source',
    claim: {
      en: 'With client IP preservation off, “the source IP address is the private IP address of the Network Load Balancer”.',
      de: 'Bei ausgeschalteter Client-IP-Erhaltung ist die Quell-IP „die private IP-Adresse des Network Load Balancers“.',
    },
    url: NLB_ATTRIBUTES,
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-pp2-health-checks',
    claim: {
      en: 'With PROXY protocol v2 on, an NLB puts the header on its health check connections too, without client information.',
      de: 'Mit eingeschaltetem PROXY-Protokoll v2 setzt ein NLB den Header auch auf seine Health-Check-Verbindungen, ohne Client-Angaben.',
    },
    url: NLB_ATTRIBUTES,
    at: 'read 2026-12 (second review)',
    status: 'verified',
  },
  {
    id: 'aws-proxy-protocol-versions',
    claim: {
      en: 'service.beta.kubernetes.io/aws-load-balancer-proxy-protocol: "*" turns on PROXY protocol v2 on the target group with the AWS Load Balancer Controller; the in-tree provider uses it for classic ELBs, which speak only v1, and takes proxy_protocol_v2.enabled=true in aws-load-balancer-target-group-attributes for its NLBs.',
      de: 'service.beta.kubernetes.io/aws-load-balancer-proxy-protocol: "*" schaltet mit dem AWS Load Balancer Controller PROXY-Protokoll v2 an der Target-Gruppe ein; der In-Tree-Provider nutzt es für Classic ELBs, die nur v1 sprechen, und nimmt für seine NLBs proxy_protocol_v2.enabled=true in aws-load-balancer-target-group-attributes.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/classic/enable-proxy-protocol.html',
    at: `read 2026-12-05; ${LBC_AT}; ${AWS_PROVIDER_AT} (docs/service_controller.md)`,
    status: 'verified',
  },
  {
    id: 'aws-lbc-scheme-internal',
    claim: {
      en: 'The AWS Load Balancer Controller creates an internal NLB unless service.beta.kubernetes.io/aws-load-balancer-scheme is internet-facing.',
      de: 'Der AWS Load Balancer Controller legt einen internen NLB an, solange service.beta.kubernetes.io/aws-load-balancer-scheme nicht internet-facing ist.',
    },
    url: LBC_ANNOTATIONS,
    at: LBC_AT,
    status: 'verified',
  },
  {
    id: 'aws-lbc-healthcheck-defaults',
    claim: {
      en: 'AWS Load Balancer Controller health check port: spec.healthCheckNodePort under Local, otherwise traffic-port; protocol HTTP under Local, TCP under Cluster.',
      de: 'Port des Health-Checks beim AWS Load Balancer Controller: unter Local spec.healthCheckNodePort, sonst traffic-port; Protokoll unter Local HTTP, unter Cluster TCP.',
    },
    url: LBC_ANNOTATIONS,
    at: LBC_AT,
    status: 'verified',
  },
  {
    id: 'aws-nlb-loopback',
    claim: {
      en: 'An internal NLB with instance targets does not support a target that calls itself through it: such a connection times out when the NLB picks the caller’s own instance.',
      de: 'Ein interner NLB mit Instance-Targets unterstützt kein Target, das sich selbst über ihn aufruft: So eine Verbindung läuft in ein Timeout, wenn der NLB die eigene Instanz des Aufrufers wählt.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/load-balancer-troubleshooting.html',
    at: 'read 2026-12-05 (“Requests from a target to its load balancer time out”)',
    status: 'verified',
  },
  // ---- other providers ----
  {
    id: 'openstack-ipmode-proxy',
    claim: {
      en: 'cloud-provider-openstack publishes the Octavia load balancer’s IP and, for PROXY protocol load balancers, ipMode: Proxy since v1.30.0; before that (and with enable-ingress-hostname) it published a fake hostname to avoid kube-proxy’s capture (#1287).',
      de: 'cloud-provider-openstack veröffentlicht die IP des Octavia-Load-Balancers und für Load Balancer mit PROXY-Protokoll seit v1.30.0 ipMode: Proxy; davor (und mit enable-ingress-hostname) veröffentlichte er einen Schein-Hostnamen, um dem Abfangen durch kube-proxy zu entgehen (#1287).',
    },
    url: 'https://github.com/kubernetes/cloud-provider-openstack/pull/2587',
    at: 'cloud-provider-openstack 7a4290e (v1.30.0); pkg/openstack/loadbalancer.go at c453fb7',
    status: 'verified',
  },
  {
    id: 'custom-neutral-probe',
    claim: {
      en: 'The custom preset (and MetalLB’s unused placeholder) starts from Azure’s numbers, 5 s × 2 with a 5 s timeout, as a neutral choice to override; it describes no real load balancer.',
      de: 'Das Preset custom (und der ungenutzte Platzhalter von MetalLB) beginnt mit den Zahlen von Azure, 5 s × 2 mit 5 s Timeout, als neutrale Wahl zum Überschreiben; es beschreibt keinen echten Load Balancer.',
    },
    url: 'https://kubernetes.io/docs/concepts/services-networking/service/#loadbalancer',
    at: '2026-12-05',
    status: 'assumed',
  },
  // Lesson 6: passive health checks and what Azure's probes do with an HTTP error.
  {
    id: 'aws-nlb-passive-health-checks',
    claim: {
      en: 'A Network Load Balancer uses active and passive health checks. With passive checks it watches how targets answer real connections and can find an unhealthy target before the active checks report it. Passive checks cannot be disabled, configured or monitored; they do not apply to UDP or to target groups with stickiness.',
      de: 'Ein Network Load Balancer nutzt aktive und passive Health-Checks. Mit den passiven beobachtet er, wie Targets auf echte Verbindungen antworten, und kann ein ungesundes Target erkennen, bevor die aktiven Checks es melden. Passive Checks lassen sich weder abschalten noch konfigurieren noch beobachten; für UDP und für Target-Gruppen mit Stickiness gelten sie nicht.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'aws-nlb-window-upper-bound',
    claim: {
      en: 'For an NLB, the disruption window the active-check formula gives (for the in-tree provider’s TCP check, 30 s × 3 with a 10 s timeout: 70–100 s after a node stops answering) is an upper bound, not a prediction: passive checks can mark the target unhealthy sooner, by an amount the settings do not tell.',
      de: 'Bei einem NLB ist das Ausfallfenster aus der Formel für aktive Checks (beim TCP-Check des In-Tree-Providers, 30 s × 3 mit 10 s Timeout: 70–100 s, nachdem ein Node nicht mehr antwortet) eine Obergrenze und keine Vorhersage: Passive Checks können das Target früher als ungesund markieren, um wie viel, sagen die Einstellungen nicht.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'inferred',
  },
  {
    id: 'azure-probe-threshold',
    claim: {
      en: 'An Azure Load Balancer probe’s probeThreshold is the number of consecutive failed (or successful) probes after which an endpoint is taken out of (or put back into) rotation.',
      de: 'Der probeThreshold einer Azure-Load-Balancer-Probe ist die Zahl aufeinanderfolgender gescheiterter (oder erfolgreicher) Probes, nach der ein Endpunkt aus der Rotation genommen (oder wieder aufgenommen) wird.',
    },
    url: 'https://learn.microsoft.com/en-us/python/api/azure-mgmt-network/azure.mgmt.network.models.probepropertiesformat',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'azure-probe-timeouts',
    claim: {
      en: 'Azure documents no separate timeout for TCP probes (a probe fails once the interval has passed and the next one is sent); an HTTP(S) probe times out after the interval or 30 s, whichever is shorter.',
      de: 'Für TCP-Probes dokumentiert Azure kein eigenes Timeout (eine Probe scheitert, wenn das Intervall abgelaufen ist und die nächste gesendet wird); eine HTTP(S)-Probe läuft nach dem Intervall oder nach 30 s ins Timeout, je nachdem, was kürzer ist.',
    },
    url: 'https://github.com/MicrosoftDocs/azure-docs/blob/0147a273480074f403a227e7194144a2173b9840/articles/load-balancer/load-balancer-custom-probe-overview.md',
    at: 'MicrosoftDocs/azure-docs 0147a27 (page dated 2023-10-10)',
    status: 'verified',
  },
  {
    id: 'azure-http-non200-immediate',
    claim: {
      en: 'Until 2023 Microsoft’s health-probe page said that an HTTP(S) probe marks an instance down at once, whatever the threshold, on any answer other than 200 or on a TCP reset. The current page no longer says so. Whether it still holds is unconfirmed; the simulation counts a 503 against the threshold like any failed probe.',
      de: 'Bis 2023 stand auf Microsofts Seite zu Health-Probes, dass eine HTTP(S)-Probe eine Instanz bei jeder Antwort außer 200 oder bei einem TCP-Reset sofort als down markiert, unabhängig vom Schwellwert. Die aktuelle Seite sagt das nicht mehr. Ob es noch gilt, ist unbestätigt; die Simulation zählt eine 503 wie jede gescheiterte Probe gegen den Schwellwert.',
    },
    url: 'https://github.com/MicrosoftDocs/azure-docs/blob/0147a273480074f403a227e7194144a2173b9840/articles/load-balancer/load-balancer-custom-probe-overview.md',
    at: 'MicrosoftDocs/azure-docs 0147a27 (page dated 2023-10-10)',
    status: 'assumed',
  },
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
