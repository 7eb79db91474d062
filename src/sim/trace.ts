/**
 * Packet-by-packet traces, computed lazily for any connection of a run: the same rule model as
 * the fast path, replayed with the connection's recorded endpoint choice, plus the reply path
 * (conntrack reverses the NAT on the node that translated; the LB reverses its own rewrite).
 * MetalLB L2 has no LB device: the elected node answers ARP for the LB IP, so the client's
 * frames go straight to it and its replies straight back (source the LB IP after un-NAT).
 */
import { bridgeIp, ipToInt } from './ip.ts';
import type { NodeDataPath } from './dataPath.ts';
import {
  addressSeenByLb,
  carriesProxyHeader,
  DEFAULT_LB_SOURCE_IP,
  lbPathOf,
  viaLoadBalancer,
  xffArriving,
} from './clientIp.ts';
import { announcesL2 } from './presets.ts';
import { ebpfTrace } from './ebpf/trace.ts';
import { deliversToNodePort, snatSourceKind } from './route.ts';
import { SOURCE_KIND } from './columns.ts';
import { masqPort } from './simulate.ts';
import { changedFields, hopWriter, LATENCY, type End, type Header } from './traceHops.ts';
import type { SimInternal } from './result.ts';
import type {
  Addr,
  ConnectionRecord,
  ConnectionTrace,
  ConntrackEntry,
  HopMark,
  HopPayload,
  Ip,
  PacketKind,
  RuleHit,
} from './types.ts';

/** Build the trace of one connection from a run's internal data. */
export function buildTrace(internal: SimInternal, record: ConnectionRecord): ConnectionTrace {
  const s = internal.scenario;
  const id = record.id;
  const clientAddr = record.clientAddr;
  const frontend: Addr = { ip: s.loadBalancer.frontendIp, port: s.service.port };
  const path = lbPathOf(s);
  const clientSpec = s.clients.find((c) => c.id === record.client) ?? {
    id: record.client,
    ip: clientAddr.ip,
  };
  const viaLb = viaLoadBalancer(path, clientSpec, record.direct === true);
  // X-Forwarded-For as the client wrote it, and as it reaches the node (an L7 LB appends).
  const clientXff: Ip[] = clientSpec.xForwardedFor ? [clientSpec.xForwardedFor] : [];
  const w = hopWriter(record, clientXff);
  const { hops, conntrack, hop, startPacket } = w;
  const arrivingXff = xffArriving(path, s, clientSpec, viaLb);
  // Addressed to the LB IP, but no device in between: the ARP answer leads to the node itself.
  const l2 = viaLb && announcesL2(s);
  // The packets pass an LB device: an 'lb' hop on the way in and on the way out.
  const lbHop = viaLb && !l2;
  // A Pod calling the LB IP that kube-proxy captures on its own node (ipMode VIP).
  const podCall = record.direct !== true && !viaLb;
  // What the LB sees as the source: the client, or a Pod caller's node after the egress SNAT.
  const lbSaw: Addr =
    clientSpec.node !== undefined
      ? { ip: addressSeenByLb(s, clientSpec), port: masqPort(id) }
      : clientAddr;
  // The source as the SYN reaches the node: a proxying LB's own address, else what the LB saw.
  const client: Addr = !viaLb
    ? clientAddr
    : path.proxy
      ? { ip: s.loadBalancer.sourceIp ?? DEFAULT_LB_SOURCE_IP, port: masqPort(id + 7919) }
      : lbSaw;
  const proxyHeader: HopPayload['proxyHeader'] =
    carriesProxyHeader(path, viaLb) && path.proxyProtocol !== 'none'
      ? { version: path.proxyProtocol, src: { ...lbSaw }, dst: { ...frontend } }
      : undefined;
  const ingressSpec = s.nodes.find((n) => n.id === record.ingressNode);
  const fail = { outcome: record.outcome, reason: record.reason };
  // A UDP Service (eBPF data path only) has no handshake: its first packet is a datagram.
  startPacket(s.service.protocol === 'UDP' ? 'DATA' : 'SYN', 'request', record.at);
  if (!ingressSpec && l2) {
    // Nobody answers ARP for the LB IP: the SYN never leaves the client, which times out.
    hop(
      record.client,
      record.client,
      { src: clientAddr, dst: frontend },
      { src: clientAddr, dst: frontend },
      0,
      [],
      ['noArp', 'drop', 'timeout'],
      fail,
    );
    return { record, hops, conntrack };
  }
  if (!ingressSpec) {
    hop(
      record.client,
      'lb',
      { src: clientAddr, dst: frontend },
      { src: clientAddr, dst: frontend },
      0,
      [],
      ['toLb', 'drop', 'timeout'],
      fail,
    );
    return { record, hops, conntrack };
  }
  const nodePortAddr: Addr = { ip: ingressSpec.ip, port: s.service.nodePort };
  const atNode: Addr = podCall
    ? frontend
    : !viaLb || deliversToNodePort(s)
      ? nodePortAddr
      : frontend;
  const toNode: Header = { src: client, dst: atNode };
  // Request path up to the ingress node; returns the node-side header for later packets.
  const toIngress = (rules: RuleHit[], after: Header, marks: HopMark[], end?: End): void => {
    if (lbHop) {
      hop(
        record.client,
        'lb',
        { src: clientAddr, dst: frontend },
        toNode,
        LATENCY.clientLb,
        [],
        w.packet() === 0 ? ['toLb', 'lbPick'] : ['toLb'],
      );
      hop('lb', ingressSpec.id, toNode, after, LATENCY.lbNode, rules, marks, end);
    } else {
      // Under MetalLB L2 the first frame went to the node that answered ARP for the LB IP.
      const first = l2 && w.packet() === 0 ? ['arp' as const, ...marks] : marks;
      hop(record.client, ingressSpec.id, toNode, after, LATENCY.clientLb, rules, first, end);
    }
  };
  const rsId = internal.rulesetOf[id] ?? -1;
  const rs: NodeDataPath | undefined = internal.rulesets[rsId];
  if (record.reason === 'nodeOffline' || !rs) {
    toIngress([], toNode, ['drop', 'timeout'], fail);
    return { record, hops, conntrack };
  }
  // The eBPF data path (src/sim/ebpf/trace.ts) takes over at the ingress node's eth0.
  if (rs.ebpf) {
    ebpfTrace({
      internal,
      record,
      rs,
      hops,
      conntrack,
      ingress: ingressSpec,
      client,
      clientAddr,
      frontend,
      atNode,
      lbHop,
      proxy: path.proxy,
      podCall,
      fail,
      latency: LATENCY,
      startPacket,
      hop,
      toIngress,
      setPayload: w.setPayload,
      proxyHeader,
      xff: path.ingressController ? record.clientSeenByApp : null,
    });
    return { record, hops, conntrack };
  }
  // Replay the node's walk with the recorded endpoint choice, listing its steps.
  const epIndex = internal.endpointOf[id] ?? -1;
  const chosen = rs.endpoints[epIndex];
  const packet0 = {
    srcIp: client.ip,
    srcInt: ipToInt(client.ip),
    dstIp: atNode.ip,
    dstPort: atNode.port,
    srcLocal: false,
  };
  const hits: RuleHit[] = [];
  const verdict = rs.trace(packet0, epIndex, hits);
  if (verdict.kind === 'drop') {
    toIngress(hits, toNode, ['drop'], fail);
    return { record, hops, conntrack };
  }
  if (verdict.kind !== 'dnat' && record.reason === 'icmpRateLimited') {
    // REJECT matched, but the kernel's ICMP rate limit sends no error: the SYN just vanishes.
    toIngress(hits, toNode, ['drop', 'timeout'], fail);
    return { record, hops, conntrack };
  }
  if (verdict.kind !== 'dnat' || !chosen) {
    toIngress(hits, toNode, ['reject'], fail);
    // REJECT answers with ICMP port unreachable from the node; the client's connect() fails.
    startPacket('ICMP', 'reply');
    const icmp: Header = { src: { ip: ingressSpec.ip, port: 0 }, dst: client };
    if (lbHop) {
      hop(ingressSpec.id, 'lb', icmp, icmp, LATENCY.lbNode, [], ['reply']);
      hop('lb', record.client, icmp, icmp, LATENCY.clientLb, [], ['reply', 'reject'], fail);
    } else {
      hop(
        ingressSpec.id,
        record.client,
        icmp,
        icmp,
        LATENCY.clientLb,
        [],
        ['reply', 'reject'],
        fail,
      );
    }
    return { record, hops, conntrack };
  }
  const podSpec = s.pods.find((p) => p.id === chosen.podId);
  const podNodeSpec = s.nodes.find((n) => n.id === chosen.node);
  const sameNode = chosen.node === ingressSpec.id;
  const masq = rs.masquerade(verdict.marked, sameNode, hits);
  const podAddr: Addr = { ip: chosen.ip, port: s.service.targetPort };
  const snatAddr: Addr = masq
    ? {
        ip:
          snatSourceKind(sameNode, s.cni) === SOURCE_KIND.BRIDGE
            ? bridgeIp(ingressSpec.podCidr)
            : ingressSpec.ip,
        port: masqPort(id),
      }
    : client;
  const toPod: Header = { src: snatAddr, dst: podAddr };
  const podId = podSpec?.id ?? chosen.podId;
  const podNodeId = podNodeSpec?.id ?? chosen.node;
  const ctEntry: ConntrackEntry = {
    node: ingressSpec.id,
    original: { src: { ...client }, dst: { ...atNode } },
    reply: { src: { ...podAddr }, dst: { ...snatAddr } },
    state:
      record.outcome === 'ok' || record.reason === 'nodeWentDown' ? 'ESTABLISHED' : 'UNREPLIED',
  };
  conntrack.push(ctEntry);
  const natMarks: HopMark[] = masq ? ['dnat', 'snat'] : ['dnat'];
  const deliver = (rulesAtIngress: RuleHit[], marks: HopMark[]): boolean => {
    toIngress(rulesAtIngress, toPod, marks);
    if (!sameNode) {
      if (record.reason === 'endpointUnreachable') {
        hop(ingressSpec.id, podNodeId, toPod, toPod, 0, [], ['drop', 'timeout'], fail);
        return false;
      }
      hop(ingressSpec.id, podNodeId, toPod, toPod, LATENCY.nodeNode, [], []);
    }
    if (record.reason === 'endpointGone') {
      hop(podNodeId, podId, toPod, toPod, 0, [], ['reject'], fail);
      return false;
    }
    hop(podNodeId, podId, toPod, toPod, LATENCY.nodePod, [], ['delivered']);
    return true;
  };
  if (!deliver(hits, natMarks)) return { record, hops, conntrack };

  const replyPath = (k: PacketKind, finalMarks: HopMark[]): boolean => {
    startPacket(k, 'reply');
    const fromPod: Header = { src: podAddr, dst: snatAddr };
    if (!sameNode && !masq && !podCall) {
      // No SNAT: the pod answers the client directly; no conntrack on its node knows the flow.
      hop(podId, podNodeId, fromPod, fromPod, LATENCY.nodePod, [], ['reply']);
      hop(
        podNodeId,
        record.client,
        fromPod,
        fromPod,
        LATENCY.clientLb,
        [],
        ['reply', 'directReturn', 'clientDiscard'],
        fail,
      );
      return false;
    }
    if (!sameNode) {
      hop(podId, podNodeId, fromPod, fromPod, LATENCY.nodePod, [], ['reply']);
      hop(podNodeId, ingressSpec.id, fromPod, fromPod, LATENCY.nodeNode, [], ['reply']);
    } else {
      hop(podId, ingressSpec.id, fromPod, fromPod, LATENCY.nodePod, [], ['reply']);
    }
    // The last hop added arrives at the ingress node: conntrack reverses DNAT (and SNAT).
    const last = hops[hops.length - 1];
    const unnatted: Header = { src: atNode, dst: client };
    if (last) {
      last.after = { src: { ...unnatted.src }, dst: { ...unnatted.dst } };
      last.rules = [
        { rule: 'conntrack', chain: 'conntrack', verdict: 'unnat', why: 'replyDirection' },
      ];
      last.changed = changedFields(last.before, last.after);
      last.marks = ['reply', 'unnat'];
    }
    if (lbHop) {
      const fromLb: Header = { src: frontend, dst: clientAddr };
      hop(
        ingressSpec.id,
        'lb',
        unnatted,
        fromLb,
        LATENCY.lbNode,
        [],
        atNode === frontend ? ['reply'] : ['reply', 'unnat'],
      );
      hop('lb', record.client, fromLb, fromLb, LATENCY.clientLb, [], ['reply', ...finalMarks]);
    } else {
      hop(
        ingressSpec.id,
        record.client,
        unnatted,
        unnatted,
        LATENCY.clientLb,
        [],
        ['reply', ...finalMarks],
      );
    }
    return true;
  };
  if (!replyPath('SYN-ACK', ['established'])) return { record, hops, conntrack };
  const established: RuleHit[] = [
    { rule: 'conntrack', chain: 'conntrack', verdict: 'dnat', why: 'establishedFlow' },
  ];
  startPacket('ACK', 'request');
  deliver(established, natMarks);
  startPacket('DATA', 'request');
  // The PROXY header rides in the first bytes of the stream; behind an ingress controller the
  // controller passes the client on in X-Forwarded-For on its own connection to the app.
  const payload: HopPayload = {};
  if (proxyHeader) payload.proxyHeader = proxyHeader;
  if (arrivingXff.length > 0) payload.xForwardedForIn = arrivingXff;
  if (path.ingressController && record.clientSeenByApp !== null)
    payload.xForwardedFor = { value: record.clientSeenByApp, from: podAddr.ip };
  w.setPayload(payload);
  deliver(established, natMarks);
  w.setPayload(undefined);
  if (record.reason === 'proxyHeaderUnexpected' || record.reason === 'proxyHeaderMissing') {
    // The listener could not read the first bytes and closed the connection.
    const last = hops[hops.length - 1];
    if (last) {
      last.end = record.outcome;
      last.reason = record.reason;
      last.marks = [...last.marks, 'reject'];
    }
    return { record, hops, conntrack };
  }
  replyPath('DATA', []);
  return { record, hops, conntrack };
}
