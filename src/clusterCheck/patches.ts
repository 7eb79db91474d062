/**
 * The patches a remedy hands over: strategic-merge YAML for `kubectl patch` (or to merge into
 * the manifests), in the Service's own namespace and with its own names. Plain text builders;
 * the annotation keys and fields are the ones the controllers read (sources in remedies.ts).
 */
import type { Workload } from '../importer/report.ts';

/** The Service the patch is for. */
export interface Target {
  namespace: string;
  name: string;
}

const q = (s: string): string => JSON.stringify(s);

/** The Service's header. */
function serviceHead(svc: Target): string[] {
  return [
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${svc.name}`,
    `  namespace: ${svc.namespace}`,
  ];
}

/** A Service patch that sets annotations. */
export function serviceAnnotations(svc: Target, annotations: Record<string, string>): string {
  const lines = Object.entries(annotations).map(([k, v]) => `    ${k}: ${q(v)}`);
  return [...serviceHead(svc), '  annotations:', ...lines, ''].join('\n');
}

/** A Service patch that sets externalTrafficPolicy. */
export function servicePolicy(svc: Target, policy: 'Local' | 'Cluster'): string {
  return [...serviceHead(svc), 'spec:', `  externalTrafficPolicy: ${policy}`, ''].join('\n');
}

/** The workload's header, or a placeholder the reader fills in when the dump does not say. */
function workloadHead(svc: Target, w: Workload | null): string[] {
  return [
    'apiVersion: apps/v1',
    `kind: ${w?.kind === 'ReplicaSet' || !w ? 'Deployment' : w.kind}`,
    'metadata:',
    `  name: ${w ? w.name : '<the Deployment of these Pods>'}`,
    `  namespace: ${svc.namespace}`,
  ];
}

/** topologySpreadConstraints on kubernetes.io/hostname, maxSkew 1, hard. */
export function spreadPatch(svc: Target, w: Workload | null, topologyKey: string): string {
  const labels = Object.entries(w?.labels ?? {}).map(([k, v]) => `              ${k}: ${q(v)}`);
  return [
    ...workloadHead(svc, w),
    'spec:',
    '  template:',
    '    spec:',
    '      topologySpreadConstraints:',
    '        - maxSkew: 1',
    `          topologyKey: ${topologyKey}`,
    '          whenUnsatisfiable: DoNotSchedule',
    '          labelSelector:',
    '            matchLabels:',
    ...(labels.length > 0 ? labels : ['              app: <the Pods’ label>']),
    '',
  ].join('\n');
}

/**
 * A preStop sleep of `seconds` (the sleep action, GA in Kubernetes 1.34, beta and on since 1.30;
 * source: k8s-prestop-sleep) and a grace period that covers it.
 */
export function preStopPatch(
  svc: Target,
  w: Workload | null,
  seconds: number,
  grace: number,
): string {
  return [
    ...workloadHead(svc, w),
    'spec:',
    '  template:',
    '    spec:',
    `      terminationGracePeriodSeconds: ${grace}`,
    '      containers:',
    `        - name: ${w?.container || '<the app container>'}`,
    '          lifecycle:',
    '            preStop:',
    '              sleep:',
    `                seconds: ${seconds}`,
    '',
  ].join('\n');
}
