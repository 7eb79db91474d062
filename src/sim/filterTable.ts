/**
 * kube-proxy's filter table for one node (pkg/proxy/iptables/proxier.go), and the small rule
 * builders the nat table (compileRules.ts) shares with it: the generic jumps and address matches.
 */
import type { DataPathInput } from './dataPath.ts';
import { ipToInt } from './ip.ts';
import type { Chain, CommentCode, Match, Rule, Target } from './kubeProxy.ts';
import type { RuleCode } from './types.ts';

/** An address match with the mask precomputed (the fast path evaluates it per packet). */
export function addrMatch<K extends 'src' | 'dstCidr'>(
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
export function jumpRule(chain: string, comment: CommentCode | undefined, ctNew: boolean): Rule {
  return {
    match: ctNew ? [{ kind: 'ctstate', states: 'NEW', negate: false }] : [],
    target: { kind: 'jump', chain },
    why: 'generic',
    generic: true,
    ...(comment === undefined ? {} : { comment, commentAt: ctNew ? 1 : 0 }),
  };
}

/**
 * The filter table: the jumps kube-proxy and the kubelet install in INPUT, FORWARD and OUTPUT,
 * the DROP/REJECT for a Service without (local) endpoints, the health-check port's ACCEPT and
 * KUBE-FORWARD's conntrack rules.
 */
export function filterTable(
  input: DataPathInput,
  hasEndpoints: boolean,
  hasExternalEndpoints: boolean,
  lbDst: Match,
): Map<string, Chain> {
  const { service } = input;
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
  return filter;
}
