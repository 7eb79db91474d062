/**
 * Building blocks of lesson 8's scenarios (the client address beyond kube-proxy): one topology,
 * pods on node-1 and node-2, the AWS Load Balancer Controller's NLB with instance targets.
 */
import type { ExternalTrafficPolicy, Scenario } from '../types.ts';
import {
  CLIENT_1,
  CLIENT_2,
  DEFAULT_LIFECYCLE,
  POD_A,
  POD_B,
  canonicalNodes,
  loadBalancer,
  shopService,
} from './common.ts';

/** A Pod on node-3 that calls the Service's LB IP (in-cluster traffic). */
export const CALLER_POD = { id: 'caller-pod', ip: '10.244.3.20', node: 'node-3' } as const;

/** The common base: AWS LBC (NLB, instance targets), pods on node-1 and node-2. */
export function clientIpBase(id: string, policy: ExternalTrafficPolicy): Scenario {
  return {
    id,
    clients: [CLIENT_1, CLIENT_2],
    nodes: canonicalNodes(3),
    pods: [POD_A, POD_B],
    service: shopService(policy),
    loadBalancer: loadBalancer('aws-lbc', policy),
    masquerade: true,
    traffic: { rate: 10, duration: 3, connectTimeout: 21 },
    lifecycle: DEFAULT_LIFECYCLE,
    timeline: [],
    featured: [],
    featuredSelectors: [{ kind: 'firstOutcome', outcome: 'ok' }],
  };
}
