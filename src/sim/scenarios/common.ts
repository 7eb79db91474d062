/** The canonical topology every lesson uses (client-1, lb, node-1…3, Service "shop"). */
import { LB_BEHAVIOUR, presetProbe } from '../presets.ts';
import type {
  ClientSpec,
  Scenario,
  CloudPreset,
  ExternalTrafficPolicy,
  LifecycleSpec,
  NodeSpec,
  PodSpec,
  ServiceSpec,
} from '../types.ts';

export const CLIENT_1: ClientSpec = { id: 'client-1', ip: '192.0.2.10' };
export const CLIENT_2: ClientSpec = { id: 'client-2', ip: '203.0.113.25' };
export const FRONTEND_IP = '203.0.113.100';

/** node-1 … node-n with 198.51.100.1n and 10.244.n.0/24. */
export function canonicalNodes(count: number): NodeSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `node-${i + 1}`,
    ip: `198.51.100.${11 + i}`,
    podCidr: `10.244.${i + 1}.0/24`,
  }));
}

/** pod-a 10.244.1.5 (node-1), pod-b 10.244.2.7 (node-2), pod-c 10.244.3.9 (node-3). */
export const POD_A: PodSpec = { id: 'pod-a', node: 'node-1', ip: '10.244.1.5' };
export const POD_B: PodSpec = { id: 'pod-b', node: 'node-2', ip: '10.244.2.7' };
export const POD_C: PodSpec = { id: 'pod-c', node: 'node-3', ip: '10.244.3.9' };

/** Service "shop": port 80 → targetPort 8080, nodePort 30080, hcnp 32000 under Local. */
export function shopService(policy: ExternalTrafficPolicy): ServiceSpec {
  const base: ServiceSpec = {
    name: 'shop',
    namespace: 'default',
    port: 80,
    targetPort: 8080,
    nodePort: 30080,
    externalTrafficPolicy: policy,
  };
  return policy === 'Local' ? { ...base, healthCheckNodePort: 32000 } : base;
}

/** A load balancer with the preset's delivery and its probe for the policy. */
export function loadBalancer(preset: CloudPreset, policy: ExternalTrafficPolicy) {
  return {
    frontendIp: FRONTEND_IP,
    delivery: LB_BEHAVIOUR[preset].delivery,
    preset,
    probe: presetProbe(preset, policy),
  };
}

/**
 * Kubernetes defaults (source: k8s-readiness-during-termination, k8s-min-sync-period); graceful
 * node shutdown 30 s / 10 s as in the docs' example (source: k8s-graceful-shutdown).
 */
export const DEFAULT_LIFECYCLE: LifecycleSpec = {
  terminationGracePeriodSeconds: 30,
  preStopSeconds: 0,
  servesWhileTerminating: false,
  shutdownGracePeriod: 30,
  shutdownGracePeriodCriticalPods: 10,
  proxySyncDelay: 1,
};

/** What a built-in scenario says beyond the shop skeleton (the rest has defaults). */
type ShopParts = Pick<Scenario, 'pods' | 'traffic'> &
  Required<Pick<Scenario, 'featuredSelectors'>> &
  Partial<Pick<Scenario, 'clients' | 'lifecycle' | 'timeline' | 'directConnections'>>;

/**
 * A scenario on the canonical topology: three nodes, Service "shop" under `policy`, the preset's
 * load balancer, kube-proxy's SNAT, default lifecycle, client-1 only and no timeline unless given.
 */
export function shopScenario(
  id: string,
  policy: ExternalTrafficPolicy,
  preset: CloudPreset,
  parts: ShopParts,
): Scenario {
  const { directConnections, ...rest } = parts;
  return {
    id,
    clients: rest.clients ?? [CLIENT_1],
    nodes: canonicalNodes(3),
    pods: rest.pods,
    service: shopService(policy),
    loadBalancer: loadBalancer(preset, policy),
    masquerade: true,
    traffic: rest.traffic,
    lifecycle: rest.lifecycle ?? DEFAULT_LIFECYCLE,
    timeline: rest.timeline ?? [],
    featured: [],
    featuredSelectors: rest.featuredSelectors,
    ...(directConnections ? { directConnections } : {}),
  };
}
