/**
 * kube-proxy (iptables mode) as a small rule model: at each sync kube-proxy compiles the
 * Service's chains for one node from its view of the EndpointSlice; every packet is evaluated
 * against those rules, which return the verdict and the RuleHit[] the inspector shows, and the
 * same rules are printed as iptables-restore text (`iptablesRestore.ts`) for a real kernel.
 * Source of the chain layout and comment strings: kubernetes pkg/proxy/iptables/proxier.go
 * `syncProxyRules` and `iptablesJumpChains` (fact sheet §1, C6, C7). The rules stay in the kernel
 * when kube-proxy exits; they are only replaced by a sync.
 *
 * Assumed kube-proxy configuration (the defaults): masquerade bit 14 (0x4000), iptables with
 * `--random-fully`, `localhostNodePorts: true`, `nodePortAddresses` unset, nf_conntrack_tcp_be_liberal
 * 0, no nfacct counters, `--detect-local-mode=ClusterCIDR` with a cluster CIDR covering every
 * node's podCIDR. Scenarios carry no ClusterIP, so the "cluster IP" rules are not modelled.
 */
import { chainSuffix } from './hash.ts';
import { ipToInt } from './ip.ts';
import { compileTest, type Draw, type PacketView } from './ruleWalk.ts';
import type { RuleCode, ServiceSpec } from './types.ts';

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
  'externalNoLocalEndpoints',
  'lastEndpoint',
  'hairpinMasquerade',
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

/** The masquerade mark (`--iptables-masquerade-bit` 14). */
export const MASQ_MARK = '0x4000';

/** The why-code of the n-th statistic rule: `random1of3` = `--probability 1/3`. */
export function randomWhy(remaining: number): string {
  return `random1of${remaining}`;
}

/** A rule match; each kind prints as the iptables arguments named in its comment. */
export type Match =
  /** `-m tcp -p tcp -d <ip> --dport <port>` */
  | { kind: 'dst'; ip: string; port: number }
  /** `-m tcp -p tcp --dport <port>` */
  | { kind: 'dport'; port: number }
  /** `-m tcp -p tcp` (every modelled packet is TCP) */
  | { kind: 'tcp' }
  /** `-m addrtype --dst-type LOCAL`: the destination is one of the node's own addresses. */
  | { kind: 'dstLocal' }
  /** `-m addrtype --src-type LOCAL`: the node itself sent the packet. */
  | { kind: 'srcLocal' }
  /** `-s <text>` (text is "10.0.0.0/8" or a bare address, as kube-proxy writes it) */
  | { kind: 'src'; text: string; base: number; mask: number; negate: boolean }
  /** `-d <text>`, optionally negated */
  | { kind: 'dstCidr'; text: string; base: number; mask: number; negate: boolean }
  /** `-m statistic --mode random --probability <p>` */
  | { kind: 'random'; probability: number }
  /** `-m mark --mark 0x4000/0x4000`, or `-m mark ! --mark …` when negated */
  | { kind: 'mark'; negate: boolean }
  /** `-m conntrack --ctstate <states>`, or `! --ctstate` when negated */
  | { kind: 'ctstate'; states: string; negate: boolean };

/** A rule target; each kind prints as the `-j` argument named in its comment. */
export type Target =
  /** `-j <chain>` */
  | { kind: 'jump'; chain: string }
  /** `-j MARK --or-mark 0x4000` */
  | { kind: 'mark' }
  /** `-j MARK --xor-mark 0x4000` */
  | { kind: 'unmark' }
  /** `-j DNAT --to-destination <ip:port>` */
  | { kind: 'dnat'; endpoint: number; to: string }
  /** `-j MASQUERADE --random-fully` */
  | { kind: 'masquerade' }
  | { kind: 'drop' }
  | { kind: 'reject' }
  | { kind: 'accept' }
  | { kind: 'return' };

/** kube-proxy's rule comments, by code; `iptablesRestore.ts` holds the exact strings. */
export type CommentCode =
  | 'portals'
  | 'externalPortals'
  | 'healthCheckPorts'
  | 'lbFirewall'
  | 'forwarding'
  | 'forwardingConntrack'
  | 'postrouting'
  | 'snat'
  | 'nodePortsLast'
  | 'localnet'
  | 'service'
  | 'loadBalancerIp'
  | 'healthCheckNodePort'
  | 'noLocalEndpoints'
  | 'noEndpoints'
  | 'masqueradeExternal'
  | 'podExternal'
  | 'masqueradeLocal'
  | 'routeLocal'
  | 'toEndpoint';

/** One iptables rule: all matches must hold; `why` explains the hit. */
export interface Rule {
  match: Match[];
  target: Target;
  why: string;
  /** kube-proxy's `-m comment --comment`, as a code the emitter spells out (COMMENTS). */
  comment?: CommentCode;
  /** The endpoint "ip:port" of a `toEndpoint` comment. */
  commentArg?: string;
  /** Index in `match` before which the comment is printed (default 0: comment first). */
  commentAt?: number;
  /** A Service-independent rule (jumps between base chains); the inspector does not list it. */
  generic?: boolean;
}

export interface Chain {
  name: string;
  /** The inspector's code for the chain; null for built-in and bookkeeping chains. */
  code: RuleCode | null;
  /** Policy of a built-in chain (`:INPUT ACCEPT`); undefined for user chains. */
  policy?: 'ACCEPT';
  rules: Rule[];
  /** The rules compiled for the per-packet walk (same order as `rules`). */
  fast: FastRule[];
}

/** A rule prepared for evaluation: one test closure, the jump target resolved. */
export interface FastRule {
  test: (p: PacketView, marked: boolean, draw: Draw) => boolean;
  rule: Rule;
  /** The chain a jump goes to (null for other targets or an unknown chain). */
  next: Chain | null;
}

/** The compiled rules of one node at one sync, plus the endpoint view they were built from. */
export interface RuleSet {
  id: number;
  node: string;
  nodeIp: string;
  /** nat table chains in kube-proxy's write order (built-in chains first). */
  nat: Map<string, Chain>;
  /** filter table chains in kube-proxy's write order. */
  filter: Map<string, Chain>;
  endpoints: Endpoint[];
  /** Endpoints KUBE-SVC / KUBE-SVL spread over, in rule order. */
  clusterEndpoints: Endpoint[];
  localEndpoints: Endpoint[];
  /** Ready local endpoints, as the healthCheckNodePort server counts them (terminating excluded). */
  localReady: number;
  /** The local-traffic detector's CIDR (null: no detector, no "pod traffic" rule). */
  clusterCidr: string | null;
  /** kube-proxy's ServicePortName, e.g. "default/shop" (the comments name it). */
  portName: string;
}

/**
 * kube-proxy's ServicePortName string: `ns/name` for an unnamed port, `ns/name:port` for a
 * named one (pkg/proxy/types.go ServicePortName.String). The scenario's single port is unnamed.
 */
export function servicePortName(
  service: Pick<ServiceSpec, 'namespace' | 'name'>,
  port = '',
): string {
  return `${service.namespace}/${service.name}${port === '' ? '' : `:${port}`}`;
}

/** KUBE-SVC/SVL/EXT/FW names of a service port (prefix + base32(sha256(portName + protocol))[:16]). */
export function chainsOfPortName(
  portName: string,
  protocol = 'tcp',
): { svc: string; svl: string; ext: string; fw: string } {
  const hash = chainSuffix(portName + protocol.toLowerCase());
  return {
    svc: `KUBE-SVC-${hash}`,
    svl: `KUBE-SVL-${hash}`,
    ext: `KUBE-EXT-${hash}`,
    fw: `KUBE-FW-${hash}`,
  };
}

/** KUBE-SEP name of an endpoint "ip:port" of a service port (hash over portName + protocol + endpoint). */
export function endpointChainOfPortName(
  portName: string,
  endpoint: string,
  protocol = 'tcp',
): string {
  return `KUBE-SEP-${chainSuffix(portName + protocol.toLowerCase() + endpoint)}`;
}

/** Chain names of the scenario's Service port, exactly as kube-proxy names them. */
export function serviceChains(service: ServiceSpec): {
  svc: string;
  svl: string;
  ext: string;
  fw: string;
} {
  return chainsOfPortName(servicePortName(service));
}

/** KUBE-SEP chain name for an endpoint of the scenario's Service. */
export function endpointChain(service: ServiceSpec, ip: string): string {
  return endpointChainOfPortName(servicePortName(service), `${ip}:${service.targetPort}`);
}

/** Endpoints kube-proxy uses: Ready ones, else Serving+Terminating (KEP-1669 fallback). */
export function usableEndpoints(endpoints: Endpoint[]): Endpoint[] {
  const ready = endpoints.filter((e) => e.ready);
  return ready.length > 0 ? ready : endpoints.filter((e) => e.serving && e.terminating);
}

/**
 * kube-proxy's endpoint order: sorted by the "ip:port" string (endpointslicecache.go
 * `byEndpoint`, "to simplify diffing"), so 10.244.1.15 comes before 10.244.1.5.
 */
function byEndpoint(endpoints: readonly Endpoint[], port: number): Endpoint[] {
  const keyed = endpoints.map((e) => ({ e, k: `${e.ip}:${port}` }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.e);
}

export interface CompileInput {
  id: number;
  service: ServiceSpec;
  node: string;
  nodeIp: string;
  frontendIp: string;
  masquerade: boolean;
  endpoints: Endpoint[];
  /** The local-traffic detector's CIDR (`clusterCidrOf` the nodes' podCIDRs), or null for none. */
  clusterCidr: string | null;
  /** Name of the Service port (default '': the scenario's single port is unnamed). */
  portName?: string;
  /**
   * false when the LB reports `ipMode: Proxy` (KEP-1860): kube-proxy then writes no rule for the
   * LB IP at all, so in-cluster callers really go to the LB. Default true (`VIP`).
   */
  capturesLbIp?: boolean;
  /**
   * Chains no node changes (KUBE-MARK-MASQ, KUBE-SVC, KUBE-SEP), shared by every node compiled
   * from the same `endpoints` array: on 200 nodes × 2,000 endpoints this is 200× less work.
   */
  shared?: SharedChains;
}

/** The node-independent chains of one endpoint list, filled by the first node that compiles. */
export interface SharedChains {
  endpoints: readonly Endpoint[];
  chains: Map<string, Chain>;
  /** The endpoints in kube-proxy's order, and the usable ones among them. */
  sorted?: { all: Endpoint[]; cluster: Endpoint[] };
  /** The KUBE-SEP chains of the cluster endpoints, in the order the first node wrote them. */
  clusterSeps?: Chain[];
}

/** An address match with the mask precomputed (the fast path evaluates it per packet). */
function addrMatch<K extends 'src' | 'dstCidr'>(
  kind: K,
  text: string,
  negate = false,
): Extract<Match, { kind: K }> {
  const [ip = '', bitsText] = text.split('/');
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const base = (ipToInt(ip) & mask) >>> 0;
  return { kind, text, base, mask, negate } as Extract<Match, { kind: K }>;
}

/** The generic jump rules kube-proxy installs with EnsureRule (comment after the ctstate match). */
function jumpRule(chain: string, comment: CommentCode | undefined, ctNew: boolean): Rule {
  return {
    match: ctNew ? [{ kind: 'ctstate', states: 'NEW', negate: false }] : [],
    target: { kind: 'jump', chain },
    why: 'generic',
    generic: true,
    ...(comment === undefined ? {} : { comment, commentAt: ctNew ? 1 : 0 }),
  };
}

/** Build the rules kube-proxy writes on one node for the Service. */
export function compileRules(input: CompileInput): RuleSet {
  const { service, node } = input;
  const svcName = servicePortName(service, input.portName ?? '');
  const names = chainsOfPortName(svcName);
  const sepName = (ip: string): string =>
    endpointChainOfPortName(svcName, `${ip}:${service.targetPort}`);
  const reuse = input.shared?.endpoints === input.endpoints ? input.shared : null;
  const order = reuse?.sorted ?? {
    all: byEndpoint(input.endpoints, service.targetPort),
    cluster: [],
  };
  if (!reuse?.sorted) order.cluster = usableEndpoints(order.all);
  if (reuse) reuse.sorted = order;
  const sorted = order.all;
  const clusterEndpoints = order.cluster;
  const localEndpoints = usableEndpoints(sorted.filter((e) => e.node === node));
  const local = service.externalTrafficPolicy === 'Local';
  const hasEndpoints = clusterEndpoints.length > 0;
  const hasExternalEndpoints = local ? localEndpoints.length > 0 : hasEndpoints;
  const lbDst: Match = { kind: 'dst', ip: input.frontendIp, port: service.port };

  // ---- filter table ------------------------------------------------------------------------
  const filter = new Map<string, Chain>();
  const fchain = (name: string, code: RuleCode | null, policy?: 'ACCEPT'): Chain => {
    const c: Chain = policy
      ? { name, code, policy, rules: [], fast: [] }
      : { name, code, rules: [], fast: [] };
    filter.set(name, c);
    return c;
  };
  const fInput = fchain('INPUT', null, 'ACCEPT');
  const fForward = fchain('FORWARD', null, 'ACCEPT');
  const fOutput = fchain('OUTPUT', null, 'ACCEPT');
  fchain('KUBE-SERVICES', null);
  const fExternal = fchain('KUBE-EXTERNAL-SERVICES', 'KUBE-EXTERNAL-SERVICES');
  const fForwardChain = fchain('KUBE-FORWARD', null);
  const fNodePorts = fchain('KUBE-NODEPORTS', null);
  fchain('KUBE-PROXY-FIREWALL', null);
  const fFirewall = fchain('KUBE-FIREWALL', null);
  // Order on a node where kubelet created KUBE-FIREWALL first and kube-proxy prepended its jumps.
  fInput.rules.push(
    jumpRule('KUBE-PROXY-FIREWALL', 'lbFirewall', true),
    jumpRule('KUBE-NODEPORTS', 'healthCheckPorts', false),
    jumpRule('KUBE-EXTERNAL-SERVICES', 'externalPortals', true),
    jumpRule('KUBE-FIREWALL', undefined, false),
  );
  fForward.rules.push(
    jumpRule('KUBE-PROXY-FIREWALL', 'lbFirewall', true),
    jumpRule('KUBE-FORWARD', 'forwarding', false),
    jumpRule('KUBE-SERVICES', 'portals', true),
    jumpRule('KUBE-EXTERNAL-SERVICES', 'externalPortals', true),
  );
  fOutput.rules.push(
    jumpRule('KUBE-PROXY-FIREWALL', 'lbFirewall', true),
    jumpRule('KUBE-SERVICES', 'portals', true),
    jumpRule('KUBE-FIREWALL', undefined, false),
  );
  if (service.healthCheckNodePort !== undefined) {
    fNodePorts.rules.push({
      match: [{ kind: 'dport', port: service.healthCheckNodePort }],
      target: { kind: 'accept' },
      why: 'generic',
      comment: 'healthCheckNodePort',
    });
  }
  if (!hasExternalEndpoints) {
    // REJECT when the Service has no endpoints anywhere, DROP when only local ones are missing:
    // whatever KUBE-EXT did not short-circuit ends here.
    const target: Target = hasEndpoints ? { kind: 'drop' } : { kind: 'reject' };
    const why = hasEndpoints ? 'noLocalEndpoints' : 'noEndpoints';
    const comment: CommentCode = hasEndpoints ? 'noLocalEndpoints' : 'noEndpoints';
    if (input.capturesLbIp !== false)
      fExternal.rules.push({ match: [lbDst], target, why, comment });
    fExternal.rules.push({
      match: [{ kind: 'dstLocal' }, { kind: 'dport', port: service.nodePort }],
      target,
      why,
      comment,
    });
  }
  fFirewall.rules.push({
    match: [
      addrMatch('dstCidr', '127.0.0.0/8'),
      addrMatch('src', '127.0.0.0/8', true),
      { kind: 'ctstate', states: 'RELATED,ESTABLISHED,DNAT', negate: true },
    ],
    target: { kind: 'drop' },
    why: 'generic',
    generic: true,
    comment: 'localnet',
  });
  fForwardChain.rules.push(
    {
      match: [{ kind: 'ctstate', states: 'INVALID', negate: false }],
      target: { kind: 'drop' },
      why: 'generic',
      generic: true,
    },
    {
      match: [{ kind: 'mark', negate: false }],
      target: { kind: 'accept' },
      why: 'generic',
      generic: true,
      comment: 'forwarding',
    },
    {
      match: [{ kind: 'ctstate', states: 'RELATED,ESTABLISHED', negate: false }],
      target: { kind: 'accept' },
      why: 'generic',
      generic: true,
      comment: 'forwardingConntrack',
    },
  );

  // ---- nat table ---------------------------------------------------------------------------
  const nat = new Map<string, Chain>();
  const shared = reuse?.chains ?? null;
  // Shared chains already have their fast rules (and their jumps point at shared chains only).
  const reused = new Set<Chain>();
  const sharedChain = (name: string, build: () => Chain): Chain => {
    const hit = shared?.get(name);
    if (hit) {
      nat.set(name, hit);
      reused.add(hit);
      return hit;
    }
    const c = build();
    shared?.set(name, c);
    return c;
  };
  const nchain = (name: string, code: RuleCode | null, policy?: 'ACCEPT'): Chain => {
    const c: Chain = policy
      ? { name, code, policy, rules: [], fast: [] }
      : { name, code, rules: [], fast: [] };
    nat.set(name, c);
    return c;
  };
  const nPrerouting = nchain('PREROUTING', null, 'ACCEPT');
  nchain('INPUT', null, 'ACCEPT');
  const nOutput = nchain('OUTPUT', null, 'ACCEPT');
  const nPostrouting = nchain('POSTROUTING', null, 'ACCEPT');
  const nServices = nchain('KUBE-SERVICES', 'KUBE-SERVICES');
  const nNodePorts = nchain('KUBE-NODEPORTS', 'KUBE-NODEPORTS');
  const nPost = nchain('KUBE-POSTROUTING', 'KUBE-POSTROUTING');
  const nMarkMasq = sharedChain('KUBE-MARK-MASQ', () => nchain('KUBE-MARK-MASQ', 'KUBE-MARK-MASQ'));
  nPrerouting.rules.push(jumpRule('KUBE-SERVICES', 'portals', false));
  nOutput.rules.push(jumpRule('KUBE-SERVICES', 'portals', false));
  nPostrouting.rules.push(jumpRule('KUBE-POSTROUTING', 'postrouting', false));
  nPost.rules.push(
    {
      match: [{ kind: 'mark', negate: true }],
      target: { kind: 'return' },
      why: 'noMasqueradeMark',
    },
    // Clear the mark so a packet that re-traverses the stack is not masqueraded twice.
    { match: [], target: { kind: 'unmark' }, why: 'generic', generic: true },
    {
      match: [],
      target: { kind: 'masquerade' },
      why: 'masqueradeMarkSet',
      comment: 'snat',
    },
  );
  if (!reused.has(nMarkMasq))
    nMarkMasq.rules.push({ match: [], target: { kind: 'mark' }, why: 'masqueradeMarkSet' });

  // kube-proxy keeps the LB-IP and nodePort jumps whenever the Service has endpoints anywhere
  // (`usesExternalTrafficChain := hasEndpoints && …`): KUBE-EXT's short-circuit rules must work
  // even on a node without local endpoints (C6); only the jump to the policy chain goes.
  if (hasEndpoints) {
    if (input.capturesLbIp !== false)
      nServices.rules.push({
        match: [lbDst],
        target: { kind: 'jump', chain: names.ext },
        why: 'loadBalancerIp',
        comment: 'loadBalancerIp',
      });
    nNodePorts.rules.push({
      match: [{ kind: 'dport', port: service.nodePort }],
      target: { kind: 'jump', chain: names.ext },
      why: 'nodePort',
      comment: 'service',
    });
    const ext = nchain(names.ext, 'KUBE-EXT');
    if (!local) {
      // masquerade:false is the teaching what-if: the unconditional mark rule is left out.
      if (input.masquerade) {
        ext.rules.push({
          match: [],
          target: { kind: 'jump', chain: 'KUBE-MARK-MASQ' },
          why: 'externalDestination',
          comment: 'masqueradeExternal',
        });
      }
    } else {
      if (input.clusterCidr !== null) {
        ext.rules.push({
          match: [addrMatch('src', input.clusterCidr)],
          target: { kind: 'jump', chain: names.svc },
          why: 'podTrafficShortCircuit',
          comment: 'podExternal',
        });
      }
      ext.rules.push(
        {
          match: [{ kind: 'srcLocal' }],
          target: { kind: 'jump', chain: 'KUBE-MARK-MASQ' },
          why: 'localTraffic',
          comment: 'masqueradeLocal',
        },
        {
          match: [{ kind: 'srcLocal' }],
          target: { kind: 'jump', chain: names.svc },
          why: 'localTraffic',
          comment: 'routeLocal',
        },
      );
    }
    if (hasExternalEndpoints) {
      ext.rules.push({
        match: [],
        target: { kind: 'jump', chain: local ? names.svl : names.svc },
        why: local ? 'externalClient' : 'clusterPolicy',
      });
    }
  }
  const endpointIndex = new Map(input.endpoints.map((e, i) => [e, i]));
  const spread = (name: string, code: RuleCode, eps: Endpoint[]): Chain => {
    // statistic --mode random --probability 1/n, 1/(n-1), …; the last rule has no match.
    const c = nchain(name, code);
    c.rules = eps.map((e, i) => {
      const remaining = eps.length - i;
      const base = {
        target: { kind: 'jump', chain: sepName(e.ip) } as Target,
        comment: 'toEndpoint' as const,
        commentArg: `${e.ip}:${service.targetPort}`,
      };
      return remaining > 1
        ? {
            ...base,
            match: [{ kind: 'random', probability: 1 / remaining } as Match],
            why: randomWhy(remaining),
          }
        : { ...base, match: [], why: 'lastEndpoint' };
    });
    return c;
  };
  if (clusterEndpoints.length > 0)
    sharedChain(names.svc, () => spread(names.svc, 'KUBE-SVC', clusterEndpoints));
  if (local && localEndpoints.length > 0) spread(names.svl, 'KUBE-SVL', localEndpoints);
  // Another node already wrote the cluster endpoints' KUBE-SEP chains: list them here, and write
  // only what this node adds (local serving-terminating endpoints outside the cluster set).
  const known = reuse?.clusterSeps;
  if (known)
    for (const c of known) {
      nat.set(c.name, c);
      reused.add(c);
    }
  const writeSeps = known
    ? localEndpoints.filter((e) => !nat.has(sepName(e.ip)))
    : [...new Set([...clusterEndpoints, ...(local ? localEndpoints : [])])];
  for (const e of writeSeps) {
    const to = `${e.ip}:${service.targetPort}`;
    const sep = sharedChain(sepName(e.ip), () => nchain(sepName(e.ip), 'KUBE-SEP'));
    if (reused.has(sep)) continue;
    sep.rules.push(
      {
        // Hairpin: a pod reaching itself through the Service must be masqueraded.
        match: [addrMatch('src', e.ip)],
        target: { kind: 'jump', chain: 'KUBE-MARK-MASQ' },
        why: 'hairpinMasquerade',
        comment: 'service',
      },
      {
        match: [{ kind: 'tcp' }],
        target: { kind: 'dnat', endpoint: endpointIndex.get(e) ?? 0, to },
        why: 'dnatToEndpoint',
        comment: 'service',
      },
    );
  }
  if (reuse && !known) {
    const names = new Set(clusterEndpoints.map((e) => sepName(e.ip)));
    reuse.clusterSeps = [...nat.values()].filter((c) => names.has(c.name));
  }
  // The tail call to KUBE-NODEPORTS must be the last rule of KUBE-SERVICES.
  nServices.rules.push({
    match: [{ kind: 'dstLocal' }],
    target: { kind: 'jump', chain: 'KUBE-NODEPORTS' },
    why: 'generic',
    generic: true,
    comment: 'nodePortsLast',
  });
  for (const table of [nat, filter]) {
    for (const c of table.values()) {
      if (reused.has(c)) continue;
      c.fast = c.rules.map((rule) => ({
        test: compileTest(rule.match, input.nodeIp),
        rule,
        next: rule.target.kind === 'jump' ? (table.get(rule.target.chain) ?? null) : null,
      }));
    }
  }
  return {
    id: input.id,
    node,
    nodeIp: input.nodeIp,
    nat,
    filter,
    endpoints: input.endpoints,
    clusterEndpoints,
    localEndpoints,
    localReady: input.endpoints.filter((e) => e.node === node && e.ready).length,
    clusterCidr: input.clusterCidr,
    portName: svcName,
  };
}
