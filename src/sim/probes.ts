/**
 * What a node answers to the LB's health probe, from the node's current state. Probes are
 * scheduled by the simulation at phase + k·interval (fixed cadence); the answer is decided when
 * the probe is sent and counted by the LB when it arrives or when the probe times out.
 */
import type { NodeDataPath } from './dataPath.ts';
import type { ProbeSpec, ServiceSpec } from './types.ts';

/** The node-side facts a probe depends on. */
export interface ProbeTarget {
  forwarding: boolean;
  kubeProxyRunning: boolean;
  tainted: boolean;
  rules: NodeDataPath;
}

export interface ProbeAnswer {
  ok: boolean;
  /** HTTP status; null for TCP probes and when nothing answered. */
  status: number | null;
  /** Seconds until the LB counts the result (round trip, or the probe timeout). */
  delay: number;
  localEndpoints?: number;
  serviceProxyHealthy?: boolean;
}

/** Seconds for a probe round trip inside the cloud network. */
const PROBE_RTT = 0.001;

/** The JSON body of kube-proxy's healthCheckNodePort server (pkg/proxy/healthcheck/service_health.go). */
export function hcnpBody(
  service: ServiceSpec,
  localEndpoints: number,
  serviceProxyHealthy: boolean,
): {
  service: { namespace: string; name: string };
  localEndpoints: number;
  serviceProxyHealthy: boolean;
} {
  return {
    service: { namespace: service.namespace, name: service.name },
    localEndpoints,
    serviceProxyHealthy,
  };
}

/** The HTTP status of kube-proxy's `/healthz` on :10256 (pkg/proxy/healthcheck/proxy_health.go). */
export function kubeProxyHealthzStatus(target: ProbeTarget): number | null {
  if (!target.forwarding || !target.kubeProxyRunning) return null;
  // nodeEligible is false for a deletionTimestamp or the ToBeDeletedByClusterAutoscaler taint;
  // cordon/drain (spec.unschedulable) is not checked.
  return target.tainted ? 503 : 200;
}

/**
 * The status of the eBPF replacement's `/healthz` on :10256, served by its agent when
 * `kubeProxyReplacementHealthzBindAddr` is set (assumed here; Cilium's default is off): 200 while
 * the agent runs, whatever the node's taints (source: cilium-kpr-healthz).
 */
export function agentHealthzStatus(target: ProbeTarget): number | null {
  if (!target.forwarding || !target.kubeProxyRunning) return null;
  return 200;
}

/** Decide the answer of one probe sent now. */
export function answerProbe(
  target: ProbeTarget,
  probe: ProbeSpec,
  service: ServiceSpec,
  isPodAlive: (pod: number) => boolean,
  /** The LB puts a PROXY protocol header on its probe connections. */
  proxyHeader = false,
): ProbeAnswer {
  // A machine off the network answers nothing: the probe waits for its timeout.
  if (!target.forwarding) return { ok: false, status: null, delay: probe.timeout };
  // kube-proxy's health servers (10256 and the healthCheckNodePort) are plain Go HTTP servers
  // without PROXY protocol (kubernetes#121819 was closed unmerged): the header is read as a
  // malformed request line and answered 400 Bad Request (source: k8s-healthz-no-proxy-protocol).
  // A TCP probe, we infer, only completes the handshake, so it passes with or without a header
  // (source: tcp-check-sends-nothing).
  if (proxyHeader && probe.kind !== 'tcpNodePort' && target.kubeProxyRunning)
    return { ok: false, status: 400, delay: PROBE_RTT };
  switch (probe.kind) {
    case 'tcpNodePort': {
      // Answered by the kernel rules (frozen, not removed, after kube-proxy exits): the SYN
      // is DNATed to an endpoint; it succeeds while some programmed endpoint still listens.
      const rs = target.rules;
      const set =
        service.externalTrafficPolicy === 'Local' ? rs.localEndpoints : rs.clusterEndpoints;
      if (set.length === 0) {
        // REJECT (no endpoints anywhere) fails at once; DROP (no local endpoints) times out.
        return rs.clusterEndpoints.length === 0
          ? { ok: false, status: null, delay: PROBE_RTT }
          : { ok: false, status: null, delay: probe.timeout };
      }
      const ok = set.some((e) => isPodAlive(e.pod));
      return { ok, status: null, delay: ok ? PROBE_RTT : probe.timeout };
    }
    case 'httpKubeProxyHealthz': {
      // kube-proxy exited on a live machine: the port is closed, the kernel answers RST.
      const status = target.rules.ebpf
        ? agentHealthzStatus(target)
        : kubeProxyHealthzStatus(target);
      return { ok: status === 200, status, delay: PROBE_RTT };
    }
    case 'httpHealthCheckNodePort': {
      if (!target.kubeProxyRunning) return { ok: false, status: null, delay: PROBE_RTT };
      // localEndpoints counts Ready local endpoints only (terminating ones deliberately not).
      const localEndpoints = target.rules.localReady;
      // Cilium's agent serves the same port and status; its body has no serviceProxyHealthy
      // (source: cilium-hcnp-server).
      if (target.rules.ebpf) {
        const ok = localEndpoints > 0;
        return { ok, status: ok ? 200 : 503, delay: PROBE_RTT, localEndpoints };
      }
      const serviceProxyHealthy = true;
      const ok = localEndpoints > 0 && serviceProxyHealthy;
      return { ok, status: ok ? 200 : 503, delay: PROBE_RTT, localEndpoints, serviceProxyHealthy };
    }
  }
}
