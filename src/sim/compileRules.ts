/**
 * kube-proxy's sync for one node: the Service's chains in the nat and filter tables, compiled
 * from its view of the EndpointSlice (pkg/proxy/iptables/proxier.go `syncProxyRules`; source:
 * k8s-kube-ext-masq, k8s-svl-local, k8s-pod-traffic-short-circuit, k8s-local-no-endpoints-drop,
 * k8s-no-endpoints-reject, k8s-statistic-random, k8s-masq-mark, k8s-ipmode, aws-lb-hostname-only).
 * The model's types and chain names are in kubeProxy.ts; how a packet walks the
 * result is in ruleWalk.ts.
 */
import type { DataPathInput } from './dataPath.ts';
import {
  byEndpoint,
  chainsOfPortName,
  endpointChainOfPortName,
  randomWhy,
  servicePortName,
  usableEndpoints,
  type Chain,
  type Endpoint,
  type Match,
  type RuleTables,
  type Target,
} from './kubeProxy.ts';
import { compileTest } from './ruleWalk.ts';
import { addrMatch, filterTable, jumpRule } from './filterTable.ts';
import { endpointView } from './endpoint.ts';
import type { RuleCode } from './types.ts';

/** A node's sync input (dataPath.ts), plus the chains nodes share. */
export interface CompileInput extends DataPathInput {
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

/** Build the rules kube-proxy writes on one node for the Service. */
export function compileRules(input: CompileInput): RuleTables {
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
  const clusterEndpoints = order.cluster;
  const localEndpoints = usableEndpoints(order.all.filter((e) => e.node === node));
  const local = service.externalTrafficPolicy === 'Local';
  const hasEndpoints = clusterEndpoints.length > 0;
  const hasExternalEndpoints = local ? localEndpoints.length > 0 : hasEndpoints;
  const lbDst: Match = { kind: 'dst', ip: input.frontendIp, port: service.port };
  const filter = filterTable(input, hasEndpoints, hasExternalEndpoints, lbDst);

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
  // even on a node without local endpoints (source: k8s-local-no-endpoints-drop); only the jump to
  // the policy chain goes.
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
    ...endpointView(input, node, clusterEndpoints, localEndpoints, svcName),
    nat,
    filter,
  };
}
