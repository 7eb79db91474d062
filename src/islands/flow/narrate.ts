/**
 * Turns one engine hop into the sentence the aria-live region and the transcript read:
 * who sends what to whom, what changed at the hop, and which rule made it. It only describes
 * the engine's hop; it never decides anything about the packet.
 */
import { whyKey } from '../../sim/codes';
import type { Addr, Hop, RuleHit, Scenario } from '../../sim/types';
import type { Tr } from './tr';

/** "ip:port", or just the ip when the port is 0 (ICMP). */
export function fmtAddr(a: Addr): string {
  return a.port === 0 ? a.ip : `${a.ip}:${a.port}`;
}

/** The display name of a place id ('lb' → localized "load balancer"). */
export function placeName(t: Tr, place: string): string {
  return place === 'lb' ? t('diagram.place.lb') : place;
}

/** Short label of a rule hit: "KUBE-SEP DNAT", "MASQUERADE", "conntrack". */
export function ruleLabel(hit: RuleHit): string {
  if (hit.verdict === 'dnat' && hit.rule !== 'conntrack') return `${hit.rule} DNAT`;
  return hit.rule;
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

/** Which pod (if any) owns an address; display lookup only. */
function podAt(scenario: Scenario, ip: string): string | null {
  return scenario.pods.find((p) => p.ip === ip)?.id ?? null;
}

/** The localized packet kind with its direction, e.g. "SYN (request)". */
export function kindText(t: Tr, hop: Pick<Hop, 'kind' | 'direction'>): string {
  return t(`diagram.kind.${hop.kind}`, {}, hop.kind);
}

/** The one-sentence narration of a hop. */
export function narrate(t: Tr, scenario: Scenario, hop: Hop): string {
  const from = placeName(t, hop.from);
  const to = placeName(t, hop.to);
  const parts: string[] = [];
  parts.push(
    t(hop.direction === 'reply' ? 'diagram.narr.sendReply' : 'diagram.narr.send', {
      from,
      to,
      kind: kindText(t, hop),
      src: fmtAddr(hop.before.src),
      dst: fmtAddr(hop.before.dst),
    }),
  );
  const dstChanged = hop.changed.includes('dst.ip') || hop.changed.includes('dst.port');
  const srcChanged = hop.changed.includes('src.ip') || hop.changed.includes('src.port');
  const dnat = hop.rules.find((r) => r.verdict === 'dnat');
  const snat = hop.rules.find((r) => r.verdict === 'snat');
  const unnat = hop.marks.includes('unnat');
  if (unnat && hop.to === 'lb' && (dstChanged || srcChanged)) {
    parts.push(t('diagram.narr.lbUnnat', { src: fmtAddr(hop.after.src) }));
  } else if (unnat && (dstChanged || srcChanged)) {
    parts.push(
      t('diagram.narr.unnat', {
        at: to,
        src: fmtAddr(hop.after.src),
        dst: fmtAddr(hop.after.dst),
        rule: hop.rules.some((r) => r.rule === 'conntrack') ? 'conntrack' : to,
      }),
    );
  } else if (dstChanged) {
    const pod = podAt(scenario, hop.after.dst.ip);
    const target = pod ? `${pod} ${fmtAddr(hop.after.dst)}` : fmtAddr(hop.after.dst);
    const rule = dnat ? ruleLabel(dnat) : hop.to === 'lb' ? t('diagram.place.lb') : '';
    if (hop.marks.includes('lbPick')) {
      const node = scenario.nodes.find((n) => n.ip === hop.after.dst.ip)?.id ?? target;
      parts.push(
        t('diagram.narr.lbPick', {
          node,
          old: fmtAddr(hop.before.dst),
          new: fmtAddr(hop.after.dst),
        }),
      );
    } else if (srcChanged && !unnat) {
      const masq = snat ? ruleLabel(snat) : 'MASQUERADE';
      parts.push(
        t('diagram.narr.dnatSnat', {
          at: to,
          old: fmtAddr(hop.before.dst),
          target,
          rule,
          src: fmtAddr(hop.after.src),
          masq,
          pod: pod ?? target,
        }),
      );
    } else {
      parts.push(t('diagram.narr.dnat', { at: to, old: fmtAddr(hop.before.dst), target, rule }));
    }
  } else if (srcChanged) {
    parts.push(
      t('diagram.narr.snat', { at: to, old: fmtAddr(hop.before.src), src: fmtAddr(hop.after.src) }),
    );
  } else if (dnat && dnat.rule === 'conntrack') {
    parts.push(t('diagram.narr.conntrack', { at: to }));
  }
  if (hop.marks.includes('delivered')) {
    parts.push(t('diagram.narr.delivered', { pod: to, src: hop.after.src.ip }));
  }
  if (hop.marks.includes('established')) parts.push(t('diagram.narr.established', { client: to }));
  if (hop.end && hop.end !== 'ok') {
    const reason = reasonText(t, hop.reason, hop.to);
    if (hop.marks.includes('clientDiscard')) {
      parts.push(t('diagram.narr.discard', { client: to, src: fmtAddr(hop.after.src), reason }));
    } else if (hop.marks.includes('timeout') || hop.end === 'timeout') {
      parts.push(
        t('diagram.narr.timeout', {
          at: to,
          seconds: scenario.traffic.connectTimeout,
          reason,
        }),
      );
    } else if (hop.marks.includes('reject') || hop.end === 'reset') {
      parts.push(t('diagram.narr.reject', { at: to, reason }));
    } else {
      parts.push(t('diagram.narr.drop', { at: to, reason }));
    }
  }
  return parts.join(' ');
}
