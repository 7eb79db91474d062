import type { SourceEntry } from './types.ts';

/**
 * Sources: what the practice puzzles state or grade beyond the engine's presets (src/sim/practice/).
 * Ids start with `practice-` so they never clash with another area's.
 */
export const PRACTICE_SOURCES: readonly SourceEntry[] = [
  {
    id: 'practice-nlb-cross-zone-off',
    claim: {
      en: 'With a Network Load Balancer, cross-zone load balancing is off by default: each load balancer node sends only to registered targets in its own Availability Zone.',
      de: 'Beim Network Load Balancer ist zonenübergreifendes Load Balancing standardmäßig aus: Jeder Load-Balancer-Knoten schickt nur an registrierte Ziele in seiner eigenen Availability Zone.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-cross-zone.html',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'practice-nlb-zone-dns',
    claim: {
      en: 'An Availability Zone without a healthy target drops out of the load balancer’s DNS answer, so clients spread over the zones that have one; that they spread evenly (1/Z each) is our inference from DNS round robin.',
      de: 'Eine Availability Zone ohne gesundes Ziel fällt aus der DNS-Antwort des Load Balancers, also verteilen sich Clients auf die Zonen mit einem; dass sie sich gleichmäßig verteilen (je 1/Z), ist unsere Folgerung aus DNS-Round-Robin.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'inferred',
  },
  {
    id: 'practice-nlb-passive-checks',
    claim: {
      en: 'Network Load Balancers also use passive health checks (they watch how targets answer connections) and can mark a target down before the active checks do; they cannot be disabled or configured. The simulated drain window of an NLB is therefore an upper bound.',
      de: 'Network Load Balancer nutzen auch passive Health Checks (sie beobachten, wie Ziele auf Verbindungen antworten) und können ein Ziel vor den aktiven Prüfungen als ungesund markieren; abschalten oder einstellen lassen sie sich nicht. Das simulierte Drain-Fenster eines NLB ist daher eine Obergrenze.',
    },
    url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/target-group-health-checks.html',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'practice-lbc-tainted-node',
    claim: {
      en: 'The AWS Load Balancer Controller treats a node tainted ToBeDeletedByClusterAutoscaler as unsuitable for traffic and leaves it out of its instance targets (IsNodeSuitableAsTrafficProxy); the engine deregisters it at the taint.',
      de: 'Der AWS Load Balancer Controller behandelt einen Node mit dem Taint ToBeDeletedByClusterAutoscaler als ungeeignet für Datenverkehr und lässt ihn aus seinen Instanz-Zielen (IsNodeSuitableAsTrafficProxy); die Engine meldet ihn beim Taint ab.',
    },
    url: 'https://github.com/kubernetes-sigs/aws-load-balancer-controller/blob/main/pkg/backend/endpoint_utils.go',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'practice-metallb-l2-election',
    claim: {
      en: 'MetalLB in layer-2 mode: one node answers ARP for the IP, the first of the eligible nodes sorted by a hash of node name and IP; under Local only nodes with a serving endpoint of the Service are eligible.',
      de: 'MetalLB im Layer-2-Modus: Ein Node beantwortet ARP für die IP, der erste der berechtigten Nodes, sortiert nach einem Hash aus Node-Name und IP; unter Local sind nur Nodes mit einem bedienenden Endpunkt des Service berechtigt.',
    },
    url: 'https://github.com/metallb/metallb/blob/main/speaker/layer2_controller.go',
    at: '2026-12-05',
    status: 'verified',
  },
  {
    id: 'practice-l2-failover-delay',
    claim: {
      en: 'How long clients take to follow a new MetalLB L2 announcement (gratuitous ARP) is not documented as a number; each puzzle states the delay it assumes (2, 3 or 5 s).',
      de: 'Wie lange Clients brauchen, um einer neuen MetalLB-L2-Ankündigung (Gratuitous ARP) zu folgen, ist als Zahl nicht dokumentiert; jedes Rätsel nennt die Verzögerung, die es annimmt (2, 3 oder 5 s).',
    },
    url: 'https://metallb.universe.tf/concepts/layer2/',
    at: '2026-12-05',
    status: 'assumed',
  },
  {
    id: 'practice-os-shutdown',
    claim: {
      en: 'After kube-proxy exits at a graceful shutdown, the machine keeps forwarding for a while before it leaves the network; the puzzles assume 3 s and say so.',
      de: 'Nachdem sich kube-proxy bei einem geordneten Herunterfahren beendet hat, leitet die Maschine noch eine Weile weiter, bevor sie das Netz verlässt; die Rätsel nehmen 3 s an und sagen das.',
    },
    url: 'https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/',
    at: '2026-12-05',
    status: 'assumed',
  },
  {
    id: 'practice-pod-egress-masquerade',
    claim: {
      en: 'A Pod’s traffic to an address outside the cluster leaves masqueraded to its node’s address (the usual CNI default, ip-masq-agent does the same); the ipMode puzzles state it as an assumption.',
      de: 'Verkehr eines Pods zu einer Adresse außerhalb des Clusters verlässt den Node maskiert auf dessen Adresse (die übliche CNI-Voreinstellung, ip-masq-agent tut dasselbe); die ipMode-Rätsel nennen das als Annahme.',
    },
    url: 'https://kubernetes.io/docs/tasks/administer-cluster/ip-masq-agent/',
    at: '2026-12-05',
    status: 'assumed',
  },
  {
    id: 'practice-azure-http-probe',
    claim: {
      en: 'Older Microsoft documentation said an HTTP probe marks an instance down at once on any answer other than 200; not confirmed for today’s load balancer. The engine applies the probe threshold to 503 answers, and the Azure Local drain puzzles say so.',
      de: 'Ältere Microsoft-Dokumentation sagte, eine HTTP-Prüfung nehme eine Instanz bei jeder Antwort außer 200 sofort heraus; für den heutigen Load Balancer nicht bestätigt. Die Engine wendet den Schwellwert auf 503-Antworten an, und die Azure-Local-Drain-Rätsel sagen das.',
    },
    url: 'https://learn.microsoft.com/azure/load-balancer/load-balancer-custom-probe-overview',
    at: '2026-12-05',
    status: 'assumed',
  },
];
