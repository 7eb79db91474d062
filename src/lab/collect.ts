/**
 * What the kernel did in a lab run: rule counts of iptables texts, the conntrack tables and
 * counters saved after the traffic, and each client result's ingress node worked out from the
 * load balancer's conntrack entries, as the connections the comparison takes.
 */
import type { Scenario } from '../sim/index.ts';
import type { LabConnection } from './compare.ts';
import type { LabPlan } from './plan.ts';
import type { Tools } from './preflight.ts';
import { runSync } from './proc.ts';
import type { LabResult } from './traffic.ts';

/** The number of `-A` lines per table of an iptables(-save/-restore) text. */
export function ruleCount(text: string): number {
  return text.split('\n').filter((l) => l.startsWith('-A ')).length;
}

/** One conntrack -L line: original source and port, and where the reply comes from. */
export interface CtEntry {
  src: string;
  sport: number;
  dst: string;
  replySrc: string;
  mark: number;
}

/** Parse `conntrack -L -p tcp` output (each line: original tuple, then reply tuple). */
export function parseConntrack(text: string): CtEntry[] {
  const out: CtEntry[] = [];
  for (const line of text.split('\n')) {
    const src = [...line.matchAll(/\bsrc=(\S+)/g)].map((m) => m[1] ?? '');
    const dst = [...line.matchAll(/\bdst=(\S+)/g)].map((m) => m[1] ?? '');
    const sport = [...line.matchAll(/\bsport=(\d+)/g)].map((m) => Number(m[1]));
    const mark = /\bmark=(\d+)/.exec(line);
    if (src.length < 2 || dst.length < 1 || sport.length < 1) continue;
    out.push({
      src: src[0] ?? '',
      sport: sport[0] ?? 0,
      dst: dst[0] ?? '',
      replySrc: src[1] ?? '',
      mark: mark ? Number(mark[1]) : 0,
    });
  }
  return out;
}

/**
 * Write what the kernel kept (conntrack of the load balancer and of every node, every node's
 * counters) for the projector and for the ingress node; returns the load balancer's conntrack.
 */
export function saveKernelState(
  plan: LabPlan,
  s: Scenario,
  tools: Tools,
  write: (name: string, text: string) => void,
): string {
  const lbCt = runSync(['ip', 'netns', 'exec', plan.lbNs, 'conntrack', '-L', '-p', 'tcp']).stdout;
  write('conntrack-lb.txt', lbCt);
  for (const n of s.nodes) {
    const ns = plan.nodeNs[n.id] ?? '';
    write(
      `conntrack-${n.id}.txt`,
      runSync(['ip', 'netns', 'exec', ns, 'conntrack', '-L', '-p', 'tcp']).stdout,
    );
    const nft = plan.nodeRules.find((r) => r.node === n.id)?.loader === 'nft';
    // kube-proxy's nftables mode: its table with the kernel's counters for each rule.
    if (nft)
      write(
        `nft-list-${n.id}.txt`,
        runSync(['ip', 'netns', 'exec', ns, 'nft', 'list', 'table', 'ip', 'kube-proxy']).stdout,
      );
    else
      write(
        `iptables-save-${n.id}.txt`,
        runSync(['ip', 'netns', 'exec', ns, tools.save, '-c']).stdout,
      );
  }
  return lbCt;
}

/**
 * The client results as connections to compare: a direct connection's ingress is its planned
 * node; through the load balancer it is the node of the rotation the conntrack mark names (VIP
 * delivery) or the node the reply came from.
 */
export function labConnections(
  results: readonly LabResult[],
  lbConntrack: string,
  s: Scenario,
  plan: LabPlan,
): LabConnection[] {
  const ct = parseConntrack(lbConntrack);
  const byTuple = new Map(ct.map((e) => [`${e.src}:${e.sport}`, e]));
  const nodeByIp = new Map(s.nodes.map((n) => [n.ip, n.id]));
  return results.map((r) => {
    const e = byTuple.get(`${r.clientIp}:${r.localPort}`);
    let ingress: string | null = null;
    if (r.direct) ingress = r.node;
    else if (e && s.loadBalancer.delivery === 'vip') ingress = plan.rotation[e.mark - 1] ?? null;
    else if (e) ingress = nodeByIp.get(e.replySrc) ?? null;
    return {
      id: r.id,
      client: r.client,
      ingressNode: ingress,
      direct: r.direct,
      kind: r.kind,
      pod: r.pod,
      src: r.src,
    };
  });
}
