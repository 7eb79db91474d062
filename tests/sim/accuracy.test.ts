/**
 * The drain as the kubelet really runs it, and each cloud's load balancer as it really behaves
 * (issues 15 and 29). Each block names the source-list entries it holds (src/lib/sources, the
 * /sources/ page); each table row fails on the engine before its round of corrections.
 */
import { describe, expect, it } from 'vitest';
import {
  getScenario,
  simulate,
  stateAt,
  traceConnection,
  type Scenario,
} from '../../src/sim/index.ts';
import { run, synRules } from './helpers.ts';

const at = (r: ReturnType<typeof run>, type: string, node = 'node-1'): number | undefined =>
  r.events.find((e) => e.type === type && 'node' in e && e.node === node)?.at;

describe('graceful node shutdown as the kubelet runs it (source: k8s-graceful-shutdown)', () => {
  // shutdown at t=15 on the drain scenarios; kubelet 30 s / 10 s; OS 3 s. Every row's two times
  // are read: the run's kube-proxy stop and the node leaving the network.
  const shutdownOnly = (s: Scenario): void => {
    s.timeline = [{ at: 15, type: 'shutdownNode', node: 'node-1' }];
  };
  it.each<[string, (s: Scenario) => void, number, number]>([
    ['drained first: the empty regular group is skipped', () => {}, 15, 18],
    [
      'Pods still there: the group ends when they exit (preStop 5 s), not after 20 s',
      (s) => {
        shutdownOnly(s);
        s.lifecycle.preStopSeconds = 5;
      },
      20,
      23,
    ],
    [
      'Pods still there with preStop 8 s: the group ends 8 s after the shutdown',
      (s) => {
        shutdownOnly(s);
        s.lifecycle.preStopSeconds = 8;
      },
      23,
      26,
    ],
    [
      'critical phase 20 s instead of 10 s: no later',
      (s) => {
        s.lifecycle.shutdownGracePeriodCriticalPods = 20;
      },
      15,
      18,
    ],
    [
      'the OS forwards 12 s instead of 3 s',
      (s) => {
        s.lifecycle.osShutdownSeconds = 12;
      },
      15,
      27,
    ],
  ])('%s', (_, change, stop, off) => {
    const s = getScenario('drain-cluster-nodeport-probe') as Scenario;
    change(s);
    const r = simulate(s, { seed: 1 });
    expect(at(r, 'kubeProxy.stopped')).toBe(stop);
    expect(at(r, 'node.offline')).toBe(off);
  });

  it('shutdownGracePeriodCriticalPods buys no forwarding time, so no fewer failures', () => {
    for (const seed of [1, 2, 3]) {
      const short = run('drain-cluster-nodeport-probe', {}, seed);
      const long = run(
        'drain-cluster-nodeport-probe',
        { 'lifecycle.shutdownGracePeriodCriticalPods': '25' },
        seed,
      );
      expect(long.summary.failed).toBe(short.summary.failed);
    }
  });

  it.each([1, 2, 3, 4, 5, 6])(
    '/healthz without the taint goes red only 3 s before the node goes: failures remain (seed %i)',
    (seed) => {
      const noTaint = run('drain-cluster-healthz-probe', {}, seed);
      expect(noTaint.summary.failed).toBe(0); // the built-in scenario taints first (KEP-3836)
      const s = getScenario('drain-cluster-healthz-probe') as Scenario;
      s.timeline = s.timeline.filter((a) => a.type !== 'taintToBeDeleted');
      const r = simulate(s, { seed });
      const nodeport = run('drain-cluster-nodeport-probe', {}, seed);
      expect(r.summary.failed).toBeGreaterThan(0);
      // At best one failed /healthz probe lands in the 3 s before power-off.
      expect(r.summary.disruption.seconds).toBeGreaterThan(
        nodeport.summary.disruption.seconds - 5.01,
      );
      // Enough forwarding time after kube-proxy exits does make it 0.
      const margin = simulate(
        { ...s, lifecycle: { ...s.lifecycle, osShutdownSeconds: 12 } },
        { seed },
      );
      expect(margin.summary.failed).toBe(0);
    },
  );

  it('without graceful node shutdown the kubelet reports nothing; stale endpoints break connections until the 50 s NotReady', () => {
    const s = getScenario('drain-cluster-nodeport-probe') as Scenario;
    s.lifecycle = { ...s.lifecycle, shutdownGracePeriod: 0, shutdownGracePeriodCriticalPods: 0 };
    s.timeline = [{ at: 15, type: 'shutdownNode', node: 'node-1' }];
    s.traffic = { ...s.traffic, duration: 80 };
    const r = simulate(s, { seed: 1 });
    expect(at(r, 'node.shuttingDown')).toBeUndefined();
    expect(at(r, 'node.offline')).toBe(18);
    const gone = r.connections.filter(
      (c) => c.reason === 'endpointGone' || c.reason === 'endpointUnreachable',
    );
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.every((c) => c.podNode === 'node-1' && c.at >= 15 && c.at < 15 + 50 + 2)).toBe(
      true,
    );
  });
});

describe('shutdown kills are not API deletions (source: k8s-shutdown-kill-not-deletion)', () => {
  it('a killed Pod is never terminating; the NotReady mark makes it not ready; its exit removes it', () => {
    const s = getScenario('drain-local-hcnp') as Scenario;
    s.lifecycle = { ...s.lifecycle, preStopSeconds: 15 };
    s.timeline = [{ at: 10, type: 'shutdownNode', node: 'node-1' }];
    const r = simulate(s, { seed: 1 });
    const changes = r.events.filter((e) => e.type === 'endpoint.changed' && e.pod === 'pod-a');
    expect(changes.every((e) => e.type === 'endpoint.changed' && !e.conditions.terminating)).toBe(
      true,
    );
    // node-monitor-period: the node lifecycle controller marks it 5 s after the NotReady.
    expect(stateAt(r, 14).pods['pod-a']?.conditions).toEqual({
      ready: true,
      serving: true,
      terminating: false,
    });
    expect(stateAt(r, 15.5).pods['pod-a']?.conditions).toEqual({
      ready: false,
      serving: false,
      terminating: false,
    });
    // No serving-terminating fallback: node-1 drops SYNs until the LB notices (hcnp 503).
    const dropped = r.connections.filter((c) => c.reason === 'noLocalEndpoints');
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((c) => c.ingressNode === 'node-1' && c.at >= 15)).toBe(true);
  });
});

describe('readiness after SIGTERM (source: k8s-readiness-during-termination)', () => {
  it('an app that fails readiness on SIGTERM still serves for up to periodSeconds × failureThreshold', () => {
    const r = run('drain-local-hcnp', {
      'lifecycle.preStopSeconds': '0',
      'lifecycle.servesWhileTerminating': 'false',
      'lifecycle.appShutdownSeconds': '28',
    });
    // Evicted at 10: readiness fails from SIGTERM, the kubelet sees it 20–30 s later.
    expect(stateAt(r, 25).pods['pod-a']?.conditions?.serving).toBe(true);
    const off = r.events.find(
      (e) => e.type === 'endpoint.changed' && e.pod === 'pod-a' && !e.conditions.serving,
    );
    expect(off?.at ?? 0).toBeGreaterThanOrEqual(30);
    // The hcnp already said 503 (terminating endpoints are not counted): nothing failed.
    expect(r.summary.failed).toBe(0);
  });
});

describe('delivery per cloud (source: azure-floating-ip, gcp-passthrough-vip, aws-instance-nodeport)', () => {
  it.each([
    ['azure', 'vip', 'KUBE-SERVICES'],
    ['azure-shared', 'vip', 'KUBE-SERVICES'],
    ['gcp', 'vip', 'KUBE-SERVICES'],
    ['gcp-l4', 'vip', 'KUBE-SERVICES'],
    ['aws-nlb', 'nodePort', 'KUBE-NODEPORTS'],
    ['aws-lbc', 'nodePort', 'KUBE-NODEPORTS'],
    ['aws-clb', 'nodePort', 'KUBE-NODEPORTS'],
  ] as const)('%s delivers to %s (first chain %s)', (preset, delivery, chain) => {
    const r = run('cluster-snat', { 'loadBalancer.preset': preset });
    expect(r.resolved.loadBalancer.delivery).toBe(delivery);
    expect(synRules(r, 0)[0]).toBe(chain);
    const trace = traceConnection(r, 0);
    const hop = trace?.hops[1];
    // The LB's hop into the node that took the connection: Azure and GCP keep the frontend IP
    // (floating IP, passthrough), AWS instance targets rewrite it to that node's IP and nodePort.
    expect(hop?.from).toBe('lb');
    expect(hop?.to).toBe(trace?.record.ingressNode);
    const nodeIp = r.resolved.nodes.find((n) => n.id === trace?.record.ingressNode)?.ip;
    expect(nodeIp).toMatch(/^198\.51\.100\./);
    expect(hop?.before.dst).toEqual(
      delivery === 'vip' ? { ip: '203.0.113.100', port: 80 } : { ip: nodeIp, port: 30080 },
    );
  });
});

describe('Azure as the 2023 report measured it (source: azure-2023-threshold)', () => {
  it('threshold 1 and a short TCP timeout give the report’s 3–6 s band over the probe phase', () => {
    const windows: number[] = [];
    for (let phase = 0; phase < 5; phase += 0.5) {
      const r = run('drain-cluster-nodeport-probe', {
        'loadBalancer.preset': 'azure-2023',
        'loadBalancer.probePhase': String(phase),
      });
      windows.push(r.summary.disruption.seconds);
    }
    expect(Math.min(...windows)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...windows)).toBeLessThanOrEqual(6.01);
    // Today's default (threshold 2, 5 s timeout) never gets that low.
    const today = run('drain-cluster-nodeport-probe', { 'loadBalancer.probePhase': '0' });
    expect(today.summary.disruption.seconds).toBeGreaterThan(10);
  });
});

describe('each cloud’s load balancer with unhealthy targets (source: azure-fail-closed, aws-nlb-fail-open, aws-nlb-reset-flows)', () => {
  const allDown = (preset: string): ReturnType<typeof simulate> => {
    // Local with every Pod deleted: every hcnp answers 503, every node leaves rotation.
    const s = run('local', { 'loadBalancer.preset': preset, 'traffic.duration': '40' }).resolved;
    s.timeline = s.pods.map((p) => ({ at: 1, type: 'deletePod' as const, pod: p.id }));
    return simulate(s, { seed: 1 });
  };
  it('Azure fails closed: no healthy backend, no connection', () => {
    const r = allDown('azure');
    expect(
      r.connections.filter((c) => c.at > 25).every((c) => c.reason === 'noHealthyBackends'),
    ).toBe(true);
  });
  it.each(['aws-nlb', 'gcp'])('%s fails open: it spreads over every node again', (preset) => {
    const r = allDown(preset);
    const late = r.connections.filter((c) => c.at > 35);
    expect(late.some((c) => c.reason === 'noHealthyBackends')).toBe(false);
    expect(new Set(late.map((c) => c.ingressNode)).size).toBe(3);
  });
  it('AWS NLB resets established flows of a node once it is unhealthy; Azure lets them run', () => {
    // kube-proxy stops on a live node-1: /healthz refuses, the rules still forward.
    const flows = (preset: 'aws-shared' | 'azure-shared'): ReturnType<typeof simulate> => {
      const s = run('drain-cluster-healthz-probe', {
        'loadBalancer.preset': preset,
        'traffic.duration': '120',
        'traffic.connectionDuration': '60',
      }).resolved;
      s.timeline = [{ at: 5, type: 'stopKubeProxy', node: 'node-1' }];
      return simulate(s, { seed: 1 });
    };
    const aws = flows('aws-shared');
    const down = aws.summary.nodes['node-1']?.markedDownAt ?? NaN;
    const reset = aws.connections.filter((c) => c.reason === 'lbReset');
    expect(reset.length).toBeGreaterThan(0);
    expect(reset.every((c) => c.ingressNode === 'node-1' && c.endedAt === down)).toBe(true);
    expect(flows('azure-shared').connections.some((c) => c.reason === 'lbReset')).toBe(false);
  });
  it('the AWS Load Balancer Controller deregisters a tainted node at once, whatever its TCP probe says', () => {
    const s = getScenario('drain-cluster-healthz-probe') as Scenario;
    const lbc = simulate(
      {
        ...s,
        loadBalancer: {
          ...s.loadBalancer,
          preset: 'aws-lbc',
          probe: {
            kind: 'tcpNodePort',
            interval: 10,
            timeout: 10,
            unhealthyThreshold: 3,
            healthyThreshold: 3,
          },
          delivery: 'nodePort',
        },
      },
      { seed: 1 },
    );
    expect(lbc.events.find((e) => e.type === 'lb.backendDown')).toMatchObject({
      at: 5,
      node: 'node-1',
      cause: 'deregistered',
    });
    expect(lbc.summary.failed).toBe(0);
  });
  it('AWS NLB routes within each zone unless cross-zone is on', () => {
    const s = getScenario('local-imbalance') as Scenario;
    s.nodes = s.nodes.map((n, i) => ({ ...n, zone: i === 0 ? 'zone-a' : 'zone-b' }));
    const zonal = simulate(
      { ...s, loadBalancer: { ...s.loadBalancer, preset: 'aws-nlb' } },
      { seed: 1 },
    );
    const byNode = (r: typeof zonal): Record<string, number> => {
      const m: Record<string, number> = {};
      for (const c of r.connections)
        if (c.ingressNode) m[c.ingressNode] = (m[c.ingressNode] ?? 0) + 1;
      return m;
    };
    const z = byNode(zonal);
    // zone-a has one node, zone-b two: node-1 gets half of everything.
    expect((z['node-1'] ?? 0) / zonal.connections.length).toBeCloseTo(0.5, 1);
    const cross = simulate(
      { ...s, loadBalancer: { ...s.loadBalancer, preset: 'aws-nlb', crossZone: true } },
      { seed: 1 },
    );
    expect((byNode(cross)['node-1'] ?? 0) / cross.connections.length).toBeCloseTo(1 / 3, 1);
  });
});

describe('missing actions and settings (item 8)', () => {
  it('kube-proxy stops on a live node: the rules still forward, /healthz refuses, the LB moves away', () => {
    const s = getScenario('drain-cluster-healthz-probe') as Scenario;
    s.timeline = [{ at: 5, type: 'stopKubeProxy', node: 'node-1' }];
    const r = simulate(s, { seed: 1 });
    expect(stateAt(r, 6).nodes['node-1']).toMatchObject({
      kubeProxyRunning: false,
      dataPathForwarding: true,
    });
    expect(r.summary.failed).toBe(0);
    expect(r.summary.nodes['node-1']?.markedDownAt).toBeLessThanOrEqual(15.01);
  });
  it('the node’s return clears the taint: /healthz is 200 again and it rejoins', () => {
    const s = getScenario('drain-cluster-healthz-probe') as Scenario;
    s.traffic = { ...s.traffic, duration: 120 };
    s.lifecycle = { ...s.lifecycle, bootSeconds: 20 };
    s.timeline = [...s.timeline, { at: 60, type: 'powerOnNode', node: 'node-1' }];
    const r = simulate(s, { seed: 1 });
    expect(stateAt(r, 85).nodes['node-1']?.tainted).toBe(false);
    expect(r.summary.nodes['node-1']?.markedUpAt).toBeGreaterThan(80);
    expect(r.summary.nodes['node-1']?.markedUpAt).toBeLessThan(95);
  });
  it.each([
    ['bridge', (n: string) => `10.244.${n.slice(5)}.1`],
    ['routed', (n: string) => `198.51.100.${10 + Number(n.slice(5))}`],
  ] as const)('CNI %s: a same-node Pod sees %s', (cni, expected) => {
    const r = run('cluster-snat', { cni });
    const same = r.connections.filter((c) => c.outcome === 'ok' && c.podNode === c.ingressNode);
    expect(same.length).toBeGreaterThan(0);
    for (const c of same) expect(c.sourceSeenByPod).toBe(expected(c.ingressNode ?? ''));
  });
});

describe('zones: a zonal load balancer splits by zone first (source: aws-nlb-cross-zone-default, aws-nlb-zonal-dns)', () => {
  const shares = (r: ReturnType<typeof run>): Record<string, number> => r.summary.expectedShare;
  it('local-zones-nlb: AWS NLB, cross-zone off, Local: 1/Z · 1/N_z · 1/k', () => {
    const r = run('local-zones-nlb');
    expect(r.resolved.loadBalancer.preset).toBe('aws-nlb');
    expect(r.resolved.nodes.map((n) => n.zone)).toEqual(['zone-a', 'zone-b', 'zone-b']);
    // zone-a: node-1 alone (pod-a); zone-b: node-2 (pod-b) and node-3 (pod-c, pod-d).
    expect(shares(r)).toEqual({ 'pod-a': 1 / 2, 'pod-b': 1 / 4, 'pod-c': 1 / 8, 'pod-d': 1 / 8 });
    // What the run delivered matches the formula, not the flat 1/(N·k).
    for (const [pod, want] of Object.entries(shares(r)))
      expect(Math.abs((r.summary.podShare[pod] ?? 0) - want)).toBeLessThan(0.04);
    expect(r.summary.failed).toBe(0);
    expect(r.summary.clientIpPreserved).toBe(r.summary.connections);
  });

  it('with cross-zone on, the same Pods get the flat 1/(N·k)', () => {
    const r = run('local-zones-nlb', { 'loadBalancer.crossZone': 'true' });
    expect(shares(r)).toEqual({ 'pod-a': 1 / 3, 'pod-b': 1 / 3, 'pod-c': 1 / 6, 'pod-d': 1 / 6 });
    for (const [pod, want] of Object.entries(shares(r)))
      expect(Math.abs((r.summary.podShare[pod] ?? 0) - want)).toBeLessThan(0.04);
  });

  it('a zone without a healthy node drops out (its NLB node leaves DNS): Z counts zones with one', () => {
    const s = getScenario('local-zones-nlb') as Scenario;
    s.pods = s.pods.map((p) => (p.id === 'pod-a' ? { ...p, node: 'node-2', ip: '10.244.2.9' } : p));
    const r = simulate(s, { seed: 1 });
    expect(r.summary.expectedShare).toEqual({
      'pod-a': 1 / 4,
      'pod-b': 1 / 4,
      'pod-c': 1 / 4,
      'pod-d': 1 / 4,
    });
    expect(r.connections.some((c) => c.ingressNode === 'node-1')).toBe(false);
  });

  it.each(['azure', 'azure-shared', 'gcp', 'gcp-l4'] as const)(
    '%s is regional: zones change nothing',
    (preset) => {
      const s = getScenario('local-zones-nlb') as Scenario;
      s.loadBalancer = { ...s.loadBalancer, preset, delivery: 'vip' };
      const r = simulate(s, { seed: 1 });
      expect(r.summary.expectedShare).toEqual({
        'pod-a': 1 / 3,
        'pod-b': 1 / 3,
        'pod-c': 1 / 6,
        'pod-d': 1 / 6,
      });
    },
  );

  it('under Cluster every Pod still gets 1/P, zones or not', () => {
    const r = run('local-zones-nlb', { 'service.externalTrafficPolicy': 'Cluster' });
    expect(Object.values(shares(r))).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
});
