/**
 * Turns one engine hop into the sentence the aria-live region and the transcript read:
 * who sends what to whom, what changed at the hop, and which rule made it. It only describes
 * the engine's hop; it never decides anything about the packet.
 */
import { whyKey } from '../../sim/codes';
import type { Addr, Hop, RuleHit, Scenario } from '../../sim/types';
import type { Tr } from './trClient';

/** "ip:port", or just the ip when the port is 0 (ICMP). */
export function fmtAddr(a: Addr): string {
  return a.port === 0 ? a.ip : `${a.ip}:${a.port}`;
}

/** The display name of a place id ('lb' → localized "load balancer"). */
export function placeName(t: Tr, place: string): string {
  return place === 'lb' ? t('diagram.place.lb') : place;
}

/** Short label of a rule hit: "KUBE-SEP DNAT", "MASQUERADE", "conntrack"; nftables "endpoint dnat". */
export function ruleLabel(hit: RuleHit): string {
  if (hit.verdict === 'dnat' && hit.rule === 'endpoint') return 'endpoint dnat';
  // eBPF steps are named for the function or map of the program (cilium_lb4_maglev, …).
  if (hit.rule.startsWith('bpf-')) return hit.chain;
  if (hit.verdict === 'dnat' && hit.rule !== 'conntrack') return `${hit.rule} DNAT`;
  return hit.rule;
}

/** nftables: the map a hit looked up and the element it found, as nft prints them. */
export function lookupText(hit: RuleHit): string | null {
  if (!hit.lookup) return null;
  const map = hit.lookup.map.startsWith('numgen') ? hit.lookup.map : `@${hit.lookup.map}`;
  return `${map} { ${hit.lookup.element} }`;
}

/** A hit that replays a known flow's translation (conntrack, or the eBPF program's CT map). */
function knownFlow(hit: RuleHit | undefined): boolean {
  return hit?.rule === 'conntrack' || hit?.why === 'establishedFlow' || hit?.why === 'dsrKnownFlow';
}

/** The localized reason for a rule's match. */
export function whyText(t: Tr, why: string): string {
  const { key, params } = whyKey(why);
  return t(key, params, why);
}

/** The localized reason an outcome happened; `node` fills reasons that name the node. */
export function reasonText(
  t: Tr,
  reason: string | undefined,
  node: string | null | undefined,
): string {
  if (!reason) return '';
  return t(`reason.${reason}`, { node: node ?? '' }, reason);
}

/**
 * The localized reason a hop's packet went no further: a SYN that never left its client because
 * nobody answered ARP for the LB IP (MetalLB L2) says so; every other hop has its outcome's reason.
 */
export function hopReasonText(t: Tr, hop: Pick<Hop, 'marks' | 'reason' | 'to' | 'before'>): string {
  if (hop.marks.includes('noArp')) return t('diagram.narr.noArpReason', { ip: hop.before.dst.ip });
  return reasonText(t, hop.reason, hop.to);
}

/** The localized packet kind with its direction, e.g. "SYN (request)". */
export function kindText(t: Tr, hop: Pick<Hop, 'kind' | 'direction'>): string {
  return t(`diagram.kind.${hop.kind}`, {}, hop.kind);
}

/** One sentence of a narration: the locale key and its (already localized) variables. */
export interface NarrationPart {
  key: string;
  vars: Record<string, string | number>;
}

/**
 * A place as the subject or the object of a sentence. Names (client-1, node-1, pod-c) need no
 * article; the load balancer does, and German also declines it (der / den Load Balancer).
 */
function placeAs(t: Tr, place: string, role: 'subject' | 'object'): string {
  return place === 'lb' ? t(`diagram.narr.lb.${role}`) : place;
}

/** The packet as a noun phrase: "a SYN" / "ein SYN" (first mention) or "the SYN" / "das SYN". */
function packet(t: Tr, hop: Hop, article: 'a' | 'the'): string {
  return t(`diagram.narr.pkt.${article}.${hop.kind}`, {}, hop.kind);
}

/** Whether `from` created this packet (a client's request, a Pod's answer, a node's ICMP). */
function originates(scenario: Scenario, hop: Hop): boolean {
  if (scenario.clients.some((c) => c.id === hop.from)) return true;
  if (scenario.pods.some((p) => p.id === hop.from)) return true;
  return hop.kind === 'ICMP' && scenario.nodes.some((n) => n.id === hop.from);
}

/** The first sentence: who passes which packet (with its header) to whom. */
function movePart(t: Tr, scenario: Scenario, hop: Hop): NarrationPart {
  const header = { src: fmtAddr(hop.before.src), dst: fmtAddr(hop.before.dst) };
  const from = placeAs(t, hop.from, 'subject');
  const to = placeAs(t, hop.to, 'object');
  if (originates(scenario, hop)) {
    const key = hop.direction === 'reply' ? 'diagram.narr.answer' : 'diagram.narr.send';
    return { key, vars: { from, to, pkt: packet(t, hop, 'a'), ...header } };
  }
  const key = hop.marks.includes('directReturn') ? 'diagram.narr.direct' : 'diagram.narr.forward';
  return { key, vars: { from, to, pkt: packet(t, hop, 'the'), ...header } };
}

/** The sentence about what the place `to` rewrote, if it rewrote anything. */
function rewritePart(t: Tr, scenario: Scenario, hop: Hop): NarrationPart | null {
  const at = placeAs(t, hop.to, 'subject');
  const dstChanged = hop.changed.includes('dst.ip') || hop.changed.includes('dst.port');
  const srcChanged = hop.changed.includes('src.ip') || hop.changed.includes('src.port');
  const dnat = hop.rules.find((r) => r.verdict === 'dnat');
  const snat = hop.rules.find((r) => r.verdict === 'snat');
  const unnat = hop.marks.includes('unnat');
  const nodeAt = (ip: string): string => scenario.nodes.find((n) => n.ip === ip)?.id ?? ip;
  if (hop.to === 'lb') {
    if (unnat && srcChanged)
      return { key: 'diagram.narr.lbUnnat', vars: { src: fmtAddr(hop.after.src) } };
    if (hop.direction === 'reply' && dstChanged)
      // A proxying LB answers the client on the client's own connection.
      return {
        key: 'diagram.narr.lbProxyReply',
        vars: { src: fmtAddr(hop.after.src), dst: fmtAddr(hop.after.dst) },
      };
    if (srcChanged && hop.direction === 'request') {
      // A proxying LB opens its own connection; a Pod caller's node masquerades it on the way out.
      const key =
        (scenario.loadBalancer.mode ?? 'passthrough') !== 'proxy'
          ? 'diagram.narr.lbEgressSnat'
          : hop.kind === 'SYN'
            ? 'diagram.narr.lbProxy'
            : 'diagram.narr.lbProxyFlow';
      return {
        key,
        vars: {
          node: nodeAt(hop.after.dst.ip),
          src: fmtAddr(hop.after.src),
          new: fmtAddr(hop.after.dst),
        },
      };
    }
    const vars = {
      node: nodeAt(hop.after.dst.ip),
      old: fmtAddr(hop.before.dst),
      new: fmtAddr(hop.after.dst),
    };
    if (hop.marks.includes('lbPick'))
      return dstChanged
        ? { key: 'diagram.narr.lbPick', vars }
        : { key: 'diagram.narr.lbPickKeep', vars: { old: vars.old } };
    if (dstChanged) return { key: 'diagram.narr.lbFlow', vars };
    return null;
  }
  if (unnat && (dstChanged || srcChanged)) {
    return {
      key: 'diagram.narr.unnat',
      vars: { at, src: fmtAddr(hop.after.src), dst: fmtAddr(hop.after.dst) },
    };
  }
  const pod = scenario.pods.find((p) => p.ip === hop.after.dst.ip)?.id;
  const target = pod ? `${pod} ${fmtAddr(hop.after.dst)}` : fmtAddr(hop.after.dst);
  const src = fmtAddr(hop.after.src);
  if (knownFlow(dnat) && dstChanged) {
    return srcChanged
      ? { key: 'diagram.narr.conntrackDnatSnat', vars: { at, target, src } }
      : { key: 'diagram.narr.conntrackDnat', vars: { at, target } };
  }
  if (dstChanged) {
    const old = fmtAddr(hop.before.dst);
    const rule = dnat ? ruleLabel(dnat) : 'DNAT';
    if (!srcChanged) return { key: 'diagram.narr.dnat', vars: { at, old, target, rule } };
    return {
      key: 'diagram.narr.dnatSnat',
      vars: {
        at,
        atObject: placeAs(t, hop.to, 'object'),
        old,
        target,
        rule,
        src,
        masq: snat ? ruleLabel(snat) : 'MASQUERADE',
        pod: pod ?? target,
      },
    };
  }
  // DSR: the backend node answers from the Service address it recorded for the flow.
  if (srcChanged && snat?.why === 'dsrReplySource')
    return { key: 'diagram.narr.dsrReply', vars: { at, src } };
  if (srcChanged)
    return { key: 'diagram.narr.snat', vars: { at, old: fmtAddr(hop.before.src), src } };
  if (knownFlow(dnat)) return { key: 'diagram.narr.conntrack', vars: { at } };
  return null;
}

/** The sentences about how the packet's journey ends here, if it ends badly. */
function endParts(t: Tr, scenario: Scenario, hop: Hop): NarrationPart[] {
  if (!hop.end || hop.end === 'ok') return [];
  const at = placeAs(t, hop.to, 'subject');
  const toClient = scenario.clients.some((c) => c.id === hop.to);
  let first: NarrationPart;
  if (hop.reason === 'proxyHeaderUnexpected' || hop.reason === 'proxyHeaderMissing')
    first = { key: 'diagram.narr.appCloses', vars: { pod: hop.to } };
  else if (hop.marks.includes('clientDiscard'))
    first = { key: 'diagram.narr.discard', vars: { client: at, src: fmtAddr(hop.after.src) } };
  else if (hop.marks.includes('timeout') || hop.end === 'timeout')
    first = { key: 'diagram.narr.timeout', vars: { at, seconds: scenario.traffic.connectTimeout } };
  else if (hop.marks.includes('reject') || hop.end === 'reset') {
    if (toClient) return [{ key: 'diagram.narr.refused', vars: { client: at } }];
    const atNode = scenario.nodes.some((n) => n.id === hop.to);
    first = atNode
      ? { key: 'diagram.narr.reject', vars: { at } }
      : { key: 'diagram.narr.rejectGone', vars: {} };
  } else first = { key: 'diagram.narr.drop', vars: { at, pkt: packet(t, hop, 'the') } };
  const reason = reasonText(t, hop.reason, hop.to);
  return reason ? [first, { key: 'diagram.narr.reason', vars: { reason } }] : [first];
}

/** The sentences that narrate one hop, as locale keys with their variables. */
export function narrationParts(t: Tr, scenario: Scenario, hop: Hop): NarrationPart[] {
  if (hop.marks.includes('noArp'))
    // MetalLB L2 with no node elected: the client's ARP request for the LB IP goes unanswered.
    return [
      {
        key: 'diagram.narr.noArp',
        vars: {
          client: hop.from,
          pkt: packet(t, hop, 'a'),
          src: fmtAddr(hop.before.src),
          dst: fmtAddr(hop.before.dst),
          ip: scenario.loadBalancer.frontendIp,
          seconds: scenario.traffic.connectTimeout,
        },
      },
    ];
  const parts = [movePart(t, scenario, hop)];
  if (hop.marks.includes('arp'))
    parts.push({
      key: 'diagram.narr.arp',
      vars: { node: hop.to, ip: scenario.loadBalancer.frontendIp },
    });
  const pp = hop.payload?.proxyHeader;
  if (pp && hop.from === 'lb')
    parts.push({
      key: 'diagram.narr.proxyHeader',
      vars: { version: pp.version, src: fmtAddr(pp.src), dst: fmtAddr(pp.dst) },
    });
  // X-Forwarded-For as it arrives: what the client wrote, and an L7 LB's own entry after it.
  const xffIn = hop.payload?.xForwardedForIn;
  if (xffIn && hop.from === 'lb')
    parts.push({
      key:
        scenario.loadBalancer.setsXForwardedFor && scenario.loadBalancer.mode === 'proxy'
          ? 'diagram.narr.xffAppended'
          : 'diagram.narr.xffCarried',
      vars: { value: xffIn.join(', ') },
    });
  const rewrite = rewritePart(t, scenario, hop);
  if (rewrite) parts.push(rewrite);
  const dsr = hop.payload?.dsr;
  if (dsr)
    parts.push({
      key: `diagram.narr.dsrCarry.${dsr.dispatch}`,
      vars: { svc: fmtAddr(dsr.service), node: hop.to },
    });
  const toClient = scenario.clients.some((c) => c.id === hop.to);
  if (hop.marks.includes('dsrReturn') && toClient && !hop.marks.includes('clientDiscard'))
    parts.push({ key: 'diagram.narr.dsrReturn', vars: {} });
  if (hop.marks.includes('delivered'))
    parts.push({ key: 'diagram.narr.delivered', vars: { pod: hop.to, src: hop.after.src.ip } });
  const xff = hop.payload?.xForwardedFor;
  if (xff) parts.push({ key: 'diagram.narr.xff', vars: { pod: hop.to, value: xff.value } });
  if (hop.marks.includes('established'))
    parts.push({ key: 'diagram.narr.established', vars: { client: hop.to } });
  parts.push(...endParts(t, scenario, hop));
  return parts;
}

/** The narration of a hop: a few short sentences, read by the live region and the transcript. */
export function narrate(t: Tr, scenario: Scenario, hop: Hop): string {
  return narrationParts(t, scenario, hop)
    .map((p) => t(p.key, p.vars))
    .join(' ');
}
