import { describe, expect, it } from 'vitest';
import {
  getScenario,
  scenarioIds,
  simulate,
  traceConnection,
  validateScenario,
  type SimResult,
} from '../../src/sim/index.ts';
import { DEFAULT_LB_SOURCE_IP } from '../../src/sim/clientIp.ts';
import { iptablesRuleSets, run, synRules } from './helpers.ts';

const ok = (r: SimResult) => r.connections.filter((c) => c.outcome === 'ok');
const nodeIps = (r: SimResult) => new Set(r.resolved.nodes.map((n) => n.ip));

describe('a proxying load balancer', () => {
  it('under Local, the Pod sees the LB’s own address, never the client', () => {
    const r = run('proxy-lb-local');
    expect(ok(r).length).toBe(r.connections.length);
    for (const c of ok(r)) {
      expect(c.sourceSeenByPod).toBe(DEFAULT_LB_SOURCE_IP);
      expect(c.clientSeenByApp).toBe(DEFAULT_LB_SOURCE_IP);
      expect(c.clientSeenVia).toBe('ipHeader');
    }
    expect(r.summary.clientIpPreserved).toBe(0);
    expect(r.summary.clientIpKnownToApp).toBe(0);
  });

  it('switching the same scenario to passthrough keeps the client under Local', () => {
    const r = run('proxy-lb-local', { 'loadBalancer.mode': 'passthrough' });
    for (const c of ok(r)) expect(c.sourceSeenByPod).toBe(c.clientAddr.ip);
    expect(r.summary.clientIpPreserved).toBe(ok(r).length);
    const twin = run('passthrough-lb-local');
    expect(twin.connections.map((c) => c.sourceSeenByPod)).toEqual(
      r.connections.map((c) => c.sourceSeenByPod),
    );
  });

  it('under Cluster, kube-proxy’s SNAT still applies on top (a node or the bridge)', () => {
    const r = run('proxy-lb-local', {
      'service.externalTrafficPolicy': 'Cluster',
    });
    const seen = new Set(ok(r).map((c) => c.sourceSeenByPod));
    expect(seen.has(DEFAULT_LB_SOURCE_IP)).toBe(false);
    for (const c of ok(r))
      expect(
        c.sourceSeenByPod?.startsWith('10.244.') || nodeIps(r).has(c.sourceSeenByPod ?? ''),
      ).toBe(true);
  });

  it('the trace rewrites the source at the LB and the reply goes back to the client', () => {
    const r = run('proxy-lb-local');
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    const toLb = t?.hops.find((h) => h.packet === 0 && h.to === 'lb');
    expect(toLb?.before.src.ip).toBe(t?.record.clientAddr.ip);
    expect(toLb?.after.src.ip).toBe(DEFAULT_LB_SOURCE_IP);
    expect(toLb?.changed).toContain('src.ip');
    const last = t?.hops.filter((h) => h.kind === 'SYN-ACK').at(-1);
    expect(last?.to).toBe(t?.record.client);
    expect(last?.after.dst.ip).toBe(t?.record.clientAddr.ip);
    // The node's conntrack answers the LB's connection, not the client's.
    expect(t?.conntrack[0]?.original.src.ip).toBe(DEFAULT_LB_SOURCE_IP);
  });
});

describe('PROXY protocol', () => {
  it('carries the client in the payload past kube-proxy’s SNAT to an app that parses it', () => {
    const r = run('proxy-protocol-app');
    expect(ok(r).length).toBe(r.connections.length);
    for (const c of ok(r)) {
      expect(c.sourceSeenByPod).not.toBe(c.clientAddr.ip);
      expect(c.clientSeenByApp).toBe(c.clientAddr.ip);
      expect(c.clientSeenVia).toBe('proxyProtocol');
    }
    expect(r.summary.clientIpKnownToApp).toBe(ok(r).length);
  });

  it('shows the header on the request DATA hops after the LB, never before it', () => {
    const r = run('proxy-protocol-app');
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    const withHeader = t?.hops.filter((h) => h.payload?.proxyHeader) ?? [];
    expect(withHeader.length).toBeGreaterThan(0);
    for (const h of withHeader) {
      expect(h.kind).toBe('DATA');
      expect(h.direction).toBe('request');
      expect(h.from).not.toBe(t?.record.client);
      expect(h.payload?.proxyHeader?.src.ip).toBe(t?.record.clientAddr.ip);
      expect(h.payload?.proxyHeader?.version).toBe('v2');
    }
    expect(t?.hops.some((h) => h.kind === 'SYN' && h.payload)).toBe(false);
  });

  it('an app that does not expect the header closes every connection; the TCP probe stays green', () => {
    const r = run('proxy-protocol-unexpected');
    expect(r.summary.succeeded).toBe(0);
    expect(r.summary.failedByReason).toEqual({ proxyHeaderUnexpected: r.connections.length });
    expect(r.events.some((e) => e.type === 'lb.backendDown')).toBe(false);
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    const end = t?.hops.at(-1);
    expect(end?.kind).toBe('DATA');
    expect(end?.reason).toBe('proxyHeaderUnexpected');
  });

  it('a listener that expects the header and gets none closes the connection', () => {
    const r = run('proxy-protocol-app', { 'loadBalancer.proxyProtocol': 'none' });
    expect(r.summary.failedByReason).toEqual({ proxyHeaderMissing: r.connections.length });
  });

  it('on the probes, kube-proxy’s health server answers 400 and every node fails its check', () => {
    const r = run('proxy-protocol-healthz');
    const probes = r.events.filter((e) => e.type === 'probe.result');
    expect(probes.length).toBeGreaterThan(0);
    for (const p of probes) if (p.type === 'probe.result') expect(p.status).toBe(400);
    expect(Object.values(r.initialLbRotation ?? {}).some(Boolean)).toBe(false);
    // AWS NLB fails open with every target unhealthy: node-3 (no Pod) gets traffic and drops it.
    expect(r.summary.failedByReason?.noLocalEndpoints).toBeGreaterThan(0);
    expect(r.connections.some((c) => c.ingressNode === 'node-3')).toBe(true);
    // Without the header on the probes only the healthy nodes get traffic.
    const fixed = run('proxy-protocol-healthz', { 'loadBalancer.proxyProtocolOnProbes': 'false' });
    expect(fixed.summary.failed).toBe(0);
  });

  it('a TCP probe passes with the header on it too (it only completes the handshake)', () => {
    const r = run('proxy-protocol-unexpected', { 'loadBalancer.proxyProtocolOnProbes': 'true' });
    expect(r.events.some((e) => e.type === 'lb.backendDown')).toBe(false);
  });
});

describe('an ingress controller as the second hop', () => {
  it('under Cluster on its Service, X-Forwarded-For carries a node or bridge address', () => {
    const r = run('ingress-cluster');
    for (const c of ok(r)) {
      expect(c.clientSeenVia).toBe('xForwardedFor');
      expect(c.clientSeenByApp).toBe(c.sourceSeenByPod);
      expect(c.clientSeenByApp).not.toBe(c.clientAddr.ip);
    }
  });

  it('under Local on its Service, X-Forwarded-For carries the client', () => {
    const r = run('ingress-local');
    for (const c of ok(r)) {
      expect(c.clientSeenVia).toBe('xForwardedFor');
      expect(c.clientSeenByApp).toBe(c.clientAddr.ip);
    }
    expect(r.summary.clientIpKnownToApp).toBe(ok(r).length);
  });

  it('the delivering hop names the controller’s own address and the header it writes', () => {
    const r = run('ingress-local');
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    const xff = t?.hops.filter((h) => h.payload?.xForwardedFor) ?? [];
    expect(xff.length).toBe(1);
    const h = xff[0];
    expect(h?.marks).toContain('delivered');
    expect(h?.payload?.xForwardedFor?.value).toBe(t?.record.clientAddr.ip);
    expect(h?.payload?.xForwardedFor?.from).toBe(h?.after.dst.ip);
  });

  it('behind a PROXY-protocol LB, the controller passes on the header’s client', () => {
    const r = run('ingress-cluster', {
      'loadBalancer.mode': 'proxy',
      'loadBalancer.proxyProtocol': 'v1',
      'app.expectsProxyProtocol': 'true',
    });
    for (const c of ok(r)) expect(c.clientSeenByApp).toBe(c.clientAddr.ip);
  });
});

describe('a Pod calling the LB IP', () => {
  it('ipMode VIP: kube-proxy short-circuits on the caller’s node; no LB, no PROXY header', () => {
    const r = run('pod-to-lb-vip');
    expect(r.connections.every((c) => c.ingressNode === 'node-3')).toBe(true);
    expect(r.summary.failedByReason).toEqual({ proxyHeaderMissing: r.connections.length });
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    expect(t?.hops.some((h) => h.from === 'lb' || h.to === 'lb')).toBe(false);
    const syn = t?.hops.find((h) => h.packet === 0);
    expect(syn?.before.dst.ip).toBe(r.resolved.loadBalancer.frontendIp);
    expect(synRules(r, t?.record.id ?? 0)).toContain('KUBE-SERVICES');
    expect(syn?.rules.some((h) => h.why === 'podTrafficShortCircuit')).toBe(true);
  });

  it('ipMode VIP with an app that needs no header: served, the Pod sees the caller’s own IP', () => {
    const r = run('pod-to-lb-vip', {
      'loadBalancer.proxyProtocol': 'none',
      'app.expectsProxyProtocol': 'false',
    });
    expect(ok(r).length).toBe(r.connections.length);
    // Local’s "pod traffic" rule goes to KUBE-SVC: Pods on other nodes serve it, without SNAT.
    expect(ok(r).some((c) => c.podNode !== 'node-3')).toBe(true);
    for (const c of ok(r)) expect(c.sourceSeenByPod).toBe('10.244.3.20');
  });

  it('ipMode Proxy: the call goes out to the LB and the header names the caller’s node', () => {
    const r = run('pod-to-lb-proxy');
    expect(ok(r).length).toBe(r.connections.length);
    for (const c of ok(r)) {
      expect(c.clientSeenByApp).toBe('198.51.100.13');
      expect(c.clientSeenVia).toBe('proxyProtocol');
    }
    const t = traceConnection(r, r.featured[0]?.record.id ?? 0);
    expect(t?.hops.some((h) => h.to === 'lb')).toBe(true);
    // kube-proxy writes no rule for the LB IP under ipMode Proxy; VIP has one per node.
    const lbRule = (id: string) =>
      Object.values(iptablesRuleSets(run(id)))
        .flat()
        .flatMap((rs) => rs.nat.get('KUBE-SERVICES')?.rules ?? [])
        .filter((rule) => rule.why === 'loadBalancerIp').length;
    expect(lbRule('pod-to-lb-proxy')).toBe(0);
    expect(lbRule('pod-to-lb-vip')).toBeGreaterThan(0);
  });

  it('rejects a client Pod outside its node’s Pod CIDR or on an unknown node', () => {
    const s = getScenario('pod-to-lb-vip');
    if (!s) throw new Error('missing scenario');
    const issues = (x: unknown) => {
      const v = validateScenario(x);
      return v.ok ? [] : v.issues;
    };
    expect(issues(s)).toEqual([]);
    const badIp = structuredClone(s);
    badIp.clients[0] = { id: 'caller-pod', ip: '10.244.1.20', node: 'node-3' };
    expect(issues(badIp).map((i) => [i.path, i.code])).toEqual([
      ['clients[0].ip', 'ipNotInPodCidr'],
    ]);
    const badNode = structuredClone(s);
    badNode.clients[0] = { id: 'caller-pod', ip: '10.244.3.20', node: 'node-9' };
    expect(issues(badNode).map((i) => i.code)).toEqual(['unknownReference']);
  });
});

describe('an AWS load balancer publishes a hostname, never an ip (issue 29, L8-1)', () => {
  it('kube-proxy captures nothing: a Pod calling the NLB goes out through it', () => {
    const s = getScenario('pod-to-lb-vip');
    if (!s) throw new Error('missing scenario');
    const aws = structuredClone(s);
    aws.loadBalancer.preset = 'aws-lbc';
    delete aws.loadBalancer.ipMode;
    const v = validateScenario(aws);
    expect(v.ok).toBe(true);
    const r = simulate(aws, { seed: 1 });
    // Through the LB, so the PROXY header is written and the app is served.
    expect(ok(r).length).toBe(r.connections.length);
    for (const c of ok(r)) expect(c.clientSeenVia).toBe('proxyProtocol');
    const lbRules = Object.values(iptablesRuleSets(r))
      .flat()
      .flatMap((rs) => rs.nat.get('KUBE-SERVICES')?.rules ?? [])
      .filter((rule) => rule.why === 'loadBalancerIp');
    expect(lbRules).toEqual([]);
  });

  it.each(['aws-nlb', 'aws-shared', 'aws-lbc', 'aws-clb'] as const)(
    '%s: ipMode cannot be set (it needs an ip)',
    (preset) => {
      const s = getScenario('pod-to-lb-proxy');
      if (!s) throw new Error('missing scenario');
      const aws = structuredClone(s);
      aws.loadBalancer.preset = preset;
      const v = validateScenario(aws);
      expect(v.ok ? [] : v.issues.map((i) => [i.path, i.code])).toEqual([
        ['loadBalancer.ipMode', 'notWithPreset'],
      ]);
    },
  );
});

describe('X-Forwarded-For and proxy-real-ip-cidr (issue 29, L8-4)', () => {
  it('use-forwarded-headers with the default 0.0.0.0/0: the address a client wrote itself wins', () => {
    const r = run('ingress-xff-spoof');
    expect(ok(r).length).toBe(r.connections.length);
    const byClient = (id: string) => ok(r).filter((c) => c.client === id);
    for (const c of byClient('client-2')) {
      expect(c.clientAddr.ip).toBe('203.0.113.25');
      expect(c.clientSeenByApp).toBe('192.0.2.200');
      expect(c.clientSeenVia).toBe('xForwardedFor');
    }
    for (const c of byClient('client-1')) expect(c.clientSeenByApp).toBe('192.0.2.10');
    expect(r.summary.clientIpKnownToApp).toBe(byClient('client-1').length);
  });

  it('proxy-real-ip-cidr set to the load balancer’s subnet: the LB’s entry wins, the spoof does not', () => {
    const r = run('ingress-xff-trusted');
    for (const c of ok(r)) expect(c.clientSeenByApp).toBe(c.clientAddr.ip);
    expect(r.summary.clientIpKnownToApp).toBe(r.connections.length);
  });

  it('the trace shows the header the client wrote, then the LB’s entry, then what the controller passes on', () => {
    const r = run('ingress-xff-spoof');
    const t = traceConnection(r, 1);
    expect(t?.record.client).toBe('client-2');
    const data = t?.hops.filter((h) => h.kind === 'DATA' && h.direction === 'request') ?? [];
    expect(data[0]?.payload?.xForwardedForIn).toEqual(['192.0.2.200']);
    expect(data.at(-1)?.payload?.xForwardedForIn).toEqual(['192.0.2.200', '203.0.113.25']);
    expect(data.at(-1)?.payload?.xForwardedFor?.value).toBe('192.0.2.200');
  });

  it('without use-forwarded-headers the header is ignored; a trusted L4 proxy that appends nothing hands over the spoof', () => {
    const off = run('ingress-xff-spoof', { 'app.useForwardedHeaders': 'false' });
    for (const c of ok(off)) expect(c.clientSeenByApp).toBe(DEFAULT_LB_SOURCE_IP);
    const l4 = run('ingress-xff-trusted', { 'loadBalancer.setsXForwardedFor': 'false' });
    const spoofer = ok(l4).filter((c) => c.client === 'client-2');
    expect(spoofer.length).toBeGreaterThan(0);
    for (const c of spoofer) expect(c.clientSeenByApp).toBe('192.0.2.200');
  });

  it('under Cluster a proxy-real-ip-cidr without the nodes leaves the node’s address', () => {
    const r = run('ingress-xff-trusted', { 'service.externalTrafficPolicy': 'Cluster' });
    for (const c of ok(r))
      expect(
        nodeIps(r).has(c.clientSeenByApp ?? '') || /^10\.244\./.test(c.clientSeenByApp ?? ''),
      ).toBe(true);
  });
});

describe('scenarios without any of this are unchanged', () => {
  it('every connection of the older scenarios learns its client from the IP header', () => {
    for (const id of scenarioIds.filter((i) => !/proxy|ingress|pod-to-lb|passthrough/.test(i))) {
      const r = run(id);
      for (const c of r.connections) {
        expect(c.clientSeenByApp).toBe(c.outcome === 'ok' ? c.sourceSeenByPod : null);
        expect(c.clientSeenVia).toBe(c.outcome === 'ok' && c.sourceSeenByPod ? 'ipHeader' : 'none');
      }
      expect(r.summary.clientIpKnownToApp).toBe(r.summary.clientIpPreserved);
    }
  }, 60_000);
});
