import type { SourceEntry } from './types.ts';

/** Sources: the Linux kernel, netfilter and the operating system. */
export const LINUX_SOURCES: readonly SourceEntry[] = [
  {
    id: 'linux-masquerade-egress',
    claim: {
      en: 'MASQUERADE replaces the source with the address of the interface the packet leaves through: toward another node the node’s own address, toward a Pod on the same node the bridge (cni0) with a bridge CNI.',
      de: 'MASQUERADE ersetzt die Quelle durch die Adresse der Schnittstelle, über die das Paket den Node verlässt: zu einem anderen Node die eigene Adresse des Nodes, zu einem Pod auf demselben Node bei einem Bridge-CNI die Bridge (cni0).',
    },
    url: 'https://ipset.netfilter.org/iptables-extensions.man.html',
    at: 'iptables-extensions(8), read 2026-12; per-CNI addresses inferred',
    status: 'inferred',
  },
  {
    id: 'linux-conntrack-reverse-nat',
    claim: {
      en: 'conntrack undoes a connection’s DNAT and SNAT on the reply at the node that applied them; a reply that bypasses that node is not rewritten, and the client drops a SYN-ACK from an address it did not call.',
      de: 'conntrack macht DNAT und SNAT einer Verbindung bei der Antwort auf dem Node rückgängig, der sie angewandt hat; eine Antwort an diesem Node vorbei wird nicht umgeschrieben, und der Client verwirft ein SYN-ACK von einer Adresse, die er nicht angerufen hat.',
    },
    url: 'https://kubernetes.io/docs/tutorials/services/source-ip/',
    at: 'read 2026-12; the mechanism inferred from TCP and NAT',
    status: 'inferred',
  },
  {
    id: 'linux-icmp-ratelimit',
    claim: {
      en: 'The kernel limits ICMP errors per destination address: a token bucket of 6 × net.ipv4.icmp_ratelimit (1000 ms by default), each error costs one, a new peer starts full. So a node answers one client with at most 6 REJECTs at once, then 1 per second.',
      de: 'Der Kernel begrenzt ICMP-Fehler pro Zieladresse: ein Token-Bucket von 6 × net.ipv4.icmp_ratelimit (standardmäßig 1000 ms), jeder Fehler kostet einen, ein neuer Peer beginnt voll. Ein Node beantwortet einen Client also mit höchstens 6 REJECTs auf einmal, dann 1 pro Sekunde.',
    },
    url: 'https://github.com/torvalds/linux/blob/master/net/ipv4/inetpeer.c',
    at: 'master, read 2026-12-05 (inet_peer_xrlim_allow; icmpv4_xrlim_allow in icmp.c)',
    status: 'verified',
  },
  {
    id: 'linux-os-shutdown-seconds',
    claim: {
      en: 'After the kubelet releases its inhibitor lock the operating system keeps forwarding for a few seconds before the machine leaves the network; the engine assumes 3 s. kube-proxy does not remove its rules when it exits.',
      de: 'Nachdem das Kubelet seine Inhibitor-Sperre freigegeben hat, leitet das Betriebssystem noch einige Sekunden weiter, bevor die Maschine das Netz verlässt; die Engine nimmt 3 s an. kube-proxy entfernt seine Regeln beim Beenden nicht.',
    },
    url: 'https://www.freedesktop.org/software/systemd/man/latest/systemd-inhibit.html',
    at: '2026-12-05',
    status: 'assumed',
  },
];
