import type { SourceEntry } from './types.ts';

const METALLB = 'https://github.com/metallb/metallb/blob/7938d3f89b8bd808dae2e42d97d6ae7e18e9ed54';
const METALLB_AT = 'metallb 7938d3f (2026-07-19, after v0.16.1)';

/** Sources: MetalLB in layer-2 mode. */
export const METALLB_SOURCES: readonly SourceEntry[] = [
  {
    id: 'metallb-l2-election',
    claim: {
      en: 'MetalLB in L2 mode sends no health probes: every speaker sorts the eligible nodes by sha256(node name + "#" + IP), bytewise, and only the first answers ARP for the LB IP, so that node receives every connection.',
      de: 'MetalLB im L2-Modus schickt keine Health-Probes: Jeder Speaker sortiert die wählbaren Nodes nach sha256(Node-Name + "#" + IP), Byte für Byte, und nur der erste beantwortet ARP für die LB-IP; dieser Node bekommt also jede Verbindung.',
    },
    url: `${METALLB}/speaker/layer2_controller.go`,
    at: `${METALLB_AT}; ShouldAnnounce, sortL2Candidates`,
    status: 'verified',
  },
  {
    id: 'metallb-l2-eligible-nodes',
    claim: {
      en: 'The election leaves out nodes whose NetworkUnavailable condition is True (since v0.13.10) and nodes labelled node.kubernetes.io/exclude-from-external-load-balancers (since v0.14.0; --ignore-exclude-lb since v0.14.4 turns that off). Cordoning plays no part.',
      de: 'Die Wahl lässt Nodes aus, deren Bedingung NetworkUnavailable True ist (seit v0.13.10), und Nodes mit dem Label node.kubernetes.io/exclude-from-external-load-balancers (seit v0.14.0; --ignore-exclude-lb schaltet das seit v0.14.4 ab). Sperren spielt keine Rolle.',
    },
    url: `${METALLB}/speaker/layer2_controller.go`,
    at: `${METALLB_AT}; speakersForAds, internal/k8s/nodes/nodes.go`,
    status: 'verified',
  },
  {
    id: 'metallb-l2-serving',
    claim: {
      en: 'Under Local only nodes with an endpoint that can serve take part: since v0.14.0 an endpoint counts when it is serving (PR #2088), since v0.14.5 when it is ready or serving (EndpointCanServe); up to v0.13.12 only ready endpoints counted.',
      de: 'Unter Local nehmen nur Nodes mit einem Endpunkt teil, der bedienen kann: Seit v0.14.0 zählt ein Endpunkt, wenn er serving ist (PR #2088), seit v0.14.5, wenn er ready oder serving ist (EndpointCanServe); bis v0.13.12 zählten nur bereite Endpunkte.',
    },
    url: `${METALLB}/internal/k8s/epslices/endpoint_slices.go`,
    at: `${METALLB_AT}; commits 1f0fdf34a (in v0.14.0) and e2e072771 (in v0.14.5)`,
    status: 'verified',
  },
  {
    id: 'metallb-l2-no-endpoints',
    claim: {
      en: 'When no endpoint of the Service can serve anywhere, no speaker announces the IP, under Cluster too (activeEndpointExists): nobody answers ARP.',
      de: 'Kann kein Endpunkt des Service irgendwo bedienen, kündigt kein Speaker die IP an, auch unter Cluster (activeEndpointExists): Niemand beantwortet ARP.',
    },
    url: `${METALLB}/speaker/layer2_controller.go`,
    at: METALLB_AT,
    status: 'verified',
  },
  {
    id: 'metallb-l2-failover-delay',
    claim: {
      en: 'How long clients keep sending to the old node after the winner changes (memberlist leave or endpoint update, then the new node’s gratuitous ARP) is not documented as a number; MetalLB calls L2 failover potentially slow. The engine assumes 2 s (loadBalancer.l2FailoverDelay).',
      de: 'Wie lange Clients nach einem Wechsel noch an den alten Node schicken (Memberlist-Abgang oder Endpunkt-Änderung, dann das Gratuitous ARP des neuen Nodes), ist nicht als Zahl dokumentiert; MetalLB nennt das L2-Failover potenziell langsam. Die Engine nimmt 2 s an (loadBalancer.l2FailoverDelay).',
    },
    url: 'https://metallb.universe.tf/concepts/layer2/',
    at: `${METALLB_AT}; website/content/concepts/layer2.md`,
    status: 'assumed',
  },
];
