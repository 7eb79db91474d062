/**
 * The scenario's timing: the Pods' lifecycle (grace period, preStop sleep, serving while
 * terminating) from the dump, kubelet settings as documented defaults, and the traffic, which a
 * dump cannot tell at all.
 */
import { DEFAULT_LIFECYCLE } from '../sim/scenarios/common.ts';
import type { LifecycleSpec, TrafficSpec } from '../sim/types.ts';
import { LIMITS } from '../sim/validate.ts';
import type { UsedPod } from './endpoints.ts';
import { mode } from './read.ts';
import type { ReportBuilder } from './report.ts';

/** Traffic the dump cannot tell: enough connections for shares, short enough for a browser. */
const TRAFFIC = { rate: 100, duration: 20, connectTimeout: 21 } as const;

/** The lifecycle from the Service's Pods (the most common value of each), else defaults. */
export function lifecycleOf(used: UsedPod[], r: ReportBuilder): LifecycleSpec {
  const views = used.flatMap((u) => (u.view ? [u.view] : []));
  const lifecycle: LifecycleSpec = { ...DEFAULT_LIFECYCLE };
  const grace = mode(
    views.flatMap((v) => (v.terminationGrace === undefined ? [] : [v.terminationGrace])),
  );
  if (grace !== undefined) {
    lifecycle.terminationGracePeriodSeconds = Math.min(grace, LIMITS.timeMax);
    r.add('lifecycleUsed', {
      setting: 'terminationGracePeriodSeconds',
      seconds: lifecycle.terminationGracePeriodSeconds,
    });
  }
  const preStop = mode(
    views.flatMap((v) => (v.preStopSeconds === undefined ? [] : [v.preStopSeconds])),
  );
  if (preStop !== undefined) {
    lifecycle.preStopSeconds = Math.min(preStop, LIMITS.timeMax);
    r.add('lifecycleUsed', { setting: 'preStop sleep', seconds: lifecycle.preStopSeconds });
  }
  const terminatingEp = used.find((u) => u.terminating && u.endpoint);
  if (terminatingEp?.endpoint) {
    lifecycle.servesWhileTerminating = terminatingEp.endpoint.serving;
    r.add('servesWhileTerminatingUsed', { value: String(terminatingEp.endpoint.serving) });
  } else {
    // Readiness probes keep running while a Pod terminates (source:
    // k8s-readiness-during-termination): with a preStop sleep the app usually still passes them,
    // so it keeps serving until the sleep ends.
    lifecycle.servesWhileTerminating = lifecycle.preStopSeconds > 0;
    r.add('servesWhileTerminatingAssumed', { value: String(lifecycle.servesWhileTerminating) });
  }
  r.add('lifecycleAssumed', {
    shutdownGracePeriod: lifecycle.shutdownGracePeriod,
    critical: lifecycle.shutdownGracePeriodCriticalPods,
    sync: lifecycle.proxySyncDelay,
  });
  return lifecycle;
}

/** The assumed traffic, reported as such. */
export function trafficOf(r: ReportBuilder): TrafficSpec {
  r.add('trafficAssumed', { rate: TRAFFIC.rate, duration: TRAFFIC.duration });
  return { ...TRAFFIC };
}
