import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base32,
  chainsOfPortName,
  clusterCidrOf,
  endpointChain,
  endpointChainOfPortName,
  iptablesRestore,
  serviceChains,
  servicePortName,
  sha256,
  simulate,
  traceConnection,
} from '../../src/sim/index.ts';
import { compileRules, type SharedChains } from '../../src/sim/compileRules.ts';
import type { Endpoint } from '../../src/sim/kubeProxy.ts';
import { evaluateNew } from '../../src/sim/ruleWalk.ts';
import { commentText, ruleLine } from '../../src/sim/iptablesRestore.ts';
import type { ServiceSpec } from '../../src/sim/types.ts';
import { iptablesRuleSets, run } from './helpers.ts';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('sha256 and base32 (kube-proxy chain names; source: k8s-chain-names)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('matches the FIPS 180-4 vector for %j', (text, digest) => {
    expect(hex(sha256(text))).toBe(digest);
  });
  it('agrees with node:crypto across block boundaries and non-ASCII text', () => {
    for (const text of ['a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ä€😀'.repeat(40)]) {
      expect(hex(sha256(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
  it('encodes base32 like Go base32.StdEncoding (RFC 4648 vectors)', () => {
    const enc = (s: string): string => base32(new TextEncoder().encode(s));
    expect(enc('')).toBe('');
    expect(enc('f')).toBe('MY======');
    expect(enc('fo')).toBe('MZXQ====');
    expect(enc('foobar')).toBe('MZXW6YTBOI======');
  });
  it("reproduces kube-proxy's own fixture: ns1/svc1:p80 and endpoint 10.180.0.1:80", () => {
    expect(chainsOfPortName('ns1/svc1:p80').svc).toBe('KUBE-SVC-XPGD46QRK7WJZT7O');
    expect(endpointChainOfPortName('ns1/svc1:p80', '10.180.0.1:80')).toBe(
      'KUBE-SEP-SXIVWICOYRO3J4NJ',
    );
    // More names from the same fixture (cleanup_test.go / proxier_test.go).
    expect(chainsOfPortName('ns2/svc2:p80').ext).toBe('KUBE-EXT-GNZBNJ2PO5MGZ6GT');
    expect(chainsOfPortName('ns5/svc5:p80').fw).toBe('KUBE-FW-NUKIZ6OKUXPJNT4C');
    expect(endpointChainOfPortName('ns4/svc4:p80', '10.180.0.4:80')).toBe(
      'KUBE-SEP-UKSFD7AGPMPPLUHC',
    );
  });
  it('names the project Service default/shop (unnamed port: no colon in the hash input)', () => {
    const svc = run('cluster-snat').resolved.service;
    expect(servicePortName(svc)).toBe('default/shop');
    expect(serviceChains(svc)).toEqual({
      svc: 'KUBE-SVC-PFINMTQ5Y2TT4XZK',
      svl: 'KUBE-SVL-PFINMTQ5Y2TT4XZK',
      ext: 'KUBE-EXT-PFINMTQ5Y2TT4XZK',
      fw: 'KUBE-FW-PFINMTQ5Y2TT4XZK',
    });
    expect(endpointChain(svc, '10.244.1.5')).toBe('KUBE-SEP-DDWUJJZGCRHT36TT');
    expect(endpointChain(svc, '10.244.2.7')).toBe('KUBE-SEP-53QUJR23LNOMXOG2');
    expect(endpointChain(svc, '10.244.3.9')).toBe('KUBE-SEP-TASAGKSPFP4M5CE5');
  });
});

describe('cluster CIDR detector', () => {
  it.each([
    [['10.244.1.0/24', '10.244.2.0/24', '10.244.3.0/24'], '10.244.0.0/22'],
    [['10.244.1.0/24'], '10.244.1.0/24'],
    [['198.51.100.128/28', '198.51.100.144/28', '198.51.100.160/28'], '198.51.100.128/26'],
    [['10.244.1.0/24', '10.245.0.0/24'], '10.244.0.0/15'],
    [[], null],
    [['nonsense'], null],
  ])('covers %j with %s', (cidrs, expected) => {
    expect(clusterCidrOf(cidrs)).toBe(expected);
  });
});

/** A kube-proxy fixture Service: ns2/svc2:p80, ETP Local, nodePort 3001, hcnp 30000. */
const svc2: ServiceSpec = {
  namespace: 'ns2',
  name: 'svc2',
  port: 80,
  targetPort: 80,
  nodePort: 3001,
  externalTrafficPolicy: 'Local',
  healthCheckNodePort: 30000,
};
const remote = (ip: string): Endpoint => ({
  pod: 0,
  podId: 'p',
  ip,
  node: 'other-node',
  ready: true,
  serving: true,
  terminating: false,
});

describe('rule text in kube-proxy format', () => {
  // Each expected line is copied from kube-proxy's pkg/proxy/iptables cleanup_test.go fixture
  // (lines that carry non-documentation LB addresses are left out).
  const fixtureSvc2 = compileRules({
    id: 0,
    service: svc2,
    portName: 'p80',
    node: 'this-node',
    nodeIp: '198.51.100.11',
    frontendIp: '203.0.113.100',
    masquerade: true,
    endpoints: [remote('10.180.0.2')],
    clusterCidr: '10.0.0.0/8',
  });
  const fixtureSvc4 = compileRules({
    id: 1,
    service: { ...svc2, namespace: 'ns4', name: 'svc4', externalTrafficPolicy: 'Cluster' },
    portName: 'p80',
    node: 'this-node',
    nodeIp: '198.51.100.11',
    frontendIp: '203.0.113.100',
    masquerade: true,
    endpoints: [remote('10.180.0.4'), remote('10.180.0.5')],
    clusterCidr: '10.0.0.0/8',
  });
  const text2 = iptablesRestore(fixtureSvc2).split('\n');
  const text4 = iptablesRestore(fixtureSvc4).split('\n');
  it.each([
    '-A KUBE-NODEPORTS -m comment --comment ns2/svc2:p80 -m tcp -p tcp --dport 3001 -j KUBE-EXT-GNZBNJ2PO5MGZ6GT',
    '-A KUBE-EXT-GNZBNJ2PO5MGZ6GT -m comment --comment "pod traffic for ns2/svc2:p80 external destinations" -s 10.0.0.0/8 -j KUBE-SVC-GNZBNJ2PO5MGZ6GT',
    '-A KUBE-EXT-GNZBNJ2PO5MGZ6GT -m comment --comment "masquerade LOCAL traffic for ns2/svc2:p80 external destinations" -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ',
    '-A KUBE-EXT-GNZBNJ2PO5MGZ6GT -m comment --comment "route LOCAL traffic for ns2/svc2:p80 external destinations" -m addrtype --src-type LOCAL -j KUBE-SVC-GNZBNJ2PO5MGZ6GT',
    '-A KUBE-SVC-GNZBNJ2PO5MGZ6GT -m comment --comment "ns2/svc2:p80 -> 10.180.0.2:80" -j KUBE-SEP-RS4RBKLTHTF2IUXJ',
    '-A KUBE-SEP-RS4RBKLTHTF2IUXJ -m comment --comment ns2/svc2:p80 -s 10.180.0.2 -j KUBE-MARK-MASQ',
    '-A KUBE-SEP-RS4RBKLTHTF2IUXJ -m comment --comment ns2/svc2:p80 -m tcp -p tcp -j DNAT --to-destination 10.180.0.2:80',
    '-A KUBE-NODEPORTS -m comment --comment "ns2/svc2:p80 health check node port" -m tcp -p tcp --dport 30000 -j ACCEPT',
    '-A KUBE-EXTERNAL-SERVICES -m comment --comment "ns2/svc2:p80 has no local endpoints" -m addrtype --dst-type LOCAL -m tcp -p tcp --dport 3001 -j DROP',
    '-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
    '-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000',
    '-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000',
    '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS',
    '-A KUBE-FIREWALL -m comment --comment "block incoming localnet connections" -d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP',
    '-A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP',
    '-A KUBE-FORWARD -m comment --comment "kubernetes forwarding rules" -m mark --mark 0x4000/0x4000 -j ACCEPT',
    '-A KUBE-FORWARD -m comment --comment "kubernetes forwarding conntrack rule" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
  ])('ETP Local without local endpoints writes %s', (line) => {
    expect(text2).toContain(line);
  });
  it('ETP Local without local endpoints has no jump to the policy chain (source: k8s-local-no-endpoints-drop)', () => {
    expect(text2.filter((l) => l.startsWith('-A KUBE-EXT-'))).toHaveLength(3);
    expect(text2.some((l) => l.includes('KUBE-SVL-'))).toBe(false);
  });
  it.each([
    '-A KUBE-EXT-4SW47YFZTEDKD3PK -m comment --comment "masquerade traffic for ns4/svc4:p80 external destinations" -j KUBE-MARK-MASQ',
    '-A KUBE-EXT-4SW47YFZTEDKD3PK -j KUBE-SVC-4SW47YFZTEDKD3PK',
    '-A KUBE-SVC-4SW47YFZTEDKD3PK -m comment --comment "ns4/svc4:p80 -> 10.180.0.4:80" -m statistic --mode random --probability 0.5000000000 -j KUBE-SEP-UKSFD7AGPMPPLUHC',
    '-A KUBE-SVC-4SW47YFZTEDKD3PK -m comment --comment "ns4/svc4:p80 -> 10.180.0.5:80" -j KUBE-SEP-C6EBXVWJJZMIWKLZ',
    '-A KUBE-SEP-C6EBXVWJJZMIWKLZ -m comment --comment ns4/svc4:p80 -s 10.180.0.5 -j KUBE-MARK-MASQ',
    '-A KUBE-SEP-C6EBXVWJJZMIWKLZ -m comment --comment ns4/svc4:p80 -m tcp -p tcp -j DNAT --to-destination 10.180.0.5:80',
  ])('ETP Cluster writes %s', (line) => {
    expect(text4).toContain(line);
  });
  it('writes MASQUERADE with --random-fully (the fixture’s fake iptables lacks it)', () => {
    expect(text4).toContain(
      '-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE --random-fully',
    );
  });
  it('writes the LB-IP rule in the fixture’s shape for a documentation address', () => {
    // Fixture: -A KUBE-SERVICES -m comment --comment "ns2/svc2:p80 loadbalancer IP" -m tcp -p tcp -d <lb> --dport 80 -j KUBE-EXT-GNZBNJ2PO5MGZ6GT
    expect(text2).toContain(
      '-A KUBE-SERVICES -m comment --comment "ns2/svc2:p80 loadbalancer IP" -m tcp -p tcp -d 203.0.113.100 --dport 80 -j KUBE-EXT-GNZBNJ2PO5MGZ6GT',
    );
  });
  it('prints 1/n with %0.10f', () => {
    const three = compileRules({
      id: 2,
      service: { ...svc2, externalTrafficPolicy: 'Cluster' },
      node: 'n',
      nodeIp: '198.51.100.11',
      frontendIp: '203.0.113.100',
      masquerade: true,
      endpoints: [remote('10.244.1.2'), remote('10.244.1.3'), remote('10.244.1.4')],
      clusterCidr: null,
    });
    const svc = [...three.nat.values()].find((c) => c.code === 'KUBE-SVC');
    expect(
      svc?.rules.map((r) => ruleLine(three, svc.name, r).match(/--probability (\S+)/)?.[1]),
    ).toEqual(['0.3333333333', '0.5000000000', undefined]);
  });
  it('has the table layout of iptables-restore: chain lines before rules, COMMIT per table', () => {
    const out = iptablesRestore(fixtureSvc2, ['node this-node']);
    expect(out.startsWith('# node this-node\n*filter\n:INPUT ACCEPT [0:0]\n')).toBe(true);
    const tables = out.split('COMMIT\n');
    expect(tables).toHaveLength(3);
    for (const t of tables.slice(0, 2)) {
      const lines = t.split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('*'));
      const firstRule = lines.findIndex((l) => l.startsWith('-A'));
      expect(lines.slice(firstRule).every((l) => l.startsWith('-A'))).toBe(true);
      // Every chain a rule uses is declared in the same table.
      const declared = new Set(
        lines.filter((l) => l.startsWith(':')).map((l) => l.slice(1).split(' ')[0]),
      );
      for (const l of lines.slice(firstRule)) {
        expect(declared.has(l.split(' ')[1])).toBe(true);
        const jump = / -j (KUBE-[A-Z0-9-]+)/.exec(l)?.[1];
        if (jump) expect(declared.has(jump)).toBe(true);
      }
    }
    expect(out.indexOf('*filter')).toBeLessThan(out.indexOf('*nat'));
  });
  it('emits the same chains the inspector walks (one model for both)', () => {
    const r = run('cluster-snat');
    const rs = iptablesRuleSets(r)['node-1']?.[0];
    if (!rs) throw new Error('no rules');
    const text = iptablesRestore(rs);
    const trace = traceConnection(
      r,
      r.connections.findIndex((c) => c.ingressNode === 'node-1'),
    );
    const chains = (trace?.hops ?? []).flatMap((h) => h.rules.map((x) => x.chain));
    for (const c of chains.filter((x) => x.startsWith('KUBE-'))) expect(text).toContain(`:${c} `);
  });
});

describe('ETP Local without local endpoints (source: k8s-local-no-endpoints-drop)', () => {
  const r = run('local');
  const node3 = iptablesRuleSets(r)['node-3']?.[0];
  it('keeps the nodePort and LB-IP jumps to KUBE-EXT on node-3', () => {
    const ext = serviceChains(r.resolved.service).ext;
    expect(node3?.nat.get('KUBE-NODEPORTS')?.rules.map((x) => x.target)).toContainEqual({
      kind: 'jump',
      chain: ext,
    });
    expect(node3?.nat.get(ext)?.rules.map((x) => x.why)).toEqual([
      'podTrafficShortCircuit',
      'localTraffic',
      'localTraffic',
    ]);
  });
  it('short-circuits a source from the pod network through KUBE-SVC, without SNAT', () => {
    if (!node3) throw new Error('no rules');
    const hits: Parameters<typeof evaluateNew>[3] = [];
    const v = evaluateNew(
      node3,
      {
        srcIp: '10.244.2.50',
        srcInt: 0x0af40232,
        dstIp: '198.51.100.13',
        dstPort: 30080,
        srcLocal: false,
      },
      () => 0,
      hits,
    );
    expect(v).toMatchObject({ kind: 'dnat', marked: false });
    expect(hits.map((h) => [h.rule, h.why])).toEqual([
      ['KUBE-NODEPORTS', 'nodePort'],
      ['KUBE-EXT', 'podTrafficShortCircuit'],
      ['KUBE-SVC', 'random1of2'],
      ['KUBE-SEP', 'dnatToEndpoint'],
    ]);
  });
  it('detects pod traffic from the scenario’s podCIDRs, not a fixed 10.244.0.0/16', () => {
    const s = structuredClone(r.resolved);
    s.nodes = s.nodes.map((n, i) => ({ ...n, podCidr: `10.200.${i + 1}.0/24` }));
    s.pods = s.pods.map((p, i) => ({ ...p, ip: `10.200.${i + 1}.5` }));
    s.clients = [
      ...s.clients,
      { id: 'pod-net', ip: '10.200.3.50' },
      { id: 'other', ip: '10.244.3.50' },
    ];
    s.directConnections = [
      { at: 1, client: 'pod-net', node: 'node-3' },
      { at: 1.5, client: 'other', node: 'node-3' },
    ];
    const t = simulate(s, { seed: 1 });
    const direct = t.connections.filter((c) => c.direct);
    // 10.200.3.50 is pod traffic: DNATed (the reply then bypasses node-3, kubernetes#74383).
    expect(direct[0]).toMatchObject({ client: 'pod-net', reason: 'directReturnMismatch' });
    // 10.244.3.50 lies outside this cluster's pod network: dropped like any external client.
    expect(direct[1]).toMatchObject({
      client: 'other',
      outcome: 'dropped',
      reason: 'noLocalEndpoints',
    });
  });
});

describe('ICMP error rate limit (net/ipv4/inetpeer.c inet_peer_xrlim_allow)', () => {
  it('allows a burst of 6 per destination, then 1 per icmp_ratelimit (1 s)', async () => {
    const { createIcmpLimiter } = await import('../../src/sim/icmp.ts');
    const allow = createIcmpLimiter();
    const burst = Array.from({ length: 8 }, () => allow('node-1', '192.0.2.10', 0));
    expect(burst).toEqual([true, true, true, true, true, true, false, false]);
    expect(allow('node-1', '192.0.2.10', 0.5)).toBe(false);
    expect(allow('node-1', '192.0.2.10', 1)).toBe(true);
    // Another destination and another node have their own buckets.
    expect(allow('node-1', '203.0.113.25', 1)).toBe(true);
    expect(allow('node-2', '192.0.2.10', 1)).toBe(true);
    // The bucket refills to 6 and no further.
    const later = Array.from({ length: 7 }, () => allow('node-1', '192.0.2.10', 100));
    expect(later.filter(Boolean)).toHaveLength(6);
  });
});

describe('endpoint order', () => {
  it('lists endpoints sorted by their "ip:port" string, as kube-proxy does (byEndpoint)', () => {
    const r = run('local-imbalance');
    const node1 = iptablesRuleSets(r)['node-1']?.[0];
    expect(node1?.localEndpoints.map((e) => e.ip)).toEqual([
      '10.244.1.15',
      '10.244.1.25',
      '10.244.1.5',
    ]);
    const svl = node1 ? [...node1.nat.values()].find((c) => c.code === 'KUBE-SVL') : undefined;
    expect(svl?.rules.map((x) => (node1 ? commentText(node1, x) : ''))).toEqual([
      'default/shop -> 10.244.1.15:8080',
      'default/shop -> 10.244.1.25:8080',
      'default/shop -> 10.244.1.5:8080',
    ]);
  });
});

describe('chains shared between nodes', () => {
  // Local, three nodes: ready Pods on node-a and node-b, only a terminating-but-serving one on
  // node-c (the fallback set lies outside the cluster's usable endpoints).
  const ep = (ip: string, node: string, ready = true): Endpoint => ({
    pod: 0,
    podId: ip,
    ip,
    node,
    ready,
    serving: true,
    terminating: !ready,
  });
  const endpoints = [
    ep('10.244.1.5', 'node-a'),
    ep('10.244.1.15', 'node-a'),
    ep('10.244.2.7', 'node-b'),
    ep('10.244.3.9', 'node-c', false),
  ];
  const nodes = ['node-a', 'node-b', 'node-c'];
  const compile = (node: string, i: number, shared?: SharedChains) =>
    compileRules({
      id: i,
      service: svc2,
      node,
      nodeIp: `198.51.100.${11 + i}`,
      frontendIp: '203.0.113.100',
      masquerade: true,
      endpoints,
      clusterCidr: '10.244.0.0/16',
      ...(shared ? { shared } : {}),
    });

  it('write the same rules as compiling each node alone, and reuse the KUBE-SEP objects', () => {
    const shared: SharedChains = { endpoints, chains: new Map() };
    const alone = nodes.map((n, i) => compile(n, i));
    const together = nodes.map((n, i) => compile(n, i, shared));
    together.forEach((rs, i) => {
      const own = alone[i];
      if (!own) throw new Error('missing node');
      expect(iptablesRestore(rs, [])).toBe(iptablesRestore(own, []));
    });
    const sep = endpointChainOfPortName(servicePortName(svc2, ''), '10.244.2.7:80');
    expect(together[0]?.nat.get(sep)).toBeDefined();
    expect(together[2]?.nat.get(sep)).toBe(together[0]?.nat.get(sep));
    // node-c's own fallback endpoint has its chain on node-c.
    const fallback = endpointChainOfPortName(servicePortName(svc2, ''), '10.244.3.9:80');
    expect(together[2]?.nat.has(fallback)).toBe(true);
  });
});
