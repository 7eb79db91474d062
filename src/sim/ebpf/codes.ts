/**
 * The codes the eBPF data path adds to the engine's vocabulary (codes.ts lists them with the
 * rest, and the locales translate them): its steps in the inspector (RuleHit.rule), why each
 * step did what it did (RuleHit.why) and the marks on DSR hops.
 */

/** Cilium's default Maglev table size M, a prime (source: cilium-maglev). */
export const MAGLEV_TABLE_SIZE = 16381;

/** Steps of the eBPF program, named for the part of Cilium's datapath they model. */
export const EBPF_RULE_CODES = [
  /** The program attached to eth0 (tc ingress, before netfilter): `cil_from_netdev`. */
  'bpf-nodeport',
  /** The service map lookup (`cilium_lb4_services_v2`). */
  'bpf-service',
  /** Backend selection and destination NAT (`lb4_select_backend_id_*`, `lb4_dnat_request`). */
  'bpf-backend',
  /** SNAT to the node's address for a remote backend (`tail_nodeport_nat_egress_ipv4`). */
  'bpf-snat',
  /** DSR: the Service address written into the packet, read and used for the reply. */
  'bpf-dsr',
  /** Reverse NAT of a reply on the ingress node. */
  'bpf-revnat',
  /** The socket LB: connect() of a Pod translated before any packet exists. */
  'bpf-socket',
] as const;

/** Why-codes of the eBPF steps (the families maglevSlot<n> and pick<i>of<n> come on top). */
export const EBPF_WHY_CODES = [
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
] as const;

/** The why-code of a Maglev lookup: the slot the flow's hash selected. */
export const maglevWhy = (slot: number): string => `maglevSlot${slot}`;

/** The why-code of a random pick: backend i (1-based) of n. */
export const pickWhy = (i: number, n: number): string => `pick${i}of${n}`;
