import { describe, expect, it } from 'vitest';
import { PACKET_KINDS, runScenario } from '../../../src/sim/index';
import { hopReasonText, narrate, narrationParts } from '../../../src/view/flow/narrate';
import { toSteps } from '../../../src/view/flow/steps';
import { eventText } from '../../../src/view/flow/eventText';
import { makeTr } from '../../../src/view/flow/tr';
import type { Hop, Scenario } from '../../../src/sim/types';
import { eventShape, hopsOf, runs } from './narrateCorpus';

const en = makeTr('en');
const de = makeTr('de');
const corpus = runs();

/** What makes two hops read differently: the packet kind and the sentences used. */
function hopShape(scenario: Scenario, hop: Hop): string {
  const keys = narrationParts(en, scenario, hop).map((p) => p.key.replace('diagram.narr.', ''));
  return `${hop.kind} ${keys.join('+')}`;
}

/**
 * The full narration, English then German, of the first hop of each shape in the corpus. This is
 * the specification: a native speaker's sentence for every kind of hop the engine produces.
 */
const hopSentences: Record<string, [string, string]> = {
  'SYN send+lbPick': [
    'client-1 sends a SYN (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer picks node-1 and rewrites the destination 203.0.113.100:80 to 198.51.100.11:30080.',
    'client-1 schickt ein SYN (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer wählt node-1 und ändert das Ziel von 203.0.113.100:80 in 198.51.100.11:30080.',
  ],
  'SYN forward+dnatSnat': [
    'The load balancer forwards the SYN (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 rewrites the destination 198.51.100.11:30080 to pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) and the source to 198.51.100.11:39425 (MASQUERADE), so pod-c will answer node-1, not the client.',
    'Der Load Balancer leitet das SYN (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 ändert das Ziel von 198.51.100.11:30080 in pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) und die Quelle in 198.51.100.11:39425 (MASQUERADE). Deshalb schickt pod-c seine Antwort an node-1, nicht an den Client.',
  ],
  'DATA forward+xffAppended+conntrackDnat': [
    'The load balancer forwards the data packet (198.51.100.250:45841 → 198.51.100.11:30080) to node-1. The request’s X-Forwarded-For now reads 192.0.2.200, 203.0.113.25: what arrived at the load balancer, then the address the load balancer appended. node-1 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-a 10.244.1.5:8080.',
    'Der Load Balancer leitet das Datenpaket (198.51.100.250:45841 → 198.51.100.11:30080) an node-1 weiter. Das X-Forwarded-For der Anfrage lautet jetzt 192.0.2.200, 203.0.113.25: was beim Load Balancer ankam, dahinter die Adresse, die der Load Balancer angehängt hat. node-1 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-a 10.244.1.5:8080.',
  ],
  'SYN forward': [
    'node-1 forwards the SYN (198.51.100.11:39425 → 10.244.3.9:8080) to node-3.',
    'node-1 leitet das SYN (198.51.100.11:39425 → 10.244.3.9:8080) an node-3 weiter.',
  ],
  'SYN forward+delivered': [
    'node-3 forwards the SYN (198.51.100.11:39425 → 10.244.3.9:8080) to pod-c. pod-c receives it and sees the source address 198.51.100.11.',
    'node-3 leitet das SYN (198.51.100.11:39425 → 10.244.3.9:8080) an pod-c weiter. pod-c empfängt das Paket und sieht die Quelladresse 198.51.100.11.',
  ],
  'SYN-ACK answer': [
    'pod-c answers with a SYN-ACK (10.244.3.9:8080 → 198.51.100.11:39425) and sends it to node-3.',
    'pod-c schickt als Antwort ein SYN-ACK (10.244.3.9:8080 → 198.51.100.11:39425) an node-3.',
  ],
  'SYN-ACK forward+unnat': [
    'node-3 forwards the SYN-ACK (10.244.3.9:8080 → 198.51.100.11:39425) to node-1. node-1 finds the connection in its conntrack table and reverses the translation: the source becomes 198.51.100.11:30080 and the destination 192.0.2.10:40000.',
    'node-3 leitet das SYN-ACK (10.244.3.9:8080 → 198.51.100.11:39425) an node-1 weiter. node-1 findet die Verbindung in seiner conntrack-Tabelle und macht die Übersetzung rückgängig: Die Quelle wird 198.51.100.11:30080, das Ziel 192.0.2.10:40000.',
  ],
  'SYN-ACK forward+lbUnnat': [
    'node-1 forwards the SYN-ACK (198.51.100.11:30080 → 192.0.2.10:40000) to the load balancer. The load balancer rewrites the source back to its own frontend address 203.0.113.100:80.',
    'node-1 leitet das SYN-ACK (198.51.100.11:30080 → 192.0.2.10:40000) an den Load Balancer weiter. Der Load Balancer setzt als Quelle wieder seine eigene Frontend-Adresse 203.0.113.100:80 ein.',
  ],
  'SYN-ACK forward+established': [
    'The load balancer forwards the SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) to client-1. client-1 now has an established connection.',
    'Der Load Balancer leitet das SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) an client-1 weiter. Die Verbindung von client-1 ist jetzt aufgebaut.',
  ],
  'ACK send+lbFlow': [
    'client-1 sends an ACK (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer keeps this connection on node-1 and again rewrites the destination 203.0.113.100:80 to 198.51.100.11:30080.',
    'client-1 schickt ein ACK (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer bleibt für diese Verbindung bei node-1 und ändert das Ziel wieder von 203.0.113.100:80 in 198.51.100.11:30080.',
  ],
  'ACK forward+conntrackDnatSnat': [
    'The load balancer forwards the ACK (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-c 10.244.3.9:8080 and the source 198.51.100.11:39425.',
    'Der Load Balancer leitet das ACK (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-c 10.244.3.9:8080, die Quelle 198.51.100.11:39425.',
  ],
  'ACK forward': [
    'node-1 forwards the ACK (198.51.100.11:39425 → 10.244.3.9:8080) to node-3.',
    'node-1 leitet das ACK (198.51.100.11:39425 → 10.244.3.9:8080) an node-3 weiter.',
  ],
  'ACK forward+delivered': [
    'node-3 forwards the ACK (198.51.100.11:39425 → 10.244.3.9:8080) to pod-c. pod-c receives it and sees the source address 198.51.100.11.',
    'node-3 leitet das ACK (198.51.100.11:39425 → 10.244.3.9:8080) an pod-c weiter. pod-c empfängt das Paket und sieht die Quelladresse 198.51.100.11.',
  ],
  'DATA send+lbFlow': [
    'client-1 sends a data packet (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer keeps this connection on node-1 and again rewrites the destination 203.0.113.100:80 to 198.51.100.11:30080.',
    'client-1 schickt ein Datenpaket (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer bleibt für diese Verbindung bei node-1 und ändert das Ziel wieder von 203.0.113.100:80 in 198.51.100.11:30080.',
  ],
  'DATA forward+conntrackDnatSnat': [
    'The load balancer forwards the data packet (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-c 10.244.3.9:8080 and the source 198.51.100.11:39425.',
    'Der Load Balancer leitet das Datenpaket (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-c 10.244.3.9:8080, die Quelle 198.51.100.11:39425.',
  ],
  'DATA forward': [
    'node-1 forwards the data packet (198.51.100.11:39425 → 10.244.3.9:8080) to node-3.',
    'node-1 leitet das Datenpaket (198.51.100.11:39425 → 10.244.3.9:8080) an node-3 weiter.',
  ],
  'DATA forward+delivered': [
    'node-3 forwards the data packet (198.51.100.11:39425 → 10.244.3.9:8080) to pod-c. pod-c receives it and sees the source address 198.51.100.11.',
    'node-3 leitet das Datenpaket (198.51.100.11:39425 → 10.244.3.9:8080) an pod-c weiter. pod-c empfängt das Paket und sieht die Quelladresse 198.51.100.11.',
  ],
  'DATA answer': [
    'pod-c answers with a data packet (10.244.3.9:8080 → 198.51.100.11:39425) and sends it to node-3.',
    'pod-c schickt als Antwort ein Datenpaket (10.244.3.9:8080 → 198.51.100.11:39425) an node-3.',
  ],
  'DATA forward+unnat': [
    'node-3 forwards the data packet (10.244.3.9:8080 → 198.51.100.11:39425) to node-1. node-1 finds the connection in its conntrack table and reverses the translation: the source becomes 198.51.100.11:30080 and the destination 192.0.2.10:40000.',
    'node-3 leitet das Datenpaket (10.244.3.9:8080 → 198.51.100.11:39425) an node-1 weiter. node-1 findet die Verbindung in seiner conntrack-Tabelle und macht die Übersetzung rückgängig: Die Quelle wird 198.51.100.11:30080, das Ziel 192.0.2.10:40000.',
  ],
  'DATA forward+lbUnnat': [
    'node-1 forwards the data packet (198.51.100.11:30080 → 192.0.2.10:40000) to the load balancer. The load balancer rewrites the source back to its own frontend address 203.0.113.100:80.',
    'node-1 leitet das Datenpaket (198.51.100.11:30080 → 192.0.2.10:40000) an den Load Balancer weiter. Der Load Balancer setzt als Quelle wieder seine eigene Frontend-Adresse 203.0.113.100:80 ein.',
  ],
  'SYN-ACK answer+unnat': [
    'pod-c answers with a SYN-ACK (10.244.3.9:8080 → 10.244.3.1:49588) and sends it to node-3. node-3 finds the connection in its conntrack table and reverses the translation: the source becomes 198.51.100.13:30080 and the destination 192.0.2.10:40003.',
    'pod-c schickt als Antwort ein SYN-ACK (10.244.3.9:8080 → 10.244.3.1:49588) an node-3. node-3 findet die Verbindung in seiner conntrack-Tabelle und macht die Übersetzung rückgängig: Die Quelle wird 198.51.100.13:30080, das Ziel 192.0.2.10:40003.',
  ],
  'DATA answer+unnat': [
    'pod-c answers with a data packet (10.244.3.9:8080 → 10.244.3.1:49588) and sends it to node-3. node-3 finds the connection in its conntrack table and reverses the translation: the source becomes 198.51.100.13:30080 and the destination 192.0.2.10:40003.',
    'pod-c schickt als Antwort ein Datenpaket (10.244.3.9:8080 → 10.244.3.1:49588) an node-3. node-3 findet die Verbindung in seiner conntrack-Tabelle und macht die Übersetzung rückgängig: Die Quelle wird 198.51.100.13:30080, das Ziel 192.0.2.10:40003.',
  ],
  'SYN send+lbPickKeep': [
    'client-1 sends a SYN (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer picks a node and keeps 203.0.113.100:80 as the destination.',
    'client-1 schickt ein SYN (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer wählt einen Node und lässt 203.0.113.100:80 als Ziel stehen.',
  ],
  'SYN-ACK forward': [
    'node-1 forwards the SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) to the load balancer.',
    'node-1 leitet das SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) an den Load Balancer weiter.',
  ],
  'ACK send': [
    'client-1 sends an ACK (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer.',
    'client-1 schickt ein ACK (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer.',
  ],
  'DATA send': [
    'client-1 sends a data packet (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer.',
    'client-1 schickt ein Datenpaket (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer.',
  ],
  'SYN forward+dnat': [
    'The load balancer forwards the SYN (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 rewrites the destination 198.51.100.11:30080 to pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) and keeps the source.',
    'Der Load Balancer leitet das SYN (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 ändert das Ziel von 198.51.100.11:30080 in pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) und lässt die Quelle, wie sie ist.',
  ],
  'SYN-ACK direct+discard+reason': [
    'node-3 routes the SYN-ACK (10.244.3.9:8080 → 192.0.2.10:40000) straight to client-1. client-1 discards the answer from 10.244.3.9:8080. Without SNAT the Pod answered the client directly from its own address; the client matched that SYN-ACK to no connection and discarded it.',
    'node-3 schickt das SYN-ACK (10.244.3.9:8080 → 192.0.2.10:40000) direkt an client-1. client-1 verwirft die Antwort von 10.244.3.9:8080. Ohne SNAT hat der Pod dem Client direkt von seiner eigenen Adresse geantwortet; der Client kann dieses SYN-ACK keiner Verbindung zuordnen und verwirft es.',
  ],
  'ACK forward+conntrackDnat': [
    'The load balancer forwards the ACK (192.0.2.10:40003 → 198.51.100.13:30080) to node-3. node-3 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-c 10.244.3.9:8080.',
    'Der Load Balancer leitet das ACK (192.0.2.10:40003 → 198.51.100.13:30080) an node-3 weiter. node-3 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-c 10.244.3.9:8080.',
  ],
  'DATA forward+conntrackDnat': [
    'The load balancer forwards the data packet (192.0.2.10:40003 → 198.51.100.13:30080) to node-3. node-3 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-c 10.244.3.9:8080.',
    'Der Load Balancer leitet das Datenpaket (192.0.2.10:40003 → 198.51.100.13:30080) an node-3 weiter. node-3 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-c 10.244.3.9:8080.',
  ],
  'SYN forward+reject+reason': [
    'The load balancer forwards the SYN (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 rejects the connection. The Service has no endpoints at all: kube-proxy REJECTs the SYN.',
    'Der Load Balancer leitet das SYN (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 lehnt die Verbindung ab. Der Service hat überhaupt keine Endpunkte: kube-proxy weist das SYN per REJECT ab.',
  ],
  'ICMP answer': [
    'node-1 answers with an ICMP “port unreachable” message (198.51.100.11 → 192.0.2.10:40000) and sends it to the load balancer.',
    'node-1 schickt als Antwort eine ICMP-Meldung „Port Unreachable“ (198.51.100.11 → 192.0.2.10:40000) an den Load Balancer.',
  ],
  'ICMP forward+refused': [
    'The load balancer forwards the ICMP message (198.51.100.11 → 192.0.2.10:40000) to client-1. client-1 receives the rejection, and the connection fails at once.',
    'Der Load Balancer leitet die ICMP-Meldung (198.51.100.11 → 192.0.2.10:40000) an client-1 weiter. client-1 erhält die Ablehnung, und die Verbindung scheitert sofort.',
  ],
  'SYN send+drop+reason': [
    'client-2 sends a SYN (203.0.113.25:40005 → 198.51.100.13:30080) to node-3. node-3 drops the SYN. node-3 has no local endpoints: the filter rule drops the SYN silently, and the client times out.',
    'client-2 schickt ein SYN (203.0.113.25:40005 → 198.51.100.13:30080) an node-3. node-3 verwirft das SYN. node-3 hat keine lokalen Endpunkte: Die Filterregel verwirft das SYN still, und der Client läuft ins Timeout.',
  ],
  'SYN forward+timeout+reason': [
    'The load balancer forwards the SYN (192.0.2.10:40016 → 198.51.100.13:30080) to node-3. node-3 never answers, so the client waits 21 s and then gives up. REJECT matched ("has no endpoints"), but this node had just sent this client its share of ICMP errors: Linux sends one address at most 6 at once, then 1 per second. This SYN gets no answer.',
    'Der Load Balancer leitet das SYN (192.0.2.10:40016 → 198.51.100.13:30080) an node-3 weiter. node-3 antwortet nie; der Client wartet 21 s und gibt dann auf. REJECT hat gegriffen („has no endpoints“), aber der Node hatte diesem Client gerade schon so viele ICMP-Fehler geschickt, wie Linux erlaubt: höchstens 6 auf einmal an eine Adresse, danach 1 pro Sekunde. Dieses SYN bleibt unbeantwortet.',
  ],
  'SYN send+timeout+reason': [
    'client-1 sends a SYN (192.0.2.10:40132 → 203.0.113.100:80) to the load balancer. The load balancer never answers, so the client waits 21 s and then gives up. The load balancer has no healthy backend node left.',
    'client-1 schickt ein SYN (192.0.2.10:40132 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer antwortet nie; der Client wartet 21 s und gibt dann auf. Der Load Balancer hat keinen gesunden Backend-Node mehr.',
  ],
  'SYN forward+drop+reason': [
    'The load balancer forwards the SYN (198.51.100.250:47594 → 198.51.100.13:30080) to node-3. node-3 drops the SYN. node-3 has no local endpoints: the filter rule drops the SYN silently, and the client times out.',
    'Der Load Balancer leitet das SYN (198.51.100.250:47594 → 198.51.100.13:30080) an node-3 weiter. node-3 verwirft das SYN. node-3 hat keine lokalen Endpunkte: Die Filterregel verwirft das SYN still, und der Client läuft ins Timeout.',
  ],
  'SYN forward+rejectGone+reason': [
    'node-1 forwards the SYN (192.0.2.10:41004 → 10.244.1.5:8080) to pod-a. The connection is refused. The node’s rules still pointed at a Pod that had already exited.',
    'node-1 leitet das SYN (192.0.2.10:41004 → 10.244.1.5:8080) an pod-a weiter. Die Verbindung wird abgewiesen. Die Regeln des Nodes zeigten noch auf einen Pod, der schon beendet war.',
  ],
  'SYN send+lbProxy': [
    'client-1 sends a SYN (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer terminates the client’s TCP connection and opens its own from 198.51.100.250:44088 to 198.51.100.11:30080 on node-1: the client’s address is gone from the IP header.',
    'client-1 schickt ein SYN (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer terminiert die TCP-Verbindung des Clients und baut eine eigene von 198.51.100.250:44088 zu 198.51.100.11:30080 auf node-1 auf: Die Adresse des Clients ist aus dem IP-Header verschwunden.',
  ],
  'ACK send+lbProxyFlow': [
    'client-1 sends an ACK (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer passes it on over its own connection from 198.51.100.250:44088 to 198.51.100.11:30080 on node-1.',
    'client-1 schickt ein ACK (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer gibt es über seine eigene Verbindung von 198.51.100.250:44088 zu 198.51.100.11:30080 auf node-1 weiter.',
  ],
  'DATA send+lbProxyFlow': [
    'client-1 sends a data packet (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer passes it on over its own connection from 198.51.100.250:44088 to 198.51.100.11:30080 on node-1.',
    'client-1 schickt ein Datenpaket (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer gibt es über seine eigene Verbindung von 198.51.100.250:44088 zu 198.51.100.11:30080 auf node-1 weiter.',
  ],
  'SYN-ACK forward+lbProxyReply': [
    'node-1 forwards the SYN-ACK (203.0.113.100:80 → 198.51.100.250:44088) to the load balancer. The load balancer passes the answer on over the client’s own connection: 203.0.113.100:80 → 192.0.2.10:40000.',
    'node-1 leitet das SYN-ACK (203.0.113.100:80 → 198.51.100.250:44088) an den Load Balancer weiter. Der Load Balancer gibt die Antwort über die eigene Verbindung des Clients weiter: 203.0.113.100:80 → 192.0.2.10:40000.',
  ],
  'DATA forward+lbProxyReply': [
    'node-1 forwards the data packet (203.0.113.100:80 → 198.51.100.250:44088) to the load balancer. The load balancer passes the answer on over the client’s own connection: 203.0.113.100:80 → 192.0.2.10:40000.',
    'node-1 leitet das Datenpaket (203.0.113.100:80 → 198.51.100.250:44088) an den Load Balancer weiter. Der Load Balancer gibt die Antwort über die eigene Verbindung des Clients weiter: 203.0.113.100:80 → 192.0.2.10:40000.',
  ],
  'DATA forward+proxyHeader+conntrackDnatSnat': [
    'The load balancer forwards the data packet (198.51.100.250:44088 → 198.51.100.12:30080) to node-2. The data starts with a PROXY protocol v2 header the load balancer wrote: the client was 192.0.2.10:40000, calling 203.0.113.100:80. node-2 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-b 10.244.2.7:8080 and the source 10.244.2.1:39425.',
    'Der Load Balancer leitet das Datenpaket (198.51.100.250:44088 → 198.51.100.12:30080) an node-2 weiter. Die Daten beginnen mit einem PROXY-Protokoll-v2-Header, den der Load Balancer geschrieben hat: Der Client war 192.0.2.10:40000 und hat 203.0.113.100:80 aufgerufen. node-2 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-b 10.244.2.7:8080, die Quelle 10.244.2.1:39425.',
  ],
  'DATA forward+delivered+appCloses+reason': [
    'node-2 forwards the data packet (10.244.2.1:39425 → 10.244.2.7:8080) to pod-b. pod-b receives it and sees the source address 10.244.2.1. pod-b cannot make sense of the first bytes and closes the connection. The load balancer put a PROXY protocol header in front of the request, and the app does not parse one: it read the header as its request line, answered 400 Bad Request (an HTTP server does) and closed the connection.',
    'node-2 leitet das Datenpaket (10.244.2.1:39425 → 10.244.2.7:8080) an pod-b weiter. pod-b empfängt das Paket und sieht die Quelladresse 10.244.2.1. pod-b kann mit den ersten Bytes nichts anfangen und schließt die Verbindung. Der Load Balancer hat der Anfrage einen PROXY-Protokoll-Header vorangestellt, und die App wertet keinen aus: Sie hat den Header als Anfragezeile gelesen, mit 400 Bad Request geantwortet (so macht es ein HTTP-Server) und die Verbindung geschlossen.',
  ],
  'DATA forward+proxyHeader+conntrackDnat': [
    'The load balancer forwards the data packet (198.51.100.250:44088 → 198.51.100.12:30080) to node-2. The data starts with a PROXY protocol v2 header the load balancer wrote: the client was 192.0.2.10:40000, calling 203.0.113.100:80. node-2 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-b 10.244.2.7:8080.',
    'Der Load Balancer leitet das Datenpaket (198.51.100.250:44088 → 198.51.100.12:30080) an node-2 weiter. Die Daten beginnen mit einem PROXY-Protokoll-v2-Header, den der Load Balancer geschrieben hat: Der Client war 192.0.2.10:40000 und hat 203.0.113.100:80 aufgerufen. node-2 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-b 10.244.2.7:8080.',
  ],
  'DATA forward+delivered+xff': [
    'node-2 forwards the data packet (198.51.100.11:41178 → 10.244.2.7:8080) to pod-b. pod-b receives it and sees the source address 198.51.100.11. pod-b is an ingress controller: it opens its own connection to the app and writes X-Forwarded-For: 198.51.100.11.',
    'node-2 leitet das Datenpaket (198.51.100.11:41178 → 10.244.2.7:8080) an pod-b weiter. pod-b empfängt das Paket und sieht die Quelladresse 198.51.100.11. pod-b ist ein Ingress-Controller: Er baut eine eigene Verbindung zur App auf und schreibt X-Forwarded-For: 198.51.100.11.',
  ],
  'SYN send+dnat': [
    'caller-pod sends a SYN (10.244.3.20:40000 → 203.0.113.100:80) to node-3. node-3 rewrites the destination 203.0.113.100:80 to pod-a 10.244.1.5:8080 (KUBE-SEP DNAT) and keeps the source.',
    'caller-pod schickt ein SYN (10.244.3.20:40000 → 203.0.113.100:80) an node-3. node-3 ändert das Ziel von 203.0.113.100:80 in pod-a 10.244.1.5:8080 (KUBE-SEP DNAT) und lässt die Quelle, wie sie ist.',
  ],
  'ACK send+conntrackDnat': [
    'caller-pod sends an ACK (10.244.3.20:40000 → 203.0.113.100:80) to node-3. node-3 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-a 10.244.1.5:8080.',
    'caller-pod schickt ein ACK (10.244.3.20:40000 → 203.0.113.100:80) an node-3. node-3 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-a 10.244.1.5:8080.',
  ],
  'DATA send+conntrackDnat': [
    'caller-pod sends a data packet (10.244.3.20:40000 → 203.0.113.100:80) to node-3. node-3 finds the connection in its conntrack table and translates it as it did the SYN: the destination becomes pod-a 10.244.1.5:8080.',
    'caller-pod schickt ein Datenpaket (10.244.3.20:40000 → 203.0.113.100:80) an node-3. node-3 findet die Verbindung in seiner conntrack-Tabelle und übersetzt wie beim SYN: Das Ziel wird pod-a 10.244.1.5:8080.',
  ],
  // MetalLB L2: no load-balancer device; the node that answered ARP gets the frames itself.
  'SYN send+arp+dnat': [
    'client-1 sends a SYN (192.0.2.10:40000 → 203.0.113.100:80) to node-2. node-2 answered ARP for the LB IP 203.0.113.100 (MetalLB elected its speaker), so the client’s Ethernet frame goes straight to node-2: there is no load balancer in between. node-2 rewrites the destination 203.0.113.100:80 to pod-b 10.244.2.7:8080 (KUBE-SEP DNAT) and keeps the source.',
    'client-1 schickt ein SYN (192.0.2.10:40000 → 203.0.113.100:80) an node-2. node-2 hat ARP für die LB-IP 203.0.113.100 beantwortet (MetalLB hat dessen Speaker gewählt), deshalb geht der Ethernet-Frame des Clients direkt an node-2: Dazwischen liegt kein Load Balancer. node-2 ändert das Ziel von 203.0.113.100:80 in pod-b 10.244.2.7:8080 (KUBE-SEP DNAT) und lässt die Quelle, wie sie ist.',
  ],
  'SYN send+arp+drop+reason': [
    'client-1 sends a SYN (192.0.2.10:45200 → 203.0.113.100:80) to node-2. node-2 answered ARP for the LB IP 203.0.113.100 (MetalLB elected its speaker), so the client’s Ethernet frame goes straight to node-2: there is no load balancer in between. node-2 drops the SYN. node-2 has no local endpoints: the filter rule drops the SYN silently, and the client times out.',
    'client-1 schickt ein SYN (192.0.2.10:45200 → 203.0.113.100:80) an node-2. node-2 hat ARP für die LB-IP 203.0.113.100 beantwortet (MetalLB hat dessen Speaker gewählt), deshalb geht der Ethernet-Frame des Clients direkt an node-2: Dazwischen liegt kein Load Balancer. node-2 verwirft das SYN. node-2 hat keine lokalen Endpunkte: Die Filterregel verwirft das SYN still, und der Client läuft ins Timeout.',
  ],
  'SYN send+arp+reject+reason': [
    'client-1 sends a SYN (192.0.2.10:41200 → 203.0.113.100:80) to node-2. node-2 answered ARP for the LB IP 203.0.113.100 (MetalLB elected its speaker), so the client’s Ethernet frame goes straight to node-2: there is no load balancer in between. node-2 rejects the connection. The Service has no endpoints at all: kube-proxy REJECTs the SYN.',
    'client-1 schickt ein SYN (192.0.2.10:41200 → 203.0.113.100:80) an node-2. node-2 hat ARP für die LB-IP 203.0.113.100 beantwortet (MetalLB hat dessen Speaker gewählt), deshalb geht der Ethernet-Frame des Clients direkt an node-2: Dazwischen liegt kein Load Balancer. node-2 lehnt die Verbindung ab. Der Service hat überhaupt keine Endpunkte: kube-proxy weist das SYN per REJECT ab.',
  ],
  'ICMP answer+refused': [
    'node-2 answers with an ICMP “port unreachable” message (198.51.100.12 → 192.0.2.10:41200) and sends it to client-1. client-1 receives the rejection, and the connection fails at once.',
    'node-2 schickt als Antwort eine ICMP-Meldung „Port Unreachable“ (198.51.100.12 → 192.0.2.10:41200) an client-1. client-1 erhält die Ablehnung, und die Verbindung scheitert sofort.',
  ],
  'SYN send+arp+timeout+reason': [
    'client-1 sends a SYN (192.0.2.10:41206 → 203.0.113.100:80) to node-2. node-2 answered ARP for the LB IP 203.0.113.100 (MetalLB elected its speaker), so the client’s Ethernet frame goes straight to node-2: there is no load balancer in between. node-2 never answers, so the client waits 21 s and then gives up. REJECT matched ("has no endpoints"), but this node had just sent this client its share of ICMP errors: Linux sends one address at most 6 at once, then 1 per second. This SYN gets no answer.',
    'client-1 schickt ein SYN (192.0.2.10:41206 → 203.0.113.100:80) an node-2. node-2 hat ARP für die LB-IP 203.0.113.100 beantwortet (MetalLB hat dessen Speaker gewählt), deshalb geht der Ethernet-Frame des Clients direkt an node-2: Dazwischen liegt kein Load Balancer. node-2 antwortet nie; der Client wartet 21 s und gibt dann auf. REJECT hat gegriffen („has no endpoints“), aber der Node hatte diesem Client gerade schon so viele ICMP-Fehler geschickt, wie Linux erlaubt: höchstens 6 auf einmal an eine Adresse, danach 1 pro Sekunde. Dieses SYN bleibt unbeantwortet.',
  ],
  'SYN noArp': [
    'client-1 wants to send a SYN (192.0.2.10:41400 → 203.0.113.100:80), but nobody answers its ARP request for the LB IP 203.0.113.100: MetalLB elected no node to announce it. The packet never leaves client-1; the client waits 21 s and then gives up.',
    'client-1 will ein SYN (192.0.2.10:41400 → 203.0.113.100:80) schicken, aber niemand beantwortet seine ARP-Anfrage für die LB-IP 203.0.113.100: MetalLB hat keinen Node gewählt, der sie ankündigt. Das Paket verlässt client-1 nie; der Client wartet 21 s und gibt dann auf.',
  ],
  // The eBPF data path (lesson 9): DSR carries the Service address, answers from it directly.
  'SYN forward+dsrCarry.opt': [
    'node-1 forwards the SYN (192.0.2.10:40000 → 10.244.3.9:8080) to node-3. It carries the Service address 198.51.100.11:30080 in an IP option, so node-3 knows which source address the answer must carry.',
    'node-1 leitet das SYN (192.0.2.10:40000 → 10.244.3.9:8080) an node-3 weiter. Es trägt die Service-Adresse 198.51.100.11:30080 in einer IP-Option; so weiß node-3, mit welcher Absenderadresse die Antwort rausgehen muss.',
  ],
  'SYN-ACK answer+dsrReply': [
    'pod-c answers with a SYN-ACK (10.244.3.9:8080 → 192.0.2.10:40000) and sends it to node-3. node-3 finds the flow’s DSR entry and rewrites the source to the Service address 198.51.100.11:30080.',
    'pod-c schickt als Antwort ein SYN-ACK (10.244.3.9:8080 → 192.0.2.10:40000) an node-3. node-3 findet den DSR-Eintrag des Flows und setzt die Quelle auf die Service-Adresse 198.51.100.11:30080.',
  ],
  'SYN-ACK forward+discard+reason': [
    'node-3 forwards the SYN-ACK (198.51.100.11:30080 → 192.0.2.10:40000) to client-1. client-1 discards the answer from 198.51.100.11:30080. With DSR the backend node answered the client directly, from the address the ingress node received. The load balancer had rewritten that address to the nodePort, so the reply matched nothing the client sent, and it was discarded.',
    'node-3 leitet das SYN-ACK (198.51.100.11:30080 → 192.0.2.10:40000) an client-1 weiter. client-1 verwirft die Antwort von 198.51.100.11:30080. Mit DSR hat der Backend-Node dem Client direkt geantwortet, von der Adresse, die beim Eingangs-Node ankam. Der Load Balancer hatte sie auf den NodePort umgeschrieben; die Antwort passt zu nichts, was der Client gesendet hat, und er verwirft sie.',
  ],
  'SYN-ACK forward+dsrReturn+established': [
    'node-3 forwards the SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) to client-1. It goes straight to the client: not back through the ingress node, not through the load balancer. client-1 now has an established connection.',
    'node-3 leitet das SYN-ACK (203.0.113.100:80 → 192.0.2.10:40000) an client-1 weiter. Es geht direkt zum Client: nicht zurück über den Eingangs-Node, nicht über den Load Balancer. Die Verbindung von client-1 ist jetzt aufgebaut.',
  ],
  'DATA answer+dsrReply': [
    'pod-c answers with a data packet (10.244.3.9:8080 → 192.0.2.10:40000) and sends it to node-3. node-3 finds the flow’s DSR entry and rewrites the source to the Service address 203.0.113.100:80.',
    'pod-c schickt als Antwort ein Datenpaket (10.244.3.9:8080 → 192.0.2.10:40000) an node-3. node-3 findet den DSR-Eintrag des Flows und setzt die Quelle auf die Service-Adresse 203.0.113.100:80.',
  ],
  'DATA forward+dsrReturn': [
    'node-3 forwards the data packet (203.0.113.100:80 → 192.0.2.10:40000) to client-1. It goes straight to the client: not back through the ingress node, not through the load balancer.',
    'node-3 leitet das Datenpaket (203.0.113.100:80 → 192.0.2.10:40000) an client-1 weiter. Es geht direkt zum Client: nicht zurück über den Eingangs-Node, nicht über den Load Balancer.',
  ],
  'DATA send+lbPick': [
    'client-1 sends a data packet (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer picks node-1 and rewrites the destination 203.0.113.100:80 to 198.51.100.11:30080.',
    'client-1 schickt ein Datenpaket (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer wählt node-1 und ändert das Ziel von 203.0.113.100:80 in 198.51.100.11:30080.',
  ],
  'DATA forward+dnatSnat': [
    'The load balancer forwards the data packet (192.0.2.10:40000 → 198.51.100.11:30080) to node-1. node-1 rewrites the destination 198.51.100.11:30080 to pod-c 10.244.3.9:8080 (lb4_select_backend_id_random) and the source to 198.51.100.11:39425 (tail_nodeport_nat_egress_ipv4), so pod-c will answer node-1, not the client.',
    'Der Load Balancer leitet das Datenpaket (192.0.2.10:40000 → 198.51.100.11:30080) an node-1 weiter. node-1 ändert das Ziel von 198.51.100.11:30080 in pod-c 10.244.3.9:8080 (lb4_select_backend_id_random) und die Quelle in 198.51.100.11:39425 (tail_nodeport_nat_egress_ipv4). Deshalb schickt pod-c seine Antwort an node-1, nicht an den Client.',
  ],
  'DATA forward+dnat': [
    'The load balancer forwards the data packet (192.0.2.10:40003 → 198.51.100.13:30080) to node-3. node-3 rewrites the destination 198.51.100.13:30080 to pod-c 10.244.3.9:8080 (lb4_select_backend_id_random) and keeps the source.',
    'Der Load Balancer leitet das Datenpaket (192.0.2.10:40003 → 198.51.100.13:30080) an node-3 weiter. node-3 ändert das Ziel von 198.51.100.13:30080 in pod-c 10.244.3.9:8080 (lb4_select_backend_id_random) und lässt die Quelle, wie sie ist.',
  ],
  'DATA send+lbPickKeep': [
    'client-1 sends a data packet (192.0.2.10:40000 → 203.0.113.100:80) to the load balancer. The load balancer picks a node and keeps 203.0.113.100:80 as the destination.',
    'client-1 schickt ein Datenpaket (192.0.2.10:40000 → 203.0.113.100:80) an den Load Balancer. Der Load Balancer wählt einen Node und lässt 203.0.113.100:80 als Ziel stehen.',
  ],
};

/** The full event-log sentence, English then German, of the first event of each shape. */
const eventSentences: Record<string, [string, string]> = {
  'connection.failed icmpRateLimited': [
    'Connection 16 via node-3 failed. REJECT matched ("has no endpoints"), but this node had just sent this client its share of ICMP errors: Linux sends one address at most 6 at once, then 1 per second. This SYN gets no answer.',
    'Verbindung 16 über node-3 ist fehlgeschlagen. REJECT hat gegriffen („has no endpoints“), aber der Node hatte diesem Client gerade schon so viele ICMP-Fehler geschickt, wie Linux erlaubt: höchstens 6 auf einmal an eine Adresse, danach 1 pro Sekunde. Dieses SYN bleibt unbeantwortet.',
  ],
  'probe.result tcpNodePort ok': [
    'Health probe of node-3 (TCP to the NodePort): healthy (status –).',
    'Health-Probe an node-3 (TCP an den NodePort): gesund (Status –).',
  ],
  'connection.failed directReturnMismatch': [
    'Connection 0 via node-1 failed. Without SNAT the Pod answered the client directly from its own address; the client matched that SYN-ACK to no connection and discarded it.',
    'Verbindung 0 über node-1 ist fehlgeschlagen. Ohne SNAT hat der Pod dem Client direkt von seiner eigenen Adresse geantwortet; der Client kann dieses SYN-ACK keiner Verbindung zuordnen und verwirft es.',
  ],
  'connection.failed noEndpoints': [
    'Connection 0 via node-1 failed. The Service has no endpoints at all: kube-proxy REJECTs the SYN.',
    'Verbindung 0 über node-1 ist fehlgeschlagen. Der Service hat überhaupt keine Endpunkte: kube-proxy weist das SYN per REJECT ab.',
  ],
  'probe.result httpKubeProxyHealthz ok': [
    'Health probe of node-3 (HTTP kube-proxy /healthz): healthy (status 200).',
    'Health-Probe an node-3 (HTTP kube-proxy /healthz): gesund (Status 200).',
  ],
  'probe.result httpHealthCheckNodePort fail': [
    'Health probe of node-3 (HTTP healthCheckNodePort): failed (status 503).',
    'Health-Probe an node-3 (HTTP healthCheckNodePort): fehlgeschlagen (Status 503).',
  ],
  'probe.result httpHealthCheckNodePort ok': [
    'Health probe of node-2 (HTTP healthCheckNodePort): healthy (status 200).',
    'Health-Probe an node-2 (HTTP healthCheckNodePort): gesund (Status 200).',
  ],
  'connection.failed noLocalEndpoints': [
    'Connection 11 via node-3 failed. node-3 has no local endpoints: the filter rule drops the SYN silently, and the client times out.',
    'Verbindung 11 über node-3 ist fehlgeschlagen. node-3 hat keine lokalen Endpunkte: Die Filterregel verwirft das SYN still, und der Client läuft ins Timeout.',
  ],
  'node.cordoned': [
    'node-1 cordoned (unschedulable); the load balancer is not affected.',
    'node-1 ist für neue Pods gesperrt (cordon); den Load Balancer betrifft das nicht.',
  ],
  'pod.terminating': [
    'pod-a on node-1 is terminating.',
    'pod-a auf node-1 wird beendet (Terminating).',
  ],
  'endpoint.changed': [
    'EndpointSlice: pod-a ready=false serving=true terminating=true.',
    'EndpointSlice: pod-a ready=false serving=true terminating=true.',
  ],
  'kubeProxy.synced': [
    'kube-proxy on node-1 applied the EndpointSlice change.',
    'kube-proxy auf node-1 hat die EndpointSlice-Änderung übernommen.',
  ],
  'pod.exited': ['pod-a on node-1 has exited.', 'pod-a auf node-1 ist beendet.'],
  'node.shuttingDown': [
    'node-1 starts a graceful node shutdown (NotReady, "node is shutting down").',
    'node-1 beginnt das geordnete Herunterfahren (Graceful Node Shutdown) und meldet NotReady („node is shutting down“).',
  ],
  'kubeProxy.stopped': [
    'kube-proxy on node-1 stopped; its rules stay in the kernel, frozen.',
    'kube-proxy auf node-1 ist gestoppt; seine Regeln bleiben eingefroren im Kernel stehen.',
  ],
  'node.offline': ['node-1 is off the network.', 'node-1 ist nicht mehr im Netz.'],
  'probe.result tcpNodePort fail': [
    'Health probe of node-1 (TCP to the NodePort): failed (status –).',
    'Health-Probe an node-1 (TCP an den NodePort): fehlgeschlagen (Status –).',
  ],
  'lb.backendDown': [
    'The load balancer took node-1 out of rotation: no new connections go there.',
    'Der Load Balancer hat node-1 aus der Rotation genommen: Neue Verbindungen gehen nicht mehr dorthin.',
  ],
  'connection.failed nodeOffline': [
    'Connection 3603 via node-1 failed. The load balancer sent the SYN to a node that is off the network.',
    'Verbindung 3603 über node-1 ist fehlgeschlagen. Der Load Balancer hat das SYN an einen Node geschickt, der nicht mehr im Netz ist.',
  ],
  'probe.result httpKubeProxyHealthz fail': [
    'Health probe of node-1 (HTTP kube-proxy /healthz): failed (status 503).',
    'Health-Probe an node-1 (HTTP kube-proxy /healthz): fehlgeschlagen (Status 503).',
  ],
  'connection.failed nodeWentDown': [
    'Connection 405 via node-1 failed. An established connection broke because a node on its path went off the network.',
    'Verbindung 405 über node-1 ist fehlgeschlagen. Eine bestehende Verbindung ist abgerissen, weil ein Node auf ihrem Weg aus dem Netz verschwunden ist.',
  ],
  'connection.failed endpointUnreachable': [
    'Connection 1009 via node-3 failed. The rules sent the SYN to a Pod on a node that is off the network.',
    'Verbindung 1009 über node-3 ist fehlgeschlagen. Die Regeln haben das SYN an einen Pod auf einem Node geschickt, der nicht mehr im Netz ist.',
  ],
  'node.booting': ['node-1 powers on and boots.', 'node-1 wird eingeschaltet und bootet.'],
  'pod.notReady': [
    'pod-a on node-1 was marked not ready by the node controller.',
    'pod-a auf node-1 wurde vom Node-Controller als nicht bereit markiert.',
  ],
  'node.online': [
    'node-1 is back: kubelet and kube-proxy run again.',
    'node-1 ist zurück: Kubelet und kube-proxy laufen wieder.',
  ],
  'kubeProxy.started': ['kube-proxy on node-1 started.', 'kube-proxy auf node-1 ist gestartet.'],
  'pod.ready': ['pod-a on node-1 is ready.', 'pod-a auf node-1 ist bereit.'],
  'lb.backendUp': [
    'The load balancer put node-1 back into rotation.',
    'Der Load Balancer hat node-1 wieder in die Rotation aufgenommen.',
  ],
  'connection.failed noHealthyBackends': [
    'Connection 132 failed at the load balancer. The load balancer has no healthy backend node left.',
    'Verbindung 132 ist schon am Load Balancer gescheitert. Der Load Balancer hat keinen gesunden Backend-Node mehr.',
  ],
  'connection.failed noArpAnswer': [
    'Connection 1400 never left the client. No node answers ARP for the LB IP: MetalLB elected none to announce it.',
    'Verbindung 1400 hat den Client nie verlassen. Kein Node beantwortet ARP für die LB-IP: MetalLB hat keinen Node gewählt, der sie ankündigt.',
  ],
  'connection.failed endpointGone': [
    'Connection 1004 via node-1 failed. The node’s rules still pointed at a Pod that had already exited.',
    'Verbindung 1004 über node-1 ist fehlgeschlagen. Die Regeln des Nodes zeigten noch auf einen Pod, der schon beendet war.',
  ],
  'node.uncordoned': ['node-2 uncordoned.', 'node-2 ist wieder freigegeben (uncordon).'],
  'lb.backendDown l2': [
    'MetalLB: node-2 no longer answers ARP for the LB IP; clients stop sending to it.',
    'MetalLB: node-2 beantwortet kein ARP mehr für die LB-IP; die Clients schicken nichts mehr dorthin.',
  ],
  'lb.backendUp l2': [
    'MetalLB: node-1 now answers ARP for the LB IP (gratuitous ARP); every new connection goes there.',
    'MetalLB: node-1 beantwortet jetzt ARP für die LB-IP (Gratuitous ARP); jede neue Verbindung geht dorthin.',
  ],
  'node.tainted': [
    'node-1 got the taint ToBeDeletedByClusterAutoscaler.',
    'node-1 hat den Taint ToBeDeletedByClusterAutoscaler bekommen.',
  ],
  'connection.failed proxyHeaderUnexpected': [
    'Connection 0 via node-2 failed. The load balancer put a PROXY protocol header in front of the request, and the app does not parse one: it read the header as its request line, answered 400 Bad Request (an HTTP server does) and closed the connection.',
    'Verbindung 0 über node-2 ist fehlgeschlagen. Der Load Balancer hat der Anfrage einen PROXY-Protokoll-Header vorangestellt, und die App wertet keinen aus: Sie hat den Header als Anfragezeile gelesen, mit 400 Bad Request geantwortet (so macht es ein HTTP-Server) und die Verbindung geschlossen.',
  ],
  'connection.failed proxyHeaderMissing': [
    'Connection 0 via node-3 failed. The app expects a PROXY protocol header, but this connection did not come through the load balancer that writes one: it logged “broken header” and closed the connection.',
    'Verbindung 0 über node-3 ist fehlgeschlagen. Die App erwartet einen PROXY-Protokoll-Header, aber diese Verbindung kam nicht über den Load Balancer, der ihn schreibt: Sie hat „broken header“ geloggt und die Verbindung geschlossen.',
  ],
  'connection.failed dsrReplyMismatch': [
    'Connection 0 via node-1 failed. With DSR the backend node answered the client directly, from the address the ingress node received. The load balancer had rewritten that address to the nodePort, so the reply matched nothing the client sent, and it was discarded.',
    'Verbindung 0 über node-1 ist fehlgeschlagen. Mit DSR hat der Backend-Node dem Client direkt geantwortet, von der Adresse, die beim Eingangs-Node ankam. Der Load Balancer hatte sie auf den NodePort umgeschrieben; die Antwort passt zu nichts, was der Client gesendet hat, und er verwirft sie.',
  ],
};

describe('narration', () => {
  it('explains the DNAT + MASQUERADE hop as the issue asks', () => {
    // A load balancer that rewrites to the nodePort (Azure keeps the VIP).
    const r = runScenario('cluster-snat', { overrides: { 'loadBalancer.delivery': 'nodePort' } });
    if (!r.ok) throw new Error('run failed');
    const step = toSteps(r.result.featured)[1];
    if (!step) throw new Error('no step 2');
    expect(narrate(en, r.result.resolved, step.hop)).toContain(
      'node-1 rewrites the destination 198.51.100.11:30080 to pod-c 10.244.3.9:8080 (KUBE-SEP DNAT) and the source to 198.51.100.11:',
    );
  });

  it('under MetalLB L2 says the node answered ARP, and names no load balancer on the path', () => {
    const r = runScenario('metallb-l2-local');
    if (!r.ok) throw new Error('run failed');
    const first = r.result.featured[0]?.hops[0];
    if (!first) throw new Error('no first hop');
    expect(first.marks).toContain('arp');
    const words = [narrate(en, r.result.resolved, first), narrate(de, r.result.resolved, first)];
    expect(words[0]).toContain(
      'node-2 answered ARP for the LB IP 203.0.113.100 (MetalLB elected its speaker), so the client’s Ethernet frame goes straight to node-2',
    );
    expect(words[1]).toContain(
      'node-2 hat ARP für die LB-IP 203.0.113.100 beantwortet (MetalLB hat dessen Speaker gewählt)',
    );
    for (const h of r.result.featured.flatMap((t) => t.hops)) {
      expect(narrate(en, r.result.resolved, h)).not.toMatch(
        /load balancer (picks|forwards|keeps)/i,
      );
      expect(narrate(de, r.result.resolved, h)).not.toMatch(/Load Balancer (wählt|leitet|bleibt)/);
    }
  });

  it('gives a SYN nobody answered ARP for its own reason in both languages', () => {
    const run = corpus.find((c) => c.name === 'metallb-nobody');
    const h = run ? hopsOf(run.result).find((x) => x.marks.includes('noArp')) : undefined;
    if (!h) throw new Error('no hop without an ARP answer');
    expect(hopReasonText(en, h)).toBe(
      'Nobody answers ARP for the LB IP 203.0.113.100: MetalLB elected no node to announce it.',
    );
    expect(hopReasonText(de, h)).toBe(
      'Niemand beantwortet ARP für die LB-IP 203.0.113.100: MetalLB hat keinen Node gewählt, der sie ankündigt.',
    );
  });

  it('has a full sentence in both languages for every kind of hop the engine produces', () => {
    const first = new Map<string, { scenario: Scenario; hop: Hop; run: string }>();
    for (const run of corpus)
      for (const hop of hopsOf(run.result)) {
        const shape = hopShape(run.result.resolved, hop);
        if (!first.has(shape))
          first.set(shape, { scenario: run.result.resolved, hop, run: run.name });
      }
    const missing = [...first.keys()].filter((s) => !(s in hopSentences));
    expect(missing, 'hop kinds without a sentence in hopSentences').toEqual([]);
    const unused = Object.keys(hopSentences).filter((s) => !first.has(s));
    expect(unused, 'sentences for hop kinds the engine no longer produces').toEqual([]);
    for (const [shape, { scenario, hop, run }] of first) {
      const [english, german] = hopSentences[shape] ?? ['', ''];
      expect(narrate(en, scenario, hop), `${run} ${hop.id} (${shape}), en`).toBe(english);
      expect(narrate(de, scenario, hop), `${run} ${hop.id} (${shape}), de`).toBe(german);
    }
  });

  it('has a full sentence in both languages for every kind of event the engine produces', () => {
    const first = new Map<string, { text: [string, string]; run: string }>();
    for (const run of corpus)
      for (const e of run.result.events) {
        const shape = eventShape(e);
        if (!first.has(shape))
          first.set(shape, { text: [eventText(en, e), eventText(de, e)], run: run.name });
      }
    const missing = [...first.keys()].filter((s) => !(s in eventSentences));
    expect(missing, 'event kinds without a sentence in eventSentences').toEqual([]);
    for (const [shape, { text, run }] of first)
      expect(text, `${run}: ${shape}`).toEqual(eventSentences[shape]);
  });

  it('names every packet kind with an article in both languages', () => {
    for (const tr of [en, de])
      for (const kind of PACKET_KINDS)
        for (const article of ['a', 'the']) {
          const key = `diagram.narr.pkt.${article}.${kind}`;
          expect(tr(key, {}, 'missing'), key).not.toBe('missing');
        }
  });

  for (const lang of ['en', 'de'] as const) {
    it(`every hop and event of every run reads as sentences (${lang})`, () => {
      const tr = lang === 'en' ? en : de;
      for (const run of corpus) {
        const texts = [
          ...hopsOf(run.result).map((h) => narrate(tr, run.result.resolved, h)),
          ...run.result.events.slice(0, 400).map((e) => eventText(tr, e)),
        ];
        for (const text of texts) {
          expect(text, `${run.name}: ${text}`).not.toMatch(
            /\{\{|undefined|null|diagram\.|reason\.|event\.|\.\.|^load|\bsends a A|\ba ACK/,
          );
          expect(text, `${run.name}: ${text}`).toMatch(/^[A-Za-z].*[.)]$/);
        }
      }
      // Every built-in scenario twice, traced: seconds of CPU on a busy shared machine.
    }, 30_000);
  }
});
