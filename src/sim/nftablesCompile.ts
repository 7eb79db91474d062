/**
 * kube-proxy's nftables sync for one node: the `ip kube-proxy` table as `setupNFTables` and
 * `syncProxyRules` write it for the scenario's Service (pkg/proxy/nftables/proxier.go, source:
 * kube-proxy-nft-table; the base chains and priorities of 1.34 and later 1.33 patch releases,
 * source: kube-proxy-nft-filter-priorities). Types and names: nftables.ts; the walk:
 * nftablesWalk.ts.
 */
import type { DataPathInput } from './dataPath.ts';
import { ipToInt } from './ip.ts';
import { byEndpoint, servicePortName, usableEndpoints, type Endpoint } from './kubeProxy.ts';
import {
  nftEndpointChain,
  nftServiceChains,
  numgenWhy,
  type NftBase,
  type NftChain,
  type NftElement,
  type NftMap,
  type NftMatch,
  type NftRule,
  type NftSet,
  type NftTables,
  type NftVerdict,
} from './nftables.ts';
import { compileNftTests } from './nftablesWalk.ts';
import { endpointView } from './endpoint.ts';
import type { RuleCode } from './types.ts';

/** Chains no node changes (`mark-for-masquerade`, `service-`, `endpoint-`), per endpoint list. */
export interface SharedNftChains {
  endpoints: readonly Endpoint[];
  chains: Map<string, NftChain>;
}

/** `ip saddr <cidr>` with its mask precomputed. */
function saddr(text: string, negate = false): NftMatch {
  const [ip = '', bitsText] = text.split('/');
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { kind: 'saddr', text, base: (ipToInt(ip) & mask) >>> 0, mask, negate };
}

const rule = (
  match: NftMatch[],
  stmt: NftRule['stmt'],
  why = 'generic',
  comment?: string,
): NftRule => (comment === undefined ? { match, stmt, why } : { match, stmt, why, comment });
const go = (kind: 'jump' | 'goto', chain: string): NftRule['stmt'] => ({
  kind: 'verdict',
  verdict: { kind, chain },
});
const CT_NEW: NftMatch = { kind: 'ctNew' };

/** A verdict map with its lookup index. */
function vmap(name: string, withAddress: boolean, comment: string): NftMap {
  return { name, withAddress, comment, elements: [], lookup: new Map() };
}
function addElement(m: NftMap, e: NftElement): void {
  m.elements.push(e);
  const key = e.ip ?? '';
  let byPort = m.lookup.get(key);
  if (!byPort) m.lookup.set(key, (byPort = new Map()));
  byPort.set(e.port, e);
}

/** The table's fixed part (`setupNFTables`): base chains, jump chains, sets, maps, helpers. */
function skeleton(
  input: DataPathInput,
  chain: (name: string, code: RuleCode | null, base?: NftBase, comment?: string) => NftChain,
): { maps: Map<string, NftMap>; sets: Map<string, NftSet> } {
  const base = (name: string, b: NftBase, jumps: string[], ctNew: boolean): void => {
    chain(name, null, b).rules = jumps.map((to) => rule(ctNew ? [CT_NEW] : [], go('jump', to)));
  };
  base(
    'filter-prerouting-pre-dnat',
    { type: 'filter', hook: 'prerouting', priority: -110 },
    ['firewall-check'],
    true,
  );
  base(
    'filter-output-pre-dnat',
    { type: 'filter', hook: 'output', priority: -110 },
    ['firewall-check'],
    true,
  );
  base(
    'filter-forward',
    { type: 'filter', hook: 'forward', priority: 0 },
    ['service-endpoints-check', 'cluster-ips-check'],
    true,
  );
  base(
    'filter-input',
    { type: 'filter', hook: 'input', priority: 0 },
    ['nodeport-endpoints-check', 'service-endpoints-check'],
    true,
  );
  base(
    'filter-output',
    { type: 'filter', hook: 'output', priority: 0 },
    ['service-endpoints-check', 'cluster-ips-check'],
    true,
  );
  base('nat-prerouting', { type: 'nat', hook: 'prerouting', priority: -100 }, ['services'], false);
  base('nat-output', { type: 'nat', hook: 'output', priority: -100 }, ['services'], false);
  base(
    'nat-postrouting',
    { type: 'nat', hook: 'postrouting', priority: 100 },
    ['masquerading'],
    false,
  );
  chain('cluster-ips-check', null).rules = [
    rule(
      [{ kind: 'daddrInSet', set: 'cluster-ips' }],
      { kind: 'verdict', verdict: { kind: 'reject' } },
      'generic',
      'Reject traffic to invalid ports of ClusterIPs',
    ),
  ];
  chain('firewall-check', null).rules = [rule([], { kind: 'vmap', map: 'firewall-ips' })];
  // source: kube-proxy-nft-masquerade
  chain('masquerading', 'masquerading').rules = [
    rule(
      [{ kind: 'markClear' }],
      { kind: 'verdict', verdict: { kind: 'return' } },
      'noMasqueradeMark',
    ),
    // Clear the mark so a packet that passes the stack again is not masqueraded twice.
    rule([], { kind: 'markUnset' }),
    rule([], { kind: 'masquerade' }, 'masqueradeMarkSet'),
  ];
  chain('nodeport-endpoints-check', 'nodeport-endpoints-check').rules = [
    rule([{ kind: 'daddrInSet', set: 'nodeport-ips' }], {
      kind: 'vmap',
      map: 'no-endpoint-nodeports',
    }),
  ];
  chain(
    'reject-chain',
    null,
    undefined,
    'helper for @no-endpoint-services / @no-endpoint-nodeports',
  ).rules = [rule([], { kind: 'verdict', verdict: { kind: 'reject' } })];
  chain('services', 'services').rules = [
    rule([], { kind: 'vmap', map: 'service-ips' }),
    // `--nodeport-addresses primary`: NodePorts only on the node's own IP, never on 127.0.0.1
    // (source: kube-proxy-nft-nodeport-primary, kube-proxy-nft-no-localhost-nodeports).
    rule([{ kind: 'daddrInSet', set: 'nodeport-ips' }], { kind: 'vmap', map: 'service-nodeports' }),
  ];
  chain('service-endpoints-check', 'service-endpoints-check').rules = [
    rule([], { kind: 'vmap', map: 'no-endpoint-services' }),
  ];
  const sets = new Map<string, NftSet>([
    ['cluster-ips', { name: 'cluster-ips', comment: 'Active ClusterIPs', elements: [] }],
    [
      'nodeport-ips',
      {
        name: 'nodeport-ips',
        comment: 'IPs that accept NodePort traffic',
        elements: [input.nodeIp],
      },
    ],
  ]);
  const maps = new Map<string, NftMap>(
    [
      vmap('firewall-ips', true, 'destinations that are subject to LoadBalancerSourceRanges'),
      vmap(
        'no-endpoint-nodeports',
        false,
        'vmap to drop or reject packets to service nodeports with no endpoints',
      ),
      vmap(
        'no-endpoint-services',
        true,
        'vmap to drop or reject packets to services with no endpoints',
      ),
      vmap('service-ips', true, 'ClusterIP, ExternalIP and LoadBalancer IP traffic'),
      vmap('service-nodeports', false, 'NodePort traffic'),
    ].map((m) => [m.name, m]),
  );
  return { maps, sets };
}

/** Build the `ip kube-proxy` table kube-proxy's nftables mode writes on one node. */
export function compileNftables(input: DataPathInput, shared: SharedNftChains | null): NftTables {
  const { service, node } = input;
  const portName = input.portName ?? '';
  const svcName = servicePortName(service, portName);
  const names = nftServiceChains(service.namespace, service.name, portName);
  const epChain = (ip: string): string =>
    nftEndpointChain(service.namespace, service.name, portName, ip, service.targetPort);
  const sorted = byEndpoint(input.endpoints, service.targetPort);
  const clusterEndpoints = usableEndpoints(sorted);
  const localEndpoints = usableEndpoints(sorted.filter((e) => e.node === node));
  const local = service.externalTrafficPolicy === 'Local';
  const hasEndpoints = clusterEndpoints.length > 0;
  const hasExternalEndpoints = local ? localEndpoints.length > 0 : hasEndpoints;

  const chains = new Map<string, NftChain>();
  const reuse = shared?.endpoints === input.endpoints ? shared : null;
  const reused = new Set<NftChain>();
  const chain = (
    name: string,
    code: RuleCode | null,
    base?: NftBase,
    comment?: string,
  ): NftChain => {
    const c: NftChain = { name, code, rules: [], fast: [] };
    if (base) c.base = base;
    if (comment !== undefined) c.comment = comment;
    chains.set(name, c);
    return c;
  };
  /** A chain no node changes: taken from another node's compile when it wrote it already. */
  const sharedChain = (name: string, code: RuleCode, build: (c: NftChain) => void): void => {
    const hit = reuse?.chains.get(name);
    if (hit) {
      chains.set(name, hit);
      reused.add(hit);
      return;
    }
    const c = chain(name, code);
    build(c);
    reuse?.chains.set(name, c);
  };
  const { maps, sets } = skeleton(input, chain);
  sharedChain('mark-for-masquerade', 'mark-for-masquerade', (c) => {
    c.rules.push(rule([], { kind: 'markSet' }, 'masqueradeMarkSet'));
  });

  // `numgen random mod n vmap { 0 : goto endpoint-…, … }` over the policy's endpoints
  // (source: kube-proxy-nft-numgen).
  const spread = (c: NftChain, eps: Endpoint[]): void => {
    c.rules.push(
      rule(
        [],
        { kind: 'numgen', targets: eps.map((e) => epChain(e.ip)) },
        numgenWhy(0, eps.length),
      ),
    );
  };
  if (hasEndpoints) sharedChain(names.service, 'service', (c) => spread(c, clusterEndpoints));
  if (local && localEndpoints.length > 0) spread(chain(names.local, 'local'), localEndpoints);

  // The external chain exists whenever the Service has endpoints anywhere: its short-circuit
  // rules must work on a node without local endpoints (`usesExternalTrafficChain`; source:
  // kube-proxy-nft-traffic-policy).
  if (hasEndpoints) {
    const ext = chain(names.external, 'external');
    if (!local) {
      // masquerade:false is the teaching what-if: the unconditional mark rule is left out.
      if (input.masquerade)
        ext.rules.push(rule([], go('jump', 'mark-for-masquerade'), 'externalDestination'));
    } else {
      if (input.clusterCidr !== null)
        ext.rules.push(
          rule(
            [saddr(input.clusterCidr)],
            go('goto', names.service),
            'podTrafficShortCircuit',
            'short-circuit pod traffic',
          ),
        );
      ext.rules.push(
        rule(
          [{ kind: 'fibSaddrLocal' }],
          go('jump', 'mark-for-masquerade'),
          'localTraffic',
          'masquerade local traffic',
        ),
        rule(
          [{ kind: 'fibSaddrLocal' }],
          go('goto', names.service),
          'localTraffic',
          'short-circuit local traffic',
        ),
      );
    }
    if (hasExternalEndpoints)
      ext.rules.push(
        rule(
          [],
          go('goto', local ? names.local : names.service),
          local ? 'externalClient' : 'clusterPolicy',
        ),
      );
  }
  const endpointIndex = new Map(input.endpoints.map((e, i) => [e, i]));
  for (const e of new Set([...clusterEndpoints, ...(local ? localEndpoints : [])])) {
    sharedChain(epChain(e.ip), 'endpoint', (c) => {
      c.rules.push(
        // Hairpin: a Pod reaching itself through the Service must be masqueraded.
        rule([saddr(e.ip)], go('jump', 'mark-for-masquerade'), 'hairpinMasquerade'),
        rule(
          [],
          {
            kind: 'dnat',
            endpoint: endpointIndex.get(e) ?? 0,
            to: `${e.ip}:${service.targetPort}`,
          },
          'dnatToEndpoint',
        ),
      );
    });
  }

  // The maps: the LB IP and the NodePort dispatch to the external chain; without (local)
  // endpoints the no-endpoint maps drop (none here) or reject (none anywhere; source:
  // kube-proxy-nft-no-endpoints).
  const filterVerdict: NftVerdict = hasEndpoints
    ? { kind: 'drop' }
    : { kind: 'goto', chain: 'reject-chain' };
  const filterWhy = hasEndpoints ? 'noLocalEndpointsMap' : 'noEndpointsMap';
  const toExternal: NftVerdict = { kind: 'goto', chain: names.external };
  const lb = { ip: input.frontendIp, port: service.port };
  const nodePort = { ip: null, port: service.nodePort };
  const at = (name: string): NftMap => maps.get(name) ?? vmap(name, false, '');
  if (input.capturesLbIp !== false) {
    if (hasEndpoints)
      addElement(at('service-ips'), { ...lb, verdict: toExternal, why: 'loadBalancerIp' });
    if (!hasExternalEndpoints)
      addElement(at('no-endpoint-services'), {
        ...lb,
        verdict: filterVerdict,
        comment: svcName,
        why: filterWhy,
      });
  }
  if (hasEndpoints)
    addElement(at('service-nodeports'), { ...nodePort, verdict: toExternal, why: 'nodePort' });
  if (!hasExternalEndpoints)
    addElement(at('no-endpoint-nodeports'), {
      ...nodePort,
      verdict: filterVerdict,
      comment: svcName,
      why: filterWhy,
    });

  for (const c of chains.values())
    if (!reused.has(c)) c.fast = compileNftTests(c, chains, maps, sets);
  return {
    ...endpointView(input, node, clusterEndpoints, localEndpoints, svcName),
    chains,
    maps,
    sets,
  };
}
