import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { tDyn, type Lang } from '../../src/cli/i18n.ts';
import { issueLine } from '../../src/i18n/issues.ts';
import {
  getScenario,
  scenarioJsonSchema,
  simulate,
  traceConnection,
  validateScenario,
} from '../../src/sim/index.ts';
import { l2ElectionOrder } from '../../src/sim/metallb.ts';
import type { Scenario } from '../../src/sim/types.ts';
import { run } from './helpers.ts';

/** The drained scenario as a base: MetalLB L2, 3 nodes, pod-a on node-1, pod-b/pod-c on node-2. */
function base(change: (s: Scenario) => void = () => {}): Scenario {
  const s = getScenario('metallb-l2-local');
  if (!s) throw new Error('metallb-l2-local missing');
  change(s);
  return s;
}

const lbEvents = (s: Scenario) =>
  simulate(s)
    .events.filter((e) => e.type === 'lb.backendDown' || e.type === 'lb.backendUp')
    .map((e) => `${e.at} ${e.type} ${'node' in e ? e.node : ''}`);

describe('MetalLB L2: the election', () => {
  it('orders nodes as MetalLB does: sha256(node + "#" + ip), bytewise', () => {
    const s = base();
    const expected = s.nodes
      .map((n) => ({
        id: n.id,
        h: createHash('sha256').update(`${n.id}#${s.loadBalancer.frontendIp}`).digest('hex'),
      }))
      .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
      .map((x) => x.id);
    expect(l2ElectionOrder(s).map((i) => s.nodes[i]?.id)).toEqual(expected);
  });

  it('under Local sends every connection to the one announcing node: Pods elsewhere get none', () => {
    const r = run('metallb-l2-local', { 'traffic.duration': '9' });
    expect(new Set(r.connections.map((c) => c.ingressNode))).toEqual(new Set(['node-2']));
    expect(r.summary.podShare['pod-a']).toBe(0);
    expect(r.summary.podShare['pod-b']).toBeCloseTo(0.5, 1);
    expect(r.summary.clientIpPreserved).toBe(r.summary.connections);
  });

  it('under Local skips a node without a serving endpoint, however it hashes', () => {
    // Without Pods on node-2 the next node in hash order that has one (node-1) announces.
    const r = simulate(
      base((s) => {
        s.pods = s.pods.filter((p) => p.node !== 'node-2');
        s.timeline = [];
      }),
    );
    expect(new Set(r.connections.map((c) => c.ingressNode))).toEqual(new Set(['node-1']));
    expect(r.summary.failed).toBe(0);
  });

  it('under Cluster elects among all nodes with a speaker, and one node SNATs to every Pod', () => {
    const r = simulate(
      base((s) => {
        s.service.externalTrafficPolicy = 'Cluster';
        delete s.service.healthCheckNodePort;
        s.pods = [{ id: 'pod-a', node: 'node-1', ip: '10.244.1.5' }];
        s.timeline = [];
      }),
    );
    expect(new Set(r.connections.map((c) => c.ingressNode))).toEqual(new Set(['node-2']));
    expect(r.summary.podShare['pod-a']).toBe(1);
    expect(r.summary.clientIpPreserved).toBe(0);
  });
});

describe('MetalLB L2: nodes the speakers leave out, and no endpoint anywhere', () => {
  const ingress = (s: Scenario): Set<string | null> =>
    new Set(simulate(s).connections.map((c) => c.ingressNode));
  const noDrain = (change: (s: Scenario) => void) =>
    base((s) => {
      s.timeline = [];
      change(s);
    });

  it.each([
    ['NetworkUnavailable=True', { networkUnavailable: true }],
    ['the exclude-from-external-load-balancers label', { excludedFromLb: true }],
  ] as const)('skips a node with %s, although it hashes first', (_, field) => {
    // node-2 wins the hash for 203.0.113.100 and has Pods; left out, node-1 announces.
    expect(ingress(noDrain(() => {}))).toEqual(new Set(['node-2']));
    const s = noDrain((x) => {
      x.nodes = x.nodes.map((n) => (n.id === 'node-2' ? { ...n, ...field } : n));
    });
    expect(ingress(s)).toEqual(new Set(['node-1']));
    expect(simulate(s).summary.podShare['pod-a']).toBe(1);
  });

  it('under Cluster nobody announces while no endpoint can serve anywhere', () => {
    const s = noDrain((x) => {
      x.service.externalTrafficPolicy = 'Cluster';
      delete x.service.healthCheckNodePort;
      x.pods = [];
    });
    const r = simulate(s);
    expect(r.connections.length).toBeGreaterThan(0);
    // Not node-2 rejecting "has no endpoints": no ARP answer, the SYN never leaves the client.
    expect(r.connections.every((c) => c.ingressNode === null && c.reason === 'noArpAnswer')).toBe(
      true,
    );
  });

  it('a cloud load balancer never sends to a node with the exclude label', () => {
    const r = run('cluster-snat');
    expect(new Set(r.connections.map((c) => c.ingressNode)).has('node-1')).toBe(true);
    const s = structuredClone(r.resolved);
    s.nodes = s.nodes.map((n) => (n.id === 'node-1' ? { ...n, excludedFromLb: true } : n));
    const excluded = simulate(s);
    expect(excluded.connections.length).toBe(r.connections.length);
    expect(excluded.connections.some((c) => c.ingressNode === 'node-1')).toBe(false);
    expect(excluded.summary.failed).toBe(0);
  });
});

describe('MetalLB L2: moving the IP', () => {
  it('under Local moves it when the last serving Pod on the announcing node exits, after the delay', () => {
    const r = run('metallb-l2-local');
    // pod-b and pod-c serve through their 15 s preStop (t=10…25); the IP moves at 25 + 2.
    expect(lbEvents(base())).toEqual(['27 lb.backendDown node-2', '27 lb.backendUp node-1']);
    expect(r.summary.disruption.seconds).toBeCloseTo(2, 5);
    expect(r.summary.disruption.firstFailureAt).toBeCloseTo(25, 5);
    expect(r.summary.podShare['pod-a']).toBeGreaterThan(0);
  });

  it('the failover delay is the window: 5 s of delay, 5 s of dropped SYNs', () => {
    const r = run('metallb-l2-local', { 'loadBalancer.l2FailoverDelay': '5' });
    expect(r.summary.disruption.seconds).toBeCloseTo(5, 5);
    expect(r.summary.failedByReason?.['noLocalEndpoints'] ?? 0).toBeGreaterThan(0);
  });

  it('under Cluster a cordon or drain does not move it; the node shutdown does, with no failure', () => {
    const s = base((x) => {
      x.service.externalTrafficPolicy = 'Cluster';
      delete x.service.healthCheckNodePort;
      x.timeline = [
        { at: 10, type: 'drainNode', node: 'node-2' },
        { at: 30, type: 'shutdownNode', node: 'node-2' },
      ];
      x.traffic.duration = 50;
    });
    const events = lbEvents(s);
    // The speaker leaves when the shutdown begins (t=30); clients follow 2 s later, while
    // node-2 still forwards (it goes offline at the end of its shutdown).
    expect(events).toEqual(['32 lb.backendDown node-2', '32 lb.backendUp node-1']);
    expect(simulate(s).summary.failed).toBe(0);
  });

  it('fails closed when no node is eligible: nobody answers ARP', () => {
    const r = simulate(
      base((s) => {
        s.timeline = [
          { at: 5, type: 'deletePod', pod: 'pod-a' },
          { at: 5, type: 'deletePod', pod: 'pod-b' },
          { at: 5, type: 'deletePod', pod: 'pod-c' },
        ];
        s.lifecycle.preStopSeconds = 0;
        s.traffic.duration = 20;
      }),
    );
    const late = r.connections.filter((c) => c.at > 10);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((c) => c.outcome !== 'ok' && c.ingressNode === null)).toBe(true);
  });
});

describe('MetalLB L2: the packets (no load-balancer device)', () => {
  const lbIp = { ip: '203.0.113.100', port: 80 };
  const client = { ip: '192.0.2.10', port: 40000 };

  it('sends the client straight to the node that answered ARP, and the replies straight back', () => {
    const r = run('metallb-l2-local');
    const t = traceConnection(r, 0);
    if (!t) throw new Error('no trace of connection 0');
    expect(t.hops.some((h) => h.from === 'lb' || h.to === 'lb')).toBe(false);
    expect(t.hops.some((h) => h.marks.includes('toLb') || h.marks.includes('lbPick'))).toBe(false);
    const [first] = t.hops;
    expect(first).toMatchObject({ from: 'client-1', to: 'node-2', kind: 'SYN' });
    expect(first?.marks).toEqual(['arp', 'dnat']);
    // The frame carries the LB IP as destination; kube-proxy's rule for the LB IP DNATs it.
    expect(first?.before).toEqual({ src: client, dst: lbIp });
    expect(first?.rules.map((h) => h.rule)).toContain('KUBE-SERVICES');
    expect(first?.after.dst).toEqual({ ip: '10.244.2.7', port: 8080 });
    // Only the connection's first frame needed the ARP answer.
    expect(t.hops.filter((h) => h.marks.includes('arp'))).toEqual([first]);
    // Every packet from the client goes to node-2; every reply leaves node-2 for the client
    // with the LB IP as source (conntrack reversed the DNAT).
    for (const h of t.hops.filter((x) => x.from === 'client-1')) expect(h.to).toBe('node-2');
    const toClient = t.hops.filter((h) => h.to === 'client-1');
    expect(toClient.map((h) => h.kind)).toEqual(['SYN-ACK', 'DATA']);
    for (const h of toClient) {
      expect(h.from).toBe('node-2');
      expect(h.after).toEqual({ src: lbIp, dst: client });
    }
    expect(toClient[0]?.marks).toEqual(['reply', 'established']);
  });

  it('marks the drop of a stale ARP entry on the node it reached', () => {
    // During the failover delay clients still send to node-2, which has no endpoints left.
    const r = run('metallb-l2-local');
    const t = r.featured.find((f) => f.record.reason === 'noLocalEndpoints');
    expect(t?.hops.map((h) => `${h.from}→${h.to} ${h.marks.join(',')}`)).toEqual([
      'client-1→node-2 arp,drop',
    ]);
  });

  it('when nobody answers ARP, the SYN never leaves the client and the client times out', () => {
    const s = base((x) => {
      x.timeline = [
        { at: 5, type: 'deletePod', pod: 'pod-a' },
        { at: 5, type: 'deletePod', pod: 'pod-b' },
        { at: 5, type: 'deletePod', pod: 'pod-c' },
      ];
      x.lifecycle.preStopSeconds = 0;
      x.traffic.duration = 20;
    });
    const r = simulate(s);
    const late = r.connections.find((c) => c.at > 10);
    if (!late) throw new Error('no late connection');
    // There is no load balancer to blame: the reason says nobody answered ARP.
    expect(late).toMatchObject({ outcome: 'timeout', reason: 'noArpAnswer', ingressNode: null });
    const t = traceConnection(r, late.id);
    expect(t?.hops).toHaveLength(1);
    expect(t?.hops[0]).toMatchObject({
      from: late.client,
      to: late.client,
      marks: ['noArp', 'drop', 'timeout'],
      end: 'timeout',
      before: { src: late.clientAddr, dst: lbIp },
    });
  });

  it('a cloud preset on the same cluster still passes its load balancer', () => {
    const r = simulate(
      base((s) => {
        s.loadBalancer.preset = 'azure';
      }),
    );
    const t = traceConnection(r, 0);
    expect(t?.hops[0]).toMatchObject({ from: 'client-1', to: 'lb', marks: ['toLb', 'lbPick'] });
    expect(t?.hops.some((h) => h.marks.includes('arp'))).toBe(false);
  });
});

const schemaAccepts = new Ajv2020({ strict: false }).compile(scenarioJsonSchema);
const makeT =
  (lang: Lang) =>
  (key: string, vars?: Record<string, string | number>): string =>
    tDyn(lang, key, vars);

describe('settings MetalLB L2 cannot have', () => {
  const cases: Array<[string, (s: Scenario) => void]> = [
    ['loadBalancer.delivery', (s) => void (s.loadBalancer.delivery = 'nodePort')],
    ['loadBalancer.mode', (s) => void (s.loadBalancer.mode = 'proxy')],
    ['loadBalancer.proxyProtocol', (s) => void (s.loadBalancer.proxyProtocol = 'v2')],
    ['loadBalancer.ipMode', (s) => void (s.loadBalancer.ipMode = 'Proxy')],
  ];
  it.each(cases)('%s is refused by the validator and the published schema alike', (path, set) => {
    const s = base(set);
    const v = validateScenario(s);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.issues.map((i) => [i.path, i.code])).toEqual([[path, 'notWithPreset']]);
    expect(schemaAccepts(JSON.parse(JSON.stringify(s)))).toBe(false);
    // The same setting under a cloud preset that publishes an IP is fine (AWS takes no ipMode).
    const cloud = base((x) => {
      set(x);
      x.loadBalancer.preset = 'azure';
    });
    expect(validateScenario(cloud).ok).toBe(true);
  });

  it('says why in both languages', () => {
    const v = validateScenario(base((s) => void (s.loadBalancer.proxyProtocol = 'v1')));
    if (v.ok) throw new Error('accepted');
    const [issue] = v.issues;
    if (!issue) throw new Error('no issue');
    expect(issueLine(makeT('en'), 'en', issue)).toBe(
      'loadBalancer.proxyProtocol: "v1" is not possible when loadBalancer.preset is metallb-l2: that load balancer cannot do it.',
    );
    expect(issueLine(makeT('de'), 'de', issue)).toBe(
      'loadBalancer.proxyProtocol: "v1" ist nicht möglich, wenn loadBalancer.preset den Wert metallb-l2 hat: Dieser Load Balancer kann das nicht.',
    );
  });
});
