/**
 * The course's vocabulary as data: variants we retired and what to write instead. The
 * terminology test (terminology.test.ts) fails on any of them in the lessons, pages and UI strings
 * of the rule's language. To retire another variant, add a rule here; to keep a legitimate use
 * (a quoted title or error message), add it to `allowed` below with the reason.
 *
 * Rules see prose only: code spans, code blocks, URLs, JSX attribute ids and `{{placeholders}}`
 * are blanked out first. Each rule names the glossary entry that teaches the preferred term;
 * the test checks that the glossary page of that language contains it.
 */

export type Lang = 'en' | 'de';

export interface TermRule {
  id: string;
  lang: Lang;
  /** What the retired variant looks like (case-sensitive unless the flags say otherwise). */
  pattern: RegExp;
  /** What to write instead. */
  use: string;
  /** Text the glossary page of `lang` must contain, so the preferred term is documented. */
  glossary?: string;
}

/** Letters of both languages, for look-arounds that mean "not inside a longer word". */
const L = 'A-Za-zÄÖÜäöüß';

export const rules: readonly TermRule[] = [
  // German
  {
    id: 'de-policy',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Polic(?:y|ies)(?![${L}])`),
    use: '„Richtlinie“ (Cluster-Richtlinie, Local-Richtlinie); das Feld `externalTrafficPolicy` bleibt',
    glossary: 'Richtlinie',
  },
  {
    id: 'de-endpoint',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Endpoints?(?![${L}])`),
    use: '„Endpunkt“ (EndpointSlice und Feldnamen bleiben)',
    glossary: 'Endpunkt',
  },
  {
    id: 'de-syn-gender',
    lang: 'de',
    pattern: /\b(?:den|der|einen|keinen|jeden|seinen|ihren)\s+(?:SYN-ACK|SYN|ACK)(?![\w-])/,
    use: '„das SYN“, „ein SYN“, „das SYN-ACK“ (Neutrum)',
    glossary: 'das SYN',
  },
  {
    id: 'de-cordon',
    lang: 'de',
    pattern: /\b(?:ge)?[Cc]ordon(?:e|t|en|ed|iert)\w*|\bCordon\b|nicht mehr planbar/,
    use: '„sperrt den Node (cordon)“, „gesperrter Node“, „für neue Pods gesperrt“',
    glossary: 'sperren (cordon)',
  },
  {
    id: 'de-verkehr',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])[Vv]erkehrs?(?![${L}])`),
    use: '„Datenverkehr“',
    glossary: 'Datenverkehr',
  },
  {
    id: 'de-chain',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Chains?(?![${L}])`),
    use: '„Kette“, „Regelkette“, „Einstiegskette“',
    glossary: 'Einstiegskette',
  },
  {
    id: 'de-interface',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Interfaces?(?![${L}])`),
    use: '„Schnittstelle“',
    glossary: 'Schnittstelle',
  },
  {
    id: 'de-graceful-shutdown',
    lang: 'de',
    pattern: /Graceful[- ]Shutdown/,
    use: '„geordnetes Herunterfahren (Graceful Node Shutdown)“',
    glossary: 'geordnetes Herunterfahren (Graceful Node Shutdown)',
  },
  {
    id: 'de-bedienen',
    lang: 'de',
    pattern: /\bbedien\w*/,
    use: '„nimmt weiter Verbindungen an“, „beantwortet weiter Anfragen“',
    glossary: 'nimmt weiter Verbindungen an',
  },
  {
    id: 'de-bekommt-masquerading',
    lang: 'de',
    pattern: /\b(?:bekomm|erhält|erhalten)\w*\s+(?:\w+\s+)?Masquerading/,
    use: '„wird maskiert (Masquerading)“',
    glossary: 'wird maskiert',
  },
  {
    id: 'de-terminierend',
    lang: 'de',
    pattern: /\bterminierend\w*/,
    use: '„Endpunkt im Zustand *terminating*“, „Endpunkt, der gerade beendet wird“',
    glossary: 'Endpunkt im Zustand',
  },
  {
    id: 'de-embed',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}/])Embeds?(?![a-zäöüß])`),
    use: '„Einbettung“, „eingebettetes Diagramm“',
  },
  {
    id: 'de-frame',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}-])Frames?(?![${L}])`),
    use: '„Rahmen“ (das iframe)',
  },
  {
    id: 'de-regler',
    lang: 'de',
    pattern: /Regler/,
    use: '„Was-wäre-wenn-Schalter“',
  },
  {
    id: 'de-preset',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Presets?(?![${L}])`),
    use: '„Cloud-Voreinstellung“ (der Parameter `preset` bleibt)',
  },
  {
    id: 'de-erzaehlung',
    lang: 'de',
    pattern: /Erzählung/,
    use: '„Erklärtext“',
  },
  {
    id: 'de-native-routing',
    lang: 'de',
    pattern: /\bNative[ns]? Routing/,
    use: '„natives Routing“',
  },
  {
    id: 'de-sichten',
    lang: 'de',
    pattern: /\bSichten\b/,
    use: '„zwei Richtungen (Tupel)“',
  },
  {
    id: 'de-zurueckdrehen',
    lang: 'de',
    pattern: /zurück(?:zu)?dreh\w*|\bdreht\b[^.]*\bum\b/,
    use: '„macht … rückgängig“',
  },
  {
    id: 'de-reist',
    lang: 'de',
    pattern: /\breist\s+in\b/,
    use: '„steckt in den Nutzdaten“, „wird in der Anfrage mitgeschickt“',
  },
  {
    id: 'de-sandkasten',
    lang: 'de',
    pattern: /Sandkasten/,
    use: '„Zum Ausprobieren“ (die Spielwiese heißt „Spielwiese“)',
  },
  {
    id: 'de-kubernetes-aufgabe',
    lang: 'de',
    pattern: /Kubernetes-Aufgabe/,
    use: '„Kubernetes-Doku (Tasks)“',
  },
  {
    id: 'de-erst-tippen',
    lang: 'de',
    pattern: /Erst tippen/,
    use: '„Erst vorhersagen, dann prüfen“',
  },
  {
    id: 'de-endpunkt-bedingungen',
    lang: 'de',
    pattern: /Endpunkt-Bedingung/,
    use: '„Conditions (Zustände)“ eines Endpunkts',
    glossary: 'Conditions',
  },
  {
    id: 'de-hcnp',
    lang: 'de',
    pattern: /(?<![\w-])hcnp(?![\w-])/,
    use: '„healthCheckNodePort“ (die Abkürzung erklärt nichts)',
  },
  // English
  {
    id: 'en-health-probe-hyphen',
    lang: 'en',
    pattern: /Health-Probes?/,
    use: '"health probe" ("Health probe" at the start of a label)',
    glossary: 'health probe',
  },
  {
    id: 'en-pod-lowercase',
    lang: 'en',
    pattern: /(?<![\w./@-])pods?(?![\w-])/,
    use: '"Pod", "Pods" (the Kubernetes kind, as in the lessons)',
    glossary: 'Pod',
  },
  {
    id: 'en-hcnp',
    lang: 'en',
    pattern: /(?<![\w-])hcnp(?![\w-])/,
    use: '"healthCheckNodePort"',
  },
  {
    id: 'en-node-port',
    lang: 'en',
    pattern: /\b[Nn]ode ports?\b/,
    use: '"NodePort"',
  },
  // One term per UI concept in German, the same in lessons, pages and UI strings (glossary entries).
  {
    id: 'de-instanz-ziel',
    lang: 'de',
    pattern: /Instanz-?[Zz]iel/,
    use: '„Instance-Targets“ (AWS)',
    glossary: 'Instance-Targets',
  },
  {
    id: 'de-zielgruppe',
    lang: 'de',
    pattern: /Zielgruppe|Target[ -]?Groups?(?![\w-])/,
    use: '„Target-Gruppe“ (AWS; „Zielgruppe“ heißt auch Publikum)',
    glossary: 'Target-Gruppe',
  },
  {
    id: 'de-replikas',
    lang: 'de',
    pattern: new RegExp(`(?<![${L}])Replikas?(?![${L}])`),
    use: '„Replicas“, wie die deutsche Kubernetes-Doku',
    glossary: 'Replicas',
  },
  {
    id: 'de-relais',
    lang: 'de',
    pattern: /Relais/,
    use: '„Relay“ (health-probe-proxy)',
    glossary: 'Relay',
  },
  {
    id: 'de-timeout-gender',
    lang: 'de',
    pattern: new RegExp(
      `\\b(?:der|den|einen|keinen)\\s+(?:[${L}-]+\\s+)?(?:[${L}]+-)?Timeout(?![${L}-])`,
    ),
    use: '„das Timeout“, „ins Timeout“, „ein Timeout“ (Neutrum)',
    glossary: 'Timeout (das)',
  },
  {
    id: 'de-gedankenexperiment',
    lang: 'de',
    pattern: /Gedankenexperiment/,
    use: '„Was-wäre-wenn“',
    glossary: 'Was-wäre-wenn',
  },
  {
    id: 'de-cluster-autoscaler',
    lang: 'de',
    pattern: /Cluster Autoscaler/,
    use: '„Cluster-Autoscaler“',
    glossary: 'Cluster-Autoscaler',
  },
  {
    id: 'de-drained',
    lang: 'de',
    pattern: /\bdrain(?:ed|ing)\b/,
    use: '„draint“, „gedraint“, „beim Drainen“',
  },
  {
    id: 'de-em-dash',
    lang: 'de',
    pattern: /—/,
    use: '„ – “ (Halbgeviertstrich mit Leerzeichen)',
  },
  {
    id: 'de-traffic-richtlinie',
    lang: 'de',
    pattern: /Traffic-Richtlinie/,
    use: '„Richtlinie für den Datenverkehr“',
  },
  {
    id: 'de-kubelet',
    lang: 'de',
    pattern: /(?<![\w./-])kubelet(?![\w./])|\bdes Kubelet(?![\w-])/,
    use: '„das Kubelet“, „des Kubelets“',
  },
  {
    id: 'de-port-unerreichbar',
    lang: 'de',
    pattern: /Port unerreichbar/,
    use: '„ICMP Port Unreachable“ (der Name der Meldung)',
  },
  {
    id: 'de-schattiert',
    lang: 'de',
    pattern: /schattiert/,
    use: '„schraffiert“ (wie in Lektion 6)',
  },
  {
    id: 'de-ausser-rotation',
    lang: 'de',
    pattern: /außer Rotation/,
    use: '„aus der Rotation“',
  },
  {
    id: 'de-playground',
    lang: 'de',
    pattern: /(?<![\w/])Playground(?![\w])/,
    use: '„Spielwiese“',
    glossary: 'Spielwiese',
  },
  {
    id: 'de-beendet-verbindung',
    lang: 'de',
    pattern: /beendet (?:die|eine) (?:TCP-)?Verbindung des Clients/,
    use: '„terminiert die TCP-Verbindung des Clients“ (ein Proxy ist ihr Endpunkt)',
    glossary: 'terminieren',
  },
  // Number and unit stay on one line: a non-breaking space (U+00A0) between them.
  ...(['en', 'de'] as const).map((lang): TermRule => ({
    id: `${lang}-unit-space`,
    lang,
    pattern: new RegExp(
      `(?<=[0-9]) (?:ms|min|Min|s|h|%|kB|MB|GB|seconds|minutes|hours|Sekunden|Minuten|Stunden)(?![${L}0-9])`,
    ),
    use: 'a non-breaking space (U+00A0) between number and unit: 5\u00a0s, 8,2\u00a0s, 33\u00a0%',
  })),
];

export interface Allowed {
  /** Path from the repository root. */
  file: string;
  rule: string;
  /** The exact text that may contain the variant. */
  text: string;
  why: string;
}

/** Legitimate uses of a retired variant, each with its reason. Keep this list short. */
export const allowed: readonly Allowed[] = [
  {
    file: 'content/pages/en/glossary.mdx',
    rule: 'en-health-probe-hyphen',
    text: 'health probe · Health-Probe',
    why: 'the English glossary names the German term after the dot',
  },
  {
    file: 'content/lessons/de/06-draining-nodes.mdx',
    rule: 'de-endpoint',
    text: '[1669 Proxy Terminating Endpoints]',
    why: 'the title of KEP-1669 in a source link',
  },
];
