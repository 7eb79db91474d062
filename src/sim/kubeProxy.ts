/**
 * kube-proxy (iptables mode) as a small rule model: at each sync kube-proxy compiles the
 * Service's chains for one node from its view of the EndpointSlice; every packet is evaluated
 * against those rules, which return the verdict and the RuleHit[] the inspector shows.
 * Source of the chain layout: kubernetes pkg/proxy/iptables/proxier.go syncProxyRules (fact
 * sheet §1). The rules stay in the kernel when kube-proxy exits; they are only replaced by a sync.
 */
import { chainSuffix } from './hash.ts';
import { CLUSTER_CIDR, parseCidr } from './ip.ts';
import type { RuleCode, RuleHit, ServiceSpec } from './types.ts';

/** One endpoint as kube-proxy's EndpointSlice view holds it. */
export interface Endpoint {
  /** Index of the pod in the run's pod table. */
  pod: number;
  podId: string;
  ip: string;
  node: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

/** Why-codes a RuleHit can carry, besides the `random1of<n>` family. */
export const RULE_WHY_CODES = [
  'loadBalancerIp',
  'nodePort',
  'externalDestination',
  'clusterPolicy',
  'externalClient',
  'podTrafficShortCircuit',
  'localTraffic',
  'lastEndpoint',
  'dnatToEndpoint',
  'masqueradeMarkSet',
  'noMasqueradeMark',
  'egressInterfaceNode',
  'egressInterfaceBridge',
  'noLocalEndpoints',
  'noEndpoints',
  'newFlow',
  'establishedFlow',
  'replyDirection',
] as const;

/** The why-code of the n-th statistic rule: `random1of3` = `--probability 1/3`. */
export function randomWhy(remaining: number): string {
  return `random1of${remaining}`;
}

type Match =
  | { kind: 'dst'; ip: string; port: number }
  | { kind: 'dstLocalPort'; port: number }
  | { kind: 'srcInCidr'; cidr: string; base: number; mask: number }
  | { kind: 'srcLocal' }
  | { kind: 'random'; probability: number }
  | { kind: 'notMarked' };

type Target =
  | { kind: 'jump'; chain: string }
  | { kind: 'mark' }
  | { kind: 'dnat'; endpoint: number }
  | { kind: 'masquerade' }
  | { kind: 'drop' }
  | { kind: 'reject' }
  | { kind: 'return' };

/** One iptables rule: all matches must hold; `why` explains the hit. */
export interface Rule {
  match: Match[];
  target: Target;
  why: string;
}

export interface Chain {
  name: string;
  code: RuleCode;
  rules: Rule[];
}

/** The compiled rules of one node at one sync, plus the endpoint view they were built from. */
export interface RuleSet {
  id: number;
  node: string;
  nodeIp: string;
  chains: Map<string, Chain>;
  /** Chains every node's rules share for one EndpointSlice view (KUBE-SVC, KUBE-SEP-…). */
  shared?: Map<string, Chain>;
  /** Filter-table KUBE-EXTERNAL-SERVICES (DROP / REJECT when there is nothing to DNAT to). */
  filter: Chain;
  endpoints: Endpoint[];
  /** Endpoints KUBE-SVC / KUBE-SVL spread over, in rule order. */
  clusterEndpoints: Endpoint[];
  localEndpoints: Endpoint[];
  /** Ready local endpoints, as the healthCheckNodePort server counts them (terminating excluded). */
  localReady: number;
}

/** Chain names of a Service port (kube-proxy: prefix + base32(sha256(portName + protocol))[:16]). */
export function serviceChains(service: ServiceSpec): { svc: string; svl: string; ext: string } {
  const hash = chainSuffix(`${service.namespace}/${service.name}:tcp`);
  return { svc: `KUBE-SVC-${hash}`, svl: `KUBE-SVL-${hash}`, ext: `KUBE-EXT-${hash}` };
}

/** KUBE-SEP chain name for an endpoint (hash over port name, protocol and endpoint address). */
export function endpointChain(service: ServiceSpec, ip: string): string {
  const key = `${service.namespace}/${service.name}:tcp${ip}:${service.targetPort}`;
  let name = sepNames.get(key);
  if (name === undefined) {
    // Pure memo: every node's rules name the same endpoints (a 200-node run hashed each 200×).
    if (sepNames.size > 100_000) sepNames.clear();
    name = `KUBE-SEP-${chainSuffix(key)}`;
    sepNames.set(key, name);
  }
  return name;
}
const sepNames = new Map<string, string>();

/** Endpoints kube-proxy uses: Ready ones, else Serving+Terminating (KEP-1669 fallback). */
export function usableEndpoints(endpoints: Endpoint[]): Endpoint[] {
  const ready = endpoints.filter((e) => e.ready);
  return ready.length > 0 ? ready : endpoints.filter((e) => e.serving && e.terminating);
}

export interface CompileInput {
  id: number;
  service: ServiceSpec;
  node: string;
  nodeIp: string;
  frontendIp: string;
  masquerade: boolean;
  endpoints: Endpoint[];
}

/** A source-CIDR match with the mask precomputed (the fast path evaluates it per packet). */
function cidrMatch(cidr: string): Match {
  const parsed = parseCidr(cidr);
  const bits = parsed?.bits ?? 32;
  return {
    kind: 'srcInCidr',
    cidr,
    base: parsed?.base ?? 0,
    mask: (0xffffffff << (32 - bits)) >>> 0,
  };
}

const sepRule = (endpoint: number): Rule => ({
  match: [],
  target: { kind: 'dnat', endpoint },
  why: 'dnatToEndpoint',
});

interface Shared {
  service: ServiceSpec;
  clusterEndpoints: Endpoint[];
  endpointIndex: Map<Endpoint, number>;
  chains: Map<string, Chain>;
}
const sharedByView = new WeakMap<Endpoint[], Shared>();

/**
 * KUBE-SVC and the KUBE-SEP chains are the same on every node for one EndpointSlice view:
 * built once per view (the simulation hands all nodes the same array until a pod changes).
 */
function sharedChains(input: CompileInput): Shared {
  const hit = sharedByView.get(input.endpoints);
  if (hit && hit.service === input.service) return hit;
  const { service } = input;
  const clusterEndpoints = usableEndpoints(input.endpoints);
  const endpointIndex = new Map(input.endpoints.map((e, i) => [e, i]));
  const chains = new Map<string, Chain>();
  const svc = serviceChains(service).svc;
  chains.set(svc, { name: svc, code: 'KUBE-SVC', rules: spreadRules(service, clusterEndpoints) });
  for (const e of clusterEndpoints) {
    const name = endpointChain(service, e.ip);
    chains.set(name, { name, code: 'KUBE-SEP', rules: [sepRule(endpointIndex.get(e) ?? 0)] });
  }
  const shared = { service, clusterEndpoints, endpointIndex, chains };
  sharedByView.set(input.endpoints, shared);
  return shared;
}

/** statistic --mode random --probability 1/n, 1/(n-1), …; the last rule has no match. */
function spreadRules(service: ServiceSpec, eps: Endpoint[]): Rule[] {
  return eps.map((e, i) => {
    const remaining = eps.length - i;
    const target: Target = { kind: 'jump', chain: endpointChain(service, e.ip) };
    return remaining > 1
      ? {
          match: [{ kind: 'random', probability: 1 / remaining }],
          target,
          why: randomWhy(remaining),
        }
      : { match: [], target, why: 'lastEndpoint' };
  });
}

/** Build the rules kube-proxy writes on one node for the Service. */
export function compileRules(input: CompileInput): RuleSet {
  const { service, node } = input;
  const names = serviceChains(service);
  const common = sharedChains(input);
  const { clusterEndpoints } = common;
  const localEndpoints = usableEndpoints(input.endpoints.filter((e) => e.node === node));
  const local = service.externalTrafficPolicy === 'Local';
  const externalEndpoints = local ? localEndpoints : clusterEndpoints;
  const chains = new Map<string, Chain>();
  const add = (name: string, code: RuleCode, rules: Rule[]): void => {
    chains.set(name, { name, code, rules });
  };
  const hasExternal = externalEndpoints.length > 0;
  // Without external endpoints kube-proxy writes no nat jump for node port / LB IP at all;
  // the filter table drops (Local) or rejects (no endpoints anywhere) instead.
  add(
    'KUBE-SERVICES',
    'KUBE-SERVICES',
    hasExternal
      ? [
          {
            match: [{ kind: 'dst', ip: input.frontendIp, port: service.port }],
            target: { kind: 'jump', chain: names.ext },
            why: 'loadBalancerIp',
          },
        ]
      : [],
  );
  add(
    'KUBE-NODEPORTS',
    'KUBE-NODEPORTS',
    hasExternal
      ? [
          {
            match: [{ kind: 'dstLocalPort', port: service.nodePort }],
            target: { kind: 'jump', chain: names.ext },
            why: 'nodePort',
          },
        ]
      : [],
  );
  const extRules: Rule[] = [];
  if (local) {
    extRules.push(
      {
        match: [cidrMatch(CLUSTER_CIDR)],
        target: { kind: 'jump', chain: names.svc },
        why: 'podTrafficShortCircuit',
      },
      {
        match: [{ kind: 'srcLocal' }],
        target: { kind: 'jump', chain: 'KUBE-MARK-MASQ' },
        why: 'localTraffic',
      },
      {
        match: [{ kind: 'srcLocal' }],
        target: { kind: 'jump', chain: names.svc },
        why: 'localTraffic',
      },
      { match: [], target: { kind: 'jump', chain: names.svl }, why: 'externalClient' },
    );
  } else {
    // masquerade:false is the teaching what-if: the unconditional mark rule is left out.
    if (input.masquerade) {
      extRules.push({
        match: [],
        target: { kind: 'jump', chain: 'KUBE-MARK-MASQ' },
        why: 'externalDestination',
      });
    }
    extRules.push({ match: [], target: { kind: 'jump', chain: names.svc }, why: 'clusterPolicy' });
  }
  add(names.ext, 'KUBE-EXT', extRules);
  add('KUBE-MARK-MASQ', 'KUBE-MARK-MASQ', [
    { match: [], target: { kind: 'mark' }, why: 'masqueradeMarkSet' },
  ]);
  const spread = (name: string, code: RuleCode, eps: Endpoint[]): void =>
    add(name, code, spreadRules(service, eps));
  if (local) spread(names.svl, 'KUBE-SVL', localEndpoints);
  // Local endpoints outside the cluster set (the serving-terminating fallback) get their own.
  if (local) {
    for (const e of localEndpoints) {
      const name = endpointChain(service, e.ip);
      if (!common.chains.has(name))
        add(name, 'KUBE-SEP', [sepRule(common.endpointIndex.get(e) ?? 0)]);
    }
  }
  add('KUBE-POSTROUTING', 'KUBE-POSTROUTING', [
    { match: [{ kind: 'notMarked' }], target: { kind: 'return' }, why: 'noMasqueradeMark' },
    { match: [], target: { kind: 'masquerade' }, why: 'masqueradeMarkSet' },
  ]);
  const filterRules: Rule[] = [];
  if (!hasExternal) {
    const verdict: Target = clusterEndpoints.length === 0 ? { kind: 'reject' } : { kind: 'drop' };
    const why = clusterEndpoints.length === 0 ? 'noEndpoints' : 'noLocalEndpoints';
    filterRules.push(
      { match: [{ kind: 'dst', ip: input.frontendIp, port: service.port }], target: verdict, why },
      { match: [{ kind: 'dstLocalPort', port: service.nodePort }], target: verdict, why },
    );
  }
  return {
    id: input.id,
    node,
    nodeIp: input.nodeIp,
    chains,
    shared: common.chains,
    filter: { name: 'KUBE-EXTERNAL-SERVICES', code: 'KUBE-EXTERNAL-SERVICES', rules: filterRules },
    endpoints: input.endpoints,
    clusterEndpoints,
    localEndpoints,
    localReady: input.endpoints.filter((e) => e.node === node && e.ready).length,
  };
}

/** The header fields rule matching looks at. */
export interface PacketView {
  srcIp: string;
  /** srcIp as a 32-bit number (callers cache it per client). */
  srcInt: number;
  dstIp: string;
  dstPort: number;
  /** The packet was sent by the node itself (`--src-type LOCAL`). */
  srcLocal: boolean;
}

/** What the rules decided for a new connection's first packet. */
export interface Verdict {
  kind: 'dnat' | 'drop' | 'reject' | 'accept';
  /** Endpoint index into RuleSet.endpoints for 'dnat'. */
  endpoint: number;
  marked: boolean;
}

function matches(
  m: Match,
  p: PacketView,
  rs: RuleSet,
  marked: boolean,
  rand: () => number,
): boolean {
  switch (m.kind) {
    case 'dst':
      return p.dstIp === m.ip && p.dstPort === m.port;
    case 'dstLocalPort':
      return p.dstIp === rs.nodeIp && p.dstPort === m.port;
    case 'srcInCidr':
      return (p.srcInt & m.mask) >>> 0 === m.base;
    case 'srcLocal':
      return p.srcLocal;
    case 'random':
      return rand() < m.probability;
    case 'notMarked':
      return !marked;
  }
}

/**
 * Evaluate the first packet of a connection (nat PREROUTING, then filter when nothing was
 * DNATed). `rand` draws for `statistic --mode random`; `hits` (when given) collects one RuleHit
 * per chain traversed, in order.
 */
export function evaluateNew(
  rs: RuleSet,
  p: PacketView,
  rand: () => number,
  hits: RuleHit[] | null,
): Verdict {
  const state: Verdict = { kind: 'accept', endpoint: -1, marked: false };
  if (
    walk(rs, 'KUBE-SERVICES', 'loadBalancerIp', p, rand, hits, state) !== 'done' &&
    p.dstIp === rs.nodeIp
  ) {
    walk(rs, 'KUBE-NODEPORTS', 'nodePort', p, rand, hits, state);
  }
  if (state.kind === 'dnat') return state;
  for (const rule of rs.filter.rules) {
    if (rule.match.every((m) => matches(m, p, rs, state.marked, rand))) {
      const kind = rule.target.kind === 'reject' ? 'reject' : 'drop';
      state.kind = kind;
      hits?.push({
        rule: 'KUBE-EXTERNAL-SERVICES',
        chain: 'KUBE-EXTERNAL-SERVICES',
        verdict: kind,
        why: rule.why,
      });
      return state;
    }
  }
  return state;
}

/** Walk one nat chain (recursing into jumps); 'done' once a DNAT decided the packet. */
function walk(
  rs: RuleSet,
  chainName: string,
  entryWhy: string,
  p: PacketView,
  rand: () => number,
  hits: RuleHit[] | null,
  state: Verdict,
): 'done' | 'return' {
  const chain = rs.chains.get(chainName) ?? rs.shared?.get(chainName);
  if (!chain) return 'return';
  // Entry chains (KUBE-SERVICES, KUBE-NODEPORTS) are listed only when a Service rule in
  // them matched; e.g. KUBE-SERVICES' generic jump to KUBE-NODEPORTS is implied.
  const entry = chain.code === 'KUBE-SERVICES' || chain.code === 'KUBE-NODEPORTS';
  const hit: RuleHit | null =
    hits && !entry ? { rule: chain.code, chain: chain.name, verdict: 'jump', why: entryWhy } : null;
  if (hits && hit) hits.push(hit);
  for (const rule of chain.rules) {
    let ok = true;
    for (const m of rule.match) {
      if (!matches(m, p, rs, state.marked, rand)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const t = rule.target;
    if (t.kind === 'mark') {
      state.marked = true;
      if (hit) hit.verdict = 'mark';
      continue;
    }
    if (t.kind === 'dnat') {
      state.kind = 'dnat';
      state.endpoint = t.endpoint;
      if (hit) {
        hit.verdict = 'dnat';
        hit.why = rule.why;
      }
      return 'done';
    }
    if (t.kind === 'jump') {
      if (hit && t.chain !== 'KUBE-MARK-MASQ') hit.why = rule.why;
      if (hits && entry)
        hits.push({ rule: chain.code, chain: chain.name, verdict: 'jump', why: rule.why });
      if (walk(rs, t.chain, rule.why, p, rand, hits, state) === 'done') return 'done';
    }
  }
  return 'return';
}

/** nat POSTROUTING for a DNATed packet: MASQUERADE when marked (source = egress interface). */
export function evaluatePostrouting(
  marked: boolean,
  sameNode: boolean,
  hits: RuleHit[] | null,
): boolean {
  if (!marked) {
    hits?.push({
      rule: 'KUBE-POSTROUTING',
      chain: 'KUBE-POSTROUTING',
      verdict: 'accept',
      why: 'noMasqueradeMark',
    });
    return false;
  }
  hits?.push({
    rule: 'KUBE-POSTROUTING',
    chain: 'KUBE-POSTROUTING',
    verdict: 'jump',
    why: 'masqueradeMarkSet',
  });
  hits?.push({
    rule: 'MASQUERADE',
    chain: 'KUBE-POSTROUTING',
    verdict: 'snat',
    why: sameNode ? 'egressInterfaceBridge' : 'egressInterfaceNode',
  });
  return true;
}
