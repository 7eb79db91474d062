/**
 * kube-proxy's nftables mode, table by table: the names and the rules as kube-proxy writes them
 * (its own test fixtures), the walk's steps, and what differs from iptables mode where a learner
 * meets it: a NodePort on 127.0.0.1, the map lookups instead of a chain per Service.
 */
import { describe, expect, it } from 'vitest';
import type { PacketView } from '../../src/sim/dataPath.ts';
import { IPTABLES } from '../../src/sim/iptablesPath.ts';
import { ipToInt } from '../../src/sim/ip.ts';
import type { Endpoint } from '../../src/sim/kubeProxy.ts';
import { hashAndTruncate, nftEndpointChain, nftServiceChains } from '../../src/sim/nftables.ts';
import { isNftables, NFTABLES } from '../../src/sim/nftablesPath.ts';
import { nodeRuleSets, type RuleHit, type ServiceSpec } from '../../src/sim/index.ts';
import { run } from './helpers.ts';

const endpoint = (ip: string, node: string, i = 0): Endpoint => ({
  pod: i,
  podId: `p${i}`,
  ip,
  node,
  ready: true,
  serving: true,
  terminating: false,
});
const service = (ns: string, name: string, patch: Partial<ServiceSpec> = {}): ServiceSpec => ({
  namespace: ns,
  name,
  port: 80,
  targetPort: 80,
  nodePort: 3001,
  externalTrafficPolicy: 'Cluster',
  ...patch,
});
const NODE_IP = '192.168.0.2';
/** Compile one node with a data path (`portName` p80, as in kube-proxy's fixtures). */
function compile(
  path: typeof NFTABLES,
  svc: ServiceSpec,
  endpoints: Endpoint[],
  patch: { frontendIp?: string; clusterCidr?: string | null } = {},
) {
  return path.compiler()({
    id: 0,
    service: svc,
    node: 'testNode',
    nodeIp: NODE_IP,
    frontendIp: patch.frontendIp ?? '203.0.113.4',
    masquerade: true,
    endpoints,
    clusterCidr: patch.clusterCidr === undefined ? '10.0.0.0/8' : patch.clusterCidr,
    portName: 'p80',
  });
}
const packet = (srcIp: string, dstIp: string, dstPort: number, srcLocal = false): PacketView => ({
  srcIp,
  srcInt: ipToInt(srcIp),
  dstIp,
  dstPort,
  srcLocal,
});

describe('chain names as kube-proxy derives them', () => {
  it("reproduces kube-proxy's fixture names (pkg/proxy/nftables/proxier_test.go)", () => {
    expect(nftServiceChains('ns1', 'svc1', 'p80').service).toBe(
      'service-ULMVA6XW-ns1/svc1/tcp/p80',
    );
    expect(nftServiceChains('ns2', 'svc2', 'p80').external).toBe(
      'external-42NFTM6N-ns2/svc2/tcp/p80',
    );
    expect(nftServiceChains('ns3', 'svc3', 'p80').external).toBe(
      'external-4AT6LBPK-ns3/svc3/tcp/p80',
    );
    expect(nftServiceChains('ns5', 'svc5', 'p80').firewall).toBe(
      'firewall-HVFWP5L3-ns5/svc5/tcp/p80',
    );
    expect(nftEndpointChain('ns1', 'svc1', 'p80', '10.180.0.1', 80)).toBe(
      'endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80',
    );
    expect(nftEndpointChain('ns4', 'svc4', 'p80', '10.180.0.5', 80)).toBe(
      'endpoint-5RFCDDV7-ns4/svc4/tcp/p80__10.180.0.5/80',
    );
  });
  it('keeps the readable name after the hash: an unnamed port ends in a slash', () => {
    expect(hashAndTruncate('default/shop/tcp/')).toMatch(/^[A-Z2-7]{8}-default\/shop\/tcp\/$/);
    const r = run('cluster-snat', { 'kubeProxy.mode': 'nftables' });
    const chains = r.featured[0]?.hops.flatMap((h) => h.rules.map((x) => x.chain)) ?? [];
    expect(chains.some((c) => /^service-[A-Z2-7]{8}-default\/shop\/tcp\/$/.test(c))).toBe(true);
    expect(
      chains.some((c) =>
        /^endpoint-[A-Z2-7]{8}-default\/shop\/tcp\/__10\.244\.\d+\.\d+\/8080$/.test(c),
      ),
    ).toBe(true);
  });
});

describe('the nft script in kube-proxy format', () => {
  // Each expected line is copied from kube-proxy's nftables proxier_test.go (baseRules and
  // TestOverallNFTablesRules); lines that carry non-documentation LB addresses are rewritten
  // to the LB address the test uses, 203.0.113.4.
  const base = [
    'add table ip kube-proxy { comment "rules for kube-proxy" ; }',
    'add set ip kube-proxy cluster-ips { type ipv4_addr ; comment "Active ClusterIPs" ; }',
    'add set ip kube-proxy nodeport-ips { type ipv4_addr ; comment "IPs that accept NodePort traffic" ; }',
    'add map ip kube-proxy no-endpoint-nodeports { type inet_proto . inet_service : verdict ; comment "vmap to drop or reject packets to service nodeports with no endpoints" ; }',
    'add map ip kube-proxy service-ips { type ipv4_addr . inet_proto . inet_service : verdict ; comment "ClusterIP, ExternalIP and LoadBalancer IP traffic" ; }',
    'add chain ip kube-proxy filter-prerouting-pre-dnat { type filter hook prerouting priority -110 ; }',
    'add chain ip kube-proxy filter-forward { type filter hook forward priority 0 ; }',
    'add chain ip kube-proxy filter-input { type filter hook input priority 0 ; }',
    'add chain ip kube-proxy nat-prerouting { type nat hook prerouting priority -100 ; }',
    'add chain ip kube-proxy nat-postrouting { type nat hook postrouting priority 100 ; }',
    'add chain ip kube-proxy reject-chain { comment "helper for @no-endpoint-services / @no-endpoint-nodeports" ; }',
    'add rule ip kube-proxy cluster-ips-check ip daddr @cluster-ips reject comment "Reject traffic to invalid ports of ClusterIPs"',
    'add rule ip kube-proxy filter-prerouting-pre-dnat ct state new jump firewall-check',
    'add rule ip kube-proxy filter-forward ct state new jump service-endpoints-check',
    'add rule ip kube-proxy filter-forward ct state new jump cluster-ips-check',
    'add rule ip kube-proxy filter-input ct state new jump nodeport-endpoints-check',
    'add rule ip kube-proxy filter-input ct state new jump service-endpoints-check',
    'add rule ip kube-proxy filter-output-pre-dnat ct state new jump firewall-check',
    'add rule ip kube-proxy firewall-check ip daddr . meta l4proto . th dport vmap @firewall-ips',
    'add rule ip kube-proxy mark-for-masquerade mark set mark or 0x4000',
    'add rule ip kube-proxy masquerading mark and 0x4000 == 0 return',
    'add rule ip kube-proxy masquerading mark set mark xor 0x4000',
    'add rule ip kube-proxy masquerading masquerade fully-random',
    'add rule ip kube-proxy nat-prerouting jump services',
    'add rule ip kube-proxy nat-postrouting jump masquerading',
    'add rule ip kube-proxy nodeport-endpoints-check ip daddr @nodeport-ips meta l4proto . th dport vmap @no-endpoint-nodeports',
    'add rule ip kube-proxy reject-chain reject',
    'add rule ip kube-proxy services ip daddr . meta l4proto . th dport vmap @service-ips',
    'add rule ip kube-proxy services ip daddr @nodeport-ips meta l4proto . th dport vmap @service-nodeports',
    'add element ip kube-proxy nodeport-ips { 192.168.0.2 }',
    'add rule ip kube-proxy service-endpoints-check ip daddr . meta l4proto . th dport vmap @no-endpoint-services',
  ];
  it('writes the base table of setupNFTables', () => {
    const lines = compile(NFTABLES, service('ns3', 'svc3', { nodePort: 3003 }), [])
      .kernel()
      .text.split('\n');
    for (const l of base) expect(lines).toContain(l);
  });
  it('writes a Cluster NodePort Service as svc3 of the fixture', () => {
    const text = compile(NFTABLES, service('ns3', 'svc3', { nodePort: 3003 }), [
      endpoint('10.180.0.3', 'node2'),
    ]).kernel().text;
    for (const l of [
      'add chain ip kube-proxy service-4AT6LBPK-ns3/svc3/tcp/p80',
      'add rule ip kube-proxy service-4AT6LBPK-ns3/svc3/tcp/p80 numgen random mod 1 vmap { 0 : goto endpoint-UEIP74TE-ns3/svc3/tcp/p80__10.180.0.3/80 }',
      'add rule ip kube-proxy external-4AT6LBPK-ns3/svc3/tcp/p80 jump mark-for-masquerade',
      'add rule ip kube-proxy external-4AT6LBPK-ns3/svc3/tcp/p80 goto service-4AT6LBPK-ns3/svc3/tcp/p80',
      'add rule ip kube-proxy endpoint-UEIP74TE-ns3/svc3/tcp/p80__10.180.0.3/80 ip saddr 10.180.0.3 jump mark-for-masquerade',
      'add rule ip kube-proxy endpoint-UEIP74TE-ns3/svc3/tcp/p80__10.180.0.3/80 meta l4proto tcp dnat to 10.180.0.3:80',
      'add element ip kube-proxy service-nodeports { tcp . 3003 : goto external-4AT6LBPK-ns3/svc3/tcp/p80 }',
    ])
      expect(text.split('\n')).toContain(l);
  });
  it('spreads over two endpoints in kube-proxy order (svc4)', () => {
    const text = compile(NFTABLES, service('ns4', 'svc4'), [
      endpoint('10.180.0.5', 'testNode', 1),
      endpoint('10.180.0.4', 'node2', 0),
    ]).kernel().text;
    expect(text).toContain(
      'add rule ip kube-proxy service-LAUZTJTB-ns4/svc4/tcp/p80 numgen random mod 2 vmap { 0 : goto endpoint-UNZV3OEC-ns4/svc4/tcp/p80__10.180.0.4/80 , 1 : goto endpoint-5RFCDDV7-ns4/svc4/tcp/p80__10.180.0.5/80 }',
    );
  });
  it('writes a Local LB Service without local endpoints as svc2: short-circuits, then drop', () => {
    const text = compile(NFTABLES, service('ns2', 'svc2', { externalTrafficPolicy: 'Local' }), [
      endpoint('10.180.0.2', 'node2'),
    ]).kernel().text;
    const ext = 'external-42NFTM6N-ns2/svc2/tcp/p80';
    for (const l of [
      `add rule ip kube-proxy ${ext} ip saddr 10.0.0.0/8 goto service-42NFTM6N-ns2/svc2/tcp/p80 comment "short-circuit pod traffic"`,
      `add rule ip kube-proxy ${ext} fib saddr type local jump mark-for-masquerade comment "masquerade local traffic"`,
      `add rule ip kube-proxy ${ext} fib saddr type local goto service-42NFTM6N-ns2/svc2/tcp/p80 comment "short-circuit local traffic"`,
      `add element ip kube-proxy service-ips { 203.0.113.4 . tcp . 80 : goto ${ext} }`,
      `add element ip kube-proxy service-nodeports { tcp . 3001 : goto ${ext} }`,
      'add element ip kube-proxy no-endpoint-nodeports { tcp . 3001 comment "ns2/svc2:p80" : drop }',
      'add element ip kube-proxy no-endpoint-services { 203.0.113.4 . tcp . 80 comment "ns2/svc2:p80" : drop }',
    ])
      expect(text.split('\n')).toContain(l);
    // No goto to a local- chain: there is no local endpoint to spread over.
    expect(text).not.toContain('local-42NFTM6N');
  });
  it('rejects through reject-chain when the Service has no endpoints at all (svc6)', () => {
    const text = compile(NFTABLES, service('ns6', 'svc6'), []).kernel().text;
    expect(text).toContain(
      'add element ip kube-proxy no-endpoint-services { 203.0.113.4 . tcp . 80 comment "ns6/svc6:p80" : goto reject-chain }',
    );
    expect(text).not.toContain('add element ip kube-proxy service-ips');
  });
});

describe('the walk: map lookups, numgen, and their steps', () => {
  const svc = service('default', 'shop', { nodePort: 30080 });
  const eps = [endpoint('10.244.1.5', 'testNode', 0), endpoint('10.244.2.5', 'node2', 1)];
  it('dispatches the LB IP through service-ips and lists the element it found', () => {
    const rs = compile(NFTABLES, svc, eps);
    const hits: RuleHit[] = [];
    const v = rs.trace(packet('192.0.2.10', '203.0.113.4', 80), 1, hits);
    expect(v).toEqual({ kind: 'dnat', endpoint: 1, marked: true });
    const ext = nftServiceChains('default', 'shop', 'p80').external;
    expect(hits[0]).toEqual({
      rule: 'services',
      chain: 'services',
      verdict: 'jump',
      why: 'loadBalancerIp',
      lookup: { map: 'service-ips', element: `203.0.113.4 . tcp . 80 : goto ${ext}` },
    });
    expect(hits.map((h) => [h.rule, h.verdict, h.why])).toEqual([
      ['services', 'jump', 'loadBalancerIp'],
      ['external', 'jump', 'clusterPolicy'],
      ['mark-for-masquerade', 'mark', 'externalDestination'],
      ['service', 'jump', 'numgen1mod2'],
      ['endpoint', 'dnat', 'dnatToEndpoint'],
    ]);
    expect(hits[3]?.lookup?.map).toBe('numgen random mod 2');
    // Step for step what the iptables chains do with the same packet and choice.
    const ipt: RuleHit[] = [];
    compile(IPTABLES, svc, eps).trace(packet('192.0.2.10', '203.0.113.4', 80), 1, ipt);
    expect(ipt.map((h) => [h.rule, h.verdict, h.why])).toEqual([
      ['KUBE-SERVICES', 'jump', 'loadBalancerIp'],
      ['KUBE-EXT', 'jump', 'clusterPolicy'],
      ['KUBE-MARK-MASQ', 'mark', 'externalDestination'],
      ['KUBE-SVC', 'jump', 'lastEndpoint'],
      ['KUBE-SEP', 'dnat', 'dnatToEndpoint'],
    ]);
    expect(rs.masquerade(true, false, hits)).toBe(true);
    expect(hits.at(-1)).toMatchObject({ rule: 'masquerade', verdict: 'snat' });
  });
  it('picks endpoints as often as the iptables statistic rules, from the same draws', () => {
    const nft = compile(NFTABLES, svc, eps);
    const ipt = compile(IPTABLES, svc, eps);
    let seed = 7;
    const draws: number[] = [];
    for (let i = 0; i < 2000; i++) draws.push((seed = (seed * 16807) % 2147483647) / 2147483647);
    const pick = (rs: typeof nft) => {
      let i = 0;
      return draws
        .slice(0, 1000)
        .map(
          () => rs.evaluate(packet('192.0.2.10', NODE_IP, 30080), () => draws[i++] ?? 0).endpoint,
        );
    };
    const a = pick(nft);
    expect(a).toEqual(pick(ipt));
    expect(a.filter((e) => e === 0).length / a.length).toBeCloseTo(0.5, 1);
  });
  it('drops a NodePort without local endpoints in nodeport-endpoints-check under Local', () => {
    const rs = compile(NFTABLES, { ...svc, externalTrafficPolicy: 'Local' }, [
      endpoint('10.244.2.5', 'node2', 1),
    ]);
    const hits: RuleHit[] = [];
    expect(rs.trace(packet('192.0.2.10', NODE_IP, 30080), -1, hits).kind).toBe('drop');
    expect(hits.map((h) => [h.rule, h.verdict, h.why])).toEqual([
      ['services', 'jump', 'nodePort'],
      ['external', 'jump', 'externalNoLocalEndpointsNft'],
      ['nodeport-endpoints-check', 'drop', 'noLocalEndpointsMap'],
    ]);
  });
});

describe('what differs from iptables mode', () => {
  const svc = service('default', 'shop', { nodePort: 30080 });
  const eps = [endpoint('10.244.1.5', 'testNode')];
  it('a NodePort on 127.0.0.1: iptables mode serves it, nftables mode does not', () => {
    // kube-proxy's iptables mode (localhostNodePorts: true, route_localnet=1) DNATs it; nftables
    // mode only accepts NodePorts on the node's primary IP (nodeport-ips), so nothing listens.
    const local = packet('127.0.0.1', '127.0.0.1', 30080, true);
    for (const policy of ['Cluster', 'Local'] as const) {
      const s = { ...svc, externalTrafficPolicy: policy };
      expect(compile(IPTABLES, s, eps).evaluate(local, () => 0)).toEqual({
        kind: 'dnat',
        endpoint: 0,
        marked: true,
      });
      expect(compile(NFTABLES, s, eps).evaluate(local, () => 0).kind).toBe('accept');
    }
    // The node's own IP works in both modes.
    const own = packet(NODE_IP, NODE_IP, 30080, true);
    expect(compile(IPTABLES, svc, eps).evaluate(own, () => 0).kind).toBe('dnat');
    expect(compile(NFTABLES, svc, eps).evaluate(own, () => 0).kind).toBe('dnat');
  });
  it('a NodePort on another local address: only the node IP is in nodeport-ips', () => {
    const rs = compile(NFTABLES, svc, eps);
    if (!isNftables(rs)) throw new Error('not nftables');
    expect(rs.sets.get('nodeport-ips')?.elements).toEqual([NODE_IP]);
  });
  it('one lookup per Service in a map, not a chain per Service', () => {
    const r = run('cluster-snat', { 'kubeProxy.mode': 'nftables' });
    const rs = nodeRuleSets(r)['node-1']?.[0];
    if (!rs || !isNftables(rs)) throw new Error('not nftables');
    expect(rs.maps.get('service-ips')?.elements).toHaveLength(1);
    expect(rs.maps.get('service-nodeports')?.elements).toHaveLength(1);
    expect(rs.chains.get('services')?.rules).toHaveLength(2);
  });
});
