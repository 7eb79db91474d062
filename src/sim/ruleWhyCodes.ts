/**
 * kube-proxy's why-codes in a module of their own: the views translate them (codes.ts), and
 * importing them from kubeProxy.ts would put its rule model and SHA-256 in every page's bundle.
 */

/** Why-codes a RuleHit can carry, besides the `random1of<n>` family. */
export const RULE_WHY_CODES = [
  'loadBalancerIp',
  'nodePort',
  'externalDestination',
  'clusterPolicy',
  'externalClient',
  'podTrafficShortCircuit',
  'localTraffic',
  'externalNoLocalEndpoints',
  'lastEndpoint',
  'hairpinMasquerade',
  'dnatToEndpoint',
  'masqueradeMarkSet',
  'noMasqueradeMark',
  'egressInterfaceNode',
  'egressInterfaceBridge',
  'noLocalEndpoints',
  'noEndpoints',
  'newFlow',
  'establishedFlow',
  'replyDirection',
] as const;
