/**
 * Who builds the load balancer, and what decided it: GKE's finalizers (v1 the older service
 * controller, v2/v3 the newer L4 controllers) and classes, EKS Auto Mode's class and its IP
 * targets, AWS DNS names, MetalLB's pool annotation, k3s ServiceLB's node addresses; the zones
 * the nodes carry and cross-zone settings; the stand-in Pod CIDR of a node without Pods.
 */
import { describe, expect, it } from 'vitest';
import { baseDef, codes, find, importOk, items, objectsOf, set } from './helpers.ts';

type O = Record<string, unknown>;
const A = 'service.beta.kubernetes.io/';
const svcOf = (o: O[]): O => find(o, 'Service', 'shop');
const nodes = (o: O[]): O[] => o.filter((x) => x['kind'] === 'Node');

/** The base cluster on GCE with the given finalizers. */
function gke(finalizers: string[]): O[] {
  const o = objectsOf(baseDef());
  for (const n of nodes(o)) set(n, 'spec.providerID', 'gce://shop/europe-west1-b/n');
  set(svcOf(o), 'metadata.finalizers', finalizers);
  return o;
}

describe('GKE: the finalizer names the controller', () => {
  it.each([
    ['gke.networking.io/l4-netlb-v1', 'gcp', 'gkeLegacy'],
    ['gke.networking.io/l4-ilb-v1', 'gcp', 'gkeLegacy'],
    ['gke.networking.io/l4-netlb-v2', 'gcp-l4', 'gkeL4'],
    ['gke.networking.io/l4-netlb-v3', 'gcp-l4', 'gkeL4'],
    ['gke.networking.io/l4-ilb-v2', 'gcp-l4', 'gkeL4'],
  ])('%s → %s', (finalizer, preset, controller) => {
    const r = importOk(gke(['service.kubernetes.io/load-balancer-cleanup', finalizer]));
    expect(r.scenario.loadBalancer.preset).toBe(preset);
    expect(items(r.report, 'gcpByFinalizer')[0]?.params).toEqual({ finalizer, preset, controller });
    expect(r.report.cloud.source).toBe('finalizer');
  });
  it('a v1 Local Service keeps the older controller’s 8 s × 3, not the newer 3 s × 2', () => {
    const o = gke(['gke.networking.io/l4-netlb-v1']);
    set(svcOf(o), 'spec.externalTrafficPolicy', 'Local');
    set(svcOf(o), 'spec.healthCheckNodePort', 31000);
    expect(importOk(o).scenario.loadBalancer.probe).toMatchObject({
      interval: 8,
      unhealthyThreshold: 3,
    });
  });
  it('no finalizer: the older default, saying the newer one cannot be ruled out', () => {
    const r = importOk(gke([]));
    expect(r.scenario.loadBalancer.preset).toBe('gcp');
    expect(codes(r.report)).toContain('gcpDefault');
    expect(r.report.cloud.alternatives).toEqual(['gcp-l4']);
  });
  it.each([
    ['networking.gke.io/l4-regional-internal', 'gcp-l4'],
    ['networking.gke.io/l4-regional-external', 'gcp-l4'],
    ['networking.gke.io/l4-regional-external-legacy', 'gcp'],
  ])('class %s → %s (not "custom")', (cls, preset) => {
    const o = gke([]);
    set(svcOf(o), 'spec.loadBalancerClass', cls);
    const r = importOk(o);
    expect(r.scenario.loadBalancer.preset).toBe(preset);
    expect(codes(r.report)).not.toContain('lbClassUnknown');
  });
});

describe('AWS', () => {
  it('EKS Auto Mode’s class: the controller’s NLB with IP targets by default', () => {
    const o = objectsOf(baseDef());
    for (const n of nodes(o)) set(n, 'spec.providerID', 'aws:///eu-west-1a/i-0');
    set(svcOf(o), 'spec.loadBalancerClass', 'eks.amazonaws.com/nlb');
    const r = importOk(o);
    expect(r.scenario.loadBalancer.preset).toBe('aws-lbc');
    expect(r.report.lb).toMatchObject({ targetType: 'ip', preserveClientIp: false });
    expect(items(r.report, 'cloudFromClass')[0]?.params).toMatchObject({
      controller: 'eksAutoMode',
    });
    set(svcOf(o), 'metadata.annotations', {
      [`${A}aws-load-balancer-nlb-target-type`]: 'instance',
    });
    expect(importOk(o).report.lb.targetType).toBe('instance');
  });
  it.each([
    ['k8s-shop-web-0a1b2c3d4e-0123456789abcdef.elb.eu-west-1.amazonaws.com', 'nlb'],
    ['a0123456789abcdef0123456789abcde-1234567890.eu-west-1.elb.amazonaws.com', 'clb'],
  ])('a DNS name only (%s): AWS, %s', (hostname, kind) => {
    const o = objectsOf(baseDef());
    for (const n of nodes(o)) set(n, 'spec.providerID', undefined);
    set(svcOf(o), 'status.loadBalancer', { ingress: [{ hostname }] });
    const r = importOk(o);
    expect(r.scenario.loadBalancer.preset).toBe('aws-clb');
    expect(items(r.report, 'awsByHostname')[0]?.params).toMatchObject({ lbKind: kind });
    expect(items(r.report, 'frontendSynthesized')[0]?.params).toMatchObject({ reason: 'hostname' });
  });
  it('the target group’s client IP preservation and cross-zone annotations are read', () => {
    const o = objectsOf(baseDef());
    nodes(o).forEach((n, i) => {
      set(n, 'spec.providerID', `aws:///eu-west-1${'abc'[i]}/i-0`);
      set(n, 'metadata.labels', { 'topology.kubernetes.io/zone': `eu-west-1${'abc'[i]}` });
    });
    set(svcOf(o), 'metadata.annotations', {
      [`${A}aws-load-balancer-type`]: 'external',
      [`${A}aws-load-balancer-nlb-target-type`]: 'ip',
      [`${A}aws-load-balancer-target-group-attributes`]: 'preserve_client_ip.enabled=true',
      [`${A}aws-load-balancer-attributes`]: 'load_balancing.cross_zone.enabled=true',
    });
    const r = importOk(o);
    expect(r.report.lb).toMatchObject({ targetType: 'ip', preserveClientIp: true });
    expect(r.scenario.loadBalancer.crossZone).toBe(true);
    expect(r.scenario.nodes.map((n) => n.zone)).toEqual(['eu-west-1a', 'eu-west-1b', 'eu-west-1c']);
  });
  it('an NLB in three zones without the annotation routes within each zone', () => {
    const o = objectsOf(baseDef());
    nodes(o).forEach((n, i) => {
      set(n, 'spec.providerID', `aws:///eu-west-1${'abc'[i]}/i-0`);
      set(n, 'metadata.labels', { 'topology.kubernetes.io/zone': `eu-west-1${'abc'[i]}` });
    });
    set(svcOf(o), 'metadata.annotations', { [`${A}aws-load-balancer-type`]: 'nlb' });
    const r = importOk(o);
    expect(r.scenario.loadBalancer.crossZone).toBeUndefined();
    expect(codes(r.report)).toEqual(expect.arrayContaining(['zones', 'crossZoneOffDefault']));
    expect(codes(r.report)).not.toContain('zonesNotSimulated');
  });
});

describe('bare metal and k3s', () => {
  it('MetalLB’s pool annotation → metallb-l2, the address as the load balancer’s', () => {
    const o = objectsOf(baseDef());
    for (const n of nodes(o)) set(n, 'spec.providerID', undefined);
    set(svcOf(o), 'metadata.annotations', { 'metallb.io/ip-allocated-from-pool': 'default' });
    const r = importOk(o);
    expect(r.scenario.loadBalancer).toMatchObject({ preset: 'metallb-l2', delivery: 'vip' });
    expect(r.report.lb.kind).toBe('metallb');
  });
  it('k3s ServiceLB: node addresses published; a node it does not list gets nothing', () => {
    const o = objectsOf(baseDef());
    for (const n of nodes(o)) set(n, 'spec.providerID', 'k3s://n');
    set(svcOf(o), 'status.loadBalancer', {
      ingress: [{ ip: '198.51.100.11' }, { ip: '198.51.100.12' }],
    });
    const r = importOk(o);
    expect(r.report.lb.kind).toBe('serviceLb');
    expect(r.scenario.nodes.map((n) => n.excludedFromLb)).toEqual([undefined, undefined, true]);
    // The node addresses are the way in; a documentation address stands for "one of them".
    expect(items(r.report, 'frontendSynthesized')[0]?.params).toMatchObject({
      reason: 'nodeAddresses',
    });
    expect(r.scenario.loadBalancer.delivery).toBe('vip');
  });
});

describe('a node without Pods gets a Pod CIDR beside its neighbours', () => {
  it('VPC-routed Pods (in their node’s subnet): its own address’s /24', () => {
    const def = baseDef();
    def.nodes.forEach((n, i) => {
      n.ip = `10.0.${i + 1}.10`;
      delete n.podCidr;
    });
    def.pods['shop'] = (def.pods['shop'] ?? [])
      .filter((p) => p.node !== 'node-3')
      .map((p, i) => ({ ...p, ip: `10.0.${i + 1}.23` }));
    const r = importOk(objectsOf(def));
    expect(r.scenario.nodes.map((n) => n.podCidr)).toEqual([
      '10.0.1.0/24',
      '10.0.2.0/24',
      '10.0.3.0/24',
    ]);
    expect(items(r.report, 'podCidrStandIn')[0]?.params).toEqual({
      cidr: '10.0.3.0/24',
      basis: 'nodeSubnet',
    });
  });
  it('an overlay: the next free block beside the neighbours’', () => {
    const def = baseDef();
    for (const n of def.nodes) delete n.podCidr;
    def.pods['shop'] = (def.pods['shop'] ?? []).filter((p) => p.node !== 'node-3');
    const r = importOk(objectsOf(def));
    expect(r.scenario.nodes[2]?.podCidr).toBe('10.244.0.0/24');
    expect(items(r.report, 'podCidrStandIn')[0]?.params).toMatchObject({ basis: 'neighbours' });
  });
});
