import { describe, expect, it } from 'vitest';
import { traceConnection } from '../../src/sim/index.ts';
import { run } from './helpers.ts';

describe('hop list of a cluster-snat connection', () => {
  it('crosses nodes with SNAT to the ingress node IP (a load balancer that rewrites to the nodePort)', () => {
    const r = run('cluster-snat', { 'loadBalancer.delivery': 'nodePort' });
    const id = r.featured[0]?.record.id ?? -1;
    const trace = traceConnection(r, id);
    const compact = trace?.hops
      .filter((h) => h.packet <= 1)
      .map(
        (h) =>
          `${h.kind} ${h.from}→${h.to} ${h.after.src.ip}:${h.after.src.port}→${h.after.dst.ip}:${h.after.dst.port} [${h.marks.join(',')}]${h.rules.length ? ' ' + h.rules.map((x) => `${x.rule}/${x.verdict}/${x.why}`).join(' ') : ''}`,
      );
    expect(compact).toMatchInlineSnapshot(`
      [
        "SYN client-1→lb 192.0.2.10:40000→198.51.100.11:30080 [toLb,lbPick]",
        "SYN lb→node-1 198.51.100.11:39425→10.244.3.9:8080 [dnat,snat] KUBE-NODEPORTS/jump/nodePort KUBE-EXT/jump/clusterPolicy KUBE-MARK-MASQ/mark/externalDestination KUBE-SVC/jump/lastEndpoint KUBE-SEP/dnat/dnatToEndpoint KUBE-POSTROUTING/jump/masqueradeMarkSet MASQUERADE/snat/egressInterfaceNode",
        "SYN node-1→node-3 198.51.100.11:39425→10.244.3.9:8080 []",
        "SYN node-3→pod-c 198.51.100.11:39425→10.244.3.9:8080 [delivered]",
        "SYN-ACK pod-c→node-3 10.244.3.9:8080→198.51.100.11:39425 [reply]",
        "SYN-ACK node-3→node-1 198.51.100.11:30080→192.0.2.10:40000 [reply,unnat] conntrack/unnat/replyDirection",
        "SYN-ACK node-1→lb 203.0.113.100:80→192.0.2.10:40000 [reply,unnat]",
        "SYN-ACK lb→client-1 203.0.113.100:80→192.0.2.10:40000 [reply,established]",
      ]
    `);
  });
});
