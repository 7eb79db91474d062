import type { SourceEntry } from './types.ts';

/** Sources: clouds. */
export const CLOUDS_SOURCES: readonly SourceEntry[] = [
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
];
