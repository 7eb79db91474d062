import type { SourceEntry } from './types.ts';

const K8S = 'https://github.com/kubernetes/kubernetes/blob/master';
const PROXIER = `${K8S}/pkg/proxy/iptables/proxier.go`;

const K8S_PROXIER =
  'https://github.com/kubernetes/kubernetes/blob/b0f823e6ccd8a10b3893fc75011b9981af39285c/pkg/proxy/nftables/proxier.go';
const K8S_PROXIER_AT = 'kubernetes commit b0f823e6 (1.33 series)';
const K8S_PROXIER_TEST =
  'https://github.com/kubernetes/kubernetes/blob/81810de635aa13aa0a32992f6def3aa9d6025ebc/pkg/proxy/nftables/proxier_test.go';
const K8S_PROXIER_TEST_AT = 'kubernetes commit 81810de6 (1.34 and later)';
const K8S_SERVER_LINUX =
  'https://github.com/kubernetes/kubernetes/blob/9c98d29795356a16e4ecda2af38ec4f1cfa4f3f2/cmd/kube-proxy/app/server_linux.go';

/**
 * kube-proxy's nftables mode, as src/sim/nftables*.ts models it (kubeProxy.mode: nftables), and
 * kube-proxy's default mode.
 */
const KUBE_PROXY_MODES: readonly SourceEntry[] = [
  {
    id: 'kube-proxy-default-mode',
    claim: {
      en: 'On Linux, kube-proxy runs in iptables mode unless its configuration names another mode.',
      de: 'Unter Linux läuft kube-proxy im iptables-Modus, solange seine Konfiguration keinen anderen Modus nennt.',
    },
    url: K8S_SERVER_LINUX,
    at: 'kubernetes commit 9c98d297',
    status: 'verified',
  },
  {
    id: 'kep-3866-nftables-ga',
    claim: {
      en: "kube-proxy's nftables mode (KEP-3866) was alpha in 1.29, beta in 1.31 and is stable (GA) since 1.33; iptables stays the default.",
      de: 'Der nftables-Modus von kube-proxy (KEP-3866) war in 1.29 Alpha, in 1.31 Beta und ist seit 1.33 stabil (GA); iptables bleibt der Standard.',
    },
    url: 'https://github.com/kubernetes/enhancements/blob/master/keps/sig-network/3866-nftables-proxy/kep.yaml',
    at: '2026-12-05 (stage stable, milestone stable v1.33)',
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-table',
    claim: {
      en: 'In nftables mode kube-proxy keeps everything in one table, "ip kube-proxy": base chains named type-hook (nat-prerouting, nat-output, nat-postrouting, filter-…), a "services" chain that looks up destination address, protocol and port in the verdict maps "service-ips" and "service-nodeports", and per Service port the chains external-, service- (Cluster), local- (Local) and endpoint-.',
      de: 'Im nftables-Modus hält kube-proxy alles in einer Tabelle, „ip kube-proxy“: Basisketten nach dem Muster Typ-Hook (nat-prerouting, nat-output, nat-postrouting, filter-…), eine Kette „services“, die Zieladresse, Protokoll und Port in den Verdict-Maps „service-ips“ und „service-nodeports“ nachschlägt, und pro Service-Port die Ketten external-, service- (Cluster), local- (Local) und endpoint-.',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-chain-names',
    claim: {
      en: 'nftables chain names are readable: a prefix, the first 8 characters of base32(sha256(name)), a hyphen and the name itself, "namespace/service/protocol/port-name" (endpoint chains add "__ip/port").',
      de: 'Die Kettennamen im nftables-Modus sind lesbar: ein Präfix, die ersten 8 Zeichen von base32(sha256(Name)), ein Bindestrich und der Name selbst, „Namespace/Service/Protokoll/Portname“ (Endpunkt-Ketten hängen „__IP/Port“ an).',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-numgen',
    claim: {
      en: 'The service- and local- chains pick an endpoint with one rule, "numgen random mod n vmap { 0 : goto endpoint-…, … }", instead of a chain of statistic rules.',
      de: 'Die Ketten service- und local- wählen den Endpunkt mit einer einzigen Regel, „numgen random mod n vmap { 0 : goto endpoint-…, … }“, statt mit einer Folge von statistic-Regeln.',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'linux-nft-numgen-uniform',
    claim: {
      en: "numgen random scales a 32-bit random number into 0 … n−1, so each endpoint has the same chance. The engine draws that index with its seeded generator in the steps the iptables statistic rules use (1/n, then 1/(n−1), …), which is just as uniform; that the kernel's and the engine's sequences differ does not matter for shares.",
      de: 'numgen random skaliert eine 32-Bit-Zufallszahl auf 0 … n−1, jeder Endpunkt hat also dieselbe Chance. Die Engine zieht diesen Index mit ihrem Zufallsgenerator in den Schritten der statistic-Regeln von iptables (1/n, dann 1/(n−1), …), was ebenso gleichverteilt ist; dass Kernel und Engine verschiedene Folgen ziehen, spielt für die Anteile keine Rolle.',
    },
    url: 'https://github.com/torvalds/linux/blob/v6.6/net/netfilter/nft_numgen.c',
    at: 'Linux v6.6',
    status: 'inferred',
  },
  {
    id: 'kube-proxy-nft-masquerade',
    claim: {
      en: 'nftables mode marks packets for SNAT in "mark-for-masquerade" (mark 0x4000) and "masquerading" in nat-postrouting returns unmarked packets, clears the mark and runs "masquerade fully-random", as KUBE-MARK-MASQ and KUBE-POSTROUTING do in iptables mode.',
      de: 'Der nftables-Modus markiert Pakete für SNAT in „mark-for-masquerade“ (Markierung 0x4000), und „masquerading“ in nat-postrouting lässt unmarkierte Pakete durch, löscht die Markierung und führt „masquerade fully-random“ aus, wie KUBE-MARK-MASQ und KUBE-POSTROUTING im iptables-Modus.',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-traffic-policy',
    claim: {
      en: "The external- chain marks every packet for SNAT under Cluster; under Local it first sends Pod traffic (ip saddr in the cluster CIDR) and the node's own traffic (fib saddr type local, marked) to the service- chain, then goes to local-, and it exists even on a node without local endpoints.",
      de: 'Die Kette external- markiert unter Cluster jedes Paket für SNAT; unter Local schickt sie zuerst Pod-Verkehr (ip saddr im Cluster-CIDR) und den Verkehr des Nodes selbst (fib saddr type local, markiert) in die Kette service-, springt dann nach local- und existiert auch auf einem Node ohne lokale Endpunkte.',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-no-endpoints',
    claim: {
      en: 'Without endpoints the verdict maps "no-endpoint-services" and "no-endpoint-nodeports" send a Service\'s destinations to "reject-chain" (reject); with endpoints elsewhere but none for external traffic on this node (Local) they drop.',
      de: 'Ohne Endpunkte schicken die Verdict-Maps „no-endpoint-services“ und „no-endpoint-nodeports“ die Ziele eines Service in die „reject-chain“ (reject); gibt es Endpunkte nur anderswo, aber keinen für externen Verkehr auf diesem Node (Local), verwerfen sie (drop).',
    },
    url: K8S_PROXIER,
    at: K8S_PROXIER_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-filter-priorities',
    claim: {
      en: "Since 1.34 (and in later 1.33 patch releases) the filter chains that check for missing endpoints run at priority 0, after DNAT, so a Pod on a node without local endpoints can still reach a Local Service's LB IP; the firewall check runs before DNAT in filter-prerouting-pre-dnat and filter-output-pre-dnat.",
      de: 'Seit 1.34 (und in späteren 1.33-Patch-Releases) laufen die Filterketten, die fehlende Endpunkte prüfen, mit Priorität 0 nach dem DNAT; so erreicht ein Pod auf einem Node ohne lokale Endpunkte weiterhin die LB-IP eines Local-Service. Die Firewall-Prüfung läuft vor dem DNAT in filter-prerouting-pre-dnat und filter-output-pre-dnat.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/132456',
    at: 'merged 2025, cherry-picked to release-1.33 (kubernetes#133969)',
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-ruleset',
    claim: {
      en: "The rules and map elements the engine emits for the lab follow kube-proxy's own expected nftables rulesets (add table / add chain / add rule / add element, as nft -f reads them).",
      de: 'Die Regeln und Map-Elemente, die die Engine für das Lab ausgibt, folgen den erwarteten nftables-Regelsätzen in kube-proxys eigenen Tests (add table / add chain / add rule / add element, wie nft -f sie liest).',
    },
    url: K8S_PROXIER_TEST,
    at: K8S_PROXIER_TEST_AT,
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-nodeport-primary',
    claim: {
      en: 'In nftables mode an unset nodePortAddresses means "primary": NodePorts answer only on the node\'s primary IP (the nodeport-ips set), not on every local address as in iptables mode.',
      de: 'Im nftables-Modus bedeutet ein nicht gesetztes nodePortAddresses „primary“: NodePorts antworten nur auf der primären IP des Nodes (das Set nodeport-ips), nicht auf jeder lokalen Adresse wie im iptables-Modus.',
    },
    url: K8S_SERVER_LINUX,
    at: 'kubernetes commit 9c98d297',
    status: 'verified',
  },
  {
    id: 'kube-proxy-nft-no-localhost-nodeports',
    claim: {
      en: 'NodePorts on 127.0.0.1 work in iptables mode (unless localhostNodePorts is false) but not in nftables mode.',
      de: 'NodePorts auf 127.0.0.1 funktionieren im iptables-Modus (solange localhostNodePorts nicht false ist), aber nicht im nftables-Modus.',
    },
    url: 'https://kubernetes.io/docs/reference/networking/virtual-ips/#migrating-from-iptables-mode-to-nftables',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'kep-6032-localhost-nodeports',
    claim: {
      en: 'iptables mode serves localhost NodePorts through the route_localnet kernel setting, which has no nftables equivalent; KEP-6032 proposes an opt-in userspace proxy for nftables mode. The default, and the versions modelled here, do not serve them.',
      de: 'Der iptables-Modus bedient NodePorts auf localhost über die Kernel-Einstellung route_localnet, für die es in nftables kein Gegenstück gibt; KEP-6032 schlägt für den nftables-Modus einen optionalen Proxy im Userspace vor. Der Standard und die hier modellierten Versionen bedienen sie nicht.',
    },
    url: 'https://www.kubernetes.dev/resources/keps/6032/',
    at: '2026-12-05',
    status: 'inferred',
  },
];

/** Sources: kube-proxy, the API, the kubelet and the controllers. */
export const KUBERNETES_SOURCES: readonly SourceEntry[] = [
  // ---- kube-proxy's data path (iptables mode) ----
  {
    id: 'k8s-kube-ext-masq',
    claim: {
      en: 'Under externalTrafficPolicy Cluster the first rule of KUBE-EXT-… jumps to KUBE-MARK-MASQ: every external connection is marked for SNAT, even one that ends on a Pod of the same node.',
      de: 'Unter externalTrafficPolicy Cluster springt die erste Regel von KUBE-EXT-… nach KUBE-MARK-MASQ: Jede externe Verbindung wird für SNAT markiert, auch eine, die bei einem Pod auf demselben Node endet.',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05 (syncProxyRules)',
    status: 'verified',
  },
  {
    id: 'k8s-svl-local',
    claim: {
      en: 'Under externalTrafficPolicy Local, external traffic goes to KUBE-SVL-…, which holds only the node’s own endpoints, without any masquerade mark.',
      de: 'Unter externalTrafficPolicy Local geht externer Datenverkehr nach KUBE-SVL-…, das nur die Endpunkte des eigenen Nodes enthält, ohne Masquerade-Markierung.',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05 (syncProxyRules)',
    status: 'verified',
  },
  {
    id: 'k8s-pod-traffic-short-circuit',
    claim: {
      en: 'Under Local, KUBE-EXT-… sends traffic from a local Pod to KUBE-SVC-… (Cluster semantics, no SNAT) and masquerades traffic from the node itself (--src-type LOCAL), so in-cluster callers of the LB IP are served anywhere.',
      de: 'Unter Local schickt KUBE-EXT-… Datenverkehr von einem lokalen Pod nach KUBE-SVC-… (Cluster-Semantik, ohne SNAT) und maskiert Datenverkehr vom Node selbst (--src-type LOCAL); Aufrufer der LB-IP im Cluster werden also überall bedient.',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05 (syncProxyRules)',
    status: 'verified',
  },
  {
    id: 'k8s-local-no-endpoints-drop',
    claim: {
      en: 'A Local Service on a node without local endpoints keeps its jumps to KUBE-EXT-… (for the short-circuit rules) but loses the jump to the policy chain; a filter rule in KUBE-EXTERNAL-SERVICES drops the packet ("has no local endpoints").',
      de: 'Ein Local-Service auf einem Node ohne lokale Endpunkte behält seine Sprünge nach KUBE-EXT-… (für die Kurzschluss-Regeln), verliert aber den Sprung zur Richtlinien-Kette; eine Filterregel in KUBE-EXTERNAL-SERVICES verwirft das Paket („has no local endpoints“).',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05 (usesExternalTrafficChain)',
    status: 'verified',
  },
  {
    id: 'k8s-no-endpoints-reject',
    claim: {
      en: 'A Service without any endpoint gets no nat chains, only filter rules that REJECT its traffic ("has no endpoints").',
      de: 'Ein Service ganz ohne Endpunkte bekommt keine nat-Ketten, nur Filterregeln, die seinen Datenverkehr mit REJECT abweisen („has no endpoints“).',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'k8s-statistic-random',
    claim: {
      en: 'KUBE-SVC-… and KUBE-SVL-… pick an endpoint with statistic --mode random and probabilities 1/n, 1/(n−1), …, so every endpoint gets the same share.',
      de: 'KUBE-SVC-… und KUBE-SVL-… wählen einen Endpunkt mit statistic --mode random und den Wahrscheinlichkeiten 1/n, 1/(n−1), …, sodass jeder Endpunkt denselben Anteil bekommt.',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'k8s-cluster-share',
    claim: {
      en: 'Under Cluster every usable endpoint gets about 1/P of new connections, whichever node the load balancer picks, because every node’s rules choose among all P endpoints.',
      de: 'Unter Cluster bekommt jeder nutzbare Endpunkt etwa 1/P der neuen Verbindungen, egal welchen Node der Load Balancer wählt, weil die Regeln jedes Nodes unter allen P Endpunkten wählen.',
    },
    url: PROXIER,
    at: 'master, read 2026-12-05',
    status: 'inferred',
  },
  {
    id: 'k8s-local-share',
    claim: {
      en: 'Under Local a Pod gets the share of its node times 1/k (k Pods on the node); with a load balancer that weights the N healthy nodes equally that is 1/(N·k). The Kubernetes docs name the uneven spread as a caveat.',
      de: 'Unter Local bekommt ein Pod den Anteil seines Nodes mal 1/k (k Pods auf dem Node); bei einem Load Balancer, der die N gesunden Nodes gleich gewichtet, ist das 1/(N·k). Die Kubernetes-Doku nennt die ungleiche Verteilung als Einschränkung.',
    },
    url: 'https://kubernetes.io/docs/tasks/access-application-cluster/create-external-load-balancer/#caveats-and-limitations-when-preserving-source-ips',
    at: 'read 2026-12 (second source review)',
    status: 'inferred',
  },
  {
    id: 'k8s-chain-names',
    claim: {
      en: 'Chain names are a prefix (KUBE-SVC-, KUBE-SVL-, KUBE-EXT-, KUBE-SEP-) plus the first 16 characters of base32(sha256(service port name + protocol [+ endpoint])).',
      de: 'Kettennamen sind ein Präfix (KUBE-SVC-, KUBE-SVL-, KUBE-EXT-, KUBE-SEP-) plus die ersten 16 Zeichen von base32(sha256(Service-Portname + Protokoll [+ Endpunkt])).',
    },
    url: PROXIER,
    at: 'master, read 2026-12 (kube-proxy’s test fixtures are reproduced in our tests)',
    status: 'verified',
  },
  {
    id: 'k8s-masq-mark',
    claim: {
      en: 'KUBE-MARK-MASQ sets mark bit 14 (0x4000); KUBE-POSTROUTING clears it and applies MASQUERADE ("kubernetes service traffic requiring SNAT").',
      de: 'KUBE-MARK-MASQ setzt Markierungsbit 14 (0x4000); KUBE-POSTROUTING löscht es und wendet MASQUERADE an („kubernetes service traffic requiring SNAT“).',
    },
    url: 'https://kubernetes.io/docs/reference/command-line-tools-reference/kube-proxy/',
    at: 'read 2026-12 (second source review)',
    status: 'verified',
  },
  {
    id: 'k8s-ipmode',
    claim: {
      en: 'status.loadBalancer.ingress[].ipMode (KEP-1860): VIP, the default, lets kube-proxy capture the LB IP; Proxy makes it leave the IP alone. It may only be set together with ip. Feature gate LoadBalancerIPMode: GA in 1.32.',
      de: 'status.loadBalancer.ingress[].ipMode (KEP-1860): VIP, der Standard, lässt kube-proxy die LB-IP abfangen; Proxy lässt sie in Ruhe. Das Feld darf nur zusammen mit ip gesetzt werden. Feature-Gate LoadBalancerIPMode: GA seit 1.32.',
    },
    url: 'https://github.com/kubernetes/enhancements/blob/64765b4b02389318f2113119dd9e491479f978a0/keps/sig-network/1860-kube-proxy-IP-node-binding/README.md',
    at: 'kubernetes/enhancements 64765b4 (2026-07-24)',
    status: 'verified',
  },
  {
    id: 'k8s-lb-hostname-workaround',
    claim: {
      en: 'KEP-1860 names setting a hostname in the Service status to get around kube-proxy’s capture of the LB IP a “hacky workaround”, used by AWS and DigitalOcean among others.',
      de: 'KEP-1860 nennt es einen „hacky workaround“, einen Hostnamen in den Status des Service zu schreiben, um dem Abfangen der LB-IP durch kube-proxy zu entgehen; AWS und DigitalOcean tun das unter anderem.',
    },
    url: 'https://github.com/kubernetes/enhancements/blob/64765b4b02389318f2113119dd9e491479f978a0/keps/sig-network/1860-kube-proxy-IP-node-binding/README.md',
    at: 'kubernetes/enhancements 64765b4 (2026-07-24)',
    status: 'verified',
  },
  {
    id: 'k8s-min-sync-period',
    claim: {
      en: 'kube-proxy applies an EndpointSlice change at most every minSyncPeriod, 1 s by default; the engine uses 1 s for proxySyncDelay.',
      de: 'kube-proxy setzt eine Änderung an einem EndpointSlice höchstens alle minSyncPeriod um, standardmäßig 1 s; die Engine nimmt 1 s für proxySyncDelay.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/92836',
    at: 'kubernetes#92836 (2020, v1.19)',
    status: 'verified',
  },
  // ---- kube-proxy's health servers ----
  {
    id: 'k8s-kube-proxy-healthz',
    claim: {
      en: 'kube-proxy serves /healthz and /livez on 0.0.0.0:10256. /healthz answers 503 when the node has a deletionTimestamp or the taint ToBeDeletedByClusterAutoscaler (KEP-3836, GA in 1.31); cordon and drain do not change it.',
      de: 'kube-proxy stellt /healthz und /livez auf 0.0.0.0:10256 bereit. /healthz antwortet mit 503, wenn der Node einen deletionTimestamp oder den Taint ToBeDeletedByClusterAutoscaler hat (KEP-3836, GA seit 1.31); Sperren und Drainen ändern daran nichts.',
    },
    url: 'https://github.com/kubernetes/kubernetes/blob/0645f0e50ec848af731c8f5a33b86f9e1aa39879/pkg/proxy/healthcheck/proxy_health.go',
    at: 'kubernetes 0645f0e (SyncNode, healthzHandler)',
    status: 'verified',
  },
  {
    id: 'k8s-hcnp',
    claim: {
      en: 'The healthCheckNodePort exists only for type LoadBalancer with externalTrafficPolicy Local. kube-proxy answers its /healthz with 200 while the node has at least one ready local endpoint (terminating ones do not count) and kube-proxy is healthy, else 503.',
      de: 'Den healthCheckNodePort gibt es nur bei Typ LoadBalancer mit externalTrafficPolicy Local. kube-proxy beantwortet sein /healthz mit 200, solange der Node mindestens einen bereiten lokalen Endpunkt hat (terminierende zählen nicht) und kube-proxy gesund ist, sonst mit 503.',
    },
    url: `${K8S}/pkg/proxy/healthcheck/service_health.go`,
    at: 'master, read 2026-12 (second source review)',
    status: 'verified',
  },
  {
    id: 'k8s-hcnp-weight-header',
    claim: {
      en: 'The healthCheckNodePort answer carries the header X-Load-Balancing-Endpoint-Weight with the number of local endpoints, for load balancers that weight their backends.',
      de: 'Die Antwort des healthCheckNodePort trägt den Header X-Load-Balancing-Endpoint-Weight mit der Zahl der lokalen Endpunkte, für Load Balancer, die ihre Backends gewichten.',
    },
    url: `${K8S}/pkg/proxy/healthcheck/service_health.go`,
    at: 'master, read 2026-12-05 (hcHandler.ServeHTTP)',
    status: 'verified',
  },
  {
    id: 'k8s-healthz-no-proxy-protocol',
    claim: {
      en: 'kube-proxy’s health servers are plain Go HTTP servers without PROXY protocol; a pull request to add it (kubernetes#121819) was closed. A PROXY header reads as a malformed request, which Go’s server answers with 400.',
      de: 'Die Health-Server von kube-proxy sind einfache Go-HTTP-Server ohne PROXY-Protokoll; ein Pull Request, der es ergänzen sollte (kubernetes#121819), wurde geschlossen. Ein PROXY-Header ist für sie eine fehlerhafte Anfrage, die der Go-Server mit 400 beantwortet.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/121819',
    at: 'kubernetes#121819 (closed); the 400 inferred from Go net/http',
    status: 'inferred',
  },
  // ---- endpoints ----
  {
    id: 'k8s-endpoint-conditions',
    claim: {
      en: 'EndpointSlice conditions: ready is never true for a terminating endpoint; serving follows the Pod’s readiness regardless of termination; terminating is set when the Pod has a deletionTimestamp.',
      de: 'EndpointSlice-Bedingungen: ready ist für einen terminierenden Endpunkt nie true; serving folgt der Bereitschaft des Pods unabhängig von der Terminierung; terminating ist gesetzt, wenn der Pod einen deletionTimestamp hat.',
    },
    url: 'https://kubernetes.io/docs/reference/kubernetes-api/service-resources/endpoint-slice-v1/',
    at: 'read 2026-12 (second source review)',
    status: 'verified',
  },
  {
    id: 'k8s-terminating-fallback',
    claim: {
      en: 'When a node has no ready local endpoint, kube-proxy uses the serving and terminating ones instead (KEP-1669, ProxyTerminatingEndpoints, GA in 1.28); under Cluster the same fallback applies cluster-wide.',
      de: 'Hat ein Node keinen bereiten lokalen Endpunkt, nimmt kube-proxy stattdessen die bedienenden und terminierenden (KEP-1669, ProxyTerminatingEndpoints, GA seit 1.28); unter Cluster gilt derselbe Rückgriff clusterweit.',
    },
    url: `${K8S}/pkg/proxy/topology.go`,
    at: 'master, read 2026-12 (CategorizeEndpoints)',
    status: 'verified',
  },
  {
    id: 'k8s-readiness-during-termination',
    claim: {
      en: 'Readiness probes keep running while a Pod terminates; an app that fails readiness on SIGTERM turns not ready after periodSeconds × failureThreshold, 10 s × 3 by default. terminationGracePeriodSeconds defaults to 30.',
      de: 'Readiness-Probes laufen weiter, während ein Pod terminiert; eine App, die bei SIGTERM die Readiness nicht mehr besteht, wird nach periodSeconds × failureThreshold nicht bereit, standardmäßig 10 s × 3. terminationGracePeriodSeconds ist standardmäßig 30.',
    },
    url: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination',
    at: '2026-12-05',
    status: 'verified',
  },
  // ---- nodes, drain and shutdown ----
  {
    id: 'k8s-drain',
    claim: {
      en: 'kubectl drain cordons the node and evicts its Pods, but never deletes DaemonSet Pods, so kube-proxy keeps running on a drained node.',
      de: 'kubectl drain sperrt den Node und verdrängt seine Pods, löscht aber nie DaemonSet-Pods; kube-proxy läuft auf einem gedrainten Node also weiter.',
    },
    url: 'https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/',
    at: 'read 2026-12 (second source review)',
    status: 'verified',
  },
  {
    id: 'k8s-cordon-stays-in-lb',
    claim: {
      en: 'Since 1.19 cordoned nodes stay in load balancer target sets (kubernetes#90823); since 1.30 (KEP-3458) the service controller’s node set ignores readiness and only drops nodes being deleted, labelled exclude-from-external-load-balancers, or tainted by the cluster autoscaler, on its next resync (the taint alone does not trigger one).',
      de: 'Seit 1.19 bleiben gesperrte Nodes in den Target-Mengen der Load Balancer (kubernetes#90823); seit 1.30 (KEP-3458) ignoriert die Node-Menge des Service-Controllers die Bereitschaft und lässt nur Nodes weg, die gelöscht werden, das Label exclude-from-external-load-balancers tragen oder vom Cluster-Autoscaler markiert sind – beim nächsten Abgleich, den der Taint allein nicht auslöst.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/90823',
    at: 'kubernetes#90823; KEP-3458 (second source review)',
    status: 'verified',
  },
  {
    id: 'k8s-exclude-lb-label',
    claim: {
      en: 'A node labelled node.kubernetes.io/exclude-from-external-load-balancers is left out of every cloud load balancer’s targets by the service controller.',
      de: 'Ein Node mit dem Label node.kubernetes.io/exclude-from-external-load-balancers wird vom Service-Controller aus den Targets jedes Cloud-Load-Balancers herausgehalten.',
    },
    url: `${K8S}/staging/src/k8s.io/cloud-provider/controllers/service/controller.go`,
    at: 'master, read 2026-12 (stableNodeSetPredicates)',
    status: 'verified',
  },
  {
    id: 'k8s-graceful-shutdown',
    claim: {
      en: 'Graceful node shutdown: shutdownGracePeriod and shutdownGracePeriodCriticalPods default to 0 (off). Regular Pods get the difference, critical Pods the rest; a group with no Pods is skipped and each group ends when its Pods exit, so the phases are upper bounds. The engine’s scenarios use 30 s and 10 s, the docs’ example.',
      de: 'Graceful Node Shutdown: shutdownGracePeriod und shutdownGracePeriodCriticalPods sind standardmäßig 0 (aus). Normale Pods bekommen die Differenz, kritische den Rest; eine Gruppe ohne Pods wird übersprungen, und jede Gruppe endet, sobald ihre Pods beendet sind – die Phasen sind also Obergrenzen. Die Szenarien der Engine nehmen 30 s und 10 s, das Beispiel der Doku.',
    },
    url: 'https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/',
    at: 'read 2026-12 (kubelet nodeshutdown_manager_linux.go)',
    status: 'verified',
  },
  {
    id: 'k8s-shutdown-kill-not-deletion',
    claim: {
      en: 'Pods killed by a node shutdown get no deletionTimestamp, so their endpoints never turn terminating; the node’s NotReady makes the node lifecycle controller mark them not ready.',
      de: 'Pods, die ein Node-Shutdown beendet, bekommen keinen deletionTimestamp, ihre Endpunkte werden also nie terminating; das NotReady des Nodes lässt den Node-Lifecycle-Controller sie als nicht bereit markieren.',
    },
    url: 'https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/',
    at: 'read 2026-12 (kubelet shutdown manager, EndpointSlice podToEndpoint)',
    status: 'verified',
  },
  {
    id: 'k8s-node-monitor',
    claim: {
      en: 'kube-controller-manager: --node-monitor-grace-period 50 s since 1.32 (kubernetes#126287), --node-monitor-period 5 s. After a power-off the node turns NotReady and its Pods not ready after the grace period.',
      de: 'kube-controller-manager: --node-monitor-grace-period 50 s seit 1.32 (kubernetes#126287), --node-monitor-period 5 s. Nach dem Ausschalten wird der Node nach der Grace Period NotReady und seine Pods nicht bereit.',
    },
    url: 'https://github.com/kubernetes/kubernetes/pull/126287',
    at: 'kubernetes#126287 (v1.32)',
    status: 'verified',
  },
  {
    id: 'k8s-boot-seconds',
    claim: {
      en: 'A powered-on node needs 30 s until the kubelet and kube-proxy run again: our assumption, not a Kubernetes setting.',
      de: 'Ein wieder eingeschalteter Node braucht 30 s, bis Kubelet und kube-proxy wieder laufen: unsere Annahme, keine Kubernetes-Einstellung.',
    },
    url: 'https://kubernetes.io/docs/concepts/architecture/nodes/',
    at: '2026-12-05',
    status: 'assumed',
  },
  ...KUBE_PROXY_MODES,
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
  {
    id: 'helm-set-last-wins',
    claim: {
      en: 'Helm’s --set may be given several times; for a key set more than once the last (right-most) value wins.',
      de: 'Helms --set darf mehrmals angegeben werden; für einen mehrfach gesetzten Schlüssel gilt der letzte (rechte) Wert.',
    },
    url: 'https://helm.sh/docs/helm/helm_install/',
    at: '3.19.0',
    status: 'verified',
  },
];
