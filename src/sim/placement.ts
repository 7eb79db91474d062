import { bridgeIp, intToIp, ipToInt, parseCidr } from './ip.ts';
import type { Rng } from './rng.ts';
import type { PlacementSpec, PodSpec, Scenario } from './types.ts';

/** kubelet's default maxPods: the scheduler leaves further replicas Pending. */
export const MAX_PODS_PER_NODE = 110;

/** Generated pod ids: pod-a … pod-z, pod-aa, pod-ab, … */
export function podId(index: number): string {
  let n = index;
  let name = '';
  do {
    name = String.fromCharCode(97 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `pod-${name}`;
}

/** Pick the node index for each replica (null = Pending) according to the strategy. */
export function placeReplicas(
  spec: PlacementSpec,
  nodeCount: number,
  rng: Rng,
): Array<number | null> {
  const counts = new Array<number>(nodeCount).fill(0);
  const out: Array<number | null> = [];
  const withRoom = (): number[] => counts.flatMap((c, i) => (c < MAX_PODS_PER_NODE ? [i] : []));
  for (let r = 0; r < spec.replicas; r++) {
    let candidates = withRoom();
    if (candidates.length === 0) {
      out.push(null);
      continue;
    }
    const least = Math.min(...candidates.map((i) => counts[i] ?? 0));
    switch (spec.strategy) {
      case 'none':
        // No constraint: where the scheduler puts a replica is outside the lesson's control,
        // so model it as a seeded random choice (uneven placements happen).
        break;
      case 'antiAffinityRequired':
        // requiredDuringScheduling… on kubernetes.io/hostname: at most one per node.
        candidates = candidates.filter((i) => (counts[i] ?? 0) === 0);
        break;
      case 'antiAffinityPreferred':
        // preferred…: spread while a node without a replica exists, then stack anywhere.
        if (least === 0) candidates = candidates.filter((i) => (counts[i] ?? 0) === 0);
        break;
      case 'topologySpread': {
        // maxSkew on hostname domains: after placing, count − globalMin must stay ≤ maxSkew.
        const skew = spec.maxSkew ?? 1;
        candidates = candidates.filter((i) => (counts[i] ?? 0) + 1 - least <= skew);
        break;
      }
    }
    if (candidates.length === 0) {
      out.push(null);
      continue;
    }
    // Among equally allowed nodes prefer the emptiest for spreading strategies, as the
    // scheduler's scoring does; 'none' picks among all candidates.
    if (spec.strategy !== 'none') {
      const min = Math.min(...candidates.map((i) => counts[i] ?? 0));
      candidates = candidates.filter((i) => (counts[i] ?? 0) === min);
    }
    const chosen = candidates[rng.int(candidates.length)] ?? 0;
    counts[chosen] = (counts[chosen] ?? 0) + 1;
    out.push(chosen);
  }
  return out;
}

/** Deterministic pod IP: canonical .5/.7/.9 on nodes 1–3, then steps of 10, then any free host. */
export function allocatePodIp(podCidr: string, nodeIndex: number, used: Set<string>): string {
  const parsed = parseCidr(podCidr);
  if (!parsed) return '0.0.0.0';
  const hosts = 2 ** (32 - parsed.bits) - 2;
  const bridge = bridgeIp(podCidr);
  for (let k = 0; k < hosts; k++) {
    const host = 5 + 2 * (nodeIndex % 3) + 10 * k;
    if (host > hosts) break;
    const ip = intToIp(parsed.base + host);
    if (!used.has(ip)) return ip;
  }
  for (let host = 2; host <= hosts; host++) {
    const ip = intToIp(parsed.base + host);
    if (ip !== bridge && !used.has(ip)) return ip;
  }
  return intToIp(ipToInt(bridge));
}

/** The pods a scenario runs: explicit ones (IPs filled in) or generated from `placement`. */
export function resolvePods(scenario: Scenario, rng: Rng): PodSpec[] {
  const used = new Set<string>();
  const nodeIndex = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  if (!scenario.placement) {
    for (const p of scenario.pods) if (p.ip) used.add(p.ip);
    return scenario.pods.map((p) => {
      if (p.ip || p.node === undefined) return { ...p };
      const i = nodeIndex.get(p.node) ?? 0;
      const node = scenario.nodes[i];
      const ip = node ? allocatePodIp(node.podCidr, i, used) : '0.0.0.0';
      used.add(ip);
      return { ...p, ip };
    });
  }
  const spots = placeReplicas(scenario.placement, scenario.nodes.length, rng);
  return spots.map((spot, r) => {
    const id = podId(r);
    const node = spot === null ? undefined : scenario.nodes[spot];
    if (!node || spot === null) return { id };
    const ip = allocatePodIp(node.podCidr, spot, used);
    used.add(ip);
    return { id, node: node.id, ip };
  });
}
