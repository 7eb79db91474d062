/**
 * The load balancer in front of the Service: the cloud preset, delivery and probe (inferred in
 * cloud.ts), the frontend address, and the two clients that send traffic to it.
 */
import type { CloudPreset } from '../sim/types.ts';
import { inferCloud, type CloudOutput } from './cloud.ts';
import type { ServicePortView, ServiceView } from './objects.ts';
import type { ReportBuilder } from './report.ts';
import type { ServicePorts } from './serviceFields.ts';
import type { AddressPool, Topology } from './topology.ts';

/** The load balancer and its clients as the scenario gets them. */
export interface LoadBalancer {
  cloud: CloudOutput;
  frontendIp: string;
  clientIps: string[];
}

/** What the load-balancer stage reads from the earlier stages. */
export interface LoadBalancerInput {
  svc: ServiceView;
  port: ServicePortView;
  ports: ServicePorts;
  /** The scenario's nodes and their engine ids (k3s: nodes ServiceLB does not list are marked). */
  topology: Pick<Topology, 'nodeList' | 'nodeIds' | 'nodes'>;
  /** --preset or the page's choice; undefined to infer. */
  preset: CloudPreset | undefined;
}

/** Infer the cloud, then pick the frontend and client addresses from the pool. */
export function loadBalancerOf(
  input: LoadBalancerInput,
  pool: AddressPool,
  r: ReportBuilder,
): LoadBalancer {
  const cloud = cloudOf(input, r);
  if (cloud.lb.kind === 'serviceLb') markUnlisted(input, r);
  const frontendIp = frontendOf(input.svc, pool, r, cloud.lb.kind === 'serviceLb');
  const clientIps = clientsOf(pool, r);
  return { cloud, frontendIp, clientIps };
}

/** The cloud preset, delivery and probe, and what that preset does with tainted nodes. */
function cloudOf(input: LoadBalancerInput, r: ReportBuilder): CloudOutput {
  const { svc, port, ports } = input;
  const { nodeList, nodeIds } = input.topology;
  const nodeIps = new Set(nodeList.flatMap((n) => [n.internalIp ?? '', n.externalIp ?? '']));
  const cloud = inferCloud(
    {
      providerIds: nodeList.flatMap((n) => (n.providerId ? [n.providerId] : [])),
      annotations: svc.annotations,
      finalizers: svc.finalizers,
      loadBalancerClass: svc.loadBalancerClass,
      ingressHostnames: svc.ingressHostnames,
      ingressNodeIps: svc.ingressIps.filter((ip) => nodeIps.has(ip)).length,
      zonal: new Set(input.topology.nodes.flatMap((n) => (n.zone ? [n.zone] : []))).size > 1,
      policy: svc.policy,
      port: {
        port: port.port,
        name: port.name,
        nodePort: ports.nodePort,
        appProtocol: port.appProtocol,
      },
      ports: svc.ports.map((p) => ({ port: p.port, name: p.name, nodePort: p.nodePort })),
      healthCheckNodePort: ports.healthCheckNodePort,
      preset: input.preset,
      ref: svc.ref,
    },
    r,
  );
  // AWS LBC takes nodes tainted for deletion out of its target groups itself (source: aws-lbc-deregisters-tainted).
  if (cloud.preset === 'aws-lbc')
    nodeList.forEach((n, i) => {
      if (
        n.taints.some(
          (t) => t.key === 'ToBeDeletedByClusterAutoscaler' || t.key === 'karpenter.sh/disrupted',
        )
      )
        r.add('lbcDeregistersTainted', { node: nodeIds[i] ?? '' }, n.ref, 'spec.taints');
    });
  return cloud;
}

/**
 * k3s ServiceLB publishes the addresses of the nodes it runs on (under Local only nodes with a
 * ready endpoint); clients send to one of them, so a node not listed gets no traffic.
 */
function markUnlisted(input: LoadBalancerInput, r: ReportBuilder): void {
  const listed = new Set(input.svc.ingressIps);
  input.topology.nodeList.forEach((n, i) => {
    const node = input.topology.nodes[i];
    if (!node || listed.has(n.internalIp ?? '') || listed.has(n.externalIp ?? '')) return;
    node.excludedFromLb = true;
    r.add('k3sNodeNotListed', { node: node.id }, n.ref, 'status.addresses');
  });
}

/** The Service's load-balancer IP, else a documentation address (and why there was none). */
function frontendOf(
  svc: ServiceView,
  pool: AddressPool,
  r: ReportBuilder,
  nodeAddresses: boolean,
): string {
  const ingressIp = svc.ingressIps[0];
  if (ingressIp && !nodeAddresses) {
    r.add('frontendUsed', { ip: ingressIp }, svc.ref, 'status.loadBalancer.ingress');
    return ingressIp;
  }
  const reason = nodeAddresses
    ? 'nodeAddresses'
    : svc.type === 'NodePort'
      ? 'nodePort'
      : svc.ingressHostname
        ? 'hostname'
        : svc.ingressIpv6
          ? 'ipv6'
          : 'pending';
  if (reason === 'pending') r.add('lbIngressMissing', {}, svc.ref, 'status.loadBalancer.ingress');
  const frontend = pool.has('203.0.113.100') ? pool.spare() : '203.0.113.100';
  pool.take(frontend);
  r.add('frontendSynthesized', { ip: frontend, reason }, svc.ref, 'status.loadBalancer.ingress');
  return frontend;
}

/** Two client addresses from the documentation ranges, clear of every address in use. */
function clientsOf(pool: AddressPool, r: ReportBuilder): string[] {
  const clientIps = ['192.0.2.10', '203.0.113.25'].map((ip) => {
    if (pool.has(ip)) return pool.spare();
    pool.take(ip);
    return ip;
  });
  r.add('clientsSynthesized', { ips: clientIps.join(', ') });
  return clientIps;
}
