/** The sentences of the event log: one localized line per engine event code. */
import type { SimEvent } from '../../sim/types';
import { reasonText } from './narrate';
import type { Tr } from './trClient';

/** The localized sentence for one engine event. */
export function eventText(tr: Tr, e: SimEvent): string {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'string' || typeof v === 'number') vars[k] = v;
  }
  if (e.type === 'probe.result') {
    vars['result'] = tr(e.ok ? 'diagram.log.probeOk' : 'diagram.log.probeFail');
    vars['kind'] = tr(`diagram.probe.${e.kind}`, {}, e.kind);
    vars['status'] = e.status ?? '–';
    return tr(`event.${e.type}`, vars, tr('diagram.log.probe', vars));
  }
  if (e.type === 'connection.failed') {
    vars['reason'] = reasonText(tr, e.reason, e.node);
    // A connection the load balancer could not place never reached a node to name; under MetalLB
    // L2 there is no load balancer, and with nobody answering ARP the SYN never left the client.
    if (e.node === null)
      return tr(
        e.reason === 'noArpAnswer' ? 'event.connection.failedNoArp' : 'event.connection.failedAtLb',
        vars,
      );
  }
  // Who took a node out (or put it in) changes the sentence: probes, a controller, MetalLB.
  if ((e.type === 'lb.backendDown' || e.type === 'lb.backendUp') && e.cause && e.cause !== 'probe')
    return tr(`event.${e.type}.${e.cause}`, vars, tr(`event.${e.type}`, vars));
  if (e.type === 'endpoint.changed') {
    vars['ready'] = String(e.conditions.ready);
    vars['serving'] = String(e.conditions.serving);
    vars['terminating'] = String(e.conditions.terminating);
  }
  return tr(
    `event.${e.type}`,
    vars,
    `${e.type} ${'node' in e ? (e.node ?? '') : ''}${'pod' in e ? ` ${e.pod}` : ''}`,
  );
}
