/**
 * Every code the engine can emit, as constant lists: the i18n test checks that both locale
 * files have a key for each one. Views translate `<area>.<code>` keys.
 */
import { MAGLEV_TABLE_SIZE } from './ebpf/codes.ts';
import { RULE_WHY_CODES } from './ruleWhyCodes.ts';
import type { HopMark, PacketKind, ProbeKind, RuleCode, SimEvent } from './types.ts';

export { OUTCOME_REASONS, OUTCOMES } from './outcomes.ts';

export const EVENT_TYPES: readonly SimEvent['type'][] = [
  'node.cordoned',
  'node.uncordoned',
  'node.shuttingDown',
  'node.offline',
  'node.online',
  'node.booting',
  'node.tainted',
  'pod.terminating',
  'pod.exited',
  'pod.ready',
  'pod.notReady',
  'endpoint.changed',
  'kubeProxy.synced',
  'kubeProxy.stopped',
  'kubeProxy.started',
  'probe.result',
  'lb.backendDown',
  'lb.backendUp',
  'connection.failed',
];

export const RULE_CODES: readonly RuleCode[] = [
  'KUBE-SERVICES',
  'KUBE-NODEPORTS',
  'KUBE-EXT',
  'KUBE-MARK-MASQ',
  'KUBE-SVC',
  'KUBE-SVL',
  'KUBE-SEP',
  'KUBE-EXTERNAL-SERVICES',
  'KUBE-POSTROUTING',
  'MASQUERADE',
  'conntrack',
  'services',
  'external',
  'service',
  'local',
  'endpoint',
  'mark-for-masquerade',
  'service-endpoints-check',
  'nodeport-endpoints-check',
  'masquerading',
  'masquerade',
  // The eBPF data path's steps (ebpf/codes.ts EBPF_RULE_CODES), written out: a spread would keep
  // both lists in every page's bundle.
  'bpf-nodeport',
  'bpf-service',
  'bpf-backend',
  'bpf-snat',
  'bpf-dsr',
  'bpf-revnat',
  'bpf-socket',
];

export const VERDICTS = [
  'jump',
  'mark',
  'dnat',
  'snat',
  'drop',
  'reject',
  'unnat',
  'accept',
  'dsr',
] as const;

/**
 * Why-codes; `random1of<n>`, nftables' `numgen<k>mod<n>` and the eBPF path's `maglevSlot<n>` and
 * `pick<i>of<n>` are families translated by `rule.why.random1ofN`, `.numgen`, `.maglevSlotN`
 * and `.pickOfN`.
 */
export const RULE_WHYS: readonly string[] = [
  ...RULE_WHY_CODES,
  // kube-proxy's nftables mode (nftablesWalk.ts); listed here so views need not load its model.
  'externalNoLocalEndpointsNft',
  'noLocalEndpointsMap',
  'noEndpointsMap',
  'random1ofN',
  'numgen',
  // The eBPF data path's (ebpf/codes.ts EBPF_WHY_CODES), written out like RULE_CODES' (a spread
  // moves ebpf/codes.ts into the chunk every page loads: +0.2 kB gzip on the embed, measured).
  'ebpfAtDevice',
  'serviceClusterScope',
  'serviceLocalScope',
  'noBackends',
  'noLocalBackends',
  'backendLocal',
  'backendRemoteSnat',
  'dsrOption',
  'dsrGeneve',
  'dsrExtract',
  'dsrReplySource',
  'dsrKnownFlow',
  'revSnat',
  'revDnat',
  'socketLb',
  'maglevSlotN',
  'pickOfN',
];

export const HOP_MARKS: readonly HopMark[] = [
  'toLb',
  'lbPick',
  'arp',
  'noArp',
  'dnat',
  'snat',
  'delivered',
  'reply',
  'unnat',
  'directReturn',
  'clientDiscard',
  'drop',
  'reject',
  'timeout',
  'established',
  'dsr',
  'dsrReturn',
];

export const PACKET_KINDS: readonly PacketKind[] = ['SYN', 'SYN-ACK', 'ACK', 'DATA', 'RST', 'ICMP'];

export const PROBE_KINDS: readonly ProbeKind[] = [
  'tcpNodePort',
  'httpKubeProxyHealthz',
  'httpHealthCheckNodePort',
];

export { ISSUE_CODES, type IssueCode } from './issueCodes.ts';

/** The i18n key for a RuleHit.why code (maps the `random1of<n>` family to one key). */
export function whyKey(why: string): { key: string; params: Record<string, string> } {
  const m = /^random1of(\d+)$/.exec(why);
  if (m) return { key: 'rule.why.random1ofN', params: { n: m[1] ?? '' } };
  const g = /^numgen(\d+)mod(\d+)$/.exec(why);
  if (g) return { key: 'rule.why.numgen', params: { k: g[1] ?? '', n: g[2] ?? '' } };
  const slot = /^maglevSlot(\d+)$/.exec(why);
  if (slot)
    return {
      key: 'rule.why.maglevSlotN',
      params: { slot: slot[1] ?? '', m: String(MAGLEV_TABLE_SIZE) },
    };
  const pick = /^pick(\d+)of(\d+)$/.exec(why);
  if (pick) return { key: 'rule.why.pickOfN', params: { i: pick[1] ?? '', n: pick[2] ?? '' } };
  return { key: `rule.why.${why}`, params: {} };
}
