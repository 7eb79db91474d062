/**
 * Which Service and which of its ports to simulate: the one asked for, else the first
 * LoadBalancer (then NodePort) Service, and `http` (else the first TCP port) of its ports.
 */
import { safeToken } from './read.ts';
import type { ServicePortView, ServiceView } from './objects.ts';
import type { PortChoice, ReportBuilder, ReportItem, ServiceChoice } from './report.ts';

/** "namespace/name". */
export const svcKey = (s: { namespace: string; name: string }): string =>
  `${s.namespace}/${s.name}`;

const fail = (
  code: ReportItem['code'],
  params: ReportItem['params'] = {},
  extra: ReportItem[] = [],
  object?: ReportItem['object'],
): { issues: ReportItem[] } => ({
  issues: [{ kind: 'error', code, params, ...(object ? { object } : {}) }, ...extra],
});

export interface Picked {
  svc: ServiceView;
  choices: ServiceChoice[];
  port: ServicePortView;
  ports: PortChoice[];
}

/** Why a Service cannot be simulated, or undefined when it can. */
export function unusable(s: ServiceView): ServiceChoice['unusable'] {
  if (s.type === 'ExternalName') return 'externalName';
  if (s.type !== 'LoadBalancer' && s.type !== 'NodePort')
    return s.clusterIp === 'None' ? 'headless' : 'clusterIP';
  if (!s.ipv4) return 'ipv6Only';
  if (!s.ports.some((p) => p.protocol === 'TCP')) return 'noTcpPort';
  return undefined;
}

/** Pick the Service port: by option (name or number), else `http`, else the first TCP port. */
function choosePort(
  svc: ServiceView,
  wanted: string | undefined,
): { port: ServicePortView } | { error: ReportItem } {
  const tcp = svc.ports.filter((p) => p.protocol === 'TCP');
  if (wanted !== undefined) {
    const w = wanted.trim();
    const hit = tcp.find((p) => p.name === w || String(p.port) === w);
    if (hit) return { port: hit };
    return {
      error: {
        kind: 'error',
        code: 'portNotFound',
        object: svc.ref,
        field: 'spec.ports',
        params: {
          port: safeToken(w, 32) ?? '…',
          available: tcp.map((p) => p.name || String(p.port)).join(', '),
        },
      },
    };
  }
  const port = tcp.find((p) => p.name === 'http') ?? tcp[0];
  return port
    ? { port }
    : { error: { kind: 'error', code: 'noTcpPort', object: svc.ref, params: {} } };
}

/** Choose the Service and port to simulate, reporting the choice and the alternatives. */
export function pickService(
  services: ServiceView[],
  options: { service?: string; port?: string },
  r: ReportBuilder,
): Picked | { issues: ReportItem[] } {
  const choices: ServiceChoice[] = services.map((s) => {
    const c: ServiceChoice = {
      namespace: s.ref.namespace,
      name: s.ref.name,
      type: s.type,
      chosen: false,
    };
    const u = unusable(s);
    if (u) c.unusable = u;
    return c;
  });
  let svcIndex: number;
  if (options.service !== undefined) {
    const w = options.service.trim();
    svcIndex = services.findIndex((s) => svcKey(s.ref) === w);
    if (svcIndex < 0) {
      const byName = services.flatMap((s, i) => (s.ref.name === w ? [i] : []));
      svcIndex = byName.length === 1 ? (byName[0] ?? -1) : -1;
    }
    if (svcIndex < 0)
      return fail('serviceNotFound', {
        service: safeToken(w, 128) ?? '…',
        available: services
          .map((s) => svcKey(s.ref))
          .slice(0, 20)
          .join(', '),
      });
    const why = choices[svcIndex]?.unusable;
    const s = services[svcIndex];
    if (why === 'noTcpPort' && s) return fail('noTcpPort', {}, [], s.ref);
    if (why && s)
      return fail('noExternalService', { count: 1 }, [
        {
          kind: 'ignored',
          code: 'serviceIgnored',
          object: s.ref,
          field: 'spec.type',
          params: { type: s.type, reason: why },
        },
      ]);
  } else {
    const usable = choices.flatMap((c, i) => (c.unusable ? [] : [i]));
    svcIndex = usable.find((i) => services[i]?.type === 'LoadBalancer') ?? usable[0] ?? -1;
    if (svcIndex < 0) {
      return fail(
        'noExternalService',
        { count: services.length },
        services.slice(0, 20).map((s, i) => ({
          kind: 'ignored' as const,
          code: 'serviceIgnored' as const,
          object: s.ref,
          field: 'spec.type',
          params: { type: s.type, reason: choices[i]?.unusable ?? 'clusterIP' },
        })),
      );
    }
  }
  const svc = services[svcIndex];
  const choice = choices[svcIndex];
  if (!svc || !choice) return fail('noService', { count: 0 });
  choice.chosen = true;
  const others = choices.filter((c) => !c.chosen && !c.unusable);
  if (others.length > 0)
    r.add('serviceChosen', {
      service: svcKey(svc.ref),
      others: others.slice(0, 10).map(svcKey).join(', '),
      count: others.length,
    });
  services.forEach((s, i) => {
    const c = choices[i];
    if (c && !c.chosen)
      r.add(
        'serviceIgnored',
        { type: s.type, reason: c.unusable ?? 'notChosen' },
        s.ref,
        'spec.type',
      );
  });

  const picked = choosePort(svc, options.port);
  if ('error' in picked) return { issues: [picked.error] };
  const port = picked.port;
  const tcpPorts = svc.ports.filter((p) => p.protocol === 'TCP');
  if (tcpPorts.length > 1 && options.port === undefined)
    r.add(
      'portChosen',
      {
        name: port.name,
        port: port.port,
        others: tcpPorts
          .filter((p) => p !== port)
          .map((p) => p.name || String(p.port))
          .join(', '),
      },
      svc.ref,
      'spec.ports',
    );
  for (const p of svc.ports)
    if (p.protocol !== 'TCP')
      r.add(
        'portIgnored',
        { name: p.name, port: p.port, protocol: p.protocol },
        svc.ref,
        `spec.ports[${p.index}]`,
      );
  const ports: PortChoice[] = svc.ports.map((p) => ({
    name: p.name,
    port: p.port,
    protocol: p.protocol,
    nodePort: p.nodePort,
    chosen: p === port,
  }));

  return { svc, choices, port, ports };
}
