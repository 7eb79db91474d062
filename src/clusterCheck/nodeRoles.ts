/**
 * Every node's role in one verdict each, with the mechanism that gives it that role: a Pod of
 * the Service or none, cordoned but still in rotation (cordon does not touch the load balancer
 * since 1.19; source: k8s-cordon-lb-pool), excluded by label, not advertised by k3s ServiceLB,
 * out by the health check (and why it fails), the MetalLB announcer. Past MAX_NODE_VERDICTS
 * nodes the rest are counted by role.
 */
import type { Tone, Verdict, VerdictCode } from './codes.ts';
import type { NodeFacts, RunFacts } from './facts.ts';
import type { LbFacts } from '../importer/report.ts';

/** Nodes named one by one; the rest are counted per role in a `nodesMore` verdict. */
export const MAX_NODE_VERDICTS = 12;

const pct = (x: number): number => Math.round(x * 1000) / 10;
const sec = (x: number): number => Math.round(x * 10) / 10;

/** The role of one node at the start of the run, as a verdict code with its parameters. */
export function roleOf(
  n: NodeFacts,
  f: RunFacts,
  lb: Pick<LbFacts, 'kind'>,
): { code: VerdictCode; tone: Tone; params: Verdict['params'] } {
  const percent = f.connections > 0 ? pct(n.ingress / f.connections) : 0;
  const p = { node: n.id };
  if (n.excluded)
    return lb.kind === 'serviceLb'
      ? { code: 'nodeNotListed', tone: 'warn', params: p }
      : { code: 'nodeExcluded', tone: 'warn', params: p };
  if (f.l2)
    return n.inRotation
      ? { code: 'nodeL2Announcer', tone: 'good', params: { ...p, percent } }
      : { code: 'nodeL2Standby', tone: 'good', params: p };
  if (!n.inRotation) {
    if (n.toBeDeleted)
      return {
        code: 'nodeOutTainted',
        tone: 'warn',
        params: { ...p, probe: f.preset === 'aws-lbc' ? 'deregistered' : 'healthz503' },
      };
    if (f.policy === 'Local' && n.readyPods === 0 && n.terminatingServing > 0)
      return { code: 'nodeOutTerminating', tone: 'good', params: p };
    if (f.policy === 'Local' && n.usable === 0)
      return {
        code: 'nodeOutLocal',
        tone: 'good',
        params: { ...p, probe: f.probeKind === 'httpHealthCheckNodePort' ? '503' : 'probe' },
      };
    return { code: 'nodeOutProbe', tone: 'warn', params: p };
  }
  const serves = f.policy === 'Local' ? n.usable > 0 : n.readyPods > 0;
  if (n.cordoned)
    return serves
      ? { code: 'nodeCordonedPods', tone: 'warn', params: { ...p, count: n.readyPods, percent } }
      : { code: 'nodeCordonedForwards', tone: 'warn', params: { ...p, percent } };
  if (serves)
    return { code: 'nodePods', tone: 'good', params: { ...p, count: n.readyPods, percent } };
  if (f.policy === 'Cluster')
    return { code: 'nodeForwardsOnly', tone: 'warn', params: { ...p, percent } };
  return { code: 'nodeDropsLocal', tone: 'bad', params: { ...p, percent } };
}

/** One verdict per node (the first MAX_NODE_VERDICTS), the rest counted per role. */
export function nodeVerdicts(f: RunFacts, lb: Pick<LbFacts, 'kind'>): Verdict[] {
  const out: Verdict[] = [];
  const more = new Map<VerdictCode, { count: number; tone: Tone }>();
  f.nodes.forEach((n, i) => {
    const r = roleOf(n, f, lb);
    if (i < MAX_NODE_VERDICTS) out.push({ id: `node:${n.id}`, ...r });
    else {
      const m = more.get(r.code);
      more.set(r.code, { count: (m?.count ?? 0) + 1, tone: r.tone });
    }
    // A drain what-if: the load balancer takes the node out during the run.
    if (n.markedDownAt !== null && n.markedDownAt > 0 && i < MAX_NODE_VERDICTS)
      out.push({
        id: `out:${n.id}`,
        code: 'nodeTakenOut',
        tone: 'warn',
        params: { node: n.id, at: sec(n.markedDownAt) },
      });
  });
  for (const [code, m] of more)
    out.push({
      id: `more:${code}`,
      code: 'nodesMore',
      tone: m.tone,
      params: { count: m.count, role: code },
    });
  return out;
}
