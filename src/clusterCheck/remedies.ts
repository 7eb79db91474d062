/**
 * A remedy for every problem verdict: the setting that fixes it, as a what-if the page runs
 * beside today's numbers and as the patch to apply, in the Service's own namespace and names.
 * Candidates that the simulation can run are kept only when their run is better than today's
 * (fewer failed connections, the client's address kept, an even load). Sources:
 * k8s-prestop-sleep, k8s-kube-proxy-healthz-taint, aws-lbc-annotations, azure-probe-annotations, aws-nlb-client-ip-preservation,
 * aws-nlb-cross-zone-default (src/lib/sources).
 */
import type { Scenario } from '../sim/types.ts';
import type { LbFacts, Workload } from '../importer/report.ts';
import type { Remedy, RemedyChoice, Verdict } from './codes.ts';
import type { RunFacts } from './facts.ts';
import {
  preStopPatch,
  serviceAnnotations,
  servicePolicy,
  spreadPatch,
  type Target,
} from './patches.ts';

const B = 'service.beta.kubernetes.io/';
const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';

/** What the remedies need besides today's run. */
export interface RemedyContext {
  scenario: Scenario;
  facts: RunFacts;
  verdicts: Verdict[];
  lb: LbFacts;
  workload: Workload | null;
  service: Target;
  /** Real names of nodes and Pods whose scenario id differs (the patch uses the real name). */
  names?: Readonly<Record<string, string>>;
}

const isAws = (s: Scenario): boolean => s.loadBalancer.preset.startsWith('aws');
const isAzure = (s: Scenario): boolean => s.loadBalancer.preset.startsWith('azure');

/**
 * Seconds of preStop sleep that keep a Pod serving until the load balancer has seen its node's
 * health check fail and kube-proxy everywhere has dropped it: threshold × interval, plus one
 * probe timeout, plus one sync, rounded up, plus a second of margin.
 */
export function preStopSeconds(s: Scenario): number {
  const p = s.loadBalancer.probe;
  const sync = s.lifecycle.proxySyncDelay;
  return Math.ceil(p.unhealthyThreshold * p.interval + p.timeout + sync) + 1;
}

/** Annotations that point the load balancer's probe at a port and path (HTTP). */
function probeAnnotations(s: Scenario, port: number, path: string): Record<string, string> | null {
  if (isAws(s))
    return {
      [`${B}aws-load-balancer-healthcheck-protocol`]: 'HTTP',
      [`${B}aws-load-balancer-healthcheck-port`]: String(port),
      [`${B}aws-load-balancer-healthcheck-path`]: path,
    };
  if (isAzure(s)) {
    const p = s.service.port;
    return {
      [`${B}port_${p}_health-probe_protocol`]: 'Http',
      [`${B}port_${p}_health-probe_port`]: String(port),
      [`${B}port_${p}_health-probe_request-path`]: path,
    };
  }
  return null;
}

/** Adds a remedy for a verdict (its params default to none). */
type AddRemedy = (
  verdict: string,
  code: Remedy['code'],
  choices: RemedyChoice[],
  patch: Remedy['patch'],
  params?: Remedy['params'],
) => void;

/** The remedy candidates of every problem verdict (before their what-ifs are run). */
export function remedyCandidates(ctx: RemedyContext): Remedy[] {
  const { scenario: s, facts: f, lb, workload: w, service: svc } = ctx;
  const out: Remedy[] = [];
  const add: AddRemedy = (verdict, code, choices, patch, params = {}) =>
    void out.push({ for: verdict, code, params, choices, patch });
  const svcObj = `Service ${svc.namespace}/${svc.name}`;
  const wlObj = `${w?.kind ?? 'Deployment'} ${svc.namespace}/${w?.name ?? '…'}`;
  const multi = s.nodes.length > 1 && s.pods.length > 1;
  for (const v of ctx.verdicts) {
    switch (v.code) {
      case 'clientIpLostCluster':
      case 'clientIpLost':
      case 'clientIpPartly': {
        // On AWS the load balancer's PROXY protocol header carries the client.
        const proxyHeader = (): void => {
          if (isAws(s))
            add(v.id, 'proxyProtocol', [{ kind: 'proxyProtocol', value: 'v2' }], {
              object: svcObj,
              text: serviceAnnotations(svc, { [`${B}aws-load-balancer-proxy-protocol`]: '*' }),
              format: 'yaml',
            });
        };
        if (f.policy !== 'Cluster') {
          // Lost under Local: the load balancer itself proxies (a Classic ELB); its header helps.
          proxyHeader();
          break;
        }
        const local: RemedyChoice = { kind: 'policy', value: 'Local' };
        if (f.l2)
          add(v.id, 'local', [local], {
            object: svcObj,
            text: servicePolicy(svc, 'Local'),
            format: 'yaml',
          });
        else
          add(
            v.id,
            'localSpread',
            multi ? [local, { kind: 'spread', value: 'topologySpread' }] : [local],
            {
              object: `${svcObj}, ${wlObj}`,
              text: `${servicePolicy(svc, 'Local')}---\n${spreadPatch(svc, w, HOSTNAME)}`,
              format: 'yaml',
            },
          );
        proxyHeader();
        break;
      }
      case 'clientIpIpTargetsLost':
        add(v.id, 'preserveClientIp', [], {
          object: svcObj,
          text: serviceAnnotations(svc, {
            [`${B}aws-load-balancer-target-group-attributes`]: 'preserve_client_ip.enabled=true',
          }),
          format: 'yaml',
        });
        add(v.id, 'proxyProtocol', [], {
          object: svcObj,
          text: serviceAnnotations(svc, { [`${B}aws-load-balancer-proxy-protocol`]: '*' }),
          format: 'yaml',
        });
        break;
      case 'shareUnevenLocal':
        add(
          v.id,
          'spread',
          [{ kind: 'spread', value: 'topologySpread' }],
          { object: wlObj, text: spreadPatch(svc, w, HOSTNAME), format: 'yaml' },
          { key: HOSTNAME },
        );
        break;
      case 'shareUnevenZones':
        add(v.id, 'crossZone', lb.targetType === 'ip' ? [] : [{ kind: 'crossZone', value: 'on' }], {
          object: svcObj,
          text: serviceAnnotations(svc, {
            [`${B}aws-load-balancer-attributes`]: 'load_balancing.cross_zone.enabled=true',
          }),
          format: 'yaml',
        });
        add(
          v.id,
          'spread',
          [],
          {
            object: wlObj,
            text: spreadPatch(svc, w, ZONE),
            format: 'yaml',
          },
          { key: ZONE },
        );
        break;
      case 'nodeDropsLocal':
      case 'failuresSome':
      case 'establishedCut':
      case 'drainWindow':
      case 'drainWindowUpperBound':
        failureRemedies(ctx, v, add, svcObj, wlObj);
        break;
      case 'nodeCordonedPods':
      case 'nodeCordonedForwards': {
        // Cordoned to retire it: out of the load balancers first, then the drain.
        const id = String(v.params['node'] ?? '');
        const node = ctx.names?.[id] ?? id;
        add(
          v.id,
          'excludeNode',
          [],
          {
            object: `Node ${node}`,
            text: `kubectl label node ${node} node.kubernetes.io/exclude-from-external-load-balancers=true\n`,
            format: 'shell',
          },
          { node },
        );
        break;
      }
      case 'noTraffic':
        add(v.id, 'readiness', [], {
          object: wlObj,
          text: `kubectl -n ${svc.namespace} get endpointslices -l kubernetes.io/service-name=${svc.name} -o wide\nkubectl -n ${svc.namespace} rollout status ${(w?.kind ?? 'Deployment').toLowerCase()}/${w?.name ?? '<name>'}\n`,
          format: 'shell',
        });
        break;
      default:
        break;
    }
  }
  // One verdict may ask for the same remedy twice (failures and the drain): keep the first.
  return out.filter((r, i) => out.findIndex((o) => o.code === r.code && o.for === r.for) === i);
}

/** Failed connections: keep Pods serving longer, or probe what sees the trouble sooner. */
function failureRemedies(
  ctx: RemedyContext,
  v: Verdict,
  add: AddRemedy,
  svcObj: string,
  wlObj: string,
): void {
  const { scenario: s, facts: f, workload: w, service: svc } = ctx;
  const n = preStopSeconds(s);
  const grace = Math.max(s.lifecycle.terminationGracePeriodSeconds, n + 5);
  if (s.lifecycle.preStopSeconds < n)
    add(
      v.id,
      'preStop',
      [{ kind: 'preStop', value: String(n) }],
      { object: wlObj, text: preStopPatch(svc, w, n, grace), format: 'yaml' },
      {
        seconds: n,
        grace,
        threshold: s.loadBalancer.probe.unhealthyThreshold,
        interval: s.loadBalancer.probe.interval,
      },
    );
  const hcnp = s.service.healthCheckNodePort;
  if (f.policy === 'Local' && hcnp !== undefined && f.probeKind !== 'httpHealthCheckNodePort') {
    const ann = probeAnnotations(s, hcnp, '/healthz');
    if (ann)
      add(
        v.id,
        'hcnpProbe',
        [{ kind: 'probe', value: 'httpHealthCheckNodePort' }],
        {
          object: svcObj,
          text: serviceAnnotations(svc, ann),
          format: 'yaml',
        },
        { port: hcnp },
      );
  }
  if (f.policy === 'Cluster' && f.drain) taintFirst(ctx, v, add, svc);
  if (f.policy === 'Cluster' && f.probeKind === 'tcpNodePort') {
    const ann = probeAnnotations(s, 10256, '/healthz');
    if (ann)
      add(v.id, 'healthzProbe', [{ kind: 'probe', value: 'httpKubeProxyHealthz' }], {
        object: svcObj,
        text: serviceAnnotations(svc, ann),
        format: 'yaml',
      });
  }
}

/**
 * A drain under Cluster: the node's rules forward until it shuts down, so the load balancer has
 * to take it out before. Taint it ToBeDeletedByClusterAutoscaler (kube-proxy's /healthz then
 * answers 503), wait for the probe, drain; the probe must be on /healthz (an annotation where it
 * is on the NodePort). Source: k8s-kube-proxy-healthz-taint.
 */
function taintFirst(ctx: RemedyContext, v: Verdict, add: AddRemedy, svc: Target): void {
  const { scenario: s, facts: f } = ctx;
  const node = f.drain?.node;
  // Not when the run already taints it first (the what-if is on).
  if (!node || s.timeline.some((a) => a.type === 'taintToBeDeleted' && a.node === node)) return;
  const name = ctx.names?.[node] ?? node;
  const choices: RemedyChoice[] = [{ kind: 'taint', value: 'first' }];
  const lines: string[] = [];
  if (f.probeKind !== 'httpKubeProxyHealthz') {
    const ann = probeAnnotations(s, 10256, '/healthz');
    if (!ann) return;
    choices.push({ kind: 'probe', value: 'httpKubeProxyHealthz' });
    lines.push(
      `kubectl -n ${svc.namespace} annotate service ${svc.name} --overwrite \\`,
      ...Object.entries(ann).map(
        ([k, val], i, all) => `  ${k}=${val}${i < all.length - 1 ? ' \\' : ''}`,
      ),
    );
  }
  const wait = preStopSeconds(s);
  lines.push(
    `kubectl taint node ${name} ToBeDeletedByClusterAutoscaler=$(date +%s):NoSchedule`,
    `sleep ${wait}`,
    `kubectl drain ${name} --ignore-daemonsets --delete-emptydir-data`,
    '',
  );
  add(
    v.id,
    'taintFirst',
    choices,
    { object: `Node ${name}`, text: lines.join('\n'), format: 'shell' },
    {
      node: name,
      wait,
      threshold: s.loadBalancer.probe.unhealthyThreshold,
      interval: s.loadBalancer.probe.interval,
    },
  );
}
