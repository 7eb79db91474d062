/**
 * States a scenario gives as settled before t = 0 (what a kubectl dump shows): a terminating or
 * not-ready Pod, a cordoned, to-be-deleted or excluded node. None of them is replayed: the run
 * starts in that state, so nothing fails that the timeline did not cause. And the formula share
 * of a zonal load balancer (cross-zone off): 1/(Z·N_z·k).
 */
import { describe, expect, it } from 'vitest';
import { simulate, validateScenario } from '../../src/sim/index.ts';
import { shopScenario, POD_A, POD_B, POD_C } from '../../src/sim/scenarios/common.ts';
import type { Scenario } from '../../src/sim/types.ts';

const valid = (s: Scenario): Scenario => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  return v.scenario;
};

const base = (policy: 'Cluster' | 'Local', preset: Scenario['loadBalancer']['preset'] = 'gcp') =>
  shopScenario('settled', policy, preset, {
    pods: [POD_A, POD_B, { ...POD_C, id: 'pod-c' }],
    traffic: { rate: 100, duration: 10, connectTimeout: 21 },
    featuredSelectors: [{ kind: 'firstOutcome', outcome: 'ok' }],
  });

describe('settled Pod states', () => {
  it('a terminating, not serving Pod gets nothing and nothing fails (it is not replayed)', () => {
    const s = base('Cluster');
    s.pods[2] = { ...POD_C, state: 'terminating' };
    const r = simulate(valid(s), { seed: 3 });
    expect(r.summary.failed).toBe(0);
    expect(r.summary.podShare['pod-c']).toBe(0);
    expect(r.summary.expectedShare).toMatchObject({ 'pod-a': 0.5, 'pod-b': 0.5, 'pod-c': 0 });
    // No termination is announced during the run: it happened before t = 0.
    expect(r.events.some((e) => e.type === 'pod.terminating')).toBe(false);
    expect(r.events.some((e) => e.type === 'endpoint.changed')).toBe(false);
  });

  it('a not-ready Pod is left out of the rules from the start', () => {
    const s = base('Cluster');
    s.pods[0] = { ...POD_A, state: 'notReady' };
    const r = simulate(valid(s), { seed: 3 });
    expect(r.summary.failed).toBe(0);
    expect(r.summary.podShare['pod-a']).toBe(0);
    expect(r.summary.expectedShare['pod-b']).toBe(0.5);
  });

  it('Local: a node whose only Pod is terminating but serving starts out of rotation', () => {
    const s = base('Local');
    s.pods[2] = { ...POD_C, state: 'terminatingServing' };
    const r = simulate(valid(s), { seed: 3 });
    // The healthCheckNodePort counts ready endpoints only: 503 long before t = 0.
    expect(r.initialLbRotation).toMatchObject({ 'node-1': true, 'node-2': true, 'node-3': false });
    expect(r.summary.failed).toBe(0);
    expect(r.summary.expectedShare).toMatchObject({ 'pod-a': 0.5, 'pod-b': 0.5, 'pod-c': 0 });
  });

  it('a drain of the node holding an already deleted Pod still runs its course', () => {
    const s = base('Cluster');
    s.pods[2] = { ...POD_C, state: 'terminating' };
    s.traffic.duration = 40;
    s.timeline = [
      { at: 5, type: 'drainNode', node: 'node-3' },
      { at: 15, type: 'shutdownNode', node: 'node-3' },
    ];
    const r = simulate(valid(s), { seed: 3 });
    expect(r.events.some((e) => e.type === 'pod.exited' && e.pod === 'pod-c')).toBe(true);
    expect(r.events.some((e) => e.type === 'node.offline' && e.node === 'node-3')).toBe(true);
  });
});

describe('settled node states', () => {
  it('a cordoned node stays in rotation and forwards as before', () => {
    const s = base('Cluster');
    s.nodes = s.nodes.map((n, i) => (i === 2 ? { ...n, cordoned: true } : n));
    const r = simulate(valid(s), { seed: 3 });
    expect(r.initialLbRotation?.['node-3']).toBe(true);
    expect(r.summary.failed).toBe(0);
    expect(r.connections.some((c) => c.ingressNode === 'node-3')).toBe(true);
  });

  it('to be deleted: /healthz answers 503 from the start, so the node is out before t = 0', () => {
    const s = base('Cluster', 'gcp');
    s.nodes = s.nodes.map((n, i) => (i === 2 ? { ...n, toBeDeleted: true } : n));
    const r = simulate(valid(s), { seed: 3 });
    expect(s.loadBalancer.probe.kind).toBe('httpKubeProxyHealthz');
    expect(r.initialLbRotation?.['node-3']).toBe(false);
    expect(r.summary.failed).toBe(0);
    expect(r.connections.every((c) => c.ingressNode !== 'node-3')).toBe(true);
    // Nothing is marked down during the run: it was down already.
    expect(r.summary.nodes['node-3']?.markedDownAt).toBeNull();
  });

  it('excluded by label: never a backend, never probed, even with a TCP probe that would pass', () => {
    const s = base('Cluster', 'azure');
    s.nodes = s.nodes.map((n, i) => (i === 0 ? { ...n, excludedFromLb: true } : n));
    const r = simulate(valid(s), { seed: 3 });
    expect(r.initialLbRotation?.['node-1']).toBe(false);
    expect(r.connections.every((c) => c.ingressNode !== 'node-1')).toBe(true);
    expect(r.events.some((e) => e.type === 'probe.result' && e.node === 'node-1')).toBe(false);
    // Its Pod still serves through the other nodes (Cluster spreads over every endpoint).
    expect(r.summary.podShare['pod-a']).toBeGreaterThan(0.25);
    expect(r.summary.failed).toBe(0);
  });

  it('the AWS LBC has deregistered a to-be-deleted node before t = 0', () => {
    const s = base('Cluster', 'aws-lbc');
    s.nodes = s.nodes.map((n, i) => (i === 1 ? { ...n, toBeDeleted: true } : n));
    const r = simulate(valid(s), { seed: 3 });
    expect(r.initialLbRotation?.['node-2']).toBe(false);
    expect(r.connections.every((c) => c.ingressNode !== 'node-2')).toBe(true);
    expect(r.summary.failed).toBe(0);
  });
});

describe('zonal load balancers (cross-zone off)', () => {
  /** Zone a: node-1 with one Pod; zone b: node-2 and node-3 with one Pod each. */
  const zonal = (crossZone?: boolean): Scenario => {
    const s = base('Local', 'aws-nlb');
    s.nodes = s.nodes.map((n, i) => ({ ...n, zone: i === 0 ? 'zone-a' : 'zone-b' }));
    s.traffic = { rate: 200, duration: 30, connectTimeout: 21 };
    if (crossZone !== undefined) s.loadBalancer.crossZone = crossZone;
    return valid(s);
  };

  it('expects 1/Z · 1/N_z · 1/k per Pod, and the run comes close', () => {
    const r = simulate(zonal(), { seed: 5 });
    expect(r.summary.expectedShare).toEqual({ 'pod-a': 0.5, 'pod-b': 0.25, 'pod-c': 0.25 });
    expect(r.summary.podShare['pod-a']).toBeCloseTo(0.5, 1);
    expect(r.summary.podShare['pod-b']).toBeCloseTo(0.25, 1);
  });

  it('with cross-zone on, the zones do not matter: 1/(N·k)', () => {
    const r = simulate(zonal(true), { seed: 5 });
    const third = 1 / 3;
    expect(r.summary.expectedShare['pod-a']).toBeCloseTo(third, 10);
    expect(r.summary.podShare['pod-a']).toBeCloseTo(third, 1);
  });
});
