/** The what-ifs' vocabulary, free of engine imports so the page's own bundle can name them. */

export const WHAT_IF_KINDS = [
  'policy',
  'spread',
  'preset',
  'probe',
  'crossZone',
  'proxyProtocol',
  'preStop',
  'drain',
  'taint',
  'dataPath',
] as const;
export type WhatIfKind = (typeof WHAT_IF_KINDS)[number];

/**
 * One what-if: its kind and value (a policy, 'topologySpread', a node id, a preset, a probe kind,
 * 'on' for cross-zone, 'v2' for PROXY protocol, seconds of preStop sleep, 'first' to taint a drained node before
 * its drain, 'ebpf' or 'kubeProxy' for the data path).
 */
export interface WhatIfChoice {
  kind: WhatIfKind;
  value: string;
}

/** The what-ifs a scenario offers, with the values each can take (first = suggested). */
export interface WhatIfOption {
  kind: WhatIfKind;
  values: string[];
}
