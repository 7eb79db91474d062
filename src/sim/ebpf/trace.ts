/**
 * A connection's packets on the eBPF data path, from the moment its first packet reaches the
 * ingress node's eth0 (trace.ts builds the way there and hands over here). The steps each hop
 * lists are the program's, named for the part of Cilium's datapath they model (codes.ts):
 * service lookup, backend selection (random or Maglev), then no SNAT for a local backend, SNAT
 * for a remote one, or DSR (the Service address rides in an IP option or Geneve option of the
 * SYN; the backend node answers the client straight from it). Replies of SNATed flows pass the
 * ingress node again, which reverses both rewrites.
 */
import type { NodeDataPath } from '../dataPath.ts';
import { masqPort } from '../simulate.ts';
import type { SimInternal } from '../result.ts';
import type {
  Addr,
  ConnectionRecord,
  HopMark,
  HopPayload,
  NodeSpec,
  PacketKind,
  RuleHit,
} from '../types.ts';
import { pickWhy, maglevWhy } from './codes.ts';
import { usesDsr } from './config.ts';
import { flowHash, maglevSlot } from './maglev.ts';
import { PROTOCOL_NUMBER } from './route.ts';
import { ipToInt } from '../ip.ts';
import type { End, Header, HopWriter } from '../traceHops.ts';

/** What trace.ts has built up to the ingress node, and its hop writers. */
export interface EbpfTraceContext extends Pick<
  HopWriter,
  'hops' | 'conntrack' | 'startPacket' | 'hop' | 'setPayload'
> {
  internal: SimInternal;
  record: ConnectionRecord;
  rs: NodeDataPath;
  ingress: NodeSpec;
  /** The connection's source as it reaches the node (client, proxying LB, Pod caller's node). */
  client: Addr;
  /** The client's own address (where a passthrough reply must end). */
  clientAddr: Addr;
  frontend: Addr;
  /** The destination the node sees: the LB frontend, or nodeIP:nodePort. */
  atNode: Addr;
  /** An LB device is on the path (a hop to 'lb' each way); a proxying one answers for the node. */
  lbHop: boolean;
  proxy: boolean;
  /** A Pod on the ingress node called the LB IP (socket LB). */
  podCall: boolean;
  /** The way the packet failed (the record's outcome and reason). */
  fail: End;
  latency: { clientLb: number; lbNode: number; nodeNode: number; nodePod: number };
  /** The request's way from the client to the ingress node (through the LB when there is one). */
  toIngress(rules: RuleHit[], after: Header, marks: HopMark[], end?: End): void;
  /** The LB's PROXY header, if it writes one. */
  proxyHeader: HopPayload['proxyHeader'];
  /** Behind an ingress controller: the X-Forwarded-For it writes (null when none). */
  xff: string | null;
}

const hit = (
  rule: RuleHit['rule'],
  chain: string,
  verdict: RuleHit['verdict'],
  why: string,
): RuleHit => ({ rule, chain, verdict, why });

/** Continue a connection's trace on an eBPF ingress node. */
export function ebpfTrace(ctx: EbpfTraceContext): Pick<HopWriter, 'hops' | 'conntrack'> {
  const { internal, record, rs, ingress, client, atNode, fail, latency: L } = ctx;
  const s = internal.scenario;
  const m = rs.ebpf;
  const done = { hops: ctx.hops, conntrack: ctx.conntrack };
  if (!m) return done;
  const cfg = m.config;
  const udp = cfg.protocol === 'UDP';
  const toNode: Header = { src: client, dst: atNode };
  const chosen = rs.endpoints[internal.endpointOf[record.id] ?? -1];
  const local = s.service.externalTrafficPolicy === 'Local';

  // ---- the first packet at eth0: lookup and selection ----------------------------------------
  const first: RuleHit[] = ctx.podCall
    ? [hit('bpf-socket', 'cil_sock4_connect', 'dnat', 'socketLb')]
    : [
        hit('bpf-nodeport', 'cil_from_netdev', 'jump', 'ebpfAtDevice'),
        hit(
          'bpf-service',
          'cilium_lb4_services_v2',
          'jump',
          local ? 'serviceLocalScope' : 'serviceClusterScope',
        ),
      ];
  if (!chosen) {
    if (record.reason === 'noLocalEndpoints') {
      first.push(hit('bpf-service', 'cilium_lb4_services_v2', 'drop', 'noLocalBackends'));
      ctx.toIngress(first, toNode, ['drop'], fail);
      return done;
    }
    first.push(hit('bpf-service', 'cilium_lb4_services_v2', 'reject', 'noBackends'));
    ctx.toIngress(first, toNode, ['reject'], fail);
    // The program turns the packet around as ICMP port unreachable (tail_no_service_ipv4).
    ctx.startPacket('ICMP', 'reply');
    const icmp: Header = { src: { ip: atNode.ip, port: 0 }, dst: client };
    if (ctx.lbHop) {
      ctx.hop(ingress.id, 'lb', icmp, icmp, L.lbNode, [], ['reply']);
      ctx.hop('lb', record.client, icmp, icmp, L.clientLb, [], ['reply', 'reject'], fail);
    } else
      ctx.hop(ingress.id, record.client, icmp, icmp, L.clientLb, [], ['reply', 'reject'], fail);
    return done;
  }
  if (!ctx.podCall) {
    const k = m.extBackends.indexOf(chosen);
    if (m.maglev) {
      const hash = flowHash(
        ipToInt(client.ip),
        client.port,
        ipToInt(atNode.ip),
        atNode.port,
        PROTOCOL_NUMBER[cfg.protocol],
      );
      first.push(
        hit('bpf-backend', 'cilium_lb4_maglev', 'dnat', maglevWhy(maglevSlot(m.maglev, hash))),
      );
    } else
      first.push(
        hit(
          'bpf-backend',
          'lb4_select_backend_id_random',
          'dnat',
          pickWhy(k + 1, m.extBackends.length),
        ),
      );
  }
  const podAddr: Addr = { ip: chosen.ip, port: s.service.targetPort };
  const podNode = s.nodes.find((n) => n.id === chosen.node);
  const podNodeId = podNode?.id ?? chosen.node;
  const sameNode = chosen.node === ingress.id;
  const remote = !sameNode && !ctx.podCall;
  const dsr = remote && usesDsr(cfg);
  const snat = remote && !dsr;
  if (sameNode && !ctx.podCall)
    first.push(hit('bpf-nodeport', 'nodeport_lb4', 'accept', 'backendLocal'));
  if (snat)
    first.push(hit('bpf-snat', 'tail_nodeport_nat_egress_ipv4', 'snat', 'backendRemoteSnat'));
  const geneve = cfg.dsrDispatch === 'geneve';
  if (dsr)
    first.push(
      hit(
        'bpf-dsr',
        geneve ? 'encap_geneve_dsr_opt4' : 'dsr_set_opt4',
        'dsr',
        geneve ? 'dsrGeneve' : 'dsrOption',
      ),
    );
  // The source the Pod sees: the node's own address after SNAT, else the connection's.
  const srcAtPod: Addr = snat ? { ip: ingress.ip, port: masqPort(record.id) } : client;
  const toPod: Header = { src: srcAtPod, dst: podAddr };
  const dsrInfo: HopPayload['dsr'] = { service: { ...atNode }, dispatch: cfg.dsrDispatch };
  const ok = record.outcome === 'ok' || record.reason === 'nodeWentDown';
  // conntrack / NAT entries as `cilium-dbg bpf ct list global` would show them.
  ctx.conntrack.push(
    dsr
      ? {
          node: podNodeId,
          original: { src: { ...client }, dst: { ...atNode } },
          reply: { src: { ...podAddr }, dst: { ...client } },
          state: ok ? 'ESTABLISHED' : 'UNREPLIED',
        }
      : {
          node: ingress.id,
          original: { src: { ...client }, dst: { ...atNode } },
          reply: { src: { ...podAddr }, dst: { ...srcAtPod } },
          state: ok ? 'ESTABLISHED' : 'UNREPLIED',
        },
  );

  /** One request packet from the client to the Pod; false when it went no further. */
  const deliver = (rules: RuleHit[], withOption: boolean): boolean => {
    const marks: HopMark[] = snat ? ['dnat', 'snat'] : ['dnat'];
    if (withOption) marks.push('dsr');
    ctx.toIngress(rules, toPod, marks);
    if (!sameNode) {
      if (record.reason === 'endpointUnreachable') {
        ctx.hop(ingress.id, podNodeId, toPod, toPod, 0, [], ['drop', 'timeout'], fail);
        return false;
      }
      const at = withOption
        ? [hit('bpf-dsr', 'nodeport_extract_dsr_v4', 'accept', 'dsrExtract')]
        : [];
      ctx.hop(ingress.id, podNodeId, toPod, toPod, L.nodeNode, at, withOption ? ['dsr'] : []);
      if (withOption) {
        const last = ctx.hops[ctx.hops.length - 1];
        if (last) last.payload = { ...last.payload, dsr: dsrInfo };
      }
    }
    if (record.reason === 'endpointGone') {
      ctx.hop(podNodeId, chosen.podId, toPod, toPod, 0, [], ['reject'], fail);
      return false;
    }
    ctx.hop(podNodeId, chosen.podId, toPod, toPod, L.nodePod, [], ['delivered']);
    return true;
  };

  /** One reply from the Pod back to whoever sent the request; false when the client drops it. */
  const reply = (kind: PacketKind, finalMarks: HopMark[]): boolean => {
    ctx.startPacket(kind, 'reply');
    const fromPod: Header = { src: podAddr, dst: srcAtPod };
    if (dsr) {
      // The backend node's program finds the flow's DSR entry and answers from the Service address.
      const out: Header = { src: { ...atNode }, dst: { ...client } };
      ctx.hop(
        chosen.podId,
        podNodeId,
        fromPod,
        out,
        L.nodePod,
        [hit('bpf-dsr', 'xlate_dsr_v4', 'snat', 'dsrReplySource')],
        ['reply'],
      );
      // Straight from the backend node to the client.
      const toClient = (marks: HopMark[], end?: End): void =>
        ctx.hop(
          podNodeId,
          record.client,
          out,
          out,
          L.clientLb,
          [],
          ['reply', 'dsrReturn', ...marks],
          end,
        );
      if (record.reason === 'dsrReplyMismatch') {
        toClient(['clientDiscard'], fail);
        return false;
      }
      if (ctx.proxy && ctx.lbHop) {
        // A proxying LB gets the reply on its own connection and answers the client on the other.
        const fromLb: Header = { src: ctx.frontend, dst: ctx.clientAddr };
        ctx.hop(podNodeId, 'lb', out, fromLb, L.lbNode, [], ['reply', 'dsrReturn']);
        ctx.hop('lb', record.client, fromLb, fromLb, L.clientLb, [], ['reply', ...finalMarks]);
      } else toClient(finalMarks);
      return true;
    }
    if (!sameNode) ctx.hop(chosen.podId, podNodeId, fromPod, fromPod, L.nodePod, [], ['reply']);
    if (ctx.podCall) {
      // The caller's socket is connected to the backend: nothing to reverse on the way back.
      if (!sameNode) ctx.hop(podNodeId, ingress.id, fromPod, fromPod, L.nodeNode, [], ['reply']);
      else ctx.hop(chosen.podId, ingress.id, fromPod, fromPod, L.nodePod, [], ['reply']);
      ctx.hop(ingress.id, record.client, fromPod, fromPod, L.nodePod, [], ['reply', ...finalMarks]);
      return true;
    }
    const unnatted: Header = { src: { ...atNode }, dst: { ...client } };
    const rev = snat
      ? hit('bpf-revnat', 'tail_nodeport_nat_ingress_ipv4', 'unnat', 'revSnat')
      : hit('bpf-revnat', 'nodeport_rev_dnat_fwd_ipv4', 'unnat', 'revDnat');
    if (!sameNode)
      ctx.hop(podNodeId, ingress.id, fromPod, unnatted, L.nodeNode, [rev], ['reply', 'unnat']);
    else ctx.hop(chosen.podId, ingress.id, fromPod, unnatted, L.nodePod, [rev], ['reply', 'unnat']);
    if (ctx.lbHop) {
      const fromLb: Header = { src: ctx.frontend, dst: ctx.clientAddr };
      const lbMarks: HopMark[] = atNode.ip === ctx.frontend.ip ? ['reply'] : ['reply', 'unnat'];
      ctx.hop(ingress.id, 'lb', unnatted, fromLb, L.lbNode, [], lbMarks);
      ctx.hop('lb', record.client, fromLb, fromLb, L.clientLb, [], ['reply', ...finalMarks]);
    } else
      ctx.hop(
        ingress.id,
        record.client,
        unnatted,
        unnatted,
        L.clientLb,
        [],
        ['reply', ...finalMarks],
      );
    return true;
  };

  if (!deliver(first, dsr)) return done;
  if (udp) {
    // A datagram and its answer; DSR (dsr mode only) writes the option into every datagram.
    reply('DATA', []);
    return done;
  }
  if (!reply('SYN-ACK', ['established'])) return done;
  // Later packets: the CT entry on the ingress node knows the flow; the option rode on the SYN only.
  const known = [
    hit('bpf-backend', 'cilium_ct4_global', 'dnat', dsr ? 'dsrKnownFlow' : 'establishedFlow'),
  ];
  ctx.startPacket('ACK', 'request');
  deliver(known, false);
  ctx.startPacket('DATA', 'request');
  const data: HopPayload = {};
  if (ctx.proxyHeader) data.proxyHeader = ctx.proxyHeader;
  if (ctx.xff !== null) data.xForwardedFor = { value: ctx.xff, from: podAddr.ip };
  ctx.setPayload(data);
  deliver(known, false);
  ctx.setPayload(undefined);
  if (record.reason === 'proxyHeaderUnexpected' || record.reason === 'proxyHeaderMissing') {
    const last = ctx.hops[ctx.hops.length - 1];
    if (last) {
      last.end = record.outcome;
      last.reason = record.reason;
      last.marks = [...last.marks, 'reject'];
    }
    return done;
  }
  reply('DATA', []);
  return done;
}
