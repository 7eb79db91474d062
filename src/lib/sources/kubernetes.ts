import type { SourceEntry } from './types.ts';

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

/** Sources: kubernetes. */
export const KUBERNETES_SOURCES: readonly SourceEntry[] = [...KUBE_PROXY_MODES];
