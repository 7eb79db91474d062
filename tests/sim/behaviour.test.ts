import { describe, expect, it } from 'vitest';
import {
  getScenario,
  hcnpBody,
  kubeProxyHealthzStatus,
  serviceChains,
  simulate,
  stateAt,
  traceConnection,
} from '../../src/sim/index.ts';
import { IPTABLES } from '../../src/sim/iptablesPath.ts';
import { run, synRules } from './helpers.ts';

describe('ETP Cluster with SNAT', () => {
  // A load balancer that rewrites to nodeIP:nodePort (AWS instance targets); Azure keeps the VIP.
  const r = run('cluster-snat', { 'traffic.duration': '20', 'loadBalancer.delivery': 'nodePort' });
  const ok = r.connections.filter((c) => c.outcome === 'ok');
  const nodeIp = new Map(r.resolved.nodes.map((n) => [n.id, n.ip]));

  it('never shows the client IP to the pod', () => {
    expect(ok.length).toBe(r.connections.length);
    expect(ok.every((c) => c.sourceSeenByPod !== c.clientAddr.ip)).toBe(true);
    expect(r.summary.clientIpPreserved).toBe(0);
  });

  it('uses the ingress node IP across nodes and the bridge .1 on the same node', () => {
    const cross = ok.filter((c) => c.podNode !== c.ingressNode);
    const same = ok.filter((c) => c.podNode === c.ingressNode);
    expect(cross.length).toBeGreaterThan(0);
    expect(same.length).toBeGreaterThan(0);
    for (const c of cross) expect(c.sourceSeenByPod).toBe(nodeIp.get(c.ingressNode ?? ''));
    for (const c of same)
      expect(c.sourceSeenByPod).toBe(`10.244.${(c.ingressNode ?? '').slice(5)}.1`);
  });

  it('walks KUBE-NODEPORTS → KUBE-EXT → KUBE-MARK-MASQ → KUBE-SVC → KUBE-SEP → POSTROUTING/MASQUERADE', () => {
    expect(synRules(r, 0)).toEqual([
      'KUBE-NODEPORTS',
      'KUBE-EXT',
      'KUBE-MARK-MASQ',
      'KUBE-SVC',
      'KUBE-SEP',
      'KUBE-POSTROUTING',
      'MASQUERADE',
    ]);
  });

  it('picks endpoints with statistic probabilities 1/n, 1/(n−1)…', () => {
    const whys = new Set(
      ok
        .slice(0, 60)
        .map(
          (c) => traceConnection(r, c.id)?.hops[1]?.rules.find((h) => h.rule === 'KUBE-SVC')?.why,
        ),
    );
    expect(whys).toEqual(new Set(['random1of3', 'random1of2', 'lastEndpoint']));
  });

  it('uses the KUBE-SERVICES loadbalancer-IP rule when the LB keeps the VIP', () => {
    const vip = run('cluster-snat', { 'loadBalancer.delivery': 'vip' });
    expect(synRules(vip, 0).slice(0, 2)).toEqual(['KUBE-SERVICES', 'KUBE-EXT']);
    const hop = traceConnection(vip, 0)?.hops[1];
    expect(hop?.before.dst).toEqual({ ip: '203.0.113.100', port: 80 });
  });

  it('records the conntrack entry on the translating node and un-NATs the reply', () => {
    const c = ok.find((x) => x.podNode !== x.ingressNode);
    const trace = c ? traceConnection(r, c.id) : undefined;
    expect(trace?.conntrack).toHaveLength(1);
    const ct = trace?.conntrack[0];
    expect(ct?.node).toBe(c?.ingressNode);
    expect(ct?.original.src).toEqual(c?.clientAddr);
    expect(ct?.original.dst).toEqual({ ip: nodeIp.get(c?.ingressNode ?? ''), port: 30080 });
    expect(ct?.reply.dst.ip).toBe(nodeIp.get(c?.ingressNode ?? ''));
    expect(ct?.state).toBe('ESTABLISHED');
    const unnat = trace?.hops.find(
      (h) => h.kind === 'SYN-ACK' && h.marks.includes('unnat') && h.to === c?.ingressNode,
    );
    expect(unnat?.rules[0]).toMatchObject({ rule: 'conntrack', verdict: 'unnat' });
    expect(unnat?.after.dst).toEqual(c?.clientAddr);
    const atClient = trace?.hops.find((h) => h.kind === 'SYN-ACK' && h.to === c?.client);
    expect(atClient?.after.src).toEqual({ ip: '203.0.113.100', port: 80 });
    expect(atClient?.marks).toContain('established');
  });

  it('gives every pod about 1/P', () => {
    const big = run('cluster-snat', { 'traffic.rate': '1000', 'traffic.duration': '6' });
    for (const share of Object.values(big.summary.podShare)) expect(share).toBeCloseTo(1 / 3, 1);
    expect(big.summary.expectedShare).toEqual({ 'pod-a': 1 / 3, 'pod-b': 1 / 3, 'pod-c': 1 / 3 });
  });
});

describe('SNAT switched off (teaching what-if)', () => {
  const r = run('cluster-no-snat', { 'traffic.duration': '20' });
  it('times out cross-node connections with directReturnMismatch, serves same-node ones', () => {
    for (const c of r.connections) {
      if (c.podNode === c.ingressNode) {
        expect(c.outcome).toBe('ok');
        expect(c.sourceSeenByPod).toBe(c.clientAddr.ip);
      } else {
        expect(c).toMatchObject({ outcome: 'timeout', reason: 'directReturnMismatch' });
      }
    }
  });
  it('shows the pod answering the client directly from its own address', () => {
    const c = r.connections.find((x) => x.reason === 'directReturnMismatch');
    const trace = c ? traceConnection(r, c.id) : undefined;
    const direct = trace?.hops.find((h) => h.marks.includes('directReturn'));
    expect(direct?.to).toBe(c?.client);
    expect(direct?.after.src.ip.startsWith('10.244.')).toBe(true);
    expect(direct?.after.src.port).toBe(8080);
    expect(direct?.marks).toContain('clientDiscard');
    expect(synRules(r, c?.id ?? -1)).not.toContain('KUBE-MARK-MASQ');
  });
});

describe('ETP Local', () => {
  const r = run('local', { 'traffic.duration': '20' });
  it('preserves the client IP on every served connection and skips MASQUERADE', () => {
    const ok = r.connections.filter((c) => c.outcome === 'ok');
    expect(ok.length).toBeGreaterThan(100);
    expect(
      ok.every((c) => c.sourceSeenByPod === c.clientAddr.ip && c.podNode === c.ingressNode),
    ).toBe(true);
    // Azure keeps the frontend IP (floating IP): KUBE-SERVICES' loadbalancer-IP rule matches.
    const rules = synRules(r, ok[0]?.id ?? -1);
    expect(rules).toEqual([
      'KUBE-SERVICES',
      'KUBE-EXT',
      'KUBE-SVL',
      'KUBE-SEP',
      'KUBE-POSTROUTING',
    ]);
    expect(rules).not.toContain('MASQUERADE');
  });
  it('starts with node-3 out of rotation (its hcnp answers 503)', () => {
    expect(r.initialLbRotation).toEqual({ 'node-1': true, 'node-2': true, 'node-3': false });
    expect(r.connections.filter((c) => !c.direct).every((c) => c.ingressNode !== 'node-3')).toBe(
      true,
    );
    const probe = r.events.find((e) => e.type === 'probe.result' && e.node === 'node-3');
    expect(probe).toMatchObject({
      ok: false,
      status: 503,
      localEndpoints: 0,
      serviceProxyHealthy: true,
    });
  });
  it('walks KUBE-NODEPORTS → KUBE-EXT (no match) and drops in KUBE-EXTERNAL-SERVICES (source: k8s-local-no-endpoints-drop)', () => {
    const c = r.connections.find((x) => x.direct);
    expect(c).toMatchObject({
      ingressNode: 'node-3',
      outcome: 'dropped',
      reason: 'noLocalEndpoints',
    });
    const trace = traceConnection(r, c?.id ?? -1);
    const ext = serviceChains(r.resolved.service).ext;
    expect(trace?.hops.at(-1)?.rules).toEqual([
      { rule: 'KUBE-NODEPORTS', chain: 'KUBE-NODEPORTS', verdict: 'jump', why: 'nodePort' },
      { rule: 'KUBE-EXT', chain: ext, verdict: 'jump', why: 'externalNoLocalEndpoints' },
      {
        rule: 'KUBE-EXTERNAL-SERVICES',
        chain: 'KUBE-EXTERNAL-SERVICES',
        verdict: 'drop',
        why: 'noLocalEndpoints',
      },
    ]);
  });
  it('matches 1/(N·k_i) for the 3/1/1 placement', () => {
    const big = run('local-imbalance', { 'traffic.rate': '2000', 'traffic.duration': '10' });
    expect(big.summary.expectedShare).toEqual({
      'pod-a': 1 / 9,
      'pod-b': 1 / 3,
      'pod-c': 1 / 3,
      'pod-d': 1 / 9,
      'pod-e': 1 / 9,
    });
    for (const [pod, share] of Object.entries(big.summary.podShare)) {
      expect(Math.abs(share - (big.summary.expectedShare[pod] ?? 0))).toBeLessThan(0.015);
    }
  });
});

describe('placement', () => {
  it('topology spread maxSkew 1 keeps per-node counts within 1', () => {
    for (const replicas of ['6', '7', '8', '11']) {
      const r = run('local-spread', { 'placement.replicas': replicas });
      const counts = r.resolved.nodes.map(
        (n) => r.resolved.pods.filter((p) => p.node === n.id).length,
      );
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });
  it('required anti-affinity leaves extra replicas Pending', () => {
    const r = run('local-spread', {
      'placement.strategy': 'antiAffinityRequired',
      'placement.replicas': '5',
    });
    expect(r.resolved.pods.filter((p) => p.node === undefined)).toHaveLength(2);
    expect(new Set(r.resolved.pods.flatMap((p) => (p.node ? [p.node] : []))).size).toBe(3);
    expect(Object.keys(r.summary.podShare)).toHaveLength(3);
  });
  it('preferred anti-affinity spreads first, then stacks', () => {
    const r = run('local-spread', {
      'placement.strategy': 'antiAffinityPreferred',
      'placement.replicas': '4',
    });
    const counts = r.resolved.nodes
      .map((n) => r.resolved.pods.filter((p) => p.node === n.id).length)
      .sort();
    expect(counts).toEqual([1, 1, 2]);
    for (const p of r.resolved.pods)
      expect(p.ip?.startsWith(`10.244.${p.node?.slice(5)}.`)).toBe(true);
  });
});

describe('no endpoints', () => {
  it('REJECTs every connection; the ICMP error comes within the kernel rate limit only', () => {
    const r = run('cluster-no-endpoints');
    const answered = r.connections.filter((c) => c.reason === 'noEndpoints');
    const limited = r.connections.filter((c) => c.reason === 'icmpRateLimited');
    expect(answered.length + limited.length).toBe(r.connections.length);
    expect(answered.every((c) => c.outcome === 'reset')).toBe(true);
    expect(limited.every((c) => c.outcome === 'timeout')).toBe(true);
    expect(limited.length).toBeGreaterThan(0);
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const mine = r.connections.filter((c) => c.ingressNode === node);
      // A node answers its first 6 SYNs from one client; over any span w at most 6 + w errors.
      expect(mine.slice(0, 6).every((c) => c.reason === 'noEndpoints')).toBe(true);
      const times = mine.filter((c) => c.reason === 'noEndpoints').map((c) => c.at);
      for (const [i, t0] of times.entries()) {
        for (const t1 of times.slice(i)) {
          expect(times.filter((x) => x >= t0 && x <= t1).length).toBeLessThanOrEqual(
            6 + Math.floor(t1 - t0 + 1e-9),
          );
        }
      }
    }
    // One connection per second and node never exhausts the bucket.
    const slow = run('cluster-no-endpoints', { 'traffic.rate': '1', 'traffic.duration': '20' });
    expect(slow.connections.every((c) => c.reason === 'noEndpoints')).toBe(true);
    const trace = traceConnection(r, 0);
    expect(
      trace?.hops
        .find(
          (h) =>
            (h.packet === 0 && h.to === 'node-1') || (h.packet === 0 && h.to.startsWith('node')),
        )
        ?.rules.at(-1),
    ).toMatchObject({
      rule: 'KUBE-EXTERNAL-SERVICES',
      verdict: 'reject',
    });
    expect(trace?.hops.at(-1)).toMatchObject({ kind: 'ICMP', end: 'reset' });
  });
});

describe('drain timelines', { timeout: 30_000 }, () => {
  const I = 5;
  const T = 2;
  const timeout = 5;
  it('nodePort TCP probe: down (T−1)·I + timeout … T·I + timeout after power-off, only node-1', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = run('drain-cluster-nodeport-probe', {}, seed);
      const off = r.events.find((e) => e.type === 'node.offline' && e.node === 'node-1')?.at ?? NaN;
      // Drained first, so the kubelet's regular group is empty: kube-proxy exits at the shutdown
      // (t=15) and the OS keeps forwarding for osShutdownSeconds (3 s).
      expect(off).toBe(18);
      const down = r.summary.nodes['node-1']?.markedDownAt ?? NaN;
      expect(down - off).toBeGreaterThanOrEqual((T - 1) * I + timeout - 1e-9);
      expect(down - off).toBeLessThanOrEqual(T * I + timeout);
      const failed = r.connections.filter((c) => c.outcome !== 'ok');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((c) => c.ingressNode === 'node-1' && c.reason === 'nodeOffline')).toBe(
        true,
      );
      expect(r.summary.disruption.firstFailureAt).toBeGreaterThanOrEqual(off);
      expect(r.summary.disruption.lastFailureAt).toBeLessThan(down);
    }
  });
  it('kube-proxy exits but the frozen rules keep forwarding until power-off', () => {
    const r = run('drain-cluster-nodeport-probe');
    const s = stateAt(r, 16);
    expect(s.nodes['node-1']).toMatchObject({
      kubeProxyRunning: false,
      dataPathForwarding: true,
      rulesFrozen: true,
    });
    expect(
      r.connections
        .filter((c) => c.at > 15 && c.at < 18 && c.ingressNode === 'node-1')
        .every((c) => c.outcome === 'ok'),
    ).toBe(true);
    expect(stateAt(r, 20).nodes['node-1']?.dataPathForwarding).toBe(false);
  });
  it('Local + hcnp: 0 failures while serving-terminating; without a preStop the node drops SYNs until the LB notices', () => {
    for (const seed of [1, 2, 3]) {
      const r = run('drain-local-hcnp', {}, seed);
      expect(r.summary.failed).toBe(0);
      const down = r.summary.nodes['node-1']?.markedDownAt ?? NaN;
      expect(down).toBeGreaterThan(11);
      expect(down).toBeLessThan(25);
      const bad = run('drain-local-hcnp', { 'lifecycle.preStopSeconds': '0' }, seed);
      expect(bad.summary.failed).toBeGreaterThan(0);
      expect(
        bad.connections
          .filter((c) => c.outcome !== 'ok')
          .every((c) => c.reason === 'noLocalEndpoints' || c.reason === 'endpointGone'),
      ).toBe(true);
      expect(bad.summary.disruption.seconds).toBeGreaterThan(0);
      expect(bad.summary.disruption.seconds).toBeLessThanOrEqual(T * I + 1.5);
      expect(stateAt(r, 12).pods['pod-a']?.conditions).toEqual({
        ready: false,
        serving: true,
        terminating: true,
      });
    }
  });
  it('established connections through a node that powers off break with nodeWentDown', () => {
    const r = run('drain-cluster-nodeport-probe', { 'traffic.connectionDuration': '5' });
    const broken = r.connections.filter((c) => c.reason === 'nodeWentDown');
    expect(broken.length).toBeGreaterThan(0);
    expect(r.summary.brokenEstablished).toBe(broken.length);
    expect(broken.every((c) => c.at < 18 && c.at + 5 >= 18)).toBe(true);
  });
  it('an abrupt power-off leaves stale endpoints until the node controller notices (50 s)', () => {
    const s = getScenario('cluster-snat');
    if (!s) throw new Error('missing');
    s.traffic = { rate: 100, duration: 70, connectTimeout: 21 };
    s.timeline = [
      { at: 5, type: 'powerOffNode', node: 'node-3' },
      { at: 60, type: 'powerOnNode', node: 'node-3' },
    ];
    s.lifecycle = { ...s.lifecycle, bootSeconds: 5 };
    const r = simulate(s, { seed: 1 });
    const unreachable = r.connections.filter((c) => c.reason === 'endpointUnreachable');
    expect(unreachable.length).toBeGreaterThan(0);
    expect(unreachable.every((c) => c.at >= 5 && c.at < 56 + 1 && c.podNode === 'node-3')).toBe(
      true,
    );
    expect(r.summary.nodes['node-3']?.markedUpAt).toBeGreaterThan(65);
    expect(stateAt(r, 68).nodes['node-3']).toMatchObject({
      phase: 'ready',
      kubeProxyRunning: true,
    });
  });
});

describe('health servers', () => {
  const svc = getScenario('local')?.service;
  it('hcnp body carries service, localEndpoints and serviceProxyHealthy', () => {
    if (!svc) throw new Error('missing');
    expect(hcnpBody(svc, 2, true)).toEqual({
      service: { namespace: 'default', name: 'shop' },
      localEndpoints: 2,
      serviceProxyHealthy: true,
    });
  });
  it('kube-proxy /healthz answers 503 with the ToBeDeleted taint, nothing once stopped', () => {
    if (!svc) throw new Error('missing');
    const rules = IPTABLES.compiler()({
      id: 0,
      service: svc,
      node: 'node-1',
      nodeIp: '198.51.100.11',
      frontendIp: '203.0.113.100',
      masquerade: true,
      endpoints: [],
      clusterCidr: '10.244.0.0/22',
    });
    expect(
      kubeProxyHealthzStatus({ forwarding: true, kubeProxyRunning: true, tainted: false, rules }),
    ).toBe(200);
    expect(
      kubeProxyHealthzStatus({ forwarding: true, kubeProxyRunning: true, tainted: true, rules }),
    ).toBe(503);
    expect(
      kubeProxyHealthzStatus({ forwarding: true, kubeProxyRunning: false, tainted: false, rules }),
    ).toBeNull();
  });
  it('the taint takes a node out of a healthz-probed LB without any failure', () => {
    const r = run('drain-cluster-healthz-probe', { drain: 'none' });
    const s = structuredClone(r.resolved);
    s.timeline = [{ at: 5, type: 'taintToBeDeleted', node: 'node-2' }];
    const t = simulate(s, { seed: 1 });
    const down = t.summary.nodes['node-2']?.markedDownAt ?? NaN;
    expect(down).toBeGreaterThan(5);
    expect(down).toBeLessThanOrEqual(5 + 10 + 0.01);
    expect(t.summary.failed).toBe(0);
    expect(
      t.events.some((e) => e.type === 'probe.result' && e.node === 'node-2' && e.status === 503),
    ).toBe(true);
  });
  it('chain names are deterministic 16-char base32 suffixes', () => {
    if (!svc) throw new Error('missing');
    const c = serviceChains(svc);
    expect(c.svc).toMatch(/^KUBE-SVC-[A-Z2-7]{16}$/);
    expect(c.svl.slice(9)).toBe(c.svc.slice(9));
    expect(serviceChains({ ...svc, name: 'other' }).svc).not.toBe(c.svc);
  });
});
