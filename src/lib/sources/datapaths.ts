import type { SourceEntry } from './types.ts';

/** Cilium files as read (pinned commits of cilium/cilium). */
const CILIUM_DOC =
  'https://github.com/cilium/cilium/blob/011b49409877295e4f48ed9438a6a4a6e769d2f3/Documentation/network/kubernetes/kubeproxy-free.rst';
const CILIUM_NODEPORT =
  'https://github.com/cilium/cilium/blob/f541499b23c1131cb30d40c301a0d7cbcfa13d27/bpf/lib/nodeport.h';
const CILIUM_LB =
  'https://github.com/cilium/cilium/blob/0040d667caea89049fee56659dc4773b9a254491/bpf/lib/lb.h';

/** Sources: datapaths. */
export const DATAPATHS_SOURCES: readonly SourceEntry[] = [
  // ---- the eBPF data path (src/sim/ebpf/), modelled on Cilium's kube-proxy replacement ------
  {
    id: 'cilium-kpr-device',
    claim: {
      en: "Cilium's kube-proxy replacement handles NodePort and LoadBalancer traffic in BPF programs on the node's network devices (tc, optionally XDP), before netfilter; kube-proxy is removed and no KUBE-SVC rule exists for a Service.",
      de: 'Ciliums Ersatz für kube-proxy behandelt NodePort- und LoadBalancer-Verkehr in BPF-Programmen an den Netzwerkgeräten des Nodes (tc, wahlweise XDP), vor netfilter; kube-proxy wird entfernt, und für einen Service gibt es keine KUBE-SVC-Regel.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (kubeproxy-free.rst)',
    status: 'verified',
  },
  {
    id: 'cilium-nodeport-lb4',
    claim: {
      en: 'nodeport_lb4 looks the destination up in the service map, selects a backend and DNATs to it; a local backend is delivered without SNAT (under Cluster too), a remote one gets SNAT to the node address or, in DSR mode, the DSR path.',
      de: 'nodeport_lb4 sucht das Ziel in der Service-Map, wählt ein Backend und macht DNAT darauf; ein lokales Backend wird ohne SNAT zugestellt (auch unter Cluster), ein entferntes bekommt SNAT auf die Node-Adresse oder im DSR-Modus den DSR-Weg.',
    },
    url: CILIUM_NODEPORT,
    at: 'commit f541499b (nodeport_lb4, tail_nodeport_nat_egress_ipv4)',
    status: 'verified',
  },
  {
    id: 'cilium-lb-mode',
    claim: {
      en: 'loadBalancer.mode is snat (default), dsr, hybrid or annotation; in SNAT mode replies from a remote backend return through the ingress node, which reverses the SNAT.',
      de: 'loadBalancer.mode ist snat (Standard), dsr, hybrid oder annotation; im SNAT-Modus kommen Antworten eines entfernten Backends über den Eingangs-Node zurück, der das SNAT rückgängig macht.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (Direct Server Return, Hybrid mode)',
    status: 'verified',
  },
  {
    id: 'cilium-dsr',
    claim: {
      en: 'In DSR mode the backend replies directly to the client using the Service IP and port as source; the client address is preserved; for TCP only the SYN carries the Service address; the backend node records it (CT and NAT entry) and rewrites the reply source from it.',
      de: 'Im DSR-Modus antwortet das Backend direkt dem Client, mit Service-IP und -Port als Quelle; die Client-Adresse bleibt erhalten; bei TCP trägt nur das SYN die Service-Adresse; der Backend-Node speichert sie (CT- und NAT-Eintrag) und setzt damit die Quelle der Antwort.',
    },
    url: CILIUM_NODEPORT,
    at: 'commit f541499b (dsr_set_opt4, nodeport_extract_dsr_v4, xlate_dsr_v4); docs commit 011b4940',
    status: 'verified',
  },
  {
    id: 'cilium-dsr-dispatch',
    claim: {
      en: 'loadBalancer.dsrDispatch: opt (default) carries the Service address in a Cilium IPv4 option or IPv6 destination option and needs native routing; geneve carries it in a Geneve option and works natively or in a Geneve tunnel, not with VXLAN.',
      de: 'loadBalancer.dsrDispatch: opt (Standard) trägt die Service-Adresse in einer Cilium-eigenen IPv4-Option oder IPv6-Destination-Option und braucht natives Routing; geneve trägt sie in einer Geneve-Option und geht nativ oder im Geneve-Tunnel, nicht mit VXLAN.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (DSR dispatch table)',
    status: 'verified',
  },
  {
    id: 'cilium-dsr-source-check',
    claim: {
      en: 'DSR needs a network that lets a node send packets with the Service IP as source: where the cloud checks source and destination addresses (AWS), the check must be disabled.',
      de: 'DSR braucht ein Netz, das einen Node Pakete mit der Service-IP als Quelle senden lässt: Wo die Cloud Quell- und Zieladressen prüft (AWS), muss die Prüfung aus sein.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940',
    status: 'verified',
  },
  {
    id: 'ebpf-dsr-rewriting-lb',
    claim: {
      en: 'Behind a load balancer that rewrites the destination to nodeIP:nodePort, the DSR reply carries nodeIP:nodePort (the address the ingress node received), which the client never dialled: the engine counts such connections as failed (dsrReplyMismatch).',
      de: 'Hinter einem Load Balancer, der das Ziel auf nodeIP:nodePort umschreibt, trägt die DSR-Antwort nodeIP:nodePort (die Adresse, die beim Eingangs-Node ankam), die der Client nie gewählt hat: Die Engine zählt solche Verbindungen als gescheitert (dsrReplyMismatch).',
    },
    url: CILIUM_NODEPORT,
    at: 'commit f541499b (the DSR option carries key.address, the destination the node saw)',
    status: 'inferred',
  },
  {
    id: 'cilium-hybrid',
    claim: {
      en: 'Hybrid mode uses DSR for TCP and SNAT for UDP (nodeport_uses_dsr: TCP only when ENABLE_DSR_HYBRID is set).',
      de: 'Der Hybrid-Modus nutzt DSR für TCP und SNAT für UDP (nodeport_uses_dsr: nur TCP, wenn ENABLE_DSR_HYBRID gesetzt ist).',
    },
    url: CILIUM_NODEPORT,
    at: 'commit f541499b; docs commit 011b4940',
    status: 'verified',
  },
  {
    id: 'cilium-lb-maps',
    claim: {
      en: 'The service map (cilium_lb4_services_v2) keys a frontend (address, port, protocol, scope) to a count of backend slots; externalTrafficPolicy=Local gets an external scope with node-local backends and an internal scope with all of them.',
      de: 'Die Service-Map (cilium_lb4_services_v2) ordnet einem Frontend (Adresse, Port, Protokoll, Scope) eine Anzahl Backend-Slots zu; externalTrafficPolicy=Local bekommt einen externen Scope mit den Backends des Nodes und einen internen mit allen.',
    },
    url: CILIUM_LB,
    at: 'commit 0040d667 (lb4_lookup_service, LB_LOOKUP_SCOPE_EXT/INT)',
    status: 'verified',
  },
  {
    id: 'cilium-etp-local',
    claim: {
      en: "The agent fills the external scope of an externalTrafficPolicy=Local Service with the node's own backends only; in-cluster clients still reach every backend.",
      de: 'Der Agent füllt den externen Scope eines Service mit externalTrafficPolicy=Local nur mit den Backends des eigenen Nodes; Clients im Cluster erreichen weiter alle Backends.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (Client Source IP Preservation, traffic policy table)',
    status: 'verified',
  },
  {
    id: 'cilium-etp-local-drop',
    claim: {
      en: 'A NodePort or LB packet to a Local Service with no backend on the node finds an empty external scope and is dropped (DROP_NO_SERVICE); the engine models a drop as with kube-proxy. Whether a version answers with ICMP instead depends on serviceNoBackendResponse.',
      de: 'Ein NodePort- oder LB-Paket an einen Local-Service ohne Backend auf dem Node findet einen leeren externen Scope und wird verworfen (DROP_NO_SERVICE); die Engine modelliert ein Verwerfen wie bei kube-proxy. Ob eine Version stattdessen mit ICMP antwortet, hängt von serviceNoBackendResponse ab.',
    },
    url: 'https://github.com/cilium/cilium/issues/40438',
    at: 'issue #40438 (v1.16, 2025-07); lb.h commit 0040d667',
    status: 'inferred',
  },
  {
    id: 'cilium-no-backend-reject',
    claim: {
      en: 'A Service without any backend is answered with ICMP destination unreachable by the BPF program itself (service-no-backend-response, default reject, since PR #28157).',
      de: 'Einen Service ganz ohne Backend beantwortet das BPF-Programm selbst mit ICMP Destination Unreachable (service-no-backend-response, Standard reject, seit PR #28157).',
    },
    url: 'https://github.com/cilium/cilium/pull/28157',
    at: 'PR #28157 (merged 2024-01)',
    status: 'verified',
  },
  {
    id: 'cilium-random',
    claim: {
      en: 'With loadBalancer.algorithm=random (the default) a new flow gets backend slot (random % count) + 1; conntrack keeps the choice for the flow on that node.',
      de: 'Mit loadBalancer.algorithm=random (Standard) bekommt ein neuer Flow den Backend-Slot (Zufall % Anzahl) + 1; Conntrack hält die Wahl für den Flow auf diesem Node fest.',
    },
    url: CILIUM_LB,
    at: 'commit 0040d667 (lb4_select_backend_id, lb4_local)',
    status: 'verified',
  },
  {
    id: 'cilium-maglev',
    claim: {
      en: 'loadBalancer.algorithm=maglev selects the backend from a per-Service lookup table of prime size M (default 16381) indexed by the hash of the 5-tuple; each backend fills the table along its permutation (offset = h1 mod M, skip = h2 mod (M−1) + 1); nodes select consistently without sharing state.',
      de: 'loadBalancer.algorithm=maglev wählt das Backend aus einer Tabelle pro Service mit Primzahlgröße M (Standard 16381), indiziert mit dem Hash des 5-Tupels; jedes Backend füllt die Tabelle entlang seiner Permutation (offset = h1 mod M, skip = h2 mod (M−1) + 1); die Nodes wählen übereinstimmend, ohne Zustand zu teilen.',
    },
    url: 'https://github.com/cilium/cilium/blob/0a0f0d9cd0a5d0cc3ad645a5c56d2783ae43ba26/pkg/maglev/maglev.go',
    at: 'commit 0a0f0d9c (maglev.go); docs commit 011b4940',
    status: 'verified',
  },
  {
    id: 'cilium-maglev-disruption',
    claim: {
      en: "Cilium's docs promise at most about 1 % difference in reassignments on backend changes when M is larger than 100 times the number of backends; Maglev applies to north-south traffic only.",
      de: 'Ciliums Doku verspricht höchstens etwa 1 % Unterschied bei den Zuordnungen nach einer Backend-Änderung, wenn M größer als das 100-Fache der Backend-Zahl ist; Maglev gilt nur für Nord-Süd-Verkehr.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (Maglev Consistent Hashing)',
    status: 'verified',
  },
  {
    id: 'ebpf-maglev-hash',
    claim: {
      en: "The engine's Maglev uses its own 32-bit hashes, not Cilium's murmur3 and jhash with their seed: which slot a flow lands in differs from a real node; the table's properties (same table on every node, few slots move when a backend leaves) do not.",
      de: 'Das Maglev der Engine nutzt eigene 32-Bit-Hashes, nicht Ciliums murmur3 und jhash mit deren Seed: In welchem Slot ein Flow landet, weicht von einem echten Node ab; die Eigenschaften der Tabelle (auf jedem Node gleich, wenige Slots wandern, wenn ein Backend geht) nicht.',
    },
    url: 'https://github.com/cilium/cilium/blob/0a0f0d9cd0a5d0cc3ad645a5c56d2783ae43ba26/pkg/maglev/maglev.go',
    at: 'assumption of this model',
    status: 'assumed',
  },
  {
    id: 'cilium-socket-lb',
    claim: {
      en: 'In-cluster connections to a Service are translated at connect() by the socket LB, to any backend (internal scope), and are not subject to Maglev.',
      de: 'Verbindungen aus dem Cluster zu einem Service übersetzt der Socket-LB schon bei connect(), auf ein beliebiges Backend (interner Scope), ohne Maglev.',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (Maglev note, Socket LoadBalancer Bypass)',
    status: 'verified',
  },
  {
    id: 'cilium-terminating',
    claim: {
      en: 'A terminating endpoint is removed from selection for new connections while its existing ones drain; the engine assumes Cilium falls back to serving terminating endpoints when none is ready, as kube-proxy does (KEP-1669).',
      de: 'Ein terminierender Endpunkt fällt für neue Verbindungen aus der Auswahl, bestehende laufen aus; die Engine nimmt an, dass Cilium wie kube-proxy auf terminierende, noch dienende Endpunkte zurückfällt, wenn keiner bereit ist (KEP-1669).',
    },
    url: CILIUM_DOC,
    at: 'commit 011b4940 (Graceful Termination)',
    status: 'inferred',
  },
  {
    id: 'cilium-hcnp-server',
    claim: {
      en: 'For externalTrafficPolicy=Local the Cilium agent serves the healthCheckNodePort: 200 with local endpoints, 503 without, a kube-proxy-compatible JSON body with the count of active local backends (terminating ones not counted).',
      de: 'Für externalTrafficPolicy=Local bedient der Cilium-Agent den healthCheckNodePort: 200 mit lokalen Endpunkten, 503 ohne, mit kube-proxy-kompatiblem JSON und der Zahl der aktiven lokalen Backends (terminierende zählen nicht).',
    },
    url: 'https://github.com/cilium/cilium/blob/314ca7baeff4f568ffc0bad95124e40665b1f88c/pkg/service/healthserver/healthserver.go',
    at: 'commit 314ca7b (healthserver.go); service.go counts active backends',
    status: 'verified',
  },
  {
    id: 'cilium-kpr-healthz',
    claim: {
      en: "The replacement's kube-proxy-style /healthz (port 10256) exists only when kubeProxyReplacementHealthzBindAddr is set (default off); it answers 200 while the agent is healthy. Since PR #40166 (2025, backported to 1.17) it answers 503 for a node being deleted; it does not look at the ToBeDeletedByClusterAutoscaler taint, which kube-proxy's does. The engine assumes it is set and models no node deletion.",
      de: 'Das /healthz im Stil von kube-proxy (Port 10256) gibt es nur, wenn kubeProxyReplacementHealthzBindAddr gesetzt ist (Standard: aus); es antwortet 200, solange der Agent gesund ist. Seit PR #40166 (2025, zurückportiert nach 1.17) antwortet es 503 für einen Node, der gelöscht wird; auf den Taint ToBeDeletedByClusterAutoscaler schaut es nicht, das von kube-proxy schon. Die Engine nimmt an, dass es gesetzt ist, und modelliert kein Löschen von Nodes.',
    },
    url: 'https://github.com/cilium/cilium/pull/40166',
    at: 'PR #40166 (merged 2025-06); docs commit 011b4940; healthz handler as read',
    status: 'inferred',
  },
  {
    id: 'ebpf-model-scope',
    claim: {
      en: 'Not modelled: XDP acceleration, IPv6, IPIP dispatch, session affinity, source ranges, the MTU cost of DSR, Geneve tunnel routing, how an upstream router rehashes flows, conntrack timeouts and agent restarts. The eBPF data path is modelled from source and docs, not checked on a kernel here (the real-kernel lab covers kube-proxy only).',
      de: 'Nicht modelliert: XDP-Beschleunigung, IPv6, IPIP-Dispatch, Session-Affinität, Source-Ranges, die MTU-Kosten von DSR, Routing im Geneve-Tunnel, wie ein Router vor dem Cluster Flows neu verteilt, Conntrack-Timeouts und Neustarts des Agenten. Der eBPF-Datenpfad ist aus Quellcode und Doku modelliert, nicht hier auf einem Kernel geprüft (das Kernel-Lab deckt nur kube-proxy ab).',
    },
    url: CILIUM_DOC,
    at: 'scope of this model',
    status: 'assumed',
  },
  // ---- managed offerings -------------------------------------------------------------------
  {
    id: 'gke-dataplane-v2',
    claim: {
      en: 'GKE Dataplane V2 is implemented with Cilium (eBPF); its agent runs as the anetd DaemonSet in kube-system; it is on for all new Autopilot clusters, and in the GKE versions where it replaces kube-proxy there are no iptables rules for Service routing.',
      de: 'GKE Dataplane V2 ist mit Cilium (eBPF) umgesetzt; sein Agent läuft als DaemonSet anetd in kube-system; es ist bei allen neuen Autopilot-Clustern an, und in den GKE-Versionen, in denen es kube-proxy ersetzt, gibt es keine iptables-Regeln für das Service-Routing.',
    },
    url: 'https://cloud.google.com/kubernetes-engine/docs/concepts/dataplane-v2',
    at: 'read 2026-12-05 (page as stored)',
    status: 'verified',
  },
  {
    id: 'gke-dpv2-maglev',
    claim: {
      en: 'GKE documents Maglev load balancing for Services in Dataplane V2 from GKE 1.36.0-gke.2882000.',
      de: 'GKE dokumentiert Maglev-Lastverteilung für Services in Dataplane V2 ab GKE 1.36.0-gke.2882000.',
    },
    url: 'https://docs.cloud.google.com/kubernetes-engine/docs/how-to/dataplane-v2-maglev',
    at: 'read 2026-12-05',
    status: 'verified',
  },
  {
    id: 'aks-cilium',
    claim: {
      en: "AKS offers Azure CNI Powered by Cilium (--network-dataplane cilium): Cilium's eBPF data path with 'improved service routing'; AKS 1.33 needs Cilium 1.17.0 or later. Whether kube-proxy is still deployed is not stated on that page; check your cluster.",
      de: 'AKS bietet Azure CNI Powered by Cilium (--network-dataplane cilium): Ciliums eBPF-Datenpfad mit „verbessertem Service-Routing“; AKS 1.33 braucht Cilium 1.17.0 oder neuer. Ob kube-proxy noch läuft, sagt die Seite nicht; prüf es in deinem Cluster.',
    },
    url: 'https://docs.azure.cn/en-us/aks/azure-cni-powered-by-cilium',
    at: 'read 2026-12-05 (mirror of the Microsoft Learn page)',
    status: 'verified',
  },
  {
    id: 'aks-byocni-kube-proxy',
    claim: {
      en: 'On AKS, kube-proxy can only be disabled (kubeProxyConfig enabled: false) for bring-your-own-CNI clusters, for example to install Cilium with its kube-proxy replacement yourself.',
      de: 'In AKS lässt sich kube-proxy nur bei Clustern mit eigener CNI (BYO CNI) abschalten (kubeProxyConfig enabled: false), etwa um Cilium mit seinem kube-proxy-Ersatz selbst zu installieren.',
    },
    url: 'https://github.com/Azure/AKS/issues/4563',
    at: 'issue #4563 (2024-09)',
    status: 'verified',
  },
  {
    id: 'eks-kube-proxy',
    claim: {
      en: 'Amazon EKS deploys the kube-proxy add-on on every EC2 node, in iptables mode by default (ipvs and, since 1.33, nftables can be chosen); Cilium on EKS is something you install yourself.',
      de: 'Amazon EKS verteilt das kube-proxy-Add-on auf jeden EC2-Node, standardmäßig im iptables-Modus (ipvs und seit 1.33 nftables sind wählbar); Cilium auf EKS installierst du selbst.',
    },
    url: 'https://docs.aws.amazon.com/eks/latest/best-practices/nftables.html',
    at: 'read 2026-12-05; managing-kube-proxy.html',
    status: 'verified',
  },
  {
    id: 'aks-cilium-ga',
    claim: {
      en: 'Microsoft announced Azure CNI Powered by Cilium in preview at KubeCon North America 2022; it was generally available by June 2023.',
      de: 'Microsoft hat Azure CNI Powered by Cilium auf der KubeCon North America 2022 als Preview angekündigt; im Juni 2023 war es allgemein verfügbar.',
    },
    url: 'https://isovalent.com/blog/post/tutorial-azure-cni-powered-by-cilium/',
    at: 'tutorial updated 2023-06-12',
    status: 'verified',
  },
  {
    id: 'maglev-paper',
    claim: {
      en: 'Maglev (Google, NSDI 2016) spreads flows over load-balancer machines with ECMP and keeps them on the same backend when ECMP moves them, by consistent hashing into a lookup table.',
      de: 'Maglev (Google, NSDI 2016) verteilt Flows per ECMP auf Load-Balancer-Maschinen und hält sie beim selben Backend, wenn ECMP sie verschiebt, durch Consistent Hashing in eine Nachschlagetabelle.',
    },
    url: 'https://static.googleusercontent.com/media/research.google.com/en//pubs/archive/44824.pdf',
    at: 'NSDI 2016, linked from the Cilium docs (commit 011b4940)',
    status: 'inferred',
  },
  // ---- kube-proxy's nftables mode, as lesson 9 describes it ----------------------------------
  {
    id: 'kp-iptables-localhost',
    claim: {
      en: 'In iptables mode kube-proxy serves NodePorts on 127.0.0.1 (localhostNodePorts, default true) by setting route_localnet, and masquerades such connections (the source is a local address).',
      de: 'Im iptables-Modus nimmt kube-proxy NodePort-Verbindungen auf 127.0.0.1 an (localhostNodePorts, Standard true), indem es route_localnet setzt, und maskiert solche Verbindungen (die Quelle ist eine lokale Adresse).',
    },
    url: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/proxy/iptables/proxier.go',
    at: 'proxier.go as read (sysctlRouteLocalnet, localhostNodePorts)',
    status: 'verified',
  },
  {
    id: 'kp-nft-ga',
    claim: {
      en: "kube-proxy's nftables mode (KEP-3866) was alpha in 1.29, beta in 1.31 and is GA since 1.33; iptables stays the default mode; it dispatches with verdict maps instead of one rule per Service.",
      de: 'Der nftables-Modus von kube-proxy (KEP-3866) war Alpha in 1.29, Beta in 1.31 und ist seit 1.33 GA; iptables bleibt der Standardmodus; er verteilt mit Verdict-Maps statt einer Regel pro Service.',
    },
    url: 'https://kubernetes.io/blog/2025/02/28/nftables-kube-proxy/',
    at: 'blog 2025-02-28; KEP-3866 kep.yaml (stable v1.33)',
    status: 'verified',
  },
  {
    id: 'kp-nft-no-localhost',
    claim: {
      en: 'In nftables mode kube-proxy does not serve NodePorts on 127.0.0.1 (the 1.29 changelog: "does not (and will not) support Service NodePorts on 127.0.0.1").',
      de: 'Im nftables-Modus nimmt kube-proxy auf 127.0.0.1 keine NodePort-Verbindungen an (Changelog 1.29: „does not (and will not) support Service NodePorts on 127.0.0.1“).',
    },
    url: 'https://github.com/k0sproject/k0s/issues/3842',
    at: 'k0s #3842 quoting the Kubernetes 1.29 changelog',
    status: 'verified',
  },
  // ---- what a kubectl dump shows of the data path (src/importer/dataPath.ts) ----------------
  {
    id: 'cilium-agent-pods',
    claim: {
      en: "Cilium's Helm chart runs its agent as the DaemonSet cilium, whose Pods carry the labels k8s-app=cilium and app.kubernetes.io/name=cilium-agent, in the release namespace (kube-system in Cilium's install guides).",
      de: 'Ciliums Helm-Chart startet den Agent als DaemonSet cilium, dessen Pods die Labels k8s-app=cilium und app.kubernetes.io/name=cilium-agent tragen, im Namespace des Releases (in Ciliums Installationsanleitungen kube-system).',
    },
    url: 'https://github.com/cilium/cilium/blob/7d65d926b98d22a20536a4d94b878ad76ae959b4/install/kubernetes/cilium/templates/cilium-agent/daemonset.yaml',
    at: 'commit 7d65d92 (cilium-agent/daemonset.yaml)',
    status: 'verified',
  },
  {
    id: 'cilium-node-annotations',
    claim: {
      en: 'Cilium records node addresses in Node annotations such as network.cilium.io/ipv4-cilium-host, network.cilium.io/ipv4-health-ip and network.cilium.io/ipv4-pod-cidr (older releases: io.cilium.network.…); they show that Cilium runs, not whether it replaces kube-proxy.',
      de: 'Cilium hält Node-Adressen in Node-Annotationen fest, etwa network.cilium.io/ipv4-cilium-host, network.cilium.io/ipv4-health-ip und network.cilium.io/ipv4-pod-cidr (ältere Releases: io.cilium.network.…); sie zeigen, dass Cilium läuft, nicht, ob es kube-proxy ersetzt.',
    },
    url: 'https://github.com/cilium/cilium/blob/bc0673b841d29557c9dc7962c6a5fb9f4623f22a/Documentation/network/concepts/ipam/kubernetes.rst',
    at: 'commit bc0673b (ipam/kubernetes.rst); io.cilium.network. in pkg/annotation/k8s.go at 6835f95',
    status: 'verified',
  },
  {
    id: 'kubeadm-kube-proxy-ds',
    claim: {
      en: 'kubeadm deploys kube-proxy as the DaemonSet kube-proxy in kube-system with the label k8s-app=kube-proxy.',
      de: 'kubeadm installiert kube-proxy als DaemonSet kube-proxy in kube-system mit dem Label k8s-app=kube-proxy.',
    },
    url: 'https://github.com/kubernetes/kubernetes/blob/abd60651f20b906e54ce2c89ad6d2b7790dba8a1/cmd/kubeadm/app/phases/addons/proxy/manifests.go',
    at: 'commit abd6065 (KubeProxyDaemonSet19)',
    status: 'verified',
  },
  {
    id: 'gce-kube-proxy-pod',
    claim: {
      en: "On GCE-style nodes kube-proxy runs as a static Pod named kube-proxy in kube-system with the labels component=kube-proxy and tier=node (the kubelet adds the node's name to a static Pod's name). That GKE's node images use this manifest is inferred, not read.",
      de: 'Auf Nodes im GCE-Stil läuft kube-proxy als statischer Pod namens kube-proxy in kube-system mit den Labels component=kube-proxy und tier=node (das kubelet hängt den Node-Namen an den Namen eines statischen Pods). Dass die Node-Images von GKE dieses Manifest nutzen, ist abgeleitet, nicht nachgelesen.',
    },
    url: 'https://github.com/kubernetes/kubernetes/blob/78fc8e44052f699bf598f84b697b41e5a328c9c5/cluster/gce/manifests/kube-proxy.manifest',
    at: 'commit 78fc8e4 (cluster/gce/manifests/kube-proxy.manifest)',
    status: 'inferred',
  },
  {
    id: 'kube-proxy-outside-pods',
    claim: {
      en: 'kube-proxy does not always run as a Pod: k3s, for example, starts it itself (its server has a --disable-kube-proxy flag), so a dump without a kube-proxy Pod does not prove that kube-proxy is gone; the importer only suggests the eBPF data path.',
      de: 'kube-proxy läuft nicht immer als Pod: k3s etwa startet es selbst (sein Server hat dafür den Schalter --disable-kube-proxy); ein Dump ohne kube-proxy-Pod beweist also nicht, dass kube-proxy fehlt, und der Import schlägt den eBPF-Datenpfad nur vor.',
    },
    url: 'https://docs.k3s.io/cli/server',
    at: 'k3s server flags (--disable-kube-proxy), read 2026',
    status: 'inferred',
  },
];
